package tournaments

import (
	"cmp"
	"math"
	"slices"
)

// ArenaPlayer is a player waiting in an arena for a game.
type ArenaPlayer struct {
	ID     string
	Rating float64
	Score  int
	Last   string   // the opponent of the player's last game
	Colour int      // games started minus games played second
	Avoid  []string // players this one blocked or was blocked by: never paired
}

// arenaWindow is how far down the ranking a waiting player looks for an
// opponent: closer ranks cost less, as in lichess's AntmaPairing.
const arenaWindow = 8

// rankCost weighs one place of ranking against rating points.
const rankCost = 300

// PairArena pairs the players waiting in an arena, ranked by score then
// rating: each takes the cheapest of the next few waiting players, the
// cost being the distance in rank and in rating. Nobody meets their last
// opponent again while another opponent waits or is still playing (busy
// counts the players in a game); two players who just met and are alone
// in the arena may meet again; two players of whom one blocked the other
// never meet. Who starts a single game is the player
// who started less. Players left over wait for the next tick.
func PairArena(waiting []ArenaPlayer, busy, games int) []Match {
	ps := slices.Clone(waiting)
	slices.SortStableFunc(ps, func(a, b ArenaPlayer) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	alone := len(ps) == 2 && busy == 0
	ok := func(a, b int) bool {
		if slices.Contains(ps[a].Avoid, ps[b].ID) || slices.Contains(ps[b].Avoid, ps[a].ID) {
			return false
		}
		return alone || (ps[a].Last != ps[b].ID && ps[b].Last != ps[a].ID)
	}
	paired := make([]bool, len(ps))
	var pairs [][2]int
	for i := range ps {
		if paired[i] {
			continue
		}
		best, bestCost := -1, math.Inf(1)
		for j, seen := i+1, 0; j < len(ps) && seen < arenaWindow; j++ {
			if paired[j] || !ok(i, j) {
				continue
			}
			seen++
			if c := float64(rankCost*(j-i)) + math.Abs(ps[i].Rating-ps[j].Rating); c < bestCost {
				best, bestCost = j, c
			}
		}
		if best >= 0 {
			paired[i], paired[best] = true, true
			pairs = append(pairs, [2]int{i, best})
		}
	}
	pairs = rescue(pairs, paired, ok)
	out := make([]Match, 0, len(pairs))
	for _, p := range pairs {
		a, b := ps[min(p[0], p[1])], ps[max(p[0], p[1])]
		if games == 1 && b.Colour < a.Colour {
			a, b = b, a
		}
		out = append(out, Match{First: a.ID, Second: b.ID, Games: games})
	}
	return out
}

// rescue pairs two players left over (they just met each other) by
// exchanging partners with the last pair made, when that is allowed.
func rescue(pairs [][2]int, paired []bool, ok func(a, b int) bool) [][2]int {
	var left []int
	for i, p := range paired {
		if !p {
			left = append(left, i)
		}
	}
	if len(left) != 2 || len(pairs) == 0 {
		return pairs
	}
	x, y := left[0], left[1]
	last := pairs[len(pairs)-1]
	for _, alt := range [][2][2]int{{{x, last[0]}, {y, last[1]}}, {{x, last[1]}, {y, last[0]}}} {
		if ok(alt[0][0], alt[0][1]) && ok(alt[1][0], alt[1][1]) {
			return append(pairs[:len(pairs)-1], alt[0], alt[1])
		}
	}
	return pairs
}

// ArenaPoints scores a player's arena games in the order played (each
// 1, 0.5 or 0): a win 2, a draw 1, a loss 0; with streak, after two wins
// in a row the player is on fire and a win counts 4, a draw 2, until a
// game is not won.
func ArenaPoints(results []float64, streak bool) int {
	points, wins := 0, 0
	for _, r := range results {
		fire := streak && wins >= 2
		p := int(2 * r)
		if fire {
			p *= 2
		}
		points += p
		if r == 1 {
			wins++
		} else {
			wins = 0
		}
	}
	return points
}
