package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plateau-games/plateau/game"
)

// TestIllegalKeyboardReplayLists checks on one Oshi game that illegal
// clicks and typed moves explain themselves and change nothing, that the
// board and the notation field work from the keyboard, that the replay
// page steps through the game, and that the lists show it.
func TestIllegalKeyboardReplayLists(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	if _, err := srv.reg.New("oshi", ""); err != nil {
		t.Fatalf("browsertest: oshi is not wired: %v", err)
	}
	c := srv.create(t, "oshi", "", 0)
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.openSeat(c, 0)
	start := srv.get(t, c.ID).Position

	// Illegal attempts: a message, no move, no change.
	p.run("click empty e5", clickSquare("e5"))
	p.waitJS("why e5", `document.querySelector('#message').textContent.includes('e5')`)
	p.run("select e3", clickSquare("e3"))
	p.run("click e9", clickSquare("e9"))
	p.waitJS("why e9", `document.querySelector('#message').textContent.includes('e9')`)
	p.run("type nonsense", chromedp.SendKeys(chromedp.CSS("#notation"), "zz9"+kb.Enter))
	p.waitJS("why zz9", `document.querySelector('#message').textContent.includes('zz9')`)
	if v := srv.get(t, c.ID); len(v.Moves) != 0 || v.Position != start {
		t.Fatalf("illegal attempts changed the game: moves %v", v.Moves)
	}
	p.checkBoard("oshi", start)

	// Keyboard: arrows and Enter on the board, then typed notation.
	p.eval0(`document.querySelector('.board-wrap rect.hit[tabindex="0"]').focus()`)
	from := evalJS[string](p, `document.activeElement.dataset.sq`)
	if from != "a1" {
		t.Fatalf("focused square %q, want a1", from)
	}
	p.run("keys to c2", chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight+kb.ArrowUp+kb.Enter))
	p.run("keys to c3", chromedp.KeyEvent(kb.ArrowUp+kb.Enter))
	p.waitJS("keyboard move", `document.querySelectorAll('#movelist li').length > 0`)
	v := srv.waitTurn(t, c.ID, 0)
	if len(v.Moves) < 1 || v.Moves[0] != "c2c3" {
		t.Fatalf("keyboard move: got moves %v, want c2c3 first", v.Moves)
	}
	mv := v.Legal[0]
	p.eval0(`document.querySelector('#notation').value = ''`)
	p.run("type a move", chromedp.SendKeys(chromedp.CSS("#notation"), strings.ToUpper(mv)+kb.Enter))
	p.waitJS("typed move", fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d`, len(v.Moves)))
	v2 := srv.waitTurn(t, c.ID, 0)
	if len(v2.Moves) <= len(v.Moves) || v2.Moves[len(v.Moves)] != mv {
		t.Fatalf("typed move: got moves %v, want %s after %v", v2.Moves, mv, v.Moves)
	}
	p.checkBoard("oshi", v2.Position)

	// Replay: every position, reached by steps, jumps and autoplay.
	positions := replayPositions(t, srv.reg, "oshi", start, v2.Moves)
	games := srv.countGames(t)
	p.open("/#/replay/" + c.ID)
	p.waitJS("replay", `!!document.querySelector('#ply')`)
	p.checkBoard("oshi", positions[len(positions)-1])
	p.run("first", clickSel("#first"))
	p.checkBoard("oshi", positions[0])
	p.run("next", clickSel("#next"))
	p.checkBoard("oshi", positions[1])
	p.eval0(`const s = document.querySelector('#jump'); s.value = 3; s.dispatchEvent(new Event('input'))`)
	p.checkBoard("oshi", positions[3])
	p.run("play", clickSel("#play"))
	p.waitJS("autoplay to the end", fmt.Sprintf(`document.querySelector('#ply').textContent.startsWith('Move %d of %d')`, len(v2.Moves), len(v2.Moves)))
	p.checkBoard("oshi", positions[len(positions)-1])
	if got := srv.countGames(t); got != games {
		t.Errorf("the replay changed the number of games from %d to %d; it must only read", games, got)
	}

	// Lists: the game is ongoing, then finished once resigned.
	p.open("/#/games")
	p.waitJS("ongoing list", fmt.Sprintf(`!!document.querySelector('#ongoing [data-id=%q]')`, c.ID))
	p.open("/#/game/" + c.ID)
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	p.run("resign", clickSel("#resign"))
	p.run("confirm", clickSel("#resign"))
	p.waitJS("banner", `!document.querySelector('.banner').hidden`)
	p.open("/#/games")
	p.waitJS("finished list", fmt.Sprintf(`!!document.querySelector('#finished [data-id=%q]')`, c.ID))
	p.noErrors()
}

// replayPositions returns the position before every move and the last.
func replayPositions(t *testing.T, reg *game.Registry, id, start string, moves []string) []string {
	t.Helper()
	s, err := reg.New(id, start)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{s.String()}
	for _, mv := range moves {
		if _, err := game.PlayChecked(s, mv); err != nil {
			t.Fatal(err)
		}
		out = append(out, s.String())
	}
	return out
}

// TestPhone opens a game on a phone-sized screen: nothing may overflow
// sideways, and the board must fit the width.
func TestPhone(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	games := playedGames(srv)
	if len(games) == 0 {
		t.Fatal("browsertest: no game the client draws is wired")
	}
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	for _, g := range games {
		c := srv.create(t, g, "", 0)
		p.openSeat(c, 0)
		if w := evalJS[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("%s: page overflows the phone's width by %dpx", g, w)
		}
		if w := evalJS[float64](p, `document.querySelector('svg.board').getBoundingClientRect().width`); w > 390 || w < 300 {
			t.Errorf("%s: board is %.0fpx wide on a 390px screen", g, w)
		}
	}
	p.noErrors()
}
