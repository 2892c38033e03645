package games_test

import (
	"fmt"

	"github.com/plateau-games/plateau/games"
)

func Example() {
	for _, g := range games.Registry().Games() {
		fmt.Printf("%s: %s, %s\n", g.Title, g.Colours[0].In("fr"), g.Colours[1].In("fr"))
	}
	// Output:
	// Oxford: Rouge, Jaune
	// Oshi: Rouge, Blanc
	// Yoxii: Blanc, Rouge
	// Abraxas: Joueur 1, Joueur 2
}
