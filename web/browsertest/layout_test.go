package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// inView checks that the page has not scrolled and that the elements a
// player watches are on screen: the players and turn line, the whole
// board, and the prompt and choices when there are any.
func (p *page) inView(when string) {
	p.t.Helper()
	type box struct {
		Sel          string
		Top, Bottom  float64
		Shown        bool
		ScrollY, Win float64
	}
	boxes := evalJS[[]box](p, `['.status', 'svg.board', '#prompt', '#options', '.banner'].map((sel) => {
	  const e = document.querySelector(sel), r = e.getBoundingClientRect();
	  return { Sel: sel, Top: r.top, Bottom: r.bottom, Shown: !e.hidden && r.height > 0, ScrollY: scrollY, Win: innerHeight };
	})`)
	for _, b := range boxes {
		if b.ScrollY != 0 {
			p.t.Errorf("%s: the page scrolled itself by %.0fpx", when, b.ScrollY)
			return
		}
		if b.Shown && (b.Top < 0 || b.Bottom > b.Win+0.5) {
			p.t.Errorf("%s: %s spans %.0f-%.0fpx, off a %.0fpx screen", when, b.Sel, b.Top, b.Bottom, b.Win)
		}
	}
}

// TestBoardStaysInView plays moves by clicking on a phone and a desktop
// screen: after each move and each reply the page must not have scrolled,
// and the board, the turn line and the choices of the move being entered
// must stay on screen, including an Abraxas replay's Stop!/pass choice.
func TestBoardStaysInView(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		for _, g := range []string{"oshi", "abraxas"} {
			t.Run(vp.name+"/"+g, func(t *testing.T) {
				p := newPage(t, browser, srv.URL, false)
				p.run("viewport", vp.emulate())
				c := srv.create(t, g, "", 0)
				p.openSeat(c, 0)
				v := srv.waitTurn(t, c.ID, 0)
				for i := 0; i < 6 && v.Result == "ongoing"; i++ {
					mv := pick(v.Legal, i)
					p.playByClicks(mv, len(v.Moves))
					next := srv.waitTurn(t, c.ID, 0)
					p.waitJS("reply shown", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(next.Moves)))
					p.inView(fmt.Sprintf("after %s and the reply", mv))
					v = next
				}
				p.noErrors()
			})
		}
		t.Run(vp.name+"/interrupt", func(t *testing.T) {
			pos, _ := findPosition(t, srv.reg, "abraxas", func(l []string) string {
				if slices.Contains(l, "pass") {
					return "pass"
				}
				return ""
			})
			p := newPage(t, browser, srv.URL, false)
			p.run("viewport", vp.emulate())
			p.openAs(srv, "abraxas", pos)
			p.waitJS("pass offered", `!!document.querySelector('#options button[data-opt=pass]')`)
			p.inView("Stop!/pass asked")
			p.noErrors()
		})
		t.Run(vp.name+"/stop steps", func(t *testing.T) {
			pos, hole := playPosition(t, srv, "abraxas:push=free")
			p := newPage(t, browser, srv.URL, false)
			p.run("viewport", vp.emulate())
			p.openAs(srv, "abraxas:push=free", pos)
			p.clickOption("stop")
			p.inView("stop pawn chosen")
			p.run("click "+hole, clickSquare(hole))
			p.waitJS("push asked", `!!document.querySelector('#options button[data-opt=nopush]')`)
			p.inView("push asked after a stop pawn")
			p.noErrors()
		})
	}
}

// TestGameOverLayout ends games by resignation on a desktop and a phone
// screen: the result must not push the board off screen, the phase line
// and the notation form go, and "You lose" does not name the winner again.
func TestGameOverLayout(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		for _, g := range []string{"oshi", "abraxas"} {
			t.Run(vp.name+"/"+g, func(t *testing.T) {
				p := newPage(t, browser, srv.URL, false)
				p.run("viewport", vp.emulate())
				c := srv.create(t, g, "", 0)
				p.openSeat(c, 0)
				srv.waitTurn(t, c.ID, 0)
				p.run("resign", clickSel("#resign"))
				p.run("confirm", clickSel("#resign"))
				p.waitJS("banner", `!document.querySelector('.banner').hidden`)
				p.inView("game over")
				banner := evalJS[string](p, `document.querySelector('.banner').textContent`)
				if !strings.Contains(banner, "You lose") || strings.Contains(strings.ToLower(banner), "winner") {
					t.Errorf("banner %q: want \"You lose\" without restating the winner", banner)
				}
				if n := count(p, ".game .phase"); n != 0 {
					t.Errorf("%d phase lines left after the game", n)
				}
				if evalJS[bool](p, `!!document.querySelector('form.notation')?.offsetParent`) {
					t.Errorf("the move form is still offered after the game")
				}
				if n := count(p, ".banner .after-game a, .banner .after-game button"); n < 2 {
					t.Errorf("got %d after-game actions in the banner, want replay and new game at least", n)
				}
				p.noErrors()
			})
		}
	}
}
