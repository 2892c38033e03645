package puzzles

import (
	"fmt"
	"math"

	"github.com/plateau-games/plateau/game"
)

// Tags names the features of move m in s, seen only through game.State
// and its optional interfaces, then the themes they match: "in-N" (the
// win is forced within N decisions), "ends" (m ends the game), "capture"
// (m takes pieces: game.TakenCounter), "score" (the mover's score grows),
// "gift" (the opponent's score grows), "again" (the mover decides again),
// "quiet" (no capture, no score change).
func Tags(s game.State, m game.Move, plies int, themes []Theme) []string {
	return themed(append([]string{fmt.Sprintf("in-%d", plies)}, features(s, m)...), themes)
}

// SaveTags names a save puzzle's solution m in s: "save", then the
// features and themes as Tags does, without "in-N" (the solution wins
// nothing within a horizon).
func SaveTags(s game.State, m game.Move, themes []Theme) []string {
	return themed(append([]string{KindSave}, features(s, m)...), themes)
}

// themed adds to tags the first theme they match.
func themed(tags []string, themes []Theme) []string {
	for _, t := range themes {
		if hasAll(tags, t.When) {
			return append(tags, "theme:"+t.Name)
		}
	}
	return tags
}

// features names what move m does in s (see Tags).
func features(s game.State, m game.Move) []string {
	c := s.Clone()
	p := c.ToAct()
	before, taken := c.Scores(), takenOf(c)
	c.Play(m)
	after := c.Scores()
	var tags []string
	if c.Result() != game.Ongoing {
		tags = append(tags, "ends")
	}
	capture := takenOf(c) > taken
	score := after[p] > before[p]
	gift := after[p.Other()] > before[p.Other()]
	if capture {
		tags = append(tags, "capture")
	}
	if score {
		tags = append(tags, "score")
	}
	if gift {
		tags = append(tags, "gift")
	}
	if c.Result() == game.Ongoing && c.ToAct() == p {
		tags = append(tags, "again")
	}
	if !capture && !score && !gift {
		tags = append(tags, "quiet")
	}
	return tags
}

func takenOf(s game.State) int {
	if t, ok := s.(game.TakenCounter); ok {
		return t.Taken()
	}
	return 0
}

func hasAll(tags, want []string) bool {
	for _, w := range want {
		found := false
		for _, t := range tags {
			found = found || t == w
		}
		if !found {
			return false
		}
	}
	return true
}

// guessRating is a puzzle's first rating before anyone has tried it:
// longer wins and more moves to choose from are harder. Glicko-2 then
// moves it with every attempt.
func guessRating(plies, moves int) float64 {
	r := 900 + 250*float64(plies-1) + 80*math.Log2(float64(max(moves, 2)))
	return math.Round(min(r, 2400))
}
