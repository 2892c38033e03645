package engine

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Describe draws a state and says whose move it is or how it ended.
func Describe(g game.Game, s game.State, color bool) string {
	var b strings.Builder
	if d, ok := s.(game.Drawer); ok {
		b.WriteString(d.Draw(color))
	}
	fmt.Fprintf(&b, "position: %s\n", s.String())
	if r := s.Result(); r != game.Ongoing {
		fmt.Fprintf(&b, "result: %s (%s)\n", ResultWords(g, r), s.Reason())
	} else {
		fmt.Fprintf(&b, "to act: %s, %d legal moves\n", g.Players[s.ToAct()], len(s.Moves(nil)))
	}
	return b.String()
}

// ResultWords names the winner by the game's player names, or says draw.
func ResultWords(g game.Game, r game.Result) string {
	if p, ok := r.Winner(); ok {
		return g.Players[p] + " wins"
	}
	return r.String()
}
