package ai

import "github.com/plateau-games/plateau/game"

// levelName says a level's name, weakest first; Describe adds how the
// level plays. Each is a text of the catalog (words.go).
func levelName(level int) game.Text {
	names := [MaxLevel]string{"Beginner", "Novice", "Casual", "Club player", "Strong", "Expert", "Master", "Strongest"}
	return texts(names[level-1])
}

// Describe says in words what a level of a game does, from its spec:
// a name, the share of random moves and how far it searches. Front ends
// show it in the level picker, so that "3" means something.
func Describe(gameID string, level int) (game.Text, error) {
	sp, err := Level(gameID, level)
	if err != nil {
		return nil, err
	}
	name := levelName(level)
	if sp.Algo == AlgoRandom || sp.Noise >= 1 {
		return texts("%s: plays at random.", name), nil
	}
	n := sp.Limits.Nodes
	pct := int(sp.Noise*100 + 0.5)
	switch {
	case sp.Algo == AlgoAlphaBeta && sp.Noise > 0:
		return texts("%s: %d%% of its moves at random, otherwise looks ahead through %d positions a move.", name, pct, n), nil
	case sp.Algo == AlgoAlphaBeta:
		return texts("%s: looks ahead through %d positions a move.", name, n), nil
	case sp.Noise > 0:
		return texts("%s: %d%% of its moves at random, otherwise tries %d lines of play a move.", name, pct, n), nil
	}
	return texts("%s: tries %d lines of play a move.", name, n), nil
}

// DescribeTop says what the top strength (Top) does, for a server whose
// strongest level plays it on threads threads: its name is the top
// level's, its search bounded by the time of a move, not a node count.
func DescribeTop(threads int) game.Text {
	return texts("%s: searches for the whole time of a move on %d cores.", levelName(MaxLevel), threads)
}
