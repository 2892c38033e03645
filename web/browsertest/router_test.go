package browsertest

import (
	"testing"
)

// TestLeaveLazyPageEarly leaves the analysis board for the rules before
// its engine has answered (issue 30, stumble 1): the page that was left
// must never render over the rules nor take the address back, and its
// engine must be stopped once it arrives.
func TestLeaveLazyPageEarly(t *testing.T) {
	skipShort(t)
	base := staticServer(t)
	p := newPage(t, newBrowser(t), base, true)
	p.open("/")
	// The test records every address the page writes and every worker it
	// ends, then opens the analysis board and leaves it at once.
	p.eval0(`window.__addr = [];
		const rs = history.replaceState.bind(history);
		history.replaceState = (s, u, href) => { window.__addr.push(String(href)); return rs(s, u, href); };
		window.__ended = 0;
		const term = Worker.prototype.terminate;
		Worker.prototype.terminate = function () { window.__ended++; return term.call(this); };
		location.hash = '#/analysis/oxford';
		setTimeout(() => { location.hash = '#/rules/oxford'; }, 0)`)
	// Either the left page stops its engine (right) or it writes its
	// address (wrong); both happen only once its engine has answered.
	p.waitJS("the analysis board to be done with", `window.__ended > 0 || window.__addr.some((a) => a.includes('/analysis/'))`)
	if got := evalJS[string](p, `location.hash`); got != "#/rules/oxford" {
		t.Errorf("address after leaving the analysis board: got %q, want #/rules/oxford", got)
	}
	if got := evalJS[[]string](p, `window.__addr`); len(got) != 0 {
		t.Errorf("addresses written by the page that was left: got %q, want none", got)
	}
	if n := count(p, "main #position-string"); n != 0 {
		t.Errorf("analysis board elements on the rules page: got %d, want 0", n)
	}
	if n := count(p, "main h1"); n != 1 {
		t.Errorf("headings on the rules page: got %d, want 1", n)
	}
	p.noErrors()
}
