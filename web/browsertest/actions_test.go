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
