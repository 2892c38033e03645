package oshi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

const (
	ansiRed   = "\x1b[1;31m"
	ansiWhite = "\x1b[1;37m"
	ansiDim   = "\x1b[2m"
	ansiReset = "\x1b[0m"
)

// Draw implements game.Drawer. Each piece shows its letter and its tier
// count (S1, D2, T3); case tells the owner (upper red, lower white), and
// with color the owner's colour is added too.
func (s *State) Draw(color bool) string { return s.draw(color, nil) }

// DrawLast implements game.Marker: the squares whose contents the last n
// moves changed (a push moves a whole line) are marked.
func (s *State) DrawLast(color bool, n int) string {
	c := s.Clone().(*State)
	for ; n > 0 && len(c.hist) > 0; n-- {
		c.Undo()
	}
	var marks [size * size]bool
	for sq := range marks {
		marks[sq] = c.board[sq] != s.board[sq]
	}
	return s.draw(color, marks[:])
}

// draw draws the position with the squares of marks marked.
func (s *State) draw(color bool, marks []bool) string {
	var b strings.Builder
	files := "     a  b  c  d  e  f  g  h  i\n"
	b.WriteString(files)
	for r := size - 1; r >= 0; r-- {
		fmt.Fprintf(&b, " %d ", r+1)
		for f := 0; f < size; f++ {
			text := " " + cell(s.board[r*size+f], color)
			if marks != nil && marks[r*size+f] {
				text = game.MarkCell(text, color)
			}
			b.WriteString(text)
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(files)
	b.WriteString("Pieces: S1 D2 T3 = one, two, three tiers (strength and value); upper case red, lower case white\n")
	if slices.Contains(marks, true) && !color {
		b.WriteString(game.MarkLegend + "\n")
	}
	fmt.Fprintf(&b, "To act: %s\n", playerNames[s.side])
	fmt.Fprintf(&b, "Score: red %d, white %d (7 wins)\n", s.score[0], s.score[1])
	b.WriteString("Impasse: " + s.impasseWords() + "\n")
	result := "ongoing"
	switch s.result {
	case game.FirstWins:
		result = "red wins (" + s.Reason() + ")"
	case game.SecondWins:
		result = "white wins (" + s.Reason() + ")"
	case game.Draw:
		result = "draw (" + s.Reason() + ")"
	}
	b.WriteString("Result: " + result + "\n")
	return b.String()
}

func cell(p uint8, color bool) string {
	if p == 0 {
		if color {
			return ansiDim + " ." + ansiReset
		}
		return " ."
	}
	text := string([]byte{pieceLetter(p), byte('0' + tierOf(p))})
	if !color {
		return text
	}
	if ownerOf(p) == 0 {
		return ansiRed + text + ansiReset
	}
	return ansiWhite + text + ansiReset
}

func (s *State) impasseWords() string {
	if s.nimp == 0 {
		return "none"
	}
	parts := make([]string, s.nimp)
	for i, e := range s.imp[:s.nimp] {
		parts[i] = fmt.Sprintf("the %s piece on %s may not land on %s",
			playerNames[s.side], squareName(int(e.now)), squareName(int(e.before)))
	}
	return strings.Join(parts, "; ")
}
