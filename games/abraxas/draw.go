package abraxas

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
)

const (
	ansiRed   = "\x1b[31m"
	ansiBlue  = "\x1b[34m"
	ansiReset = "\x1b[0m"
)

var cornerWords = [5]string{
	"bottom-left, a1-h8", "bottom-right, b1-i8", "top-right, b2-i9", "top-left, a2-h9", "not chosen yet",
}

var phaseWords = [4]string{
	"corner (player 2 chooses the plate's corner)",
	"play (a red turn or a stop turn)",
	"take (take pawns from a line)",
	"interrupt (a stop turn before the opponent replays, or pass)",
}

// Draw implements game.Drawer. A hole of the plate is drawn in brackets,
// square ones when a dot lies under it; off the plate a dot is "*".
func (s *State) Draw(color bool) string { return s.draw(color, bitset{}) }

// DrawLast implements game.Marker: the pawns the last n moves placed,
// moved or took are marked where they are now (or were, for a take),
// following the plate through its pushes, which move every pawn with it.
func (s *State) DrawLast(color bool, n int) string {
	n = min(n, len(s.undo))
	var marks bitset
	for i := len(s.undo) - n; i < len(s.undo); i++ {
		before, after := &s.undo[i], &s.p
		if i+1 < len(s.undo) {
			after = &s.undo[i+1]
		}
		d := 0
		if before.corner != noCorner && after.corner != noCorner {
			d = cornerOffset[after.corner] - cornerOffset[before.corner]
		}
		red, stop := before.red.shift(d), before.stop.shift(d)
		changed := red.andNot(after.red).or(after.red.andNot(red)).or(stop.andNot(after.stop)).or(after.stop.andNot(stop))
		marks = marks.shift(d).or(changed)
	}
	return s.draw(color, marks)
}

// draw draws the position with the squares of marks marked.
func (s *State) draw(color bool, marks bitset) string {
	var b strings.Builder
	b.WriteString("    a  b  c  d  e  f  g  h  i\n")
	for rank := 8; rank >= 0; rank-- {
		fmt.Fprintf(&b, " %d ", rank+1)
		for file := range files {
			text := s.drawCell(rank*stride+file, color)
			if marks.has(rank*stride + file) {
				text = game.MarkCell(text, color)
			}
			b.WriteString(text)
		}
		fmt.Fprintf(&b, " %d\n", rank+1)
	}
	b.WriteString("    a  b  c  d  e  f  g  h  i\n")
	b.WriteString("  ( ) hole  [ ] hole over a dot  * dot off the plate  R red pawn  B stop pawn\n")
	if !marks.empty() && !color {
		b.WriteString("  " + game.MarkLegend + "\n")
	}
	s.drawFields(&b)
	return b.String()
}

func (s *State) drawCell(sq int, color bool) string {
	p := &s.p
	dot := s.dots.has(sq)
	onPlate := p.corner != noCorner && plateAt[p.corner].has(sq)
	paint := func(code, text string) string {
		if color {
			return code + text + ansiReset
		}
		return text
	}
	mid := "."
	switch {
	case p.red.has(sq):
		mid = paint(ansiRed, "R")
	case p.stop.has(sq):
		mid = paint(ansiBlue, "B")
	case dot && !onPlate:
		mid = paint(ansiRed, "*")
	case onPlate:
		mid = " "
	}
	switch {
	case onPlate && dot:
		return paint(ansiRed, "[") + mid + paint(ansiRed, "]")
	case onPlate:
		return "(" + mid + ")"
	}
	return " " + mid + " "
}

// flagWords says what the flags mean, "none" without any.
func (s *State) flagWords() string {
	p := &s.p
	var words []string
	if p.flags&flagNoStop != 0 {
		words = append(words, fmt.Sprintf("n (player %d answers a stop turn and may not place a stop pawn)", p.toAct+1))
	}
	switch r := p.flags&flagReplay != 0; {
	case r && p.flags&flagAfterStop != 0:
		words = append(words, fmt.Sprintf("r (player %d replays next: a replay earns no other)", 2-p.toAct))
	case r && p.phase == phaseTake:
		words = append(words, "r (the takes follow a replay: no other replay)")
	case r:
		words = append(words, fmt.Sprintf("r (player %d replays: a replay earns no other)", p.toAct+1))
	}
	if p.flags&flagAfterStop != 0 {
		words = append(words, "s (the takes follow a stop turn: no replay)")
	}
	if len(words) == 0 {
		return "none"
	}
	return strings.Join(words, "; ")
}

func (s *State) drawFields(b *strings.Builder) {
	p := &s.p
	push := "counter-clockwise (bl, br, tr, tl)"
	if s.free {
		push = "free (either neighbouring corner)"
	}
	fmt.Fprintf(b, "Layout: board %d (%d dots)\n", s.layout, s.dots.count())
	fmt.Fprintf(b, "Plate: %s; pushes go %s\n", cornerWords[p.corner], push)
	fmt.Fprintf(b, "To act: player %d\n", p.toAct+1)
	fmt.Fprintf(b, "Phase: %s\n", phaseWords[p.phase])
	fmt.Fprintf(b, "Taken: player 1 %d, player 2 %d (%d wins)\n", p.taken[0], p.taken[1], winTaken)
	fmt.Fprintf(b, "Stop pawns in hand: player 1 %d, player 2 %d\n", p.stops[0], p.stops[1])
	fmt.Fprintf(b, "Pool: %d red pawns\n", p.pool())
	b.WriteString("Flags: " + s.flagWords() + "\n")
	switch r := p.result; r {
	case game.Ongoing:
		b.WriteString("Result: ongoing\n")
	case game.Draw:
		fmt.Fprintf(b, "Result: draw (%s)\n", s.Reason())
	default:
		w, _ := r.Winner()
		fmt.Fprintf(b, "Result: player %d wins (%s)\n", w+1, s.Reason())
	}
}
