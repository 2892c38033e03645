package browsertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// clickSel clicks the first element matching a CSS selector, as a mouse would.
func clickSel(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)
}

// stillAt is true once the element sel has kept its place on the screen
// over three animation frames: a click computed while a page still
// lays itself out (a list filling in above a form) lands where the
// element was, on whatever is there now.
func stillAt(sel string) string {
	return fmt.Sprintf(`new Promise((done) => {
  const el = document.querySelector(%q);
  if (!el) { done(false); return; }
  const at = () => { const r = el.getBoundingClientRect(); return r.top + ',' + r.left; };
  let last = at(), same = 0;
  const look = () => { const now = at(); same = now === last ? same + 1 : 0; last = now; if (same >= 3) done(true); else requestAnimationFrame(look); };
  requestAnimationFrame(look);
})`, sel)
}

// clickSteady clicks sel as a person would, once it stays in place.
func (p *page) clickSteady(what, sel string) {
	p.t.Helper()
	p.run("scroll to "+what, chromedp.ScrollIntoView(chromedp.CSS(sel)))
	if !evalJS[bool](p, stillAt(sel)) {
		p.t.Fatalf("%s: %s is not on the page", what, sel)
	}
	p.run(what, clickSel(sel))
}

// clickSquare clicks a square of the game page's board.
func clickSquare(sq string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(fmt.Sprintf(`.board-wrap rect.hit[data-sq="%s"]`, sq)))
}

// openNewGame clicks a game's New game button on the home page and waits
// for its dialog, so that a click which missed fails here, by name,
// rather than as a later click waiting for a dialog that never opened.
func (p *page) openNewGame(game string) {
	p.t.Helper()
	p.run("new "+game, clickSel(fmt.Sprintf(`button[data-new=%q]`, game)))
	p.waitJS("the new-game dialog of "+game, `!!document.querySelector('dialog.newgame[open]')`)
}

// withFriend starts an invite game of g from the home page of a, a new
// page of its own, and opens the invite link in b, a second one, as a
// friend would; vp, when not nil, sizes both. It returns both pages, the
// game id and the invite link once the friend sees the board.
func withFriend(t *testing.T, browser context.Context, url, g string, vp *viewport) (a, b *page, id, invite string) {
	t.Helper()
	a = newPage(t, browser, url, true)
	b = newPage(t, browser, "", true)
	if vp != nil {
		a.run("viewport", vp.emulate())
		b.run("viewport", vp.emulate())
	}
	id = a.newGameFromHome(g, "friend")
	a.waitJS("invite link", `!!document.querySelector('#invite-url')`)
	invite = evalJS[string](a, `document.querySelector('#invite-url').value`)
	b.run("open invite", chromedp.Navigate(invite))
	b.waitJS("friend's board", `location.hash === '#/game/`+id+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
	return a, b, id, invite
}

// chooseLang picks a language in the header's picker, as a person does
// with the keyboard or the mouse: the select's value changes, then its
// change event fires.
func chooseLang(lang string) chromedp.Action[chromedp.Void] {
	js := fmt.Sprintf(`(() => { const s = document.getElementById('lang'); if (!s) return false; s.focus(); s.value = %q; s.dispatchEvent(new Event('change', { bubbles: true })); return true; })()`, lang)
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		ok, err := chromedp.Evaluate[bool](js)(ctx, t)
		if err == nil && !ok {
			err = fmt.Errorf("no language picker on the page")
		}
		return chromedp.Void{}, err
	}
}
