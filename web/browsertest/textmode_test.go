package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
)

// winningTurn finds a position where the player to act wins with one
// turn; for a game whose turns have several moves (Abraxas) it prefers a
// turn of two moves or more, so that the test types every step.
func winningTurn(t *testing.T, reg *game.Registry, g string) (pos string, turn []string) {
	t.Helper()
	for seed := uint64(1); seed < 60; seed++ {
		s, err := reg.New(g, "")
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(seed)
		var hist []string  // positions before each ply
		var moves []string // the plies
		for ply := 0; ply < 3000 && s.Result() == game.Ongoing; ply++ {
			me := s.ToAct()
			win := game.FirstWins
			if me == game.Second {
				win = game.SecondWins
			}
			for _, mv := range game.MoveStrings(s) {
				c := s.Clone()
				if _, err := game.PlayChecked(c, mv); err != nil {
					t.Fatal(err)
				}
				if c.Result() != win || ply < 4 {
					continue
				}
				if from := turnStart(t, reg, g, hist, me); from < len(moves) {
					return hist[from], append(append([]string{}, moves[from:]...), mv)
				}
				if seed >= 20 {
					return s.String(), []string{mv}
				}
			}
			hist = append(hist, s.String())
			all := game.MoveStrings(s)
			mv := all[r.IntN(len(all))]
			moves = append(moves, mv)
			if _, err := game.PlayChecked(s, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no winning turn found for %s", g)
	return "", nil
}

// turnStart returns the index of the first ply of the turn under way:
// the steps of it already made by me, if any, are those after it.
func turnStart(t *testing.T, reg *game.Registry, g string, hist []string, me game.Player) int {
	t.Helper()
	from := len(hist)
	for from > 0 && playerOf(t, reg, g, hist[from-1]) == me {
		from--
	}
	return from
}

// playerOf returns the player to act in a position.
func playerOf(t *testing.T, reg *game.Registry, g, pos string) game.Player {
	t.Helper()
	s, err := reg.New(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	return s.ToAct()
}

// textCmd types a line into the text mode and returns its answer.
func (p *page) textCmd(line string) string {
	p.t.Helper()
	p.eval0(`document.querySelector('#text-out').textContent = ''`)
	p.run("type "+line, chromedp.SendKeys(chromedp.CSS("#text-cmd"), line+kb.Enter))
	p.waitJS("answer to "+line, `document.querySelector('#text-out').textContent !== ''`)
	return p.text("#text-out")
}

// textLog returns the lines of the text mode's event log.
func (p *page) textLog() []string {
	p.t.Helper()
	return evalJS[[]string](p, `[...document.querySelectorAll('#text-log p')].map((x) => x.textContent)`)
}

// TestTextMode plays the end of a game of each game with the text mode
// alone: the link at the top of the page turns it on, the commands read
// the board, the pieces, a square, the moves from a square, every legal
// move, the last move, the turn and the clocks, and the winning turn
// (every step of an Abraxas turn) is typed; the log announces the turn
// and the result once each.
func TestTextMode(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	p := newPage(t, browser, srv.URL, true)
	p.open("/")
	p.run("text mode on", chromedp.SendKeys(chromedp.CSS("#textmode"), kb.Enter))
	p.waitJS("text mode link", `document.querySelector('#textmode').textContent.includes('Leave')`)
	for _, g := range srv.reg.Names() {
		t.Run(g, func(t *testing.T) {
			p.t = t
			pos, turn := winningTurn(t, srv.reg, g)
			t.Logf("%s: %s, winning turn %q", g, pos, turn)
			me := int(playerOf(t, srv.reg, g, pos))
			c := srv.create(t, g, pos, me)
			p.fresh(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)), `!!document.querySelector('#text-cmd') && document.querySelectorAll('#text-log p').length > 0`)
			checks := []struct{ cmd, want string }{
				{"t", "Your turn"},
				{"b", "Row "},
				{"p", ":"},
				{"c", "no clock"},
				{"l", "No move yet"},
				{"a", turn[0]},
				{"h", "Commands"},
				{"zz9", "not a legal move"},
			}
			if sq := turn[0][:2]; strings.ContainsAny(sq[1:], "0123456789") {
				checks = append(checks, struct{ cmd, want string }{"m " + sq, turn[0]}, struct{ cmd, want string }{"s " + sq, sq + ": "})
			}
			for _, c := range checks {
				if got := p.textCmd(c.cmd); !strings.Contains(got, c.want) {
					t.Errorf("%s: command %q: got %q, want it to contain %q", g, c.cmd, got, c.want)
				}
			}
			for i, mv := range turn {
				n := len(p.textLog())
				if got := p.textCmd(mv); !strings.Contains(got, "You play") {
					t.Fatalf("%s: move %q: got %q", g, mv, got)
				}
				if i < len(turn)-1 {
					p.waitJS("the next step announced", fmt.Sprintf(`document.querySelectorAll('#text-log p').length > %d`, n))
					if last := p.textLog(); !strings.Contains(last[len(last)-1], "Your turn") {
						t.Errorf("%s: after step %d got %q, want Your turn", g, i+1, last[len(last)-1])
					}
				}
			}
			p.waitJS("result announced", `[...document.querySelectorAll('#text-log p')].some((x) => x.textContent.startsWith('Game over'))`)
			over := 0
			for _, l := range p.textLog() {
				if strings.HasPrefix(l, "Game over") {
					over++
				}
			}
			if over != 1 {
				t.Errorf("%s: the result was announced %d times, want once: %q", g, over, p.textLog())
			}
			if live := evalJS[string](p, `document.querySelector('#announce').getAttribute('aria-live')`); live != "off" {
				t.Errorf("%s: the page's own live region is %q in text mode, want off (each event said once)", g, live)
			}
			p.noErrors()
		})
	}
}

// TestTextModePuzzles solves a puzzle of each game with the text mode
// alone (the lessons share its board, practice.js): the board is read,
// the solution is among the legal moves listed, and typing it solves
// the puzzle.
func TestTextModePuzzles(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	set, err := puzzles.Load(srv.reg)
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.open("/")
	p.eval0(`localStorage.setItem('plateau:textmode', '1')`)
	for _, g := range set.Games() {
		pz := set.Of(g)[0]
		p.fresh("/#/puzzles/"+g+"/"+pz.ID, `!!document.querySelector('.puzzle #text-cmd') && document.querySelectorAll('#text-log p').length > 0`)
		if got := p.textCmd("b"); !strings.Contains(got, "Row ") {
			t.Errorf("%s puzzle: board: got %q, want its rows", g, got)
		}
		if got := p.textCmd("a"); !strings.Contains(got, pz.Solution) {
			t.Errorf("%s puzzle: legal moves: got %q, want %s among them", g, got, pz.Solution)
		}
		if got := p.textCmd(pz.Solution); !strings.Contains(got, "You play") {
			t.Errorf("%s puzzle: typing %s: got %q", g, pz.Solution, got)
		}
		p.waitJS(g+" puzzle solved", `!!document.querySelector('#puzzle-message.good')`)
	}
	p.noErrors()
}

// TestTextModeEvents: a friend's chat line, draw offer and move reach
// the text mode's log of the other player, each said once.
func TestTextModeEvents(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	a, b, id, _ := withFriend(t, browser, srv.URL, srv.reg.Names()[0], nil)
	b.base = srv.URL
	b.eval0(`localStorage.setItem('plateau:textmode', '1')`)
	b.fresh("/#/game/"+id, `!!document.querySelector('#text-cmd') && document.querySelectorAll('#text-log p').length > 0`)
	has := func(s string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('#text-log p')].some((x) => x.textContent.includes(%q))`, s)
	}
	a.eval0(`document.querySelector('#chat-input').value = 'good luck'`)
	a.run("send a chat line", clickSel(`form.chat-form button[type=submit]`))
	b.waitJS("the chat line announced", has("good luck"))
	a.run("offer a draw", clickSel("#offer-draw"))
	b.waitJS("the draw offer announced", has("offers a draw"))
	mv := evalJS[string](a, `fetch('/api/games/`+id+`').then((r) => r.json()).then((v) => v.legal[0])`)
	a.eval0(`document.querySelector('#notation').value = ` + jsString(mv))
	a.run("play "+mv, clickSel(`form.notation button[type=submit]`))
	b.waitJS("the move announced", has(" played "+mv))
	for _, s := range []string{"good luck", "offers a draw", " played " + mv} {
		n := 0
		for _, l := range b.textLog() {
			if strings.Contains(l, s) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q was announced %d times, want once: %q", s, n, b.textLog())
		}
	}
	a.noErrors()
	b.noErrors()
}
