package browsertest

import (
	"fmt"
	"strings"
	"testing"
)

// TestLevelAdvice: after a win against the AI the page suggests one
// level up, and its button starts that game on the server; after two
// losses in a row at one level (resigned, on this device) one level down,
// and the button starts it on this device.
func TestLevelAdvice(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, true)

	pos, mv := nearEnd(t, srv.reg, g)
	st, err := srv.reg.New(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	me := int(st.ToAct())
	c := srv.create(t, g, pos, me) // the AI at level 1
	p.openSeat(c, me)
	p.playByClicks(mv, 0)
	p.waitJS("the advice", `!!document.querySelector('#advice')`)
	if got, want := p.text("#advice span"), "You won against level 1. Try level 2?"; got != want {
		t.Errorf("after a win: got advice %q, want %q", got, want)
	}
	p.run("play the advised level", clickSel("#advice-play"))
	p.waitJS("the new game", fmt.Sprintf(`location.hash.startsWith('#/game/') && location.hash !== '#/game/%s'`, c.ID))
	id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
	v := srv.get(t, id)
	if v.Game != g || v.Seats[1-me].Kind != "ai" || v.Seats[1-me].Level != 2 {
		t.Errorf("the advised game: got %s with seats %+v, want %s against AI level 2 in seat %d", v.Game, v.Seats, g, 1-me)
	}

	// Two losses at the default level, on this device.
	for i := 0; i < 2; i++ {
		p.open("/")
		p.openNewGame(g)
		p.run("on this device", clickSel(`#ng-device`))
		p.run("start", clickSel(`dialog.newgame button[type=submit]`))
		p.waitJS("device game", `location.hash.startsWith('#/game/d-') && !!document.querySelector('#resign')`)
		p.run("resign", clickSel("#resign"))
		p.run("confirm", clickSel("#resign"))
		p.waitJS("the advice", `!!document.querySelector('#advice')`)
	}
	level := evalJS[int](p, `+document.querySelector('#advice-play').dataset.level`)
	if got := p.text("#advice span"); !strings.HasPrefix(got, "Two losses in a row against level") || level != 3 {
		t.Errorf("after two losses at level 4: got advice %q for level %d, want two losses and level 3", got, level)
	}
	p.run("play the advised level", clickSel("#advice-play"))
	p.waitJS("a new device game", `location.hash.startsWith('#/game/d-')`)
	id = evalJS[string](p, `location.hash.slice('#/game/'.length)`)
	level = evalJS[int](p, fmt.Sprintf(`JSON.parse(localStorage.getItem('plateau:device:%s')).seats.find((s) => s.kind === 'ai').level`, id))
	if level != 3 {
		t.Errorf("the advised device game: got AI level %d, want 3", level)
	}
	p.noErrors()
}
