package browsertest

import (
	"fmt"
	"strings"
	"testing"
)

// engineSays sets the page's engine (engine.js and its protocol worker,
// as the analysis board and the review use them) to position pos of
// game id, plays the first legal move when moved, sends cmd and returns
// the answer's last line, or the error's message.
func engineSays(p *page, id, pos string, moved bool, cmd string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`import('/js/engine.js').then(async ({ Engine }) => {
		const e = new Engine();
		try {
			await e.ask('newgame ' + %q + ' ' + %q);
			if (%t) await e.ask('play ' + (await e.ask('validmoves'))[0].split(' ')[0]);
			const lines = await e.ask(%q);
			return lines[lines.length - 1];
		} catch (x) {
			return x.message;
		} finally {
			e.stop();
		}
	})`, id, pos, moved, cmd))
}

// TestEngineLockedInWorker: in a running rated game, the engine on the
// players' devices refuses to search or prove its position, whichever
// page asks, and still serves another position, a spectator, and the
// players once the game is over.
func TestEngineLockedInWorker(t *testing.T) {
	skipShort(t)
	srv, _ := newSafetyServer(t)
	browser := newBrowser(t)
	ann, bea, cid := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	for _, p := range []*page{ann, bea, cid} {
		p.open("/")
	}
	seek := evalJS[string](ann, `fetch('/api/lobby/seeks', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'oshi', rated: true, timeControl: '5+3'})}).then((r) => r.json()).then((s) => s.id)`)
	game := evalJS[string](bea, fmt.Sprintf(`fetch('/api/lobby/seeks/%s/accept', {method: 'POST'}).then((r) => r.json()).then((s) => s.game)`, seek))
	lock := evalJS[[]string](ann, `fetch('/api/fairplay/locks').then((r) => r.json()).then((l) => l.games.length ? [l.games[0].id, l.games[0].game, l.games[0].position] : [])`)
	if len(lock) != 3 || lock[0] != game {
		t.Fatalf("Ann's locks: got %q, want the rated game %s", lock, game)
	}
	id, pos := lock[1], lock[2]
	for _, tc := range []struct {
		name  string
		p     *page
		moved bool
		cmd   string
		want  string
	}{
		{"Ann's search", ann, false, "go depth 1", "engine: locked"},
		{"Ann's proof", ann, false, "solve movetime 100", "engine: locked"},
		{"Bea's search", bea, false, "go depth 1", "engine: locked"},
		{"Ann's search of another position", ann, true, "go depth 1", "bestmove "},
		{"a spectator's search", cid, false, "go depth 1", "bestmove "},
	} {
		if got := engineSays(tc.p, id, pos, tc.moved, tc.cmd); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := ann.status("POST", "/api/games/"+game+"/resign", `{}`); !strings.HasPrefix(got, "200") {
		t.Fatalf("resign: got %q", got)
	}
	ann.open("/") // the page's list of locks is fresh
	if got := engineSays(ann, id, pos, false, "go depth 1"); !strings.HasPrefix(got, "bestmove ") {
		t.Errorf("Ann's search after the game: got %q, want a move", got)
	}
	for _, p := range []*page{ann, bea, cid} {
		p.noErrors()
	}
}
