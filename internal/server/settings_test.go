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
	want := settings.Settings{Confirm: "always", Flip: true, Coordinates: false, Animation: "off", Zen: true, Volume: 0, Lang: "nl"}
	if resp := a.send("PUT", "/api/settings", want, &got); resp.StatusCode != http.StatusOK || got != want {
		t.Errorf("save: got %d %+v, want 200 and %+v", resp.StatusCode, got, want)
	}
	bad := want
	bad.Confirm = "maybe"
	var refusal struct{ Code string }
	if resp := a.send("PUT", "/api/settings", bad, &refusal); resp.StatusCode != http.StatusUnprocessableEntity || refusal.Code != "settings_invalid" {
		t.Errorf("bad confirmation: got %d %q, want 422 settings_invalid", resp.StatusCode, refusal.Code)
	}
	bad = want
	bad.Lang = "tlh" // no catalog
	if resp := a.send("PUT", "/api/settings", bad, &refusal); resp.StatusCode != http.StatusUnprocessableEntity || refusal.Code != "settings_invalid" {
		t.Errorf("unknown language: got %d %q, want 422 settings_invalid", resp.StatusCode, refusal.Code)
	}
	if a.send("GET", "/api/settings", nil, &got); got != want {
		t.Errorf("after the refusals: got %+v, want %+v", got, want)
	}
	if b.send("GET", "/api/settings", nil, &got); got != settings.Default() {
		t.Errorf("another player: got %+v, want the defaults", got)
	}
}

// TestFriendsAPI follows a player, lists them, refuses oneself and
// nobody with their codes, and unfollows (issue 30, point 15).
func TestFriendsAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a, b := newBrowser(t, e), newBrowser(t, e)
	ma, mb := a.me(), b.me()
	var list struct{ Friends []struct{ ID, Name string } }
	if resp := a.send("PUT", "/api/friends/"+mb.ID, nil, &list); resp.StatusCode != http.StatusOK || len(list.Friends) != 1 || list.Friends[0].ID != mb.ID || list.Friends[0].Name != mb.Name {
		t.Errorf("follow: got %d %+v, want b listed", resp.StatusCode, list)
	}
	var refusal struct{ Code string }
	for _, tc := range []struct {
		who    string
		status int
		code   string
	}{{ma.ID, http.StatusUnprocessableEntity, "follow_self"}, {"nobody", http.StatusNotFound, "follow_not_found"}} {
		if resp := a.send("PUT", "/api/friends/"+tc.who, nil, &refusal); resp.StatusCode != tc.status || refusal.Code != tc.code {
			t.Errorf("follow %s: got %d %q, want %d %s", tc.who, resp.StatusCode, refusal.Code, tc.status, tc.code)
		}
	}
	if b.send("GET", "/api/friends", nil, &list); len(list.Friends) != 0 {
		t.Errorf("b's list: got %+v, want none (a follow is one way)", list)
	}
	if resp := a.send("DELETE", "/api/friends/"+mb.ID, nil, &list); resp.StatusCode != http.StatusOK || len(list.Friends) != 0 {
		t.Errorf("unfollow: got %d %+v, want an empty list", resp.StatusCode, list)
	}
}
