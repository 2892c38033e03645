package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// exportOf downloads b's personal data.
func exportOf(t *testing.T, b *browser) (map[string][]map[string]any, string) {
	t.Helper()
	resp, err := b.client.Get(b.url + "/api/account/data")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("GET /api/account/data: got %d %q", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	var out struct {
		Tables map[string][]map[string]any `json:"tables"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out.Tables, string(raw)
}

// TestPersonalData: a player's export holds their account, games, chat
// lines, blocks, reports, ratings and keys, and no secret; deleting the
// account then leaves nothing of theirs in the tables it erases and
// their names nowhere in the database, in any table.
func TestPersonalData(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "test.db")
	e, _ := modEnvOn(t, path, newFakeClock())
	ada, bob := newBrowser(t, e), newBrowser(t, e)
	me := ada.signUp("Adalovelace", "correct horse battery")
	bobID := bob.me().ID
	ratedWin(t, ada, bob, bob)
	var g api.MyGames
	ada.send("GET", "/api/me/games", nil, &g)
	ada.send("POST", "/api/games/"+g.Games[0].ID+"/chat", api.ChatRequest{Text: "good game, Bob"}, nil)
	ada.send("POST", "/api/chat/mutes", api.MuteRequest{Kind: "author", Target: bobID, Muted: true}, nil)
	ada.send("POST", "/api/reports", api.ReportRequest{Player: bobID, Reason: "stalling", Note: "slow on purpose"}, nil)
	bob.send("POST", "/api/blocks", api.BlockRequest{Player: me.ID, Blocked: true}, nil)
	ada.send("POST", "/api/keys", api.KeyRequest{Label: "my bot"}, nil)
	tables, raw := exportOf(t, ada)
	for table, want := range map[string]int{"players": 1, "sessions": 1, "games": 1, "moves": 6, "chat": 1, "chat_mutes": 1,
		"reports": 1, "blocks": 0, "api_keys": 1, "ratings": 1, "rating_history": 1} {
		if got := len(tables[table]); got != want {
			t.Errorf("export of %s: got %d rows, want %d", table, got, want)
		}
	}
	for _, secret := range []string{"password_hash", "token_hash", `"hash"`, "evidence", "seat0_token"} {
		if strings.Contains(raw, secret) {
			t.Errorf("the export holds %s", secret)
		}
	}
	if a := ada.send("DELETE", "/api/account", api.DeleteAccount{Confirm: "Adalovelace"}, nil); a.StatusCode != http.StatusOK {
		t.Fatalf("delete account: got %d", a.StatusCode)
	}
	after, err := openExport(path, me.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range store.ErasedTables() {
		if n := len(after[table]); n != 0 {
			t.Errorf("after deletion, %s: got %d rows of the player, want 0", table, n)
		}
	}
	nowhere(t, path, "Adalovelace", me.Name)
}

func openExport(path, player string) (map[string][]map[string]any, error) {
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.(store.PersonalData).ExportPlayer(context.Background(), player)
}

// nowhere fails unless no text in any table of the database holds any
// of the words.
func nowhere(t *testing.T, path string, words ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := st.(store.PersonalData).Tables(context.Background())
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM ` + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				for _, w := range words {
					if strings.Contains(strings.ToLower(fmt.Sprint(v)), strings.ToLower(w)) {
						t.Errorf("after deletion, %s.%s holds %q", table, cols[i], w)
					}
				}
			}
		}
		rows.Close()
	}
}
