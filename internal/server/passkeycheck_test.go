package server

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/store"
)

// TestPasskeyTakenRefused: a credential id registered already is a
// refusal the client translates, not a server failure (audit D6).
// (TestCheckCounter moved with the ceremonies to internal/players.)
func TestPasskeyTakenRefused(t *testing.T) {
	t.Parallel()
	status, code := httpStatus(fmt.Errorf("store: add passkey of p: %w", store.ErrPasskeyTaken))
	if status != http.StatusConflict || code != "passkey_taken" {
		t.Errorf("got %d %q, want 409 passkey_taken", status, code)
	}
}
