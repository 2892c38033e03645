package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// meName returns the display name of the page's player, from its session.
func (p *page) meName() string {
	p.t.Helper()
	return evalJS[string](p, `fetch('/api/me').then((r) => r.json()).then((m) => m.name)`)
}

// TestInviteClaimedOnce: a friend opening the invite link takes the
// seat and plays; a third browser opening the same link afterwards can
// only watch, and is told who took the seat. Desktop and phone.
func TestInviteClaimedOnce(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			a, b, id, invite := withFriend(t, browser, srv.URL, g, &vp)
			bob := b.meName()
			a.waitJS("the friend's name on the creator's page", fmt.Sprintf(`%s.includes(%q)`, textOf(".player.p1"), bob))
			a.waitJS("invite gone once accepted", `!document.querySelector('#invite-url')`)

			c := newPage(t, browser, "", true)
			c.run("viewport", vp.emulate())
			c.run("open the same invite", chromedp.Navigate(invite))
			c.waitJS("third board", `location.hash === '#/game/`+id+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
			c.waitJS("told the seat was taken", textOf("#claim-note")+fmt.Sprintf(` === 'This seat was taken by %s; you are watching.'`, bob))
			if n := count(c, "#notation, #resign"); n != 0 {
				t.Errorf("the third browser has %d move or resign controls, want none", n)
			}

			// The creator moves, the friend answers; the third browser's
			// click changes nothing.
			v := srv.get(t, id)
			a.playByClicks(pick(v.Legal, 0), 0)
			v = srv.get(t, id)
			c.run("third clicks", clickSquare(firstSquare(v.Legal)))
			b.playByClicks(pick(v.Legal, 1), 1)
			c.waitJS("third sees both moves", `document.querySelectorAll('#movelist li').length === 2`)
			if after := srv.get(t, id); len(after.Moves) != 2 {
				t.Errorf("got %d moves, want 2: the third browser moved or the friend could not", len(after.Moves))
			}
			for _, p := range []*page{a, b, c} {
				p.noErrors()
			}
		})
	}
}

// TestOldSeatTokensClaimed: a browser that kept a seat token in
// localStorage before players claims the seat on its next visit, drops
// the token, and finds the game in My games, its turn first.
func TestOldSeatTokensClaimed(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	c := srv.create(t, g, "", 0) // made by a program: tokens, nobody seated
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open("/")
	p.eval0(fmt.Sprintf(`localStorage.setItem('plateau:seats:%s', JSON.stringify({0: %q}))`, c.ID, c.token(0)))
	p.open("/#/games")
	p.run("next visit", chromedp.Reload())
	p.waitJS("the old game in My games", fmt.Sprintf(`!!document.querySelector('#ongoing li[data-id=%q]')`, c.ID))
	if got := evalJS[bool](p, fmt.Sprintf(`localStorage.getItem('plateau:seats:%s') === null`, c.ID)); !got {
		t.Errorf("the old token is still kept after the claim")
	}
	if got := evalJS[string](p, textOf("#ongoing li")); !strings.Contains(got, "your turn") || !strings.Contains(got, "AI level 1") {
		t.Errorf("My games says %q, want the game with the AI, your turn", got)
	}
	p.run("resume", clickSel(fmt.Sprintf(`#ongoing li[data-id=%q] a.title`, c.ID)))
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	v := srv.get(t, c.ID)
	p.playByClicks(pick(v.Legal, 0), 0)
	p.waitJS("the AI answers", `document.querySelectorAll('#movelist li').length === 2`)
	p.noErrors()
}

// TestWatchAndPrivate: the Watch page lists public games being played,
// not private ones; a private game is made with the dialog's checkbox.
func TestWatchAndPrivate(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	a := newPage(t, browser, srv.URL, true)
	public := a.newGameFromHome(g, "ai")
	a.open("/")
	a.openNewGame(g)
	a.run("private", clickSel(`#ng-private`))
	a.run("start", clickSel(`dialog.newgame button[type=submit]`))
	a.waitJS("game page", `location.hash.startsWith('#/game/') && location.hash !== '#/game/`+public+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
	private := evalJS[string](a, `location.hash.slice('#/game/'.length)`)

	w := newPage(t, browser, srv.URL, true)
	w.open("/#/watch")
	w.waitJS("live list", fmt.Sprintf(`!!document.querySelector('#live li[data-id=%q]')`, public))
	if n := count(w, fmt.Sprintf(`#live li[data-id=%q]`, private)); n != 0 {
		t.Errorf("the private game is listed on the Watch page")
	}
	w.open("/#/game/" + private)
	w.waitJS("the private game by its link", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	a.open("/#/games")
	a.waitJS("both in My games", `document.querySelectorAll('#ongoing li[data-id]').length === 2`)
	if got := evalJS[string](a, textOf(fmt.Sprintf(`#ongoing li[data-id=%q]`, private))); !strings.Contains(got, "private") {
		t.Errorf("My games says %q of the private game, want it marked private", got)
	}
	a.noErrors()
	w.noErrors()
}

// TestPlayerPageAndKeys: a player's page names them, says they are a
// guest, counts results; the API keys section shows a new key once and
// revokes it.
func TestPlayerPageAndKeys(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(g, "ai")
	p.run("resign", clickSel("#resign"))
	p.run("confirm", clickSel("#resign"))
	p.waitJS("over", `!document.querySelector('.banner').hidden`)
	name := p.meName()
	p.run("to my page", chromedp.Navigate(srv.URL+"/#/player/"+evalJS[string](p, `fetch('/api/me').then((r) => r.json()).then((m) => m.id)`)))
	p.waitJS("player page", textOf("#player-name")+fmt.Sprintf(` === %q`, name))
	if got := evalJS[string](p, textOf("#guest-note")); got != "This player is a guest." {
		t.Errorf("guest note %q", got)
	}
	if got := evalJS[string](p, fmt.Sprintf(`[...document.querySelectorAll('#results tr[data-game=%q] td')].map((x) => x.textContent).join()`, g)); got != "0,1,0" {
		t.Errorf("results row %q, want 0,1,0: no win, one loss, no draw", got)
	}
	if n := count(p, fmt.Sprintf(`#recent li[data-id=%q]`, id)); n != 1 {
		t.Errorf("the game is not in the recent games")
	}
	p.open("/#/keys")
	p.run("label", chromedp.SendKeys(chromedp.CSS("#key-label"), "my bot"))
	p.run("create key", clickSel("#new-key"))
	p.waitJS("key shown", `(document.querySelector('#new-key-value')?.value ?? '').startsWith('plateau_')`)
	p.waitJS("key listed", `document.querySelectorAll('#keys li[data-key]').length === 1`)
	p.run("revoke", clickSel("#keys li[data-key] button.revoke"))
	p.waitJS("key revoked", `document.querySelectorAll('#keys li[data-key]').length === 0 && document.querySelector('#key-shown').hidden`)
	p.noErrors()
}

// postJSON posts a JSON body from the page, as the client's own calls
// do, and returns the status.
func (p *page) postJSON(path, body string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`fetch(%q, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: %q }).then((r) => r.status)`, path, body))
}

// TestAccountFindsGames: a guest who plays, then makes an account, logs
// in from a fresh browser, finds the game in My games and moves there.
// (Sign-up and login go through the players' API from the page: their
// forms are the players concern's.) Desktop and phone.
func TestAccountFindsGames(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	for i, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			a := newPage(t, browser, srv.URL, true)
			a.run("viewport", vp.emulate())
			id := a.newGameFromHome(g, "ai")
			user := fmt.Sprintf("player%d", i)
			if st := a.postJSON("/api/account/signup", fmt.Sprintf(`{"username":%q,"password":"correct horse"}`, user)); st != 200 {
				t.Fatalf("sign up: got %d", st)
			}

			b := newPage(t, browser, srv.URL, true)
			b.run("viewport", vp.emulate())
			b.open("/")
			if st := b.postJSON("/api/account/login", fmt.Sprintf(`{"username":%q,"password":"correct horse"}`, user)); st != 200 {
				t.Fatalf("log in: got %d", st)
			}
			b.run("My games", clickSel(`header nav a[href="#/games"]`))
			b.waitJS("the game in My games", fmt.Sprintf(`!!document.querySelector('#ongoing li[data-id=%q]')`, id))
			b.run("resume", clickSel(fmt.Sprintf(`#ongoing li[data-id=%q] a.title`, id)))
			b.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			v := srv.waitTurn(t, id, 0)
			b.playByClicks(pick(v.Legal, 0), len(v.Moves))
			if after := srv.get(t, id); len(after.Moves) <= len(v.Moves) {
				t.Errorf("got %d moves, want the move made from the browser logged in", len(after.Moves))
			}
			a.noErrors()
			b.noErrors()
		})
	}
}
