package tournaments

import (
	"math"
	"math/bits"
)

// exactMax is the most players (with the bye's seat, when the round is
// odd) a round pairs exactly, by the minimum-cost perfect matching over
// every pairing: 2^exactMax sets of players, a few milliseconds. Larger
// rounds use the search and its improvement.
const exactMax = 20

// costByeRank orders the bye's candidates: the seat of the bye costs
// more for each candidate passed over, more than all other costs of a
// round of exactMax players together, so the lowest-ranked candidate
// sits out whenever some pairing of the others exists at the level.
const costByeRank = 1e13

// exact pairs the round at the search's level by the cheapest perfect
// matching (dynamic programming over the sets of players still to pair;
// the lowest-numbered of a set takes a partner), the bye as a seat of
// its own. It returns the pairs and the bye (-1 in an even round).
func (s *swiss) exact() ([][2]int, int, bool) {
	n := len(s.ps)
	byes := s.byeCandidates()
	nodes := n
	if byes[0] >= 0 {
		nodes++ // the bye's seat is node n
	}
	w, ok := s.weights(nodes, byes)
	best := make([]float64, 1<<nodes)
	with := make([]int8, 1<<nodes)
	for set := 1; set < len(best); set++ {
		best[set] = math.Inf(1)
		if bits.OnesCount(uint(set))%2 == 1 {
			continue
		}
		i := bits.TrailingZeros(uint(set))
		rest := set &^ (1 << i)
		for r := rest; r != 0; r &= r - 1 {
			j := bits.TrailingZeros(uint(r))
			if c := w[i][j] + best[rest&^(1<<j)]; ok[i][j] && c < best[set] {
				best[set], with[set] = c, int8(j)
			}
		}
	}
	full := len(best) - 1
	if math.IsInf(best[full], 1) {
		return nil, -1, false
	}
	var pairs [][2]int
	bye := -1
	for set := full; set != 0; {
		i, j := bits.TrailingZeros(uint(set)), int(with[set])
		if j == n {
			bye = i
		} else {
			pairs = append(pairs, [2]int{i, j})
		}
		set &^= 1<<i | 1<<j
	}
	return pairs, bye, true
}

// weights are the costs and the allowed pairs of the exact matching;
// node n, when there is one, is the bye's seat, open to its candidates.
func (s *swiss) weights(nodes int, byes []int) ([][]float64, [][]bool) {
	n := len(s.ps)
	w, ok := make([][]float64, nodes), make([][]bool, nodes)
	for i := range nodes {
		w[i], ok[i] = make([]float64, nodes), make([]bool, nodes)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			w[i][j], ok[i][j] = s.cost(i, j), s.allowed(i, j)
			w[j][i], ok[j][i] = w[i][j], ok[i][j]
		}
	}
	if nodes > n {
		for k, b := range byes {
			w[b][n], ok[b][n] = costByeRank*float64(k), true
			w[n][b], ok[n][b] = w[b][n], true
		}
	}
	return w, ok
}
