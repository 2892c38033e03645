package browsertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// createTimed makes a game with time control tc between two people
// through the API: the creator holds seat 0, the invite seats the other.
func (s *testServer) createTimed(t *testing.T, gameID, tc string) created {
	t.Helper()
	me := 0
	body, _ := json.Marshal(api.CreateRequest{Game: gameID, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Me: &me, TimeControl: tc})
	res, err := http.Post(s.URL+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("create game: %v", err)
	}
	defer res.Body.Close()
	var c created
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusCreated || c.Invite == "" {
		t.Fatalf("create game %s: status %d, invite %q, %v", gameID, res.StatusCode, c.Invite, err)
	}
	return c
}

// premoveAfter returns a move of the player waiting in pos that is legal
// after reply, the move of the player to act, and starts with a click on
// a square (the click that opens the premove input).
func premoveAfter(t *testing.T, srv *testServer, gameID, pos, reply string) string {
	t.Helper()
	s, err := srv.reg.New(gameID, pos)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayChecked(s, reply); err != nil {
		t.Fatal(err)
	}
	for i, legal := 0, game.MoveStrings(s); i < len(legal); i++ {
		if mv := pick(legal, i); stepsOf(mv) != nil && stepsOf(mv)[0].square != "" {
			return mv
		}
	}
	t.Fatalf("no premove after %s in %s", reply, pos)
	return ""
}

// spoiled returns two moves of the player to act in pos, and a move of
// the player waiting that is legal after the first and not after the
// second (which leaves the waiting player to act): a premove the second
// spoils. ok is false when the game has none here.
func spoiled(t *testing.T, srv *testServer, gameID, pos string) (good, bad, pre string, ok bool) {
	t.Helper()
	after := func(mv string) (game.State, []string) {
		s, err := srv.reg.New(gameID, pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.PlayChecked(s, mv); err != nil {
			t.Fatal(err)
		}
		return s, game.MoveStrings(s)
	}
	s, _ := srv.reg.New(gameID, pos)
	replies := game.MoveStrings(s)
	for _, good := range replies {
		_, legal := after(good)
		for _, bad := range replies {
			st, other := after(bad)
			if st.Result() != game.Ongoing || st.ToAct() == s.ToAct() {
				continue
			}
			for _, mv := range legal {
				if steps := stepsOf(mv); steps != nil && steps[0].square != "" && !slices.Contains(other, mv) {
					return good, bad, mv, true
				}
			}
		}
	}
	return "", "", "", false
}

// premoveByClicks enters mv as a premove: its first square, then, once
// the page has the possible premoves from its engine, the other clicks.
func (p *page) premoveByClicks(mv string) {
	p.t.Helper()
	steps := stepsOf(mv)
	p.run("first square of premove "+mv, clickSquare(steps[0].square))
	p.waitJS("premove input", `document.querySelector('#prompt').textContent.startsWith('Premove') || !!document.querySelector('#premove')`)
	for _, s := range steps[1:] {
		if s.square != "" {
			p.run("click square "+s.square+" of premove "+mv, clickSquare(s.square))
			continue
		}
		sel := fmt.Sprintf(`#options button[data-opt=%q]`, s.option)
		if evalJS[bool](p, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			p.run("click option "+s.option+" of premove "+mv, clickSel(sel))
		}
	}
	p.waitJS("premove "+mv+" shown", fmt.Sprintf(`(document.querySelector('#premove')?.textContent ?? '').includes(%q) && document.querySelectorAll('.board-wrap .premove').length > 0`, mv))
}

// TestPremove: in a real-time game Bea, waiting, premoves; Ann's move
// brings the premove at once, without Bea clicking again. Bea's next
// premove, cancelled with its button, is not played: her own move is;
// one Ann's move makes illegal is dropped with a note, never sent.
// A premove cancelled with Escape leaves nothing on the board, and with
// the setting off a click out of turn enters none.
func TestPremove(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	c := srv.createTimed(t, g, "5+3")
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	ann.openSeat(c, 0)
	bea.open(c.Invite)
	bea.waitJS("Bea's board", `location.hash === '#/game/`+c.ID+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)

	v := srv.get(t, c.ID)
	m1 := pick(v.Legal, 0)
	m2 := premoveAfter(t, srv, g, v.Position, m1)
	bea.premoveByClicks(m2)
	if n := count(bea, "#plan:not([hidden])"); n != 0 {
		t.Errorf("a real-time game offers %d conditional moves forms, want none", n)
	}
	if got := srv.get(t, c.ID); len(got.Moves) != 0 {
		t.Fatalf("a premove was sent before its turn: moves %v", got.Moves)
	}
	ann.playByClicks(m1, 0)
	ann.waitJS("the premove reaches Ann", `document.querySelectorAll('#movelist li').length === 2`)
	if got := srv.get(t, c.ID); len(got.Moves) != 2 || got.Moves[1] != m2 {
		t.Fatalf("got moves %v, want %s then the premove %s", got.Moves, m1, m2)
	}
	bea.waitJS("premove gone once played", `!document.querySelector('#premove') && !document.querySelector('.board-wrap .premove')`)

	// Escape drops a premove.
	v = srv.get(t, c.ID)
	m3 := pick(v.Legal, 1)
	m4 := premoveAfter(t, srv, g, v.Position, m3)
	bea.premoveByClicks(m4)
	bea.run("escape", chromedp.KeyEvent("\x1b"))
	bea.waitJS("premove dropped by Escape", `!document.querySelector('#premove') && !document.querySelector('.board-wrap .premove')`)

	// The Cancel button drops it too: Ann's move leaves Bea to play.
	bea.premoveByClicks(m4)
	bea.run("cancel premove", clickSel("#cancel-premove"))
	bea.waitJS("premove cancelled", `!document.querySelector('#premove') && `+textOf("#message")+` === 'Premove cancelled.'`)
	ann.playByClicks(m3, 2)
	bea.waitJS("Ann's move reaches Bea", `document.querySelectorAll('#movelist li').length === 3`)
	bea.playByClicks(m4, 3)
	if got := srv.get(t, c.ID); len(got.Moves) != 4 || got.Moves[3] != m4 {
		t.Fatalf("got moves %v, want Bea's own move %s fourth and nothing else", got.Moves, m4)
	}

	// A premove Ann's move makes illegal is dropped with a note, not sent.
	v = srv.get(t, c.ID)
	if _, bad, pre, ok := spoiled(t, srv, g, v.Position); ok {
		bea.premoveByClicks(pre)
		ann.playByClicks(bad, 4)
		bea.waitJS("the premove dropped", `document.querySelectorAll('#movelist li').length === 5 && `+textOf("#message")+fmt.Sprintf(`.includes(%q)`, pre)+
			` && document.querySelector('#message').classList.contains('info') && !document.querySelector('#premove')`)
		if got := srv.get(t, c.ID); len(got.Moves) != 5 {
			t.Fatalf("got moves %v after a spoiled premove, want five", got.Moves)
		}
		bea.playByClicks(pick(srv.get(t, c.ID).Legal, 0), 5)
	} else {
		t.Logf("%s: no premove a reply spoils here", g)
	}

	// Premoves turned off in the settings: a click out of turn is refused.
	bea.eval0(`fetch('/api/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"premove": false}' })
		.then((r) => r.json()).then((s) => localStorage.setItem('plateau:settings', JSON.stringify(s)))`)
	bea.waitJS("setting kept", `JSON.parse(localStorage.getItem('plateau:settings') || '{}').premove === false`)
	bea.run("reload", chromedp.Reload())
	bea.waitJS("Bea's board again", `document.querySelectorAll('#movelist li').length > 4 && document.querySelectorAll('.board-wrap .hit').length > 0`)
	v = srv.get(t, c.ID)
	m6 := premoveAfter(t, srv, g, v.Position, pick(v.Legal, 0))
	bea.run("click out of turn", clickSquare(stepsOf(m6)[0].square))
	bea.waitJS("not your turn", textOf("#message")+` === 'It is not your turn.'`)
	if n := count(bea, ".board-wrap .premove, #premove"); n != 0 {
		t.Errorf("premoves off: got %d marks on the board, want none", n)
	}
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}

// TestConditionalMovesForm: in a correspondence game Ann, waiting after
// her first move, plans a line on the game page; Bea's matching move
// brings Ann's reply at once, seen in both move lists, and the line is
// used up.
func TestConditionalMovesForm(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	c := srv.createTimed(t, g, "3d")
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	ann.openSeat(c, 0)
	bea.open(c.Invite)
	bea.waitJS("Bea's board", `location.hash === '#/game/`+c.ID+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
	if n := count(ann, "#plan:not([hidden])"); n != 0 {
		t.Errorf("got %d plan forms on Ann's turn, want none", n)
	}
	v := srv.get(t, c.ID)
	ann.playByClicks(pick(v.Legal, 0), 0)
	v = srv.get(t, c.ID)
	theirs := pick(v.Legal, 1)
	mine := premoveAfter(t, srv, g, v.Position, theirs)
	ann.waitJS("the plan form", `!!document.querySelector('#plan:not([hidden])') && !!document.querySelector('#plan-lines li')`)
	ann.run("type a line", chromedp.SendKeys(chromedp.CSS("#plan-input"), theirs+" "+mine))
	ann.run("save it", clickSel("#plan-save"))
	ann.waitJS("line saved", textOf("#plan-status")+` === 'Lines saved.' && `+textOf("#plan-lines li")+fmt.Sprintf(` === %q`, theirs+" "+mine))
	if n := count(bea, "#plan:not([hidden])"); n != 0 {
		t.Errorf("Bea, to act, sees %d plan forms, want none", n)
	}
	bea.playByClicks(theirs, 1)
	for _, p := range []*page{ann, bea} {
		p.waitJS("the planned reply", `document.querySelectorAll('#movelist li').length === 3`)
	}
	if got := srv.get(t, c.ID); len(got.Moves) != 3 || got.Moves[2] != mine {
		t.Fatalf("got moves %v, want Ann's planned reply %s third", got.Moves, mine)
	}
	ann.waitJS("the line used up", `!!document.querySelector('#plan:not([hidden])') && `+textOf("#plan-lines li")+` === 'No lines planned.'`)
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}
