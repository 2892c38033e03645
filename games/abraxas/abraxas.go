package abraxas

import "github.com/plateau-games/plateau/game"

// Game returns the description of Abraxas for a registry.
func Game() game.Game {
	return game.Game{
		Name:    "abraxas",
		Title:   "Abraxas",
		Players: [2]string{"1", "2"},
		Options: []game.Option{
			{Name: "board", Default: "1", Values: []string{"1", "2", "3", "4", "5", "6"},
				Doc: "dot layout, from 1 (simple) to 6 (dense)"},
			{Name: "push", Default: "ccw", Values: []string{"ccw", "free"},
				Doc: "ccw: the plate goes to the next corner counter-clockwise; free: to either neighbouring corner"},
		},
		Start: start,
		Parse: parse,
	}
}
