package browsertest

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
	"github.com/plateau-games/plateau/web"
)

// shiftClock is the wall clock moved forward by a test: the tournament
// starts when the test says, not when a loaded machine has got the four
// players through the join button (twenty real seconds were not always
// enough, and a late joiner found the event already running).
type shiftClock struct{ by atomic.Int64 }

// Now implements server.Clock.
func (c *shiftClock) Now() time.Time { return time.Now().Add(time.Duration(c.by.Load())) }

// TestTournamentFourPlayers: four people sign up in four browser
// contexts; one creates a Swiss, each joins from its page by clicking;
// at the start each sees their game, one of each pair opens it from the
// tournament page and resigns by clicking, and the standings change;
// after the second round the winner's page lists the tournament.
func TestTournamentFourPlayers(t *testing.T) {
	skipShort(t)
	clock := &shiftClock{}
	srv := servertest.Start(t, server.Config{Registry: registry(), Mover: firstMover{}, MoverName: "first legal move", Static: web.FS(),
		Clock: clock, Lobby: server.LobbyConfig{Poll: 50 * time.Millisecond, QuickPlayWait: time.Minute}})
	browser := newBrowser(t)
	var ps []*page
	for i := range 4 {
		p := newPage(t, browser, srv.URL, true)
		p.open("/")
		p.me()
		code := evalJS[int](p, fmt.Sprintf(`fetch('/api/account/signup', {method: 'POST', headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({username: 'tour%d', password: 'correct horse battery'})}).then((r) => r.status)`, i))
		if code != 200 {
			t.Fatalf("sign up %d: got %d, want 200", i, code)
		}
		ps = append(ps, p)
	}
	id := evalJS[string](ps[0], `fetch('/api/tournaments', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'oxford', format: 'swiss', name: 'Browser Swiss', rounds: 2, minPlayers: 2,
		roundTime: 86400, games: 1, startsAt: new Date(Date.now() + 3600000).toISOString()})}).then((r) => r.json()).then((v) => v.id || JSON.stringify(v))`)
	for i, p := range ps {
		p.open("/#/tournament/" + id)
		p.waitJS(fmt.Sprintf("join button %d", i), `!!document.querySelector('button.join')`)
		p.run("join", clickSel("button.join"))
		p.waitJS(fmt.Sprintf("joined %d", i), `!!document.querySelector('button.withdraw')`)
	}
	clock.by.Store(int64(time.Hour + time.Minute))
	if n := resignRound(ps, id); n != 2 {
		t.Fatalf("got %d games in round 1, want 2", n)
	}
	ps[3].open("/#/tournament/" + id)
	ps[3].waitJS("the standings change", `[...document.querySelectorAll('.standings .score')].filter((td) => td.textContent === '1').length === 2`)
	resignRound(ps, id)
	ps[3].waitJS("the winner", `!!document.querySelector('.winner')`)
	ps[3].run("to the winner's page", clickSel(".standings tbody tr:first-child a"))
	ps[3].waitJS("tournaments won", `!!document.querySelector('#tournaments-won li a')`)
	for _, p := range ps {
		p.noErrors()
	}
}

// resignRound has one player of each game of the round open it from the
// tournament page and resign by clicking; it returns the games.
func resignRound(ps []*page, id string) int {
	// Every player's game is read before any is resigned: a player whose
	// opponent resigned first has no game left to show.
	games := make([]string, len(ps))
	for i, p := range ps {
		p.open("/#/tournament/" + id)
		p.waitJS(fmt.Sprintf("player %d's game", i), `!!document.querySelector('a.next-game')`)
		games[i] = evalJS[string](p, `document.querySelector('a.next-game').getAttribute('href')`)
	}
	seen := map[string]bool{}
	for i, p := range ps {
		if seen[games[i]] {
			continue
		}
		seen[games[i]] = true
		p.run("open the game", clickSel("a.next-game"))
		p.waitJS("the game page", `!!document.querySelector('#resign')`)
		p.run("resign", clickSel("#resign"))
		p.run("confirm", clickSel("#resign"))
	}
	return len(seen)
}
