package server_test

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
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
	// The lobby loop shows a new seek at its next poll, later under load:
	// once Carl sees it, Bea's view of the same poll must not.
	carl.waitLobby(e, "Ann's seek shown to Carl", func(l api.Lobby) bool {
		return slices.ContainsFunc(l.Seeks, func(k api.Seek) bool { return k.ID == open.ID })
	})
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
	ann.call(e, "POST", "/api/games/"+started.Game+"/resign", api.TokenRequest{}, nil)
	if st := bea.call(e, "POST", "/api/games/"+started.Game+"/rematch", api.TokenRequest{}, &eb); st != http.StatusForbidden {
		t.Errorf("Bea offers a rematch: got %d, want 403", st)
	}
	ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: beaID, Blocked: false}, nil)
	if got := blockList(t, ann, e); len(got) != 0 {
		t.Errorf("after unblocking: got %v, want none", got)
	}
	if st := bea.call(e, "POST", "/api/games/"+started.Game+"/chat", api.ChatRequest{Text: "hello"}, nil); st != http.StatusOK {
		t.Errorf("Bea chats after the unblock: got %d, want 200", st)
	}
	if st := bea.call(e, "POST", "/api/games/"+started.Game+"/rematch", api.TokenRequest{}, nil); st != http.StatusOK {
		t.Errorf("Bea offers a rematch after the unblock: got %d, want 200", st)
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

// modEnv is a server whose database the test also opens, to give roles
// as plateau admin does.
func modEnv(t *testing.T, clock *fakeClock) (*env, store.Moderation) {
	t.Helper()
	return modEnvOn(t, filepath.Join(t.TempDir(), "test.db"), clock)
}

// modEnvOn is modEnv on the database dsn names.
func modEnvOn(t *testing.T, path string, clock *fakeClock) (*env, store.Moderation) {
	t.Helper()
	e := newEnvOn(t, path, func(cfg *server.Config) { fastLobby(cfg); withPage(cfg); cfg.Clock = clock; cfg.Now = clock.Now })
	st, err := store.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return e, st.(store.Moderation)
}

// gameWithLine starts a game between a and b through the lobby and has b
// write line in its chat; it returns the game and the line's id.
func gameWithLine(t *testing.T, e *env, a, b *visitor, line string) (string, int64) {
	t.Helper()
	var seek api.Seek
	a.call(e, "POST", "/api/lobby/seeks", api.SeekRequest{Game: "tictactoe"}, &seek)
	var started api.Started
	if st := b.call(e, "POST", "/api/lobby/seeks/"+seek.ID+"/accept", nil, &started); st != http.StatusOK {
		t.Fatalf("accept: got %d", st)
	}
	var l api.ChatLine
	if st := b.call(e, "POST", "/api/games/"+started.Game+"/chat", api.ChatRequest{Text: line}, &l); st != http.StatusOK {
		t.Fatalf("chat: got %d", st)
	}
	return started.Game, l.ID
}

// TestReportBadInput: reports about oneself, about nobody, without a
// reason, naming a line of another game, and floods are refused with a
// sentence, and nothing is stored.
func TestReportBadInput(t *testing.T) {
	t.Parallel()
	e, _ := modEnv(t, newFakeClock())
	ann, bea := newPerson(t).join(e), newPerson(t).join(e)
	annID, beaID := ann.id(e), bea.id(e)
	game, _ := gameWithLine(t, e, ann, bea, "hi")
	for _, tc := range []struct {
		name string
		req  api.ReportRequest
		want int
	}{
		{"oneself", api.ReportRequest{Player: annID, Reason: "other"}, http.StatusBadRequest},
		{"nobody", api.ReportRequest{Reason: "other"}, http.StatusNotFound},
		{"no such player", api.ReportRequest{Player: "nobody-at-all", Reason: "other"}, http.StatusNotFound},
		{"no reason", api.ReportRequest{Player: beaID}, http.StatusBadRequest},
		{"unknown reason", api.ReportRequest{Player: beaID, Reason: "screening"}, http.StatusBadRequest},
		{"line of no game", api.ReportRequest{Player: beaID, Reason: "abusive_chat", Game: game, Lines: []int64{9999}}, http.StatusBadRequest},
		{"no such game", api.ReportRequest{Player: beaID, Reason: "stalling", Game: "nogame"}, http.StatusNotFound},
	} {
		var eb api.Error
		if st := ann.call(e, "POST", "/api/reports", tc.req, &eb); st != tc.want || eb.Error == "" {
			t.Errorf("%s: got %d %+v, want %d with a sentence", tc.name, st, eb, tc.want)
		}
	}
	var mine api.Reports
	if ann.call(e, "GET", "/api/reports", nil, &mine); len(mine.Reports) != 0 {
		t.Fatalf("after bad reports: got %d stored, want 0", len(mine.Reports))
	}
	for i := range 11 {
		st := ann.call(e, "POST", "/api/reports", api.ReportRequest{Player: beaID, Reason: "other", Note: "again"}, nil)
		if want := map[bool]int{true: http.StatusCreated, false: http.StatusTooManyRequests}[i < 10]; st != want {
			t.Errorf("report %d of the day: got %d, want %d", i+1, st, want)
		}
	}
	if ann.call(e, "GET", "/api/reports", nil, &mine); len(mine.Reports) != 10 {
		t.Errorf("after the flood: got %d stored, want 10", len(mine.Reports))
	}
}

// TestModeration: a report keeps its evidence; the moderators' pages and
// actions refuse players without the role, and change nothing then; a
// moderator's warning, chat ban and rename take effect and are logged
// with who and why; the reporter sees the status.
func TestModeration(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e, ms := modEnv(t, clock)
	ann, bea, carl := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e)
	beaID, carlID := bea.id(e), carl.id(e)
	game, line := gameWithLine(t, e, ann, bea, "you play like a potato")
	var rep api.Report
	if st := ann.call(e, "POST", "/api/reports", api.ReportRequest{Player: beaID, Reason: "abusive_chat", Note: "rude", Game: game, Lines: []int64{line}}, &rep); st != http.StatusCreated || rep.Status != "open" || rep.Evidence != nil {
		t.Fatalf("report: got %d %+v, want 201 open without the evidence shown", st, rep)
	}
	warn := api.ModAction{Player: beaID, Action: "warn", Reason: "insults", Report: rep.ID}
	for _, path := range []string{"/api/mod/queue", "/api/mod/log", "/api/mod/reports/1", "/api/mod/players/" + beaID} {
		if st := carl.call(e, "GET", path, nil, nil); st != http.StatusForbidden {
			t.Errorf("GET %s by a player: got %d, want 403", path, st)
		}
	}
	if st := carl.call(e, "POST", "/api/mod/actions", warn, nil); st != http.StatusForbidden {
		t.Errorf("warn by a player: got %d, want 403", st)
	}
	if s := standing(t, bea, e); len(s.Warnings) != 0 {
		t.Errorf("after a player's action: got %+v, want no warning", s)
	}
	if err := ms.SetRole(context.Background(), carlID, moderation.Moderator, "test", clock.Now()); err != nil {
		t.Fatal(err)
	}
	var queue api.Reports
	if carl.call(e, "GET", "/api/mod/queue", nil, &queue); len(queue.Reports) != 1 || queue.Reports[0].Evidence == nil ||
		len(queue.Reports[0].Evidence.Lines) != 1 || queue.Reports[0].Evidence.Lines[0].Text != "you play like a potato" {
		t.Fatalf("queue: got %+v, want the report with its line", queue)
	}
	modActions(t, e, carl, bea, warn, clock)
	var mine api.Reports
	if ann.call(e, "GET", "/api/reports", nil, &mine); len(mine.Reports) != 1 || mine.Reports[0].Status != "actioned" {
		t.Errorf("reporter's view: got %+v, want actioned", mine)
	}
	var hist api.ModPlayer
	if carl.call(e, "GET", "/api/mod/players/"+beaID, nil, &hist); len(hist.ReportsOn) != 1 || len(hist.Actions) != 3 || len(hist.Games) != 1 {
		t.Errorf("history: got %d reports, %d actions, %d games, want 1, 3, 1", len(hist.ReportsOn), len(hist.Actions), len(hist.Games))
	}
	if err := ms.SetRole(context.Background(), carlID, moderation.Admin, "test", clock.Now()); err != nil {
		t.Fatal(err)
	}
	closeAccounts(t, e, carl, bea)
	var log struct{ Actions []api.ModAction }
	if carl.call(e, "GET", "/api/mod/log", nil, &log); len(log.Actions) < 4 || log.Actions[0].Moderator.ID != carlID || log.Actions[0].Reason == "" {
		t.Errorf("audit log: got %+v, want the actions with who and why", log.Actions)
	}
}

func standing(t *testing.T, p *visitor, e *env) api.Standing {
	t.Helper()
	var s api.Standing
	if st := p.call(e, "GET", "/api/me/standing", nil, &s); st != http.StatusOK {
		t.Fatalf("GET /api/me/standing: got %d", st)
	}
	return s
}

// modActions: warn (once per report), chat ban for an hour, rename.
func modActions(t *testing.T, e *env, mod, bea *visitor, warn api.ModAction, clock *fakeClock) {
	t.Helper()
	if st := mod.call(e, "POST", "/api/mod/actions", warn, nil); st != http.StatusOK {
		t.Fatalf("warn: got %d", st)
	}
	if st := mod.call(e, "POST", "/api/mod/actions", warn, nil); st != http.StatusNotFound {
		t.Errorf("warn again on the resolved report: got %d, want 404", st)
	}
	if s := standing(t, bea, e); len(s.Warnings) != 1 || s.Warnings[0].Reason != "insults" {
		t.Errorf("Bea's standing: got %+v, want the warning", s)
	}
	bea.call(e, "POST", "/api/me/standing/seen", nil, nil)
	if s := standing(t, bea, e); len(s.Warnings) != 0 {
		t.Errorf("after reading: got %+v, want no warning", s)
	}
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: warn.Player, Action: "chat_ban", Minutes: 60}, nil); st != http.StatusBadRequest {
		t.Errorf("chat ban without a reason: got %d, want 400", st)
	}
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: warn.Player, Action: "chat_ban", Reason: "insults", Minutes: 60}, nil); st != http.StatusOK {
		t.Fatalf("chat ban: got %d", st)
	}
	var g api.MyGames
	bea.call(e, "GET", "/api/me/games", nil, &g)
	chatAt := func() int {
		return bea.call(e, "POST", "/api/games/"+g.Games[0].ID+"/chat", api.ChatRequest{Text: "sorry"}, nil)
	}
	if st := chatAt(); st != http.StatusForbidden {
		t.Errorf("chat while banned: got %d, want 403", st)
	}
	clock.add(61 * time.Minute)
	if st := chatAt(); st != http.StatusOK {
		t.Errorf("chat after the ban: got %d, want 200", st)
	}
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: warn.Player, Action: "rename", Reason: "offensive name", Name: "Renamed Player"}, nil); st != http.StatusOK {
		t.Fatalf("rename: got %d", st)
	}
	var p api.Profile
	if mod.call(e, "GET", "/api/players/"+warn.Player, nil, &p); p.Player.Name != "Renamed Player" {
		t.Errorf("after the rename: got %q", p.Player.Name)
	}
}

// closeAccounts: a moderator closes an account, not a guest.
func closeAccounts(t *testing.T, e *env, mod, guest *visitor) {
	t.Helper()
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: guest.id(e), Action: "close", Reason: "spam"}, nil); st != http.StatusBadRequest {
		t.Errorf("closing a guest: got %d, want 400", st)
	}
	dan := newPerson(t).join(e)
	if st := dan.call(e, "POST", "/api/account/signup", api.Credentials{Username: "Dan", Password: "correct horse battery"}, nil); st != http.StatusOK {
		t.Fatalf("sign up: got %d", st)
	}
	danID := dan.id(e)
	if st := mod.call(e, "POST", "/api/mod/actions", api.ModAction{Player: danID, Action: "close", Reason: "spam account"}, nil); st != http.StatusOK {
		t.Fatalf("close: got %d", st)
	}
	var eb api.Error
	if st := dan.call(e, "POST", "/api/account/login", api.Credentials{Username: "Dan", Password: "correct horse battery"}, &eb); st == http.StatusOK {
		t.Errorf("log in to a closed account: got %d, want a refusal", st)
	}
}

// TestFollowBlocked: a player blocked by another cannot follow them and
// is told only "not available"; a follow made before the block leaves
// the follower's list (issue 30, point 15).
func TestFollowBlocked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, bea, carl := newPerson(t).join(e), newPerson(t).join(e), newPerson(t).join(e)
	annID := ann.id(e)
	var list struct{ Friends []struct{ ID string } }
	if st := carl.call(e, "PUT", "/api/friends/"+annID, nil, &list); st != http.StatusOK || len(list.Friends) != 1 {
		t.Fatalf("carl follows ann before the block: got %d %+v", st, list)
	}
	for _, who := range []*visitor{bea, carl} {
		if st := ann.call(e, "POST", "/api/blocks", api.BlockRequest{Player: who.id(e), Blocked: true}, nil); st != http.StatusOK {
			t.Fatalf("block: got %d", st)
		}
	}
	var eb api.Error
	if st := bea.call(e, "PUT", "/api/friends/"+annID, nil, &eb); st != http.StatusForbidden || eb.Error != "this player is not available" {
		t.Errorf("blocked follows: got %d %q, want 403 \"this player is not available\"", st, eb.Error)
	}
	for _, who := range []*visitor{bea, carl} {
		list.Friends = nil
		if st := who.call(e, "GET", "/api/friends", nil, &list); st != http.StatusOK || len(list.Friends) != 0 {
			t.Errorf("a blocked player's friends: got %d %+v, want none", st, list)
		}
	}
}
