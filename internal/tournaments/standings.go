package tournaments

import (
	"cmp"
	"slices"
)

// Standing is one player's line in the standings. Score counts every
// game point (a win 1, a draw ½, a bye the points of a won pairing);
// the tie-breaks count only games played over the board, not forfeits
// nor byes.
type Standing struct {
	ID              string
	Rank            int // 1 for the leader; tied players share no rank
	Score           float64
	Played          int
	HeadToHead      float64 // points against the players on the same score
	SonnebornBerger float64 // Σ result × the opponent's score
	Buchholz        float64 // Σ the opponents' scores
	PairsWon        int     // colour-swapped pairs won (more than 1 of 2)
	Firsts          int     // games started
}

// Standings ranks players by score, then head-to-head among the players
// on the same score, Sonneborn-Berger, Buchholz, colour-swapped pairs
// won, rating and id (so that every server gives the same order). A
// game with an empty Second is a bye worth Score.
func Standings(players []Player, games []Game) []Standing {
	idx := map[string]int{}
	out := make([]Standing, len(players))
	for i, p := range players {
		idx[p.ID] = i
		out[i].ID = p.ID
	}
	addScores(out, idx, games)
	addTieBreaks(out, idx, games)
	rating := map[string]float64{}
	for _, p := range players {
		rating[p.ID] = p.Rating
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.HeadToHead, a.HeadToHead),
			cmp.Compare(b.SonnebornBerger, a.SonnebornBerger), cmp.Compare(b.Buchholz, a.Buchholz),
			cmp.Compare(b.PairsWon, a.PairsWon), cmp.Compare(rating[b.ID], rating[a.ID]), cmp.Compare(a.ID, b.ID))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

func addScores(out []Standing, idx map[string]int, games []Game) {
	for _, g := range games {
		if i, ok := idx[g.First]; ok {
			out[i].Score += g.Score
			if g.Second != "" && !g.Forfeit {
				out[i].Played++
				out[i].Firsts++
			}
		}
		if j, ok := idx[g.Second]; ok {
			out[j].Score += 1 - g.Score
			if !g.Forfeit {
				out[j].Played++
			}
		}
	}
}

func addTieBreaks(out []Standing, idx map[string]int, games []Game) {
	type pairKey struct {
		round, pair int
		player      string
	}
	pairPoints, pairGames := map[pairKey]float64{}, map[pairKey]int{}
	for _, g := range games {
		i, ok1 := idx[g.First]
		j, ok2 := idx[g.Second]
		if !ok1 || !ok2 || g.Forfeit {
			continue
		}
		a, b := &out[i], &out[j]
		a.Buchholz += b.Score
		b.Buchholz += a.Score
		a.SonnebornBerger += g.Score * b.Score
		b.SonnebornBerger += (1 - g.Score) * a.Score
		if a.Score == b.Score {
			a.HeadToHead += g.Score
			b.HeadToHead += 1 - g.Score
		}
		for _, k := range []struct {
			id string
			s  float64
		}{{g.First, g.Score}, {g.Second, 1 - g.Score}} {
			pk := pairKey{g.Round, g.Pair, k.id}
			pairPoints[pk] += k.s
			pairGames[pk]++
		}
	}
	for pk, n := range pairGames {
		if n == 2 && pairPoints[pk] > 1 {
			out[idx[pk.player]].PairsWon++
		}
	}
}

// Cell is one square of a crosstable: the points a row player scored
// against a column player, over Games games.
type Cell struct {
	Points float64
	Games  int
}

// Crosstable returns, for players in the given order, the points each
// scored against each other (forfeits included, marked by the runner).
func Crosstable(order []string, games []Game) [][]Cell {
	idx := map[string]int{}
	for i, id := range order {
		idx[id] = i
	}
	out := make([][]Cell, len(order))
	for i := range out {
		out[i] = make([]Cell, len(order))
	}
	for _, g := range games {
		i, ok1 := idx[g.First]
		j, ok2 := idx[g.Second]
		if !ok1 || !ok2 {
			continue
		}
		out[i][j].Points += g.Score
		out[i][j].Games++
		out[j][i].Points += 1 - g.Score
		out[j][i].Games++
	}
	return out
}
