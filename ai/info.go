package ai

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
)

// MateScore is the alpha-beta score of a won position at the root; a win
// found n plies ahead scores MateScore - n. It lies beyond game.EvalWin
// so that no static evaluation is mistaken for a proof.
const MateScore = 2 * game.EvalWin

// Info is a search's progress, from the view of the player to act at the
// root. Alpha-beta fills Score; MCTS fills WinProb (HasWinProb).
type Info struct {
	Depth      int           // completed depth, or the MCTS principal variation's length
	Nodes      int64         // nodes or iterations so far
	Elapsed    time.Duration // time since the search began
	Best       game.Move     // best move so far
	Score      int           // alpha-beta score; beyond game.EvalWin a proven result
	WinProb    float64       // MCTS: estimated probability of winning, draws half
	HasWinProb bool
	Proven     bool        // the value is exact: a solved position
	PV         []game.Move // principal variation, Best first
	// MultiPV holds the best lines at the root, best first, when the
	// search was asked for more than one (a Spec's MultiPV) and the root
	// has more than one move: each with its Best, PV and Score or WinProb.
	// The first is the same line as the Info's own.
	MultiPV []Info
}

// EvalScale is the number of evaluation units that make a 73% win
// probability (a logistic of score/EvalScale), the scale the MCTS
// playouts use by default (mcts.DefaultScale): the one conversion from
// an alpha-beta score to a win probability, so that front ends compare
// the two searches on one scale.
const EvalScale = 100

// WinProbability is the info's value as the probability that the
// player to act wins, draws counting half: MCTS's own estimate, 1 or 0
// for a proven win or loss, and otherwise a logistic of the alpha-beta
// score (EvalScale).
func (i Info) WinProbability() float64 {
	if i.HasWinProb {
		return i.WinProb
	}
	if n, ok := i.MateIn(); ok {
		if n > 0 {
			return 1
		}
		return 0
	}
	return 1 / (1 + math.Exp(-float64(i.Score)/EvalScale))
}

// NPS returns nodes (or iterations) per second.
func (i Info) NPS() int64 {
	if i.Elapsed <= 0 {
		return 0
	}
	return int64(float64(i.Nodes) / i.Elapsed.Seconds())
}

// MateIn reports a proven alpha-beta result: the number of plies to the
// end, positive when the player to act wins, negative when it loses.
func (i Info) MateIn() (int, bool) {
	switch {
	case i.HasWinProb:
		return 0, false
	case i.Score > game.EvalWin:
		return MateScore - i.Score, true
	case i.Score < -game.EvalWin:
		return -(MateScore + i.Score), true
	}
	return 0, false
}

// Line formats the info as the engine protocol's "info" fields (without
// the "info" word): depth, nodes, nps, score or wp, and the principal
// variation in move notation, played out from s.
func (i Info) Line(s game.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d nodes %d nps %d", i.Depth, i.Nodes, i.NPS())
	if n, ok := i.MateIn(); ok {
		fmt.Fprintf(&b, " score mate %d", n)
	} else if i.HasWinProb {
		fmt.Fprintf(&b, " wp %.3f", i.WinProb)
	} else {
		fmt.Fprintf(&b, " score %d", i.Score)
	}
	if pv := FormatPV(s, i.PV); len(pv) > 0 {
		b.WriteString(" pv " + strings.Join(pv, " "))
	}
	return b.String()
}

// PVLines formats the info as the engine protocol's multi-PV "info"
// fields, one line per variation of MultiPV (the info itself when it has
// none): depth, multipv (the rank, from 1), nodes, nps, score (alpha-beta
// only), wp (always, WinProbability) and pv.
func (i Info) PVLines(s game.State) []string {
	lines := i.MultiPV
	if len(lines) == 0 {
		lines = []Info{i}
	}
	out := make([]string, 0, len(lines))
	for k, l := range lines {
		var b strings.Builder
		fmt.Fprintf(&b, "depth %d multipv %d nodes %d nps %d", i.Depth, k+1, i.Nodes, i.NPS())
		if n, ok := l.MateIn(); ok {
			fmt.Fprintf(&b, " score mate %d", n)
		} else if !l.HasWinProb {
			fmt.Fprintf(&b, " score %d", l.Score)
		}
		fmt.Fprintf(&b, " wp %.3f", l.WinProbability())
		if pv := FormatPV(s, l.PV); len(pv) > 0 {
			b.WriteString(" pv " + strings.Join(pv, " "))
		}
		out = append(out, b.String())
	}
	return out
}

// FormatPV returns the moves of pv in notation, each formatted in the
// position it is played from. It stops at the first move that is not
// legal there, so a stale variation never yields garbage.
func FormatPV(s game.State, pv []game.Move) []string {
	c := s.Clone()
	var out []string
	var buf []game.Move
	for _, m := range pv {
		buf = c.Moves(buf[:0])
		if !contains(buf, m) {
			break
		}
		out = append(out, c.FormatMove(m))
		c.Play(m)
	}
	return out
}

func contains(moves []game.Move, m game.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
