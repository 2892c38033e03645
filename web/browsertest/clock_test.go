package browsertest

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestClockAndTurnTitle starts a real-time game against a friend from
// the new-game dialog, on a desktop and a phone screen: each player's
// clock is shown and ticks; before the friend comes, the creator is told
// that the opponent is not there; and when a turn comes to a page that
// is not looked at, its title says "(1) Your turn" and a sound plays,
// until the player looks again. Switched off, the title stays.
func TestClockAndTurnTitle(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			a := newPage(t, browser, srv.URL, true)
			a.run("viewport", vp.emulate())
			a.open("/")
			a.openNewGame(g)
			a.run("opponent", clickSel(`dialog.newgame input[name=opp][value="friend"]`))
			a.run("time control", chromedp.SetValue(chromedp.CSS(`#ng-time`), "5+3"))
			a.run("start", clickSel(`dialog.newgame button[type=submit]`))
			a.waitJS("game page", `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length > 0`)
			id := evalJS[string](a, `location.hash.slice('#/game/'.length)`)
			if v := srv.get(t, id); v.Clock == nil || v.Clock.Control != "5+3" {
				t.Fatalf("got clock %+v, want a 5+3 game", v.Clock)
			}
			a.waitJS("both clocks shown", `[...document.querySelectorAll('.clock')].filter((e) => !e.hidden && e.textContent === '5:00').length >= 1`)
			a.waitJS("the running clock ticks", textOf(`.clock[data-clock="0"]`)+` < '5:00' && `+textOf(`.clock[data-clock="0"]`)+` >= '4:'`)
			a.waitJS("the friend's absence told", textOf("#away")+`.includes('not connected')`)
			// On the creator's own turn, their clock runs, not the absent
			// friend's; what the first move's limit is, is said in words.
			a.waitJS("whose clock runs", textOf("#away")+`.includes('your clock runs')`)
			a.waitJS("the first move's limit", textOf("#first-move")+`.startsWith('Make your first move')`)

			invite := evalJS[string](a, `document.querySelector('#invite-url').value`)
			b := newPage(t, browser, "", true)
			b.run("viewport", vp.emulate())
			b.run("open invite", chromedp.Navigate(invite))
			b.waitJS("friend's board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			a.waitJS("the friend's arrival told", `!document.querySelector('#away')`)
			b.waitJS("clocks on the friend's page", `!document.querySelector('.clock[data-clock="1"]').hidden`)

			// The friend looks elsewhere (another tab or window).
			title := evalJS[string](b, `document.title`)
			b.eval0(`document.hasFocus = () => false; window.dispatchEvent(new Event('blur'))`)
			v := srv.get(t, id)
			a.playByClicks(pick(v.Legal, 0), 0)
			b.waitJS("title says it is their turn", `document.title.startsWith('(1) Your turn')`)
			if !evalJS[bool](b, `(window.plateauSounds || []).some((s) => s.name === 'turn')`) {
				t.Errorf("no turn sound asked for")
			}
			b.eval0(`document.hasFocus = () => true; window.dispatchEvent(new Event('focus'))`)
			b.waitJS("title back", fmt.Sprintf(`document.title === %q`, title))

			// Switched off: the next turn leaves the title alone.
			b.run("title switch off", clickSel(`#turn-title`))
			v = srv.get(t, id)
			b.playByClicks(pick(v.Legal, 0), 1)
			b.eval0(`document.hasFocus = () => false; window.dispatchEvent(new Event('blur'))`)
			v = srv.get(t, id)
			a.playByClicks(pick(v.Legal, 0), 2)
			b.waitJS("the move arrives", `document.querySelectorAll('#movelist li').length === 3`)
			if got := evalJS[string](b, `document.title`); got != title {
				t.Errorf("title switched off: got %q, want %q", got, title)
			}
			if got := evalJS[string](b, `localStorage.getItem('plateau:turn:title')`); got != "off" {
				t.Errorf("title switch kept as %q, want off", got)
			}

			// Notifications: asked for by the player's own click, shown
			// when the tab is hidden. The browser's Notification is
			// replaced by one that records, as a headless browser shows none.
			b.eval0(`window.shown = []; window.asked = 0;
				window.Notification = class { constructor(title, o) { window.shown.push(title); }
					static permission = 'default';
					static async requestPermission() { window.asked++; Notification.permission = 'granted'; return 'granted'; } };
				Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })`)
			b.run("notify switch on", clickSel(`#turn-notify`))
			b.waitJS("permission asked on the click", `window.asked === 1`)
			v = srv.get(t, id)
			b.playByClicks(pick(v.Legal, 0), 3)
			v = srv.get(t, id)
			a.playByClicks(pick(v.Legal, 0), 4)
			b.waitJS("a notification shown", `window.shown.length === 1 && window.shown[0].startsWith('Your turn')`)
			a.noErrors()
			b.noErrors()
		})
	}
}
