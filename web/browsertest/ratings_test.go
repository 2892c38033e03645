package browsertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/ratings"
)

// newRatedGame starts a rated invite game from the home page's dialog,
// as a person would; it returns the game id and the invite link.
func (p *page) newRatedGame(gameName string) (id, invite string) {
	p.t.Helper()
	p.open("/")
	p.openNewGame(gameName)
	if !evalJS[bool](p, `document.querySelector('#ng-rated').disabled`) {
		p.t.Errorf("the rated choice is offered against the computer")
	}
	p.run("opponent", clickSel(`dialog.newgame input[name=opp][value="friend"]`))
	p.run("rated", clickSel(`#ng-rated`))
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("invite link", `location.hash.startsWith('#/game/') && !!document.querySelector('#invite-url')`)
	return evalJS[string](p, `location.hash.slice('#/game/'.length)`), evalJS[string](p, `document.querySelector('#invite-url').value`)
}

// resign resigns, confirming, as a person would.
func (p *page) resign() {
	p.t.Helper()
	p.run("resign", clickSel("#resign"))
	p.run("confirm", clickSel("#resign"))
}

type meInfo struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TestRatedGamesAndLeaderboard: two people, each in a browser of their
// own, play three rated games (three moves each, then one resigns); the
// leaderboard leaves both out (provisional guests), and the player page
// charts each rated game with the ratings Glicko-2 gives. Desktop and
// phone.
func TestRatedGamesAndLeaderboard(t *testing.T) {
	skipShort(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			srv := newServer(t)
			g := playedGames(srv)[0]
			a := newPage(t, browser, srv.URL, true)
			b := newPage(t, browser, srv.URL, true)
			for _, p := range []*page{a, b} {
				p.run("viewport", vp.emulate())
			}
			// a's score in each game: a resigns, b resigns, a resigns.
			scores := []float64{ratings.Loss, ratings.Win, ratings.Loss}
			ra, rb := ratings.New(), ratings.New()
			for i, score := range scores {
				id, invite := a.newRatedGame(g)
				b.run("open invite", chromedp.Navigate(invite))
				b.waitJS("friend's board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
				v := srv.get(t, id)
				if !v.Rated {
					t.Fatalf("game %d: the view is not rated", i)
				}
				for _, p := range []*page{a, b} {
					if evalJS[bool](p, `document.querySelector('#rated-game').hidden`) {
						t.Errorf("game %d: the page does not say the game is rated", i)
					}
				}
				// Enough moves each for a resigned game to be rated.
				for k := range ratings.MinMovesEach {
					a.playByClicks(pick(v.Legal, i+k), 2*k)
					v = srv.waitTurn(t, id, 1)
					b.playByClicks(pick(v.Legal, i+k), 2*k+1)
					v = srv.waitTurn(t, id, 0)
				}
				loser := a
				if score == ratings.Win {
					loser = b
				}
				loser.resign()
				for _, p := range []*page{a, b} {
					p.waitJS("game over", `document.querySelector('.game.over') !== null`)
				}
				now := time.Now()
				before := ra
				ra, rb = ratings.Game(ra, rb, now, now, now, score)
				// The end says what the game did to each rating (issue 30,
				// stumble 8), and the chips show the ratings.
				delta := int(ra.R+0.5) - int(before.R+0.5)
				if i == 0 {
					delta = int(ra.R+0.5) - 1500
				}
				sign := "+"
				if delta < 0 {
					sign, delta = "−", -delta
				}
				want := fmt.Sprintf(", rating %d (%s%d)", int(ra.R+0.5), sign, delta)
				a.waitJS("a's rating change", textOf(`#rating-changes .rating-change[data-player="0"]`)+fmt.Sprintf(`.endsWith(%q)`, want))
				b.waitJS("the chips' ratings", textOf(`.chip-rating[data-player="1"]`)+fmt.Sprintf(` === '%d?'`, int(rb.R+0.5)))
			}
			meA := evalJS[meInfo](a, `fetch('/api/me').then((r) => r.json())`)
			meB := evalJS[meInfo](b, `fetch('/api/me').then((r) => r.json())`)
			// Both are provisional guests: rated, yet off the leaderboard.
			a.open("/#/leaderboard/" + g)
			a.waitJS("leaderboard", `!!document.querySelector('main h1') && !document.querySelector('main .loading')`)
			if n := evalJS[int](a, fmt.Sprintf(`fetch('/api/leaderboard/%s').then((r) => r.json()).then((lb) => lb.players.length)`, g)); n != 0 {
				t.Errorf("leaderboard: got %d players, want none (provisional guests)", n)
			}
			if got := evalJS[int](a, fmt.Sprintf(`fetch('/api/ratings/%s').then((r) => r.json()).then((pr) => pr.ratings[0].rating)`, meB.ID)); got != int(rb.R+0.5) {
				t.Errorf("b's rating: got %d, want %d", got, int(rb.R+0.5))
			}

			a.open("/#/player/" + meA.ID)
			a.waitJS("rating chart", `document.querySelectorAll('#player-ratings svg.rating-chart circle.point').length === 3`)
			last := evalJS[string](a, `[...document.querySelectorAll('#player-ratings circle.point')].pop().getAttribute('data-rating')`)
			if want := fmt.Sprint(int(ra.R + 0.5)); last != want {
				t.Errorf("chart's last point: got %s, want %s", last, want)
			}
			for _, p := range []*page{a, b} {
				p.noErrors()
			}
		})
	}
}
