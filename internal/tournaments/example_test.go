package tournaments_test

import (
	"fmt"
	"github.com/plateau-games/plateau/games"

	"github.com/plateau-games/plateau/internal/tournaments"
)

// Four players in a Swiss: the first round pairs them by rating, each
// pairing a colour-swapped pair of games in Abraxas, where the lab
// measured a first-player edge.
func Example() {
	games := tournaments.GamesPerPairing(games.Registry(), "abraxas", 0)
	ps := []tournaments.SwissPlayer{
		{ID: "ada", Rating: 1800}, {ID: "bo", Rating: 1750},
		{ID: "cy", Rating: 1500}, {ID: "di", Rating: 1450},
	}
	round, err := tournaments.Swiss(ps, games)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range round {
		fmt.Printf("%s v %s, %d games\n", m.First, m.Second, m.Games)
	}
	// Output:
	// ada v bo, 2 games
	// cy v di, 2 games
}
