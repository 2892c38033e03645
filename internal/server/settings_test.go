package server_test

import (
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/settings"
)

// TestSettingsFollowThePlayer saves a player's settings from one browser
// and reads them back; a bad value is refused with its code and changes
// nothing; another player has their own (issue 30, point 14).
func TestSettingsFollowThePlayer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a, b := newBrowser(t, e), newBrowser(t, e)
	a.me()
	b.me()
	var got settings.Settings
	if resp := a.send("GET", "/api/settings", nil, &got); resp.StatusCode != http.StatusOK || got != settings.Default() {
		t.Fatalf("first read: got %d %+v, want 200 and the defaults", resp.StatusCode, got)
	}
	want := settings.Settings{Confirm: "always", Flip: true, Coordinates: false, Animation: "off", Zen: true, Volume: 0}
	if resp := a.send("PUT", "/api/settings", want, &got); resp.StatusCode != http.StatusOK || got != want {
		t.Errorf("save: got %d %+v, want 200 and %+v", resp.StatusCode, got, want)
	}
	bad := want
	bad.Confirm = "maybe"
	var refusal struct{ Code string }
	if resp := a.send("PUT", "/api/settings", bad, &refusal); resp.StatusCode != http.StatusUnprocessableEntity || refusal.Code != "settings_invalid" {
		t.Errorf("bad confirmation: got %d %q, want 422 settings_invalid", resp.StatusCode, refusal.Code)
	}
	if a.send("GET", "/api/settings", nil, &got); got != want {
		t.Errorf("after a refusal: got %+v, want %+v", got, want)
	}
	if b.send("GET", "/api/settings", nil, &got); got != settings.Default() {
		t.Errorf("another player: got %+v, want the defaults", got)
	}
}
