package browsertest

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focusShown tells, for the focused element, what is wrong with its
// focus: "" when it is on an element of the page with a visible focus
// indicator (an outline of 2px or more, or a board square's ring). A
// control drawn by its wrapper (a transparent select over its short
// form, .focus-ring) shows the focus with the wrapper's outline.
const focusShown = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return 'the focus is on the body';
  const ring = a.closest('.focus-ring');
  const cs = getComputedStyle(ring && getComputedStyle(a).opacity === '0' ? ring : a);
  if (a.matches('.hit')) return cs.filter !== 'none' || cs.stroke !== 'none' ? '' : 'board square ' + a.getAttribute('aria-label') + ' shows no focus';
  if (cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) < 2) return (a.id || a.tagName) + ' "' + (a.textContent || a.value || '').trim().slice(0, 40) + '" shows no focus (outline ' + cs.outlineStyle + ' ' + cs.outlineWidth + ')';
  return '';
})()`

// TestFocusVisible walks with Tab through the home page, the new-game
// dialog, a game page (in the text mode too) and the lobby, in both
// themes: at every step until the end of the page's tab order the focus
// is on an element of the page, and that element shows it (WCAG 2.2,
// 2.4.7). TestFocusKeptByKeyboard checks that Resign and Start keep it.
func TestFocusVisible(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	c := srv.create(t, srv.reg.Names()[0], "", 0)
	pages := []struct{ what, path, ready string }{
		{"home", "/", `document.querySelectorAll('.card svg').length > 0`},
		{"new-game dialog", "/#/new/" + srv.reg.Names()[0], `!!document.querySelector('dialog.newgame[open]')`},
		{"game", fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)), `document.querySelectorAll('.board-wrap .hit').length > 0`},
		{"lobby", "/#/lobby", `!!document.querySelector('#lobby-seeks')`},
		{"text mode", "/#/game/" + c.ID, `!!document.querySelector('#text-cmd')`},
	}
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, true)
			p.scheme(scheme)
			for _, pg := range pages {
				if pg.what == "text mode" {
					p.eval0(`localStorage.setItem('plateau:textmode', '1')`)
				}
				p.fresh(pg.path, pg.ready)
				for i := range 25 {
					p.run("tab", chromedp.KeyEvent(kb.Tab))
					bad := evalJS[string](p, focusShown)
					if bad == "the focus is on the body" && i >= 5 {
						break // past the last element of the page: the browser's own controls are next
					}
					if bad != "" {
						t.Errorf("%s, %s, tab %d: %s", scheme, pg.what, i+1, bad)
						break
					}
				}
			}
			p.eval0(`localStorage.removeItem('plateau:textmode')`)
			p.noErrors()
		})
	}
}
