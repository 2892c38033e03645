package pictures

import (
	"reflect"

	"github.com/plateau-games/plateau/game"
)

// marked lists the squares whose pieces the last n moves of the state's
// history changed: those the browser marks as the last move. It never
// changes the state.
func marked(s game.State, now game.Picture, n int) []string {
	if n <= 0 {
		return nil
	}
	c := s.Clone()
	undone := 0
	for ; undone < n && undo(c); undone++ {
	}
	if undone == 0 {
		return nil
	}
	before := c.(game.Painter).Paint()
	a, b := bySquare(before), bySquare(now)
	var out []string
	seen := map[string]bool{}
	for _, pics := range [2]game.Picture{now, before} {
		for _, p := range pics.Pieces {
			if !seen[p.Square] && !reflect.DeepEqual(a[p.Square], b[p.Square]) {
				out = append(out, p.Square)
			}
			seen[p.Square] = true
		}
	}
	return out
}

// undo takes back a move when the state has one to take back; a state
// parsed from a position has no history, and Undo panics then.
func undo(s game.State) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	s.Undo()
	return true
}

func bySquare(p game.Picture) map[string][]game.Shape {
	m := make(map[string][]game.Shape, len(p.Pieces))
	for _, pc := range p.Pieces {
		m[pc.Square] = append(m[pc.Square], pc.Shapes...)
	}
	return m
}
