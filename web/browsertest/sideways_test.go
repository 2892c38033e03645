package browsertest

import (
	"fmt"
	"testing"
)

// overflowJS lists the elements of the page that stick out past the
// right edge of a screen %d pixels wide, outside any box made to scroll
// or clip them (a wide table in a scrolling wrapper is fine): on a
// phone, such an element widens the page (innerWidth grows with it, so
// the screen's width is given), which is then shown zoomed out or
// scrolls sideways.
const overflowJS = `((W) => {
  const clipped = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return true;
    }
    return false;
  };
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= W + 1 || clipped(e)) continue;
    out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '') + ' to ' + Math.round(r.right) + 'px');
    if (out.length >= 5) break;
  }
  return out;
})(%d)`

// TestNothingSideways opens every page on a phone: nothing may stick out
// past the right edge of the screen (a long option in a select widened
// the lobby's forms past it).
func TestNothingSideways(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	games := srv.reg.Names()
	g := games[0]
	c := srv.create(t, g, "", 0)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.run("viewport", phone.emulate())
	pages := []struct{ path, ready string }{
		{"/", `document.querySelectorAll('.card svg').length > 0`},
		{"/#/lobby", `!!document.querySelector('#seek-form')`},
		{"/#/games", `!!document.querySelector('#finished')`},
		{"/#/watch", `!!document.querySelector('main h1')`},
		{"/#/account", `!!document.querySelector('#acct-lead')`},
		{"/#/keys", `!!document.querySelector('main h1')`},
		{"/#/leaderboard/" + g, `!!document.querySelector('main h1')`},
		{"/#/lessons/" + g, `document.querySelectorAll('.board-wrap .hit').length > 0`},
		{"/#/puzzles/" + g, `document.querySelectorAll('.puzzle .board-wrap .hit').length > 0`},
		{"/#/analysis/" + g, `document.querySelectorAll('.board-wrap .hit').length > 0`},
		{"/#/game/" + c.ID, `document.querySelectorAll('.board-wrap .hit').length > 0`},
	}
	for _, name := range games {
		pages = append(pages, struct{ path, ready string }{"/#/rules/" + name, `document.querySelectorAll('figure.diagram').length > 0`})
	}
	for _, pg := range pages {
		p.fresh(pg.path, pg.ready)
		if out := evalJS[[]string](p, fmt.Sprintf(overflowJS, phone.w)); len(out) > 0 {
			t.Errorf("%s on a phone: got %v past the screen's right edge, want nothing", pg.path, out)
		}
	}
	p.fresh("/", pages[0].ready)
	p.openNewGame(g)
	if out := evalJS[[]string](p, fmt.Sprintf(overflowJS, phone.w)); len(out) > 0 {
		t.Errorf("the new-game dialog on a phone: got %v past the screen's right edge, want nothing", out)
	}
}
