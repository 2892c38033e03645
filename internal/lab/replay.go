package lab

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// Replay observes a game played elsewhere (a human game from the
// server's store): the moves are played from start, which Replay
// changes, and the result is the recorded one, since players may end a
// game the rules had not (a resignation, a timeout, an agreed draw).
// judge, when not nil, judges the position at mid-game.
func Replay(ctx context.Context, start game.State, moves []string, result game.Result, judge NewAgent, seed uint64) (Observed, error) {
	if result != game.FirstWins && result != game.SecondWins && result != game.Draw {
		return Observed{}, fmt.Errorf("lab: replay: result %s: want a finished game", result)
	}
	o := Observed{Result: result}
	s := start.Clone()
	var played []game.Move
	for _, text := range moves {
		c := s.Clone()
		m, err := game.PlayChecked(c, text)
		if err != nil {
			return Observed{}, fmt.Errorf("lab: replay: %w", err)
		}
		o.play(s, m)
		played = append(played, m)
	}
	var err error
	o.Ahead, o.Judged, err = judgeMid(ctx, judge, seed, start, played)
	return o, err
}
