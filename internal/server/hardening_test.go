package server_test

import (
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
)

// TestKeyDiesWithAccount: GET /api/me with an API key names the key's
// player (no new guest, no cookie); once the account is deleted, its
// key is refused everywhere.
func TestKeyDiesWithAccount(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	me := b.signUp("ada", "correct horse")
	var c created
	if a := b.send("POST", "/api/games", friendGame(), &c); a.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d", a.StatusCode)
	}
	var k api.Key
	if a := b.send("POST", "/api/keys", api.KeyRequest{Label: "bot"}, &k); a.StatusCode != http.StatusCreated {
		t.Fatalf("new key: got %d", a.StatusCode)
	}
	bot := &person{e: e, t: t, client: &http.Client{}, key: k.Key}
	resp, _ := e.do("GET", "/api/me", "", map[string]string{"Authorization": "Bearer " + k.Key})
	resp.Body.Close()
	var got api.Me
	if st := bot.call("GET", "/api/me", nil, &got); st != http.StatusOK || got.ID != me.ID || got.Username != "ada" {
		t.Errorf("GET /api/me with the key: got %d %+v, want ada (%s)", st, got, me.ID)
	}
	if cookie := sessionCookieOf(resp); cookie != nil {
		t.Errorf("GET /api/me with the key: got a session cookie %q, want none", cookie.Value)
	}
	if a := b.send("DELETE", "/api/account", api.DeleteAccount{Confirm: "ada"}, nil); a.StatusCode != http.StatusOK {
		t.Fatalf("delete: got %d", a.StatusCode)
	}
	seen := 0
	for _, tc := range []struct {
		name, method, path string
		body               any
	}{
		{"me", "GET", "/api/me", nil},
		{"my games", "GET", "/api/me/games", nil},
		{"move", "POST", "/api/games/" + c.ID + "/moves", api.MoveRequest{Move: "b2", Seen: &seen}},
		{"chat", "POST", "/api/games/" + c.ID + "/chat", map[string]string{"text": "still here"}},
		{"create", "POST", "/api/games", vsAI(1)},
		{"seek", "POST", "/api/lobby/seeks", map[string]any{"game": "tictactoe"}},
	} {
		if st := bot.call(tc.method, tc.path, tc.body, nil); st != http.StatusForbidden {
			t.Errorf("%s with the deleted account's key: got %d, want 403", tc.name, st)
		}
	}
	if v := e.view(c.ID); len(v.Moves) != 0 {
		t.Errorf("moves after the deletion: got %d, want 0", len(v.Moves))
	}
}
