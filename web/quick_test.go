package web_test

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/web"
)

// TestQuickControlAgrees: the lobby page says what quick play starts
// (issue 30, stumble 12); its clock must be the server's.
func TestQuickControlAgrees(t *testing.T) {
	t.Parallel()
	b, err := fs.ReadFile(web.FS(), "js/pages/lobby.js")
	if err != nil {
		t.Fatal(err)
	}
	if want := "const QUICK_CONTROL = '" + lobby.QuickControl + "';"; !strings.Contains(string(b), want) {
		t.Errorf("js/pages/lobby.js: got no %q, want the server's quick play clock", want)
	}
}
