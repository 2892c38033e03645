package oshi

import "github.com/plateau-games/plateau/game"

// StartPosition is the position every game of Oshi starts from.
const StartPosition = "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -"

// Game returns the description of Oshi used to build a registry.
func Game() game.Game {
	return game.Game{
		Name:    "oshi",
		Title:   "Oshi",
		Players: [2]string{"red", "white"},
		Colours: [2]game.Text{texts("Red"), texts("White")},
		Summary: texts("Stacked pieces push whole lines across a 9x9 board. Push seven points of your opponent's pieces off the edge."),
		Start: func(game.Options) (game.State, error) {
			return Parse(StartPosition)
		},
		Reasons: reasonText,
		Data:    game.Folder(data, "data"),
		Texts:   catalog,
		Parse: func(_ game.Options, pos string) (game.State, error) {
			s, err := Parse(pos)
			if err != nil {
				return nil, err // never a typed nil inside the interface
			}
			return s, nil
		},
	}
}
