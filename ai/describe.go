package ai

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// levelNames are the words a level picker shows for each level, weakest
// first; Describe adds how the level plays.
var levelNames = [MaxLevel]game.Text{
	{"en": "Beginner", "fr": "Débutant"},
	{"en": "Novice", "fr": "Novice"},
	{"en": "Casual", "fr": "Amateur"},
	{"en": "Club player", "fr": "Joueur de club"},
	{"en": "Strong", "fr": "Fort"},
	{"en": "Expert", "fr": "Expert"},
	{"en": "Master", "fr": "Maître"},
	{"en": "Strongest", "fr": "Le plus fort"},
}

// Describe says in words what a level of a game does, from its spec:
// a name, the share of random moves and how far it searches. Front ends
// show it in the level picker, so that "3" means something.
func Describe(gameID string, level int) (game.Text, error) {
	sp, err := Level(gameID, level)
	if err != nil {
		return nil, err
	}
	name := levelNames[level-1]
	en, fr := how(sp)
	return game.Text{"en": name["en"] + ": " + en + ".", "fr": name["fr"] + " : " + fr + "."}, nil
}

// how says how a spec chooses its moves, in English and French.
func how(sp Spec) (en, fr string) {
	if sp.Algo == AlgoRandom || sp.Noise >= 1 {
		return "plays at random", "joue au hasard"
	}
	n := sp.Limits.Nodes
	if sp.Algo == AlgoAlphaBeta {
		en, fr = fmt.Sprintf("looks ahead through %d positions a move", n), fmt.Sprintf("examine %d positions à chaque coup", n)
	} else {
		en, fr = fmt.Sprintf("tries %d lines of play a move", n), fmt.Sprintf("essaie %d suites de coups à chaque coup", n)
	}
	if sp.Noise > 0 {
		pct := int(sp.Noise*100 + 0.5)
		en = fmt.Sprintf("%d%% of its moves at random, otherwise %s", pct, en)
		fr = fmt.Sprintf("%d %% de coups au hasard, sinon %s", pct, fr)
	}
	return en, fr
}

// DescribeTop says what the top strength (Top) does, for a server whose
// strongest level plays it on threads threads: its name is the top
// level's, its search bounded by the time of a move, not a node count.
func DescribeTop(threads int) game.Text {
	name := levelNames[MaxLevel-1]
	return game.Text{
		"en": fmt.Sprintf("%s: searches for the whole time of a move on %d cores.", name["en"], threads),
		"fr": fmt.Sprintf("%s : cherche pendant tout le temps du coup sur %d cœurs.", name["fr"], threads),
	}
}
