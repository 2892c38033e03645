package abraxas

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// Game returns the description of Abraxas for a registry.
func Game() game.Game {
	return game.Game{
		Name:    "abraxas",
		Title:   "Abraxas",
		Players: [2]string{"1", "2"},
		Colours: [2]game.Text{texts("Player 1"), texts("Player 2")},
		Summary: texts("Drop red pawns in a sliding plate of holes and make lines with the dots below. Take eleven pawns first."),
		// The plate slides between corners named on the board, which
		// both players read the same way.
		FixedBoard: true,
		Options: []game.Option{
			{Name: "board", Default: "1", Values: []string{"1", "2", "3", "4", "5", "6"},
				Doc:    "dot layout, from 1 (simple) to 6 (dense)",
				Label:  texts("Board"),
				Labels: boardLabels()},
			{Name: "push", Default: "ccw", Values: []string{"ccw", "free"},
				Doc:   "ccw: the plate goes to the next corner counter-clockwise; free: to either neighbouring corner",
				Label: texts("Push rule"),
				Labels: map[string]game.Text{
					"ccw":  texts("Counter-clockwise"),
					"free": texts("Free (either way)"),
				}},
			// A bound on replays, to balance strong play: without it the
			// first player can chain replays to 11 (docs/rules/abraxas.md).
			{Name: "replay", Default: "chain", Values: []string{"chain", "once"},
				Doc:   "chain: a replay's take earns another replay; once: a replay earns no further replay",
				Label: texts("Replays"),
				Labels: map[string]game.Text{
					"chain": texts("Chained (standard)"),
					"once":  texts("One at a time (a replay earns no other)"),
				}},
		},
		Start:   start,
		Parse:   parse,
		Reasons: reasonText,
		Data:    game.Folder(data, "data"),
		Texts:   catalog,
	}
}

// boardLabels names the six dot layouts, the first for beginners.
func boardLabels() map[string]game.Text {
	labels := map[string]game.Text{}
	for n := 1; n <= len(layouts); n++ {
		labels[fmt.Sprint(n)] = texts("Board %d", n)
		if n == 1 {
			labels[fmt.Sprint(n)] = texts("Board %d (beginner)", n)
		}
	}
	return labels
}
