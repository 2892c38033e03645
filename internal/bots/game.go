package bots

import (
	"context"
	"encoding/json"
	"time"
)

// Game stream line types.
const (
	TypeGameFull  = "gameFull"  // the first line: the whole game view
	TypeGameState = "gameState" // the view again after every change
)

// Snapshot is a game as the game stream sees it: its view's version,
// whether it is over, and the view itself.
type Snapshot struct {
	Version int64
	Over    bool
	View    json.RawMessage
}

// GameStream is one game's stream: its whole view first, then the view
// again at each change (a move with the clocks, a draw offer, the end),
// until the game is over. Every line carries everything, so a client
// that reconnects loses nothing: its first line is the game as it is.
type GameStream struct {
	Clock Clock
	// Load returns the game now.
	Load func(ctx context.Context) (Snapshot, error)
	// Poll is the wait between two looks; KeepAlive the longest silence.
	Poll, KeepAlive time.Duration
}

// Run sends the game's lines through send until the game is over, ctx
// ends or send fails (nil: a keep-alive, an empty line).
func (g GameStream) Run(ctx context.Context, send func(*Line) error) error {
	var last int64 = -1
	quiet := g.Clock.Now()
	for {
		snap, err := g.Load(ctx)
		if err != nil {
			return err
		}
		if snap.Version != last {
			typ := TypeGameState
			if last < 0 {
				typ = TypeGameFull
			}
			if err := send(&Line{Type: typ, ID: snap.Version, Data: snap.View}); err != nil {
				return err
			}
			last, quiet = snap.Version, g.Clock.Now()
		}
		if snap.Over {
			return nil
		}
		if g.Clock.Now().Sub(quiet) >= g.KeepAlive {
			if err := send(nil); err != nil {
				return err
			}
			quiet = g.Clock.Now()
		}
		if err := g.Clock.Wait(ctx, g.Poll); err != nil {
			return err
		}
	}
}
