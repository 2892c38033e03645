package browsertest

import (
	"fmt"

	"github.com/chromedp/chromedp"
)

// clickSel clicks the first element matching a CSS selector, as a mouse would.
func clickSel(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible)
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
