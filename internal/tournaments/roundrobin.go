package tournaments

import (
	"cmp"
	"fmt"
	"slices"
)

// MaxDivision is the largest division of a round robin or league: ten
// players play nine rounds, as in Abstract Play's divisions.
const MaxDivision = 10

// Berger returns the rounds of an all-play-all between n players
// numbered 1..n by FIDE's Berger tables: round r lists its pairs
// (first, second), with 0 for the bye of an odd n. Every pair meets once.
func Berger(n int) ([][][2]int, error) {
	if n < 2 {
		return nil, fmt.Errorf("%w: a round robin needs 2 players, got %d", ErrTooFewPlayers, n)
	}
	m := n + n%2 // the phantom n+1 of an odd n is the bye
	circle := m - 1
	rounds := make([][][2]int, circle)
	for r := range circle {
		s := r * (m / 2) % circle // index of the player facing the fixed m
		pairs := make([][2]int, 0, m/2)
		if r%2 == 0 {
			pairs = append(pairs, [2]int{s + 1, m})
		} else {
			pairs = append(pairs, [2]int{m, s + 1})
		}
		for j := 1; j < m/2; j++ {
			a, b := (s+j)%circle, (s-j+circle)%circle
			pairs = append(pairs, [2]int{a + 1, b + 1})
		}
		if m != n {
			for i, p := range pairs {
				pairs[i] = [2]int{bye(p[0], m), bye(p[1], m)}
			}
		}
		rounds[r] = pairs
	}
	return rounds, nil
}

func bye(x, phantom int) int {
	if x == phantom {
		return 0
	}
	return x
}

// RoundRobin returns the rounds of an all-play-all between players in
// the given order (the first is number 1 of the Berger table), each
// pairing a match of games games. A player facing the bye gets a Match
// with an empty Second.
func RoundRobin(players []Player, games int) ([][]Match, error) {
	table, err := Berger(len(players))
	if err != nil {
		return nil, err
	}
	rounds := make([][]Match, len(table))
	for r, pairs := range table {
		for _, p := range pairs {
			switch {
			case p[0] == 0:
				rounds[r] = append(rounds[r], Match{First: players[p[1]-1].ID, Games: games})
			case p[1] == 0:
				rounds[r] = append(rounds[r], Match{First: players[p[0]-1].ID, Games: games})
			default:
				rounds[r] = append(rounds[r], Match{First: players[p[0]-1].ID, Second: players[p[1]-1].ID, Games: games})
			}
		}
	}
	return rounds, nil
}

// Divisions sorts players by rating, strongest first, and cuts them into
// the fewest divisions of at most size players, as even as possible (the
// stronger divisions take the extra player). Each division needs two
// players at least.
func Divisions(players []Player, size int) ([][]Player, error) {
	if size < 2 || size > MaxDivision {
		return nil, fmt.Errorf("%w: a division holds 2 to %d players, got %d", ErrBadSettings, MaxDivision, size)
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: divisions need 2 players, got %d", ErrTooFewPlayers, len(players))
	}
	sorted := slices.Clone(players)
	slices.SortStableFunc(sorted, byRating)
	k := (len(sorted) + size - 1) / size
	out := make([][]Player, 0, k)
	base, extra := len(sorted)/k, len(sorted)%k
	for i, at := 0, 0; i < k; i++ {
		n := base
		if i < extra {
			n++
		}
		out = append(out, sorted[at:at+n])
		at += n
	}
	return out, nil
}

// byRating orders players strongest first, then by id so that equal
// ratings give the same order on every server.
func byRating(a, b Player) int {
	return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
}
