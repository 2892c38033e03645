package server_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/ratings"
	"github.com/plateau-games/plateau/internal/store"
)

// ratedGames counts a player's rated games in the tictactoe pool.
func ratedGames(t *testing.T, b *browser, id string) int {
	t.Helper()
	var pr api.PlayerRatings
	if resp := b.send("GET", "/api/ratings/"+id, nil, &pr); resp.StatusCode != http.StatusOK {
		t.Fatalf("ratings of %s: got %d", id, resp.StatusCode)
	}
	for _, r := range pr.Ratings {
		if r.Group == "tictactoe" {
			return r.Games
		}
	}
	return 0
}

// TestRatingFarming: a booster and its sock account cannot farm a
// rating (audit D4): games resigned after one move each are not rated,
// the pair's rated games stop at the daily limit, and the booster's
// provisional rating stays off the leaderboard.
func TestRatingFarming(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	booster, sock := newBrowser(t, e), newBrowser(t, e)
	mb := booster.signUp("booster", "correct horse")
	sock.signUp("sock", "battery staple")
	resignAfter := func(moves int) {
		id := ratedBetween(t, booster, sock)
		playEach(t, booster, sock, id, moves)
		if resp := sock.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil); resp.StatusCode != 200 {
			t.Fatalf("resign: got %d", resp.StatusCode)
		}
	}
	for range 3 {
		resignAfter(1)
	}
	if got := ratedGames(t, booster, mb.ID); got != 0 {
		t.Errorf("after 3 games resigned at the first move: got %d rated games, want 0", got)
	}
	for range ratings.PairGamesPerDay + 2 {
		resignAfter(ratings.MinMovesEach)
	}
	if got := ratedGames(t, booster, mb.ID); got != ratings.PairGamesPerDay {
		t.Errorf("after %d full games with the same opponent: got %d rated, want %d", ratings.PairGamesPerDay+2, got, ratings.PairGamesPerDay)
	}
	for _, p := range leaderboardOf(t, booster, "tictactoe") {
		if p.Player == mb.ID {
			t.Errorf("leaderboard: got the booster %+v, provisional, want it left out", p)
		}
	}
}

// TestRatedNotAgainstOneself: an account plays its own guest in a rated
// game, then the guest logs in to the account (audit D9): the account
// holds both seats at once, and the game is not rated.
func TestRatedNotAgainstOneself(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	acct, guest := newBrowser(t, e), newBrowser(t, e)
	me := acct.signUp("ada", "correct horse")
	g := guest.me()
	id := ratedBetween(t, acct, guest)
	playEach(t, acct, guest, id, ratings.MinMovesEach)
	if resp := guest.send("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}, nil); resp.StatusCode != 200 {
		t.Fatalf("login: got %d", resp.StatusCode)
	}
	var mine api.Claim
	acct.send("GET", "/api/games/"+id+"/me", nil, &mine)
	if !slices.Equal(mine.Seats, []int{0, 1}) {
		t.Errorf("the account's seats after the merge: got %v, want [0 1]", mine.Seats)
	}
	if resp := acct.send("POST", "/api/games/"+id+"/resign", api.TokenRequest{}, nil); resp.StatusCode != 200 {
		t.Fatalf("resign: got %d", resp.StatusCode)
	}
	for _, p := range []string{me.ID, g.ID} {
		if got := ratedGames(t, acct, p); got != 0 {
			t.Errorf("player %s: got %d rated games against oneself, want 0", p, got)
		}
	}
}

// TestLeaderboardRD: the store keeps provisional ratings off the
// leaderboards by the same threshold as internal/ratings.
func TestLeaderboardRD(t *testing.T) {
	t.Parallel()
	if store.LeaderboardRD != ratings.ProvisionalRD {
		t.Errorf("got store.LeaderboardRD %v, want ratings.ProvisionalRD %v", store.LeaderboardRD, ratings.ProvisionalRD)
	}
}
