package browsertest

import (
	"fmt"
	"slices"
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
// own, play three rated games (a move each, then one resigns); the
// leaderboard shows both with the ratings Glicko-2 gives, provisional,
// and the player page charts each rated game. Desktop and phone.
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
				a.playByClicks(pick(v.Legal, i), 0)
				v = srv.waitTurn(t, id, 1)
				b.playByClicks(pick(v.Legal, i), 1)
				srv.waitTurn(t, id, 0)
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
			rows := []struct {
				name string
				r    ratings.Rating
			}{{meA.Name, ra}, {meB.Name, rb}}
			slices.SortFunc(rows, func(x, y struct {
				name string
				r    ratings.Rating
			}) int {
				return int(y.r.R - x.r.R)
			})
			var want []string
			for i, row := range rows {
				want = append(want, fmt.Sprintf("%d|%s|%d?|3", i+1, row.name, int(row.r.R+0.5)))
			}

			a.open("/#/leaderboard/" + g)
			sel := fmt.Sprintf(`section.pool[data-group=%q] tbody tr`, g)
			a.waitJS("leaderboard rows", fmt.Sprintf(`document.querySelectorAll(%q).length === 2`, sel))
			got := evalJS[[]string](a, fmt.Sprintf(`[...document.querySelectorAll(%q)].map((tr) => [...tr.cells].map((c) => c.textContent).join('|'))`, sel))
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("leaderboard: got %v, want %v", got, want)
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
