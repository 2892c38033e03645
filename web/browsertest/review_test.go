package browsertest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// blunder is a position where the player to act can win at once, and a
// move there (the blunder) that lets the other player win at once.
type blunder struct {
	game, pos   string
	wins        []string // the moves that win at once
	move, reply string   // the blunder and the other player's winning reply
}

// winningMoves lists the moves of s that end the game in the win of the
// player to act.
func winningMoves(t *testing.T, s game.State) []string {
	t.Helper()
	var out []string
	for _, mv := range game.MoveStrings(s) {
		c := s.Clone()
		if _, err := game.PlayChecked(c, mv); err != nil {
			t.Fatal(err)
		}
		if w, ok := c.Result().Winner(); ok && w == s.ToAct() {
			out = append(out, mv)
		}
	}
	return out
}

// plantBlunder plays seeded random games of each game of the registry
// until it finds a blunder: the first game, in the registry's order,
// where one is found.
func plantBlunder(t *testing.T, names []string) blunder {
	t.Helper()
	reg := registry()
	for _, name := range names {
		for seed := uint64(1); seed < 40; seed++ {
			s, err := reg.New(name, "")
			if err != nil {
				t.Fatal(err)
			}
			r := newRand(seed)
			for ply := 0; ply < 400 && s.Result() == game.Ongoing; ply++ {
				if b, ok := blunderAt(t, name, s); ok && ply > 4 {
					return b
				}
				moves := game.MoveStrings(s)
				if _, err := game.PlayChecked(s, moves[r.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Fatalf("no position with a blunder found in %v", names)
	return blunder{}
}

// blunderAt looks for a blunder in position s.
func blunderAt(t *testing.T, name string, s game.State) (blunder, bool) {
	t.Helper()
	wins := winningMoves(t, s)
	if len(wins) == 0 {
		return blunder{}, false
	}
	for _, mv := range game.MoveStrings(s) {
		c := s.Clone()
		if _, err := game.PlayChecked(c, mv); err != nil {
			t.Fatal(err)
		}
		if c.Result() != game.Ongoing || c.ToAct() == s.ToAct() {
			continue
		}
		if replies := winningMoves(t, c); len(replies) > 0 {
			return blunder{game: name, pos: s.String(), wins: wins, move: mv, reply: replies[0]}, true
		}
	}
	return blunder{}, false
}

// createLocal makes a game of two people at one device from pos.
func (s *testServer) createLocal(t *testing.T, gameID, pos string) created {
	t.Helper()
	body, _ := json.Marshal(api.CreateRequest{Game: gameID, Position: pos, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}, Local: true})
	res, err := http.Post(s.URL+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatalf("create game: %v", err)
	}
	defer res.Body.Close()
	var c created
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create game %s: status %d, %v", gameID, res.StatusCode, err)
	}
	return c
}

// playAPI plays a move through the API with the token of the seat to act.
func (s *testServer) playAPI(t *testing.T, c created, mv string) {
	t.Helper()
	v := s.get(t, c.ID)
	st, err := httpPostJSON(s.URL+"/api/games/"+c.ID+"/moves", map[string]any{"move": mv, "seen": len(v.Moves), "token": c.token(v.ToAct)})
	if err != nil || st != http.StatusOK {
		t.Fatalf("play %s: status %d, %v", mv, st, err)
	}
}

// TestReviewFindsBlunder plays, through the API, a game whose first move
// is a blunder (the mover could win at once and lets the other player
// win at once instead), then reviews it from the finished game's page as
// a person would, on a desktop and a phone screen: the blunder is classed
// a blunder, the winning reply the best move, the better move is drawn
// as an arrow, a point of the graph and a move of the list jump to their
// ply, and "play from here" starts a game against the computer from the
// position before the blunder. The replay page leads to the review too.
func TestReviewFindsBlunder(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	b := plantBlunder(t, playedGames(srv))
	t.Logf("planted blunder in %s at %q: %s (wins: %v), reply %s", b.game, b.pos, b.move, b.wins, b.reply)
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			c := srv.createLocal(t, b.game, b.pos)
			srv.playAPI(t, c, b.move)
			srv.playAPI(t, c, b.reply)
			if v := srv.get(t, c.ID); v.Result == "ongoing" {
				t.Fatalf("got an ongoing game after the reply, want it won")
			}
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.open("/#/game/" + c.ID)
			p.waitJS("the result banner", `!!document.querySelector('.banner a#review')`)
			p.run("review", clickSel(".banner a#review"))
			p.checkReview(t, b, c.ID)

			p.run("play from here", clickSel("#first"))
			p.waitJS("play from here offered", `!!document.querySelector('#play-from-here')`)
			p.run("play from here", clickSel("#play-from-here"))
			p.waitJS("the new game", `location.hash.startsWith('#/game/') && location.hash !== '#/game/`+c.ID+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
			id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
			v := srv.get(t, id)
			me := int(v.ToAct)
			if v.Start != b.pos || v.Seats[me].Kind != "human" || v.Seats[1-me].Kind != "ai" {
				t.Errorf("play from here: got a game from %q with seats %+v, want one from %q, the side to act human against the AI", v.Start, v.Seats, b.pos)
			}

			p.open("/#/replay/" + c.ID)
			p.run("review from the replay", clickSel("#review"))
			p.waitJS("the review again", `location.hash === '#/review/`+c.ID+`' && document.querySelector('#review-progress')?.dataset.done === 'true'`)
			p.noErrors()
		})
	}
}

// checkReview waits for the review of the planted game and checks it.
func (p *page) checkReview(t *testing.T, b blunder, id string) {
	t.Helper()
	p.waitJS("the review's end", `location.hash === '#/review/`+id+`' && document.querySelector('#review-progress')?.dataset.done === 'true'`)
	classes := evalJS[[]string](p, `[...document.querySelectorAll('#movelist li')].map((li) => li.dataset.class || '')`)
	if !slices.Equal(classes, []string{"blunder", "best"}) {
		t.Errorf("got moves classed %q, want the blunder a blunder and the reply best", classes)
	}
	if n := count(p, "#wp-graph circle.wp-pt"); n != 3 {
		t.Errorf("got %d points on the graph, want 3 (the start and two moves)", n)
	}
	if n := count(p, "#wp-graph circle.wp-pt.cls-blunder"); n != 1 {
		t.Errorf("got %d blunder points on the graph, want 1", n)
	}
	p.run("graph point 1", clickSel(`#wp-graph circle[data-ply="1"]`))
	p.waitJS("ply 1", `document.querySelector('#ply').textContent === 'Move 1 of 2 — `+b.move+`'`)
	if got := p.text("#judged"); got != "blunder: lost 100% of win probability." {
		t.Errorf("judgement: got %q, want the blunder's", got)
	}
	better := evalJS[string](p, `document.querySelector('#better').dataset.move`)
	if !slices.Contains(b.wins, better) {
		t.Errorf("better move: got %q, want one of the winning moves %v", better, b.wins)
	}
	// The solver proves the position after the blunder: the reply wins.
	if shown, result, text := evalJS[bool](p, `!document.querySelector('#review-proof').hidden`), evalJS[string](p, `document.querySelector('#review-proof').dataset.result || ''`), p.text("#review-proof"); !shown || result != "win" || !strings.HasPrefix(text, "Proven: ") {
		t.Errorf("proof after the blunder: got shown %v, result %q, %q; want the reply's proven win", shown, result, text)
	}
	// Drawn, and seen: a stylesheet rule must not hide it.
	if n := evalJS[int](p, `[...document.querySelectorAll('.board-wrap .overlay .arrow.better')].filter((a) => a.getBoundingClientRect().height > 50).length`); n != 1 {
		t.Errorf("got %d arrows of the better move shown, want 1", n)
	}
	p.shot("review-" + t.Name()[strings.LastIndex(t.Name(), "/")+1:])
	p.run("move 2 in the list", clickSel(`#movelist button[data-ply="2"]`))
	p.waitJS("ply 2", `document.querySelector('#ply').textContent === 'Move 2 of 2 — `+b.reply+`'`)
	if n := count(p, ".board-wrap .overlay .arrow"); n != 0 {
		t.Errorf("after the best move: got %d arrows, want none", n)
	}
	if evalJS[bool](p, `!document.querySelector('#review-proof').hidden`) {
		t.Errorf("the finished position shows a proof, want none")
	}
	if got := evalJS[float64](p, `+document.querySelector('#wp-graph .wp-cursor').getAttribute('x1')`); got != evalJS[float64](p, `+document.querySelector('#wp-graph circle[data-ply="2"]').getAttribute('cx')`) {
		t.Errorf("the graph's cursor is at x %v, want at the point of ply 2", got)
	}
}

// TestReviewSpeed measures, for docs/perf.md, how long the review of a
// 60-ply game takes in Chromium at the default budget, per game: random
// moves through the API (none that ends the game), then a resignation.
// It runs only with PLATEAU_MEASURE=1.
func TestReviewSpeed(t *testing.T) {
	if os.Getenv("PLATEAU_MEASURE") == "" {
		t.Skip("a measure, not a check: set PLATEAU_MEASURE=1")
	}
	srv := newServer(t)
	browser := newBrowser(t)
	for _, g := range playedGames(srv) {
		c := srv.createLocal(t, g, "")
		r := newRand(60)
		for ply := 0; ply < 60; ply++ {
			v := srv.get(t, c.ID)
			s, err := registry().New(g, v.Position)
			if err != nil {
				t.Fatal(err)
			}
			var quiet []string
			for _, mv := range v.Legal {
				k := s.Clone()
				if _, err := game.PlayChecked(k, mv); err == nil && k.Result() == game.Ongoing {
					quiet = append(quiet, mv)
				}
			}
			if len(quiet) == 0 {
				break
			}
			srv.playAPI(t, c, quiet[r.IntN(len(quiet))])
		}
		v := srv.get(t, c.ID)
		srv.resign(t, c.ID, c.token(v.ToAct))
		p := newPage(t, browser, srv.URL, true)
		load, _ := os.ReadFile("/proc/loadavg")
		start := time.Now()
		p.open("/#/review/" + c.ID)
		wait := func(what, js string) {
			p.wait(what, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Minute)))
		}
		wait("the first position", `+document.querySelector('#review-bar')?.value >= 1`)
		first := time.Since(start)
		wait("the review's end", `document.querySelector('#review-progress')?.dataset.done === 'true'`)
		took := time.Since(start)
		end, _ := os.ReadFile("/proc/loadavg")
		t.Logf("%s: %d plies reviewed in %.1f s, the first position after %.1f s (load average before %s, after %s)", g, len(v.Moves), took.Seconds(), first.Seconds(),
			strings.Join(strings.Fields(string(load))[:3], " "), strings.Join(strings.Fields(string(end))[:3], " "))
	}
}

// TestReviewAndAnalysisInFrench reviews a game and opens the analysis
// board on a French page: nothing shown is English.
func TestReviewAndAnalysisInFrench(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	b := plantBlunder(t, playedGames(srv))
	c := srv.createLocal(t, b.game, b.pos)
	srv.playAPI(t, c, b.move)
	srv.playAPI(t, c, b.reply)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.open("/")
	p.run("français", chooseLang("fr"))
	p.waitJS("French", `document.documentElement.lang === 'fr'`)
	fc := newFrenchChecker(p)
	p.open("/#/game/" + c.ID)
	p.run("review", clickSel(".banner a#review"))
	p.waitJS("the review's end", `document.querySelector('#review-progress')?.dataset.done === 'true'`)
	p.run("the blunder", clickSel(`#movelist button[data-ply="1"]`))
	p.waitJS("judged", `document.querySelector('#judged').textContent.startsWith('gaffe')`)
	fc.check(p, "review")
	p.run("analyse", clickSel("#analyse"))
	p.waitJS("the engine's lines", `document.querySelectorAll('#pv-lines li').length > 0`)
	fc.check(p, "analysis")
	p.noErrors()
}

// TestReviewUnits runs testdata/review_units.js in the page: unit checks
// of the judgements, the reading of the engine's reports, the analysis
// links and the board's arrows.
func TestReviewUnits(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/review_units.js")
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, newBrowser(t), staticServer(t), false)
	p.open("/")
	fails := evalJS[[]string](p, "(async () => {\n"+string(src)+"\n})()")
	for _, f := range fails {
		t.Errorf("review_units.js: %s", f)
	}
	p.noErrors()
}
