package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// goCmd runs "go [movetime <ms>] [nodes <n>] [depth <d>]".
func (en *engine) goCmd(args string) ([]string, error) {
	lim, err := parseLimits(args)
	if err != nil {
		return nil, err
	}
	if r := en.s.Result(); r != game.Ongoing {
		return nil, fmt.Errorf("%w: the game is over (%s)", errProtocol, r)
	}
	var lines []string
	info := func(l string) { lines = append(lines, "info "+l) }
	ctx := context.Background()
	if lim.moveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lim.moveTime)
		defer cancel()
	}
	m, err := en.choose(ctx, en.s.Clone(), lim, info)
	if err != nil {
		return nil, err
	}
	return append(lines, "bestmove "+en.s.FormatMove(m)), nil
}

func parseLimits(args string) (limits, error) {
	var lim limits
	f := strings.Fields(args)
	if len(f)%2 != 0 {
		return lim, fmt.Errorf("%w: usage: go [movetime <ms>] [nodes <n>] [depth <d>]", errProtocol)
	}
	for i := 0; i < len(f); i += 2 {
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || v < 1 {
			return lim, fmt.Errorf("%w: bad %s %q: want a positive whole number", errProtocol, f[i], f[i+1])
		}
		switch strings.ToLower(f[i]) {
		case "movetime":
			lim.moveTime = time.Duration(v) * time.Millisecond
		case "nodes":
			lim.nodes = v
		case "depth":
			lim.depth = int(min(v, 1000))
		default:
			return lim, fmt.Errorf("%w: unknown go limit %q (want movetime, nodes or depth)", errProtocol, f[i])
		}
	}
	return lim, nil
}

// randomChooser stands in until the AI lands: any legal move, said so.
func randomChooser(_ context.Context, s game.State, _ limits, info func(string)) (game.Move, error) {
	info("string no AI yet: playing a uniformly random legal move")
	moves := s.Moves(nil)
	return moves[rand.IntN(len(moves))], nil
}
