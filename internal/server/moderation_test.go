package server_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// id returns p's player id on e.
func (p *visitor) id(e *env) string {
	p.t.Helper()
	var me api.Me
	if st := p.call(e, "GET", "/api/me", nil, &me); st != http.StatusOK {
		p.t.Fatalf("GET /api/me: got %d", st)
	}
	return me.ID
}

func blockList(t *testing.T, p *visitor, e *env) []string {
	t.Helper()
	var out api.Blocks
	if st := p.call(e, "GET", "/api/blocks", nil, &out); st != http.StatusOK {
		t.Fatalf("GET /api/blocks: got %d", st)
	}
	var ids []string
	for _, b := range out.Blocked {
		ids = append(ids, b.Player.ID)
	}
	return ids
}

// TestBlockBadInput: blocks of oneself, of nobody, of no such player are
// refused and change nothing.
func TestBlockBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, bea := newPerson(t).join(e), newPerson(t).join(e)
	beaID := bea.id(e)
	if st := ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: beaID, Blocked: true}, nil); st != http.StatusOK {
		t.Fatalf("block: got %d, want 200", st)
	}
	for _, tc := range []struct {
		name   string
		player string
		want   int
	}{
		{"oneself", ann.id(e), http.StatusBadRequest},
		{"nobody", "", http.StatusNotFound},
		{"no such player", "zz-nobody-zz", http.StatusNotFound},
	} {
		var eb api.Error
		if st := ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: tc.player, Blocked: true}, &eb); st != tc.want || eb.Error == "" {
			t.Errorf("block %s: got %d %+v, want %d with a sentence", tc.name, st, eb, tc.want)
		}
	}
	if got := blockList(t, ann, e); !slices.Equal(got, []string{beaID}) {
		t.Errorf("block list: got %v, want [%s]", got, beaID)
	}
}

// TestBlock: a blocked player cannot challenge, accept the seeks of, be
// paired by quick play with, nor chat with the one who blocked them, in
// either direction, and is told only "not available"; the blocker sees
// their lines as muted; unblocking restores everything.
func TestBlock(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fastLobby)
	ann, bea, carl := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e)
	annID, beaID := ann.id(e), bea.id(e)
	// A game between them before the block, for the chat.
	var seek api.Seek
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &seek)
	var started api.Started
	if st := bea.call(e, "POST", "/api/lobby/seeks/"+seek.ID+"/accept", nil, &started); st != http.StatusOK {
		t.Fatalf("accept before the block: got %d", st)
	}
	if st := ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: beaID, Blocked: true}, nil); st != http.StatusOK {
		t.Fatalf("block: got %d", st)
	}
	for _, tc := range []struct {
		name     string
		from, to *visitor
		toID     string
	}{{"blocked challenges", bea, ann, annID}, {"blocker challenges", ann, bea, beaID}} {
		var eb api.Error
		if st := tc.from.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", To: tc.toID}, &eb); st != http.StatusForbidden || eb.Error != "this player is not available" {
			t.Errorf("%s: got %d %q, want 403 \"this player is not available\"", tc.name, st, eb.Error)
		}
	}
	var open api.Seek
	ann.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &open)
	if lobbyShows(t, bea, e, open.ID) || !lobbyShows(t, carl, e, open.ID) {
		t.Errorf("Ann's seek: shown to Bea %v, to Carl %v; want hidden from Bea only", lobbyShows(t, bea, e, open.ID), lobbyShows(t, carl, e, open.ID))
	}
	var eb api.Error
	if st := bea.call(e, "POST", "/api/lobby/seeks/"+open.ID+"/accept", nil, &eb); st != http.StatusForbidden || eb.Error != "this player is not available" {
		t.Errorf("Bea accepts Ann's seek: got %d %q, want 403 not available", st, eb.Error)
	}
	ann.call(e, "POST", "/api/lobby/seeks/"+open.ID+"/cancel", nil, nil)
	var q api.QuickPlay
	ann.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &q)
	if bea.call(e, "POST", "/api/lobby/play", api.QuickPlayRequest{Game: "tictactoe"}, &q); q.Started != nil {
		t.Errorf("quick play paired Bea with Ann: %+v", q.Started)
	}
	if st := bea.call(e, "POST", "/api/games/"+started.Game+"/chat", api.ChatRequest{Text: "hello"}, &eb); st != http.StatusForbidden {
		t.Errorf("Bea chats in their game: got %d, want 403", st)
	}
	var mutes api.ChatMutes
	if ann.call(e, "GET", "/api/chat/mutes", nil, &mutes); !slices.Contains(mutes.Authors, beaID) {
		t.Errorf("Ann's mutes: got %v, want Bea's lines hidden", mutes.Authors)
	}
	ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: beaID, Blocked: false}, nil)
	if got := blockList(t, ann, e); len(got) != 0 {
		t.Errorf("after unblocking: got %v, want none", got)
	}
	if st := bea.call(e, "POST", "/api/games/"+started.Game+"/chat", api.ChatRequest{Text: "hello"}, nil); st != http.StatusOK {
		t.Errorf("Bea chats after the unblock: got %d, want 200", st)
	}
}

func lobbyShows(t *testing.T, p *visitor, e *env, seek string) bool {
	t.Helper()
	var l api.Lobby
	if st := p.call(e, "GET", "/api/lobby", nil, &l); st != http.StatusOK {
		t.Fatalf("GET /api/lobby: got %d", st)
	}
	for _, k := range l.Seeks {
		if k.ID == seek {
			return true
		}
	}
	return false
}

// TestBlockAcrossServers: a block made through one server holds through
// another sharing the database.
func TestBlockAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "blockx")
	one, two := newEnvOn(t, schema, fastLobby), newEnvOn(t, schema, fastLobby)
	ann, bea := newPerson(t).join(one), newPerson(t).join(two)
	ann.call(one, "POST", "/api/blocks", api.BlockRequest{Player: bea.id(two), Blocked: true}, nil)
	if st := bea.call(two, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe", To: ann.id(one)}, nil); st != http.StatusForbidden {
		t.Errorf("challenge through the other server: got %d, want 403", st)
	}
}
