package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// botGame is one game the bridge plays, with its own engine.
type botGame struct {
	b      *bridge
	start  api.BotGameStart
	eng    *botEngine
	played int64 // the last view version answered, so that none is answered twice
}

// play follows the game's stream and moves whenever the bot is to act,
// until the game is over or ctx ends; the stream is reopened after a
// loss (its first line is the whole game, so nothing is missed). It
// reports whether it saw the game going on (not only its end).
func (b *bridge) play(ctx context.Context, start api.BotGameStart) (live bool) {
	g := &botGame{b: b, start: start, played: -1}
	defer g.closeEngine()
	b.log.Info("game: playing", "game", start.Game, "id", start.GameID, "seat", start.Player)
	for wait := time.Second; ctx.Err() == nil; {
		over := false
		err := b.stream(ctx, "/api/bot/game/stream/"+start.Game, func(l botLine) {
			var v api.View
			if json.Unmarshal(l.Data, &v) != nil {
				return
			}
			wait = time.Second
			live = live || v.Result == "ongoing"
			over = g.onView(ctx, &v)
		})
		if over || ctx.Err() != nil {
			return live
		}
		var he *httpError
		if errors.As(err, &he) && he.status == http.StatusNotFound {
			b.log.Warn("game: gone", "game", start.Game)
			return live
		}
		b.log.Warn("game stream lost; reconnecting", "game", start.Game, "err", err, "in", wait)
		sleepCtx(ctx, wait)
		wait = min(2*wait, 15*time.Second)
	}
	return live
}

// onView moves if the bot is to act in v; it reports the game over.
func (g *botGame) onView(ctx context.Context, v *api.View) bool {
	if v.Result != "ongoing" {
		g.b.log.Info("game: over", "game", v.ID, "result", v.Result, "reason", v.Reason, "seat", g.start.Player)
		return true
	}
	if v.ToAct != g.start.Player || len(v.Legal) == 0 || v.Version <= g.played {
		return false
	}
	g.played = v.Version
	g.move(ctx, v)
	return false
}

// move asks the engine and sends its move. An engine that fails, or
// whose move the server refuses as illegal, is restarted and asked once
// more; then the game is left to its clock (an untimed game is resigned:
// it would wait forever). A move the network lost is sent again at the
// next view (the server plays it once: seen).
func (g *botGame) move(ctx context.Context, v *api.View) {
	think := g.think(v)
	for try := 0; try < 2; try++ {
		m, err := g.ask(ctx, v, think)
		if err != nil {
			g.b.log.Warn("engine: failed; restarting it", "game", v.ID, "err", err)
			g.closeEngine()
			continue
		}
		seen := len(v.Moves)
		err = g.b.post(ctx, "/api/games/"+v.ID+"/moves", api.MoveRequest{Move: m, Seen: &seen}, nil)
		var he *httpError
		switch {
		case err == nil:
			g.b.log.Info("move", "game", v.ID, "ply", seen+1, "move", m, "think", think)
			return
		case errors.As(err, &he) && (he.status == http.StatusUnprocessableEntity || he.status == http.StatusBadRequest):
			g.b.log.Warn("engine: illegal move; restarting it", "game", v.ID, "move", m, "err", err)
			g.closeEngine()
		case errors.As(err, &he) && he.status == http.StatusConflict:
			g.b.log.Info("move refused: the game moved on", "game", v.ID, "move", m, "err", err)
			return
		default:
			g.b.log.Warn("move not delivered; sending it again at the next view", "game", v.ID, "move", m, "err", err)
			g.played = -1
			return
		}
	}
	g.giveUp(ctx, v)
}

// ask starts the engine if need be and asks it for a move.
func (g *botGame) ask(ctx context.Context, v *api.View, think time.Duration) (string, error) {
	if g.eng == nil {
		eng, err := startEngine(g.b.reg, g.b.engine)
		if err != nil {
			return "", err
		}
		g.eng = eng
	}
	return g.eng.bestMove(ctx, v.Game, v.Start, v.Moves, g.goArgs(think), think)
}

// giveUp leaves a timed game to its clock and resigns an untimed one.
func (g *botGame) giveUp(ctx context.Context, v *api.View) {
	if v.Clock != nil {
		g.b.log.Error("engine: no legal move; the clock will decide", "game", v.ID)
		return
	}
	g.b.log.Error("engine: no legal move in an untimed game; resigning", "game", v.ID)
	if err := g.b.post(ctx, "/api/games/"+v.ID+"/resign", struct{}{}, nil); err != nil {
		g.b.log.Warn("resign failed", "game", v.ID, "err", err)
	}
}

// think is the time for this move: a share of the clock, at most
// --movetime.
func (g *botGame) think(v *api.View) time.Duration {
	t := g.b.moveTime
	if v.Clock != nil && v.Clock.Kind == "realtime" {
		left := time.Duration(v.Clock.Remaining[g.start.Player]) * time.Millisecond
		t = min(t, max(left/30, 20*time.Millisecond))
	}
	return t
}

// goArgs is the engine's go command's arguments.
func (g *botGame) goArgs(think time.Duration) string {
	s := fmt.Sprintf("movetime %d", think.Milliseconds())
	if g.b.engine == "" && g.b.level > 0 {
		s += fmt.Sprintf(" level %d", g.b.level)
	}
	return s
}

func (g *botGame) closeEngine() {
	if g.eng != nil {
		g.eng.stop()
		g.eng = nil
	}
}
