package oxford

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// ANSI escapes of the coloured drawing.
const (
	ansiReset  = "\x1b[0m"
	ansiBase   = "\x1b[2m" // base squares are dimmed
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
)

// Draw implements game.Drawer. Base squares are drawn in brackets, field
// squares bare; red's pieces are capitals and yellow's small letters, so
// the drawing is unambiguous without colour.
func (s *State) Draw(color bool) string { return s.draw(color, nil) }

// DrawLast implements game.Marker: the squares whose piece or face the
// last n moves changed are marked.
func (s *State) DrawLast(color bool, n int) string {
	c := s.Clone().(*State)
	for ; n > 0 && len(c.hist) > 0; n-- {
		c.Undo()
	}
	var marks [squares]bool
	for sq := range marks {
		marks[sq] = c.charAt(sq) != s.charAt(sq)
	}
	return s.draw(color, marks[:])
}

// draw draws the position with the squares of marks marked.
func (s *State) draw(color bool, marks []bool) string {
	var b strings.Builder
	b.WriteString(fileLine())
	for r := ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < files; f++ {
			text := s.drawSquare(r*files+f, color)
			if marks != nil && marks[r*files+f] {
				text = game.MarkCell(text, color)
			}
			b.WriteString(text)
		}
		fmt.Fprintf(&b, " %d%s\n", r+1, s.rankNote(r))
	}
	b.WriteString(fileLine())
	if slices.Contains(marks, true) && !color {
		b.WriteString(game.MarkLegend + "\n")
	}
	for p := game.First; p <= game.Second; p++ {
		b.WriteString(s.describe(p))
	}
	fmt.Fprintf(&b, "To act: %s\n", playerName[s.side])
	switch r := s.Result(); r {
	case game.Ongoing:
	case game.Draw:
		fmt.Fprintf(&b, "Result: draw (%s)\n", s.Reason())
	default:
		w, _ := r.Winner()
		fmt.Fprintf(&b, "Result: %s wins (%s)\n", playerName[w], s.Reason())
	}
	return b.String()
}

func fileLine() string {
	var b strings.Builder
	b.WriteString("  ")
	for f := 0; f < files; f++ {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	return strings.TrimRight(b.String(), " ") + "\n"
}

func (s *State) drawSquare(sq int, color bool) string {
	c := s.charAt(sq)
	text := " . "
	base := (redBase|yellowBase)&(1<<sq) != 0
	if c != 0 {
		text = " " + string(c) + " "
		if color {
			tint := ansiRed
			if c >= 'a' {
				tint = ansiYellow
			}
			text = " " + tint + string(c) + ansiReset + " "
		}
	}
	if !base {
		return text
	}
	text = "[" + text[1:len(text)-1] + "]"
	if c == 0 {
		text = "[ ]"
	}
	if color {
		text = ansiBase + text[:1] + ansiReset + text[1:len(text)-1] + ansiBase + text[len(text)-1:] + ansiReset
	}
	return text
}

func (s *State) rankNote(r int) string {
	note := ""
	switch r {
	case 0:
		note = "  red base"
	case ranks - 1:
		note = "  yellow base"
	default:
		return ""
	}
	if s.beginner {
		note += " (unused in the beginner game)"
	}
	return note
}

// describe puts one player's side of the position in words.
func (s *State) describe(p game.Player) string {
	o := popcount(s.bb[p][faceO] & fieldMask)
	x := popcount(s.bb[p][faceX] & fieldMask)
	letters := "O X"
	if p == game.Second {
		letters = "o x"
	}
	return fmt.Sprintf("%s (%s): in play %d O and %d X (an O moves %d, an X %d), on base %d, lost %d\n",
		strings.ToUpper(playerName[p][:1])+playerName[p][1:], letters, o, x, o, x,
		popcount(s.own(p)&baseMask[p]), s.lost(p))
}
