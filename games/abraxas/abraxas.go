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
		Colours: [2]game.Text{{"en": "Player 1", "fr": "Joueur 1"}, {"en": "Player 2", "fr": "Joueur 2"}},
		Summary: game.Text{
			"en": "Drop red pawns in a sliding plate of holes and make lines with the dots below. Take eleven pawns first.",
			"fr": "Posez des pions rouges dans une plaque coulissante et formez des lignes avec les points dessous. Prenez onze pions le premier.",
		},
		// The plate slides between corners named on the board, which
		// both players read the same way.
		FixedBoard: true,
		Options: []game.Option{
			{Name: "board", Default: "1", Values: []string{"1", "2", "3", "4", "5", "6"},
				Doc:    "dot layout, from 1 (simple) to 6 (dense)",
				Label:  game.Text{"en": "Board", "fr": "Plateau"},
				Labels: boardLabels()},
			{Name: "push", Default: "ccw", Values: []string{"ccw", "free"},
				Doc:   "ccw: the plate goes to the next corner counter-clockwise; free: to either neighbouring corner",
				Label: game.Text{"en": "Push rule", "fr": "Poussée"},
				Labels: map[string]game.Text{
					"ccw":  {"en": "Counter-clockwise", "fr": "Sens inverse des aiguilles d'une montre"},
					"free": {"en": "Free (either way)", "fr": "Libre (dans les deux sens)"},
				}},
			// A bound on replays, to balance strong play: without it the
			// first player can chain replays to 11 (docs/rules/abraxas.md).
			{Name: "replay", Default: "chain", Values: []string{"chain", "once"},
				Doc:   "chain: a replay's take earns another replay; once: a replay earns no further replay",
				Label: game.Text{"en": "Replays", "fr": "Rejeux"},
				Labels: map[string]game.Text{
					"chain": {"en": "Chained (standard)", "fr": "Enchaînés (standard)"},
					"once":  {"en": "One at a time (a replay earns no other)", "fr": "Un à la fois (un rejeu n'en donne pas d'autre)"},
				}},
		},
		Start:   start,
		Parse:   parse,
		Reasons: reasonText,
		Data:    game.Folder(data, "data"),
	}
}

// boardLabels names the six dot layouts, the first for beginners.
func boardLabels() map[string]game.Text {
	labels := map[string]game.Text{}
	for n := 1; n <= len(layouts); n++ {
		en, fr := fmt.Sprintf("Board %d", n), fmt.Sprintf("Plateau %d", n)
		if n == 1 {
			en, fr = en+" (beginner)", fr+" (débutant)"
		}
		labels[fmt.Sprint(n)] = game.Text{"en": en, "fr": fr}
	}
	return labels
}
