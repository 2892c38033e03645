package browsertest

import (
	"fmt"
	"testing"
)

// textOf is the JavaScript for the text of the first element matching a
// CSS selector, or "" when there is none.
func textOf(sel string) string {
	return fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? '')`, sel)
}

// TestDrawDeclinedByAI offers the AI a draw: the page says that the
// computer declined, until the next move.
func TestDrawDeclinedByAI(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(g, "ai")
	v := srv.waitTurn(t, id, 0)
	p.run("offer draw", clickSel("#offer-draw"))
	p.waitJS("the AI's decline told", textOf("#declined")+` === 'The computer declined the draw offer.'`)
	if got := srv.get(t, id); got.Result != "ongoing" || got.DrawOffer != nil {
		t.Errorf("got result %s, draw offer %v, want the game going on without an offer", got.Result, got.DrawOffer)
	}
	p.playByClicks(pick(v.Legal, 0), len(v.Moves))
	p.waitJS("the news gone after a move", `!document.querySelector('#declined')`)
	p.noErrors()
}

// TestTakeBackAndDrawBetweenFriends: a take-back request that the friend
// declines, then one the friend accepts, and a declined draw offer; both
// sides are told each time, live.
func TestTakeBackAndDrawBetweenFriends(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	a, b, id, _ := withFriend(t, browser, srv.URL, g, nil)

	v := srv.get(t, id)
	a.playByClicks(pick(v.Legal, 0), 0)
	b.waitJS("the move reaches the friend", `document.querySelectorAll('#movelist li').length === 1`)

	a.run("ask to take back", clickSel("#undo"))
	a.waitJS("request shown to the asker", textOf(".game-actions")+`.includes('Take-back asked.')`)
	b.waitJS("request shown to the friend", `!!document.querySelector('#decline-takeback')`)
	b.run("decline take-back", clickSel("#decline-takeback"))
	a.waitJS("decline told to the asker", textOf("#declined")+` === 'Your opponent declined the take-back request.'`)
	b.waitJS("decline told to the friend", textOf("#declined")+` === 'You declined the take-back request.'`)
	if got := srv.get(t, id); len(got.Moves) != 1 {
		t.Fatalf("a declined take-back changed the moves: %v", got.Moves)
	}

	a.run("ask again", clickSel("#undo"))
	b.waitJS("second request shown", `!!document.querySelector('#accept-takeback')`)
	b.run("accept take-back", clickSel("#accept-takeback"))
	for _, p := range []*page{a, b} {
		p.waitJS("move taken back", `document.querySelectorAll('#movelist li').length === 0 && !document.querySelector('#declined')`)
	}
	if got := srv.get(t, id); len(got.Moves) != 0 || got.ToAct != 0 {
		t.Errorf("after the take-back: got moves %v, %d to act, want none and 0", got.Moves, got.ToAct)
	}

	a.run("offer draw", clickSel("#offer-draw"))
	b.waitJS("draw offer shown", `!!document.querySelector('#decline-draw')`)
	b.run("decline draw", clickSel("#decline-draw"))
	a.waitJS("draw decline told to the offerer", textOf("#declined")+` === 'Your opponent declined the draw offer.'`)
	b.waitJS("draw decline told to the friend", textOf("#declined")+` === 'You declined the draw offer.'`)
	a.noErrors()
	b.noErrors()
}

// TestTakeBackHotSeat: two people at one device take back the last move
// at once, whoever made it.
func TestTakeBackHotSeat(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(g, "local")
	for i := 0; i < 2; i++ {
		v := srv.get(t, id)
		p.playByClicks(pick(v.Legal, i), len(v.Moves))
	}
	v := srv.get(t, id)
	p.run("take back", clickSel("#undo"))
	p.waitJS("one move taken back", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(v.Moves)-1))
	if got := srv.get(t, id); len(got.Moves) != len(v.Moves)-1 || got.ToAct != v.Movers[len(v.Movers)-1] || got.TakeBack != nil {
		t.Errorf("got moves %v, %d to act, request %v; want the last move taken back at once", got.Moves, got.ToAct, got.TakeBack)
	}
	p.noErrors()
}
