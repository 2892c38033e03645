package tournaments

import (
	"fmt"
	"slices"
)

// Bracket returns the first round of a seeded single elimination of n
// players as pairs of seeds (1 the strongest), in bracket order: the
// bracket is the next power of two, seed s meets seed size+1-s, so the
// two top seeds can only meet in the final; a seed beyond n is 0, a bye
// for the top seeds.
func Bracket(n int) ([][2]int, error) {
	if n < 2 {
		return nil, fmt.Errorf("%w: a knock-out needs 2 players, got %d", ErrTooFewPlayers, n)
	}
	order := []int{1}
	for len(order) < n {
		size := 2 * len(order)
		next := make([]int, 0, size)
		for _, s := range order {
			next = append(next, s, size+1-s)
		}
		order = next
	}
	out := make([][2]int, 0, len(order)/2)
	for i := 0; i < len(order); i += 2 {
		out = append(out, [2]int{order[i] * keep(order[i], n), order[i+1] * keep(order[i+1], n)})
	}
	return out, nil
}

func keep(seed, n int) int {
	if seed > n {
		return 0
	}
	return 1
}

// KnockOut returns the first round's matches, players seeded by rating;
// a top seed without opponent gets a bye (a Match without Second).
func KnockOut(players []Player, games int) ([]Match, error) {
	b, err := Bracket(len(players))
	if err != nil {
		return nil, err
	}
	seeded := slices.Clone(players)
	slices.SortStableFunc(seeded, byRating)
	out := make([]Match, 0, len(b))
	for _, p := range b {
		m := Match{First: seeded[p[0]-1].ID, Games: games}
		if p[1] > 0 {
			m.Second = seeded[p[1]-1].ID
		}
		out = append(out, m)
	}
	return out, nil
}

// NextKnockOut pairs the winners of a round in bracket order, the
// winner of match 2i meeting the winner of match 2i+1.
func NextKnockOut(winners []string, games int) []Match {
	out := make([]Match, 0, len(winners)/2)
	for i := 0; i+1 < len(winners); i += 2 {
		out = append(out, Match{First: winners[i], Second: winners[i+1], Games: games})
	}
	return out
}

// Knock-out decisions.
const (
	FirstGoesThrough  = 0
	SecondGoesThrough = 1
	PlayTieBreak      = -1 // level: play a colour-swapped tie-break pair
)

// KnockOutWinner decides a match from the points each side scored in
// all its games so far and how many tie-break pairs were played: more
// points go through; level after the match, one colour-swapped pair of
// tie-break games is played (fair even where the first player has an
// edge); still level, the higher seed (First) goes through.
func KnockOutWinner(first, second float64, tieBreakPairs int) int {
	switch {
	case first > second:
		return FirstGoesThrough
	case second > first:
		return SecondGoesThrough
	case tieBreakPairs == 0:
		return PlayTieBreak
	}
	return FirstGoesThrough
}
