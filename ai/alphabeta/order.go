package alphabeta

import "github.com/plateau-games/plateau/game"

// Ordering keys: the table's move, then killers, then history.
const (
	keyTT     = 1 << 30
	keyKiller = 1 << 29
)

func historyIndex(m game.Move) uint64 { return uint64(m) * 0x9E3779B97F4A7C15 >> 52 }

// order sorts moves best first (a stable insertion sort: move lists are
// short and mostly ordered already).
func (t *Searcher) order(moves []game.Move, ply int, p game.Player, ttMove game.Move, hasTT bool) []game.Move {
	keys := t.keys[ply][:0]
	for _, m := range moves {
		k := t.history[p][historyIndex(m)]
		switch {
		case hasTT && m == ttMove:
			k = keyTT
		case t.isKiller(m, ply):
			k = keyKiller
		}
		keys = append(keys, k)
	}
	t.keys[ply] = keys
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	return moves
}

func (t *Searcher) isKiller(m game.Move, ply int) bool {
	for i := 0; i < t.nKillers[ply]; i++ {
		if t.killers[ply][i] == m {
			return true
		}
	}
	return false
}

// reward credits a move that caused a beta cut-off.
func (t *Searcher) reward(m game.Move, p game.Player, ply, depth int) {
	if !t.isKiller(m, ply) {
		t.killers[ply][1] = t.killers[ply][0]
		t.killers[ply][0] = m
		t.nKillers[ply] = min(t.nKillers[ply]+1, 2)
	}
	h := &t.history[p][historyIndex(m)]
	*h += int32(depth * depth)
	if *h > keyKiller/2 {
		for i := range t.history[p] {
			t.history[p][i] /= 2
		}
	}
}
