package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
	"github.com/plateau-games/plateau/web"
)

// newLobbyServer starts a server of every game whose lobby follows its
// store every 50ms and whose quick play offers the AI after wait: the
// server's Lobby.QuickPlayWait, 30s in service, set short here.
func newLobbyServer(t *testing.T, wait time.Duration) *testServer {
	t.Helper()
	s := servertest.Start(t, server.Config{Registry: registry(), Mover: firstMover{}, MoverName: "first legal move", Static: web.FS(),
		Lobby: server.LobbyConfig{Poll: 50 * time.Millisecond, QuickPlayWait: wait}})
	return &testServer{URL: s.URL, reg: registry()}
}

// openLobby opens the lobby page from the home page in the viewport vp.
func (p *page) openLobby(vp viewport) {
	p.t.Helper()
	p.run("viewport", vp.emulate())
	p.open("/")
	p.run("to the lobby", clickSel("#lobby-link"))
	p.waitJS("the lobby", `!!document.querySelector('#lobby-me') && document.querySelector('#lobby-me').textContent !== ''`)
}

// inGame waits for the page to show a game's board and returns its id.
func (p *page) inGame(what string) string {
	p.t.Helper()
	p.waitJS(what, `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length > 0`)
	return evalJS[string](p, `location.hash.slice('#/game/'.length)`)
}

// TestLobbySeekToRematch, with three people: Ann (desktop) posts a seek,
// Bea (phone) accepts it and both are taken to the game; Carl sees the
// seek come and go and then watches, counted on the players' page. Ann
// moves, Bea resigns, and one click each starts the rematch, colours
// swapped, both browsers taken to it.
func TestLobbySeekToRematch(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, time.Minute)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	ann, bea, carl := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	ann.openLobby(desktop)
	bea.openLobby(phone)
	carl.openLobby(desktop)
	ann.waitJS("three online", `document.querySelectorAll('.online-list li').length === 3`)

	ann.run("choose game", chromedp.SetValue(chromedp.CSS("#seek-game"), g), chromedp.SetValue(chromedp.CSS("#seek-colour"), "first"))
	ann.run("post seek", clickSel("#post-seek"))
	ann.waitJS("own seek listed", `!!document.querySelector('table.seeks tr.mine button[data-cancel]')`)
	carl.waitJS("seek seen live", `!!document.querySelector('table.seeks button[data-accept]')`)
	bea.waitJS("seek seen live", `!!document.querySelector('table.seeks button[data-accept]')`)
	bea.run("accept", clickSel("table.seeks button[data-accept]"))
	id := bea.inGame("accepter in the game")
	if got := ann.inGame("owner taken to the game"); got != id {
		t.Fatalf("got Ann in %s, Bea in %s, want one game", got, id)
	}
	carl.waitJS("seek gone", `!document.querySelector('table.seeks')`)

	v := srv.get(t, id)
	ann.playByClicks(pick(v.Legal, 0), 0)
	bea.waitJS("the move reaches Bea", `document.querySelectorAll('#movelist li').length === 1`)
	carl.open("/#/game/" + id)
	ann.waitJS("Carl counted as watching", textOf("#watchers")+` === '1 watching'`)

	bea.run("resign", clickSel("#resign"))
	bea.run("confirm", clickSel("#resign"))
	ann.waitJS("rematch offered", `!!document.querySelector('#rematch-button')`)
	ann.run("offer rematch", clickSel("#rematch-button"))
	ann.waitJS("offer shown", `!!document.querySelector('#rematch-waiting')`)
	bea.waitJS("offer received", `!!document.querySelector('#rematch-offered')`)
	bea.run("accept rematch", clickSel("#rematch-button"))
	left := fmt.Sprintf(`location.hash !== '#/game/%s'`, id)
	bea.waitJS("Bea leaves the old game", left)
	ann.waitJS("Ann leaves the old game", left)
	again := bea.inGame("Bea in the rematch")
	if got := ann.inGame("Ann in the rematch"); got != again || again == id {
		t.Fatalf("got Ann in %s, Bea in %s after %s, want one new game", got, again, id)
	}
	seats := fmt.Sprintf(`fetch('/api/games/%s/me').then((r) => r.json()).then((j) => JSON.stringify(j.seats))`, again)
	if a, b := evalJS[string](ann, seats), evalJS[string](bea, seats); a != `[1]` || b != `[0]` {
		t.Errorf("got Ann's seats %s, Bea's %s in the rematch, want 1 and 0 (swapped)", a, b)
	}
	for _, p := range []*page{ann, bea, carl} {
		p.noErrors()
	}
}

// TestQuickPlay: Play now by Ann (phone) waits; Bea's (desktop) Play now
// pairs them. Ann's next Play now finds nobody, and after the server's
// wait (set to 2s here) offers the AI, which she takes.
func TestQuickPlay(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, 2*time.Second)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	ann.openLobby(phone)
	bea.openLobby(desktop)
	playNow := clickSel(fmt.Sprintf(`button[data-play-now=%q]`, g))
	ann.run("play now", playNow)
	ann.waitJS("waiting", `!!document.querySelector('#quick-waiting')`)
	bea.run("play now", playNow)
	id := bea.inGame("Bea paired")
	if got := ann.inGame("Ann paired"); got != id {
		t.Fatalf("got Ann in %s, Bea in %s, want one game", got, id)
	}
	if v := srv.get(t, id); v.Seats[0].Kind != "human" || v.Seats[1].Kind != "human" {
		t.Errorf("got seats %+v, want two people", v.Seats)
	}

	ann.openLobby(phone)
	ann.run("play now again", playNow)
	ann.waitJS("waiting again", `!!document.querySelector('#quick-waiting')`)
	ann.waitJS("the AI offered", `!!document.querySelector('#play-ai')`)
	ann.run("play the AI", clickSel("#play-ai"))
	ai := ann.inGame("Ann against the AI")
	if v := srv.get(t, ai); v.Seats[0].Kind == v.Seats[1].Kind {
		t.Errorf("got seats %+v, want one person and the AI", v.Seats)
	}
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}

// TestChallengeFromPlayerPage: Ann challenges Bea from Bea's player
// page; Bea sees it live in the lobby and on My games, accepts it there
// (Ann's lobby page reloaded meanwhile), and both are taken to the game.
func TestChallengeFromPlayerPage(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, time.Minute)
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	bea.openLobby(phone)
	ann.openLobby(desktop)
	beaID := evalJS[string](bea, `fetch('/api/me').then((r) => r.json()).then((j) => j.id)`)
	ann.open("/#/player/" + beaID)
	ann.run("challenge from the player page", clickSel("#challenge-player"))
	ann.waitJS("name filled in", `(document.querySelector('#challenge-name')?.value || '') !== '' && !!document.querySelector('#challenge-game')`)
	// The first game with options, its first option set off its default.
	opted := evalJS[bool](ann, `(() => {
		const game = document.querySelector('#challenge-game');
		for (const o of game.options) {
			game.value = o.value;
			game.dispatchEvent(new Event('change'));
			const opt = document.querySelector('#challenge-form .opts select');
			if (opt) { opt.value = [...opt.options].find((x) => !x.selected).value; return true; }
		}
		return false;
	})()`)
	ann.run("send", clickSel("#send-challenge"))
	bea.waitJS("challenge seen live", `!!document.querySelector('#lobby-challenges button[data-accept]')`)
	bea.open("/#/games")
	bea.waitJS("challenge on My games", `!!document.querySelector('#my-challenges button[data-accept]')`)
	ann.open("/#/lobby") // a reload: back within LobbyConfig.Rejoin, the challenge stays
	ann.waitJS("challenge listed as sent", `!!document.querySelector('#lobby-challenges button[data-cancel]')`)
	bea.run("accept", clickSel("#my-challenges button[data-accept]"))
	id := bea.inGame("Bea in the game")
	if got := ann.inGame("Ann taken to the game"); got != id {
		t.Fatalf("got Ann in %s, Bea in %s, want one game", got, id)
	}
	if g := srv.get(t, id).Game; opted != strings.Contains(g, ":") {
		t.Errorf("got game %q, want options: %v (as chosen in the challenge form)", g, opted)
	}
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}

// TestChallengeOnAnyPage: Bea reads the rules when Ann challenges her
// (issue 30, stumble 5): the challenge reaches her there, on a phone,
// with Accept and Decline; "Later" puts it aside; a second challenge is
// accepted from the rules page and takes both to the game.
func TestChallengeOnAnyPage(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, time.Minute)
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	bea.openLobby(phone)
	ann.openLobby(desktop)
	beaID := evalJS[string](bea, `fetch('/api/me').then((r) => r.json()).then((j) => j.id)`)
	bea.open("/#/rules/oshi")
	challenge := func() {
		ann.open("/#/player/" + beaID)
		ann.run("challenge from the player page", clickSel("#challenge-player"))
		ann.waitJS("name filled in", `(document.querySelector('#challenge-name')?.value || '') !== ''`)
		ann.clickSteady("send", "#send-challenge")
		ann.waitJS("challenge sent", `!!document.querySelector('#lobby-challenges button[data-cancel]')`)
	}
	challenge()
	bea.waitJS("challenge on the rules page", `!!document.querySelector('#challenge-alerts:not([hidden]) button[data-accept]')`)
	if !evalJS[bool](bea, inSight("#challenge-alerts button[data-accept]")) {
		t.Errorf("challenge on a phone: got it out of sight, want it on the screen")
	}
	bea.run("later", clickSel("#challenges-later"))
	bea.waitJS("put aside", `document.querySelector('#challenge-alerts').hidden`)
	challenge()
	bea.run("another page", chromedp.Navigate(srv.URL+"/#/rules/yoxii"))
	bea.waitJS("the new challenge", `document.querySelectorAll('#challenge-alerts:not([hidden]) button[data-accept]').length === 1`)
	bea.run("accept", clickSel("#challenge-alerts button[data-accept]"))
	id := bea.inGame("Bea in the game")
	if got := ann.inGame("Ann taken to the game"); got != id {
		t.Fatalf("got Ann in %s, Bea in %s, want one game", got, id)
	}
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}

// TestFriends: Ann follows Bea from her player page; Ann's friends page
// lists Bea, online (in the lobby), with a challenge; Bea's own list is
// empty (a follow is one way); Ann unfollows (issue 30, point 15).
func TestFriends(t *testing.T) {
	skipShort(t)
	srv := newLobbyServer(t, time.Minute)
	browser := newBrowser(t)
	ann, bea := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	bea.openLobby(phone)
	ann.openLobby(desktop)
	beaID := evalJS[string](bea, `fetch('/api/me').then((r) => r.json()).then((j) => j.id)`)
	ann.open("/#/player/" + beaID)
	ann.waitJS("the follow button", `!!document.querySelector('#follow')`)
	ann.run("follow", clickSel("#follow"))
	ann.waitJS("following", `document.querySelector('#follow').getAttribute('aria-pressed') === 'true'`)
	ann.open("/#/games")
	ann.run("friends", clickSel("#friends-link"))
	ann.waitJS("Bea listed", fmt.Sprintf(`!!document.querySelector('#friends li.friend[data-player=%q] .dot.on') && !!document.querySelector('#friends li.friend a.challenge')`, beaID))
	bea.open("/#/friends")
	bea.waitJS("Bea's list", `document.querySelectorAll('#friends li.friend').length === 0 && document.querySelectorAll('#friends li').length === 1`)
	ann.open("/#/player/" + beaID)
	ann.waitJS("the follow button", `document.querySelector('#follow')?.getAttribute('aria-pressed') === 'true'`)
	ann.run("unfollow", clickSel("#follow"))
	ann.waitJS("not following", `document.querySelector('#follow').getAttribute('aria-pressed') === 'false'`)
	for _, p := range []*page{ann, bea} {
		p.noErrors()
	}
}
