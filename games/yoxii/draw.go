package yoxii

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// ANSI colours of the drawing: white's pieces bold, red's red, the totem
// yellow on a dark background.
const (
	ansiWhite = "\x1b[1;97m"
	ansiRed   = "\x1b[1;31m"
	ansiTotem = "\x1b[1;33;40m"
	ansiReset = "\x1b[0m"
)

// glyphs are the pieces of values 1 to 4 as the browser draws them
// (white's; red's in small letters), one glyph per value.
var glyphs = [5]string{"", "O", "II", "Y", "X"}

// Draw implements game.Drawer: the board, rank 7 at the top, with one
// glyph per value as in the browser (white O II Y X, red o ii y x, the
// totem T, '.' for an empty square), then the side to act, the hands, the
// sums around the totem and the result in words.
func (s *State) Draw(color bool) string { return s.draw(color, nil) }

// DrawLast implements game.Marker: the totem's squares and the placed
// pieces of the last n moves are marked.
func (s *State) DrawLast(color bool, n int) string {
	c := s.Clone().(*State)
	for ; n > 0 && len(c.hist) > 0; n-- {
		c.Undo()
	}
	marks := make([]bool, rowStart[7])
	for sq := range marks {
		marks[sq] = c.charAt(sq) != s.charAt(sq)
	}
	return s.draw(color, marks)
}

// draw draws the position with the squares of marks marked.
func (s *State) draw(color bool, marks []bool) string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		line := fmt.Sprintf("%d ", r+1) + strings.Repeat("   ", rowFiles[r][0])
		for sq := rowStart[r]; sq < rowStart[r+1]; sq++ {
			text := s.cellText(sq, color)
			if marks != nil && marks[sq] {
				text = game.MarkCell(text, color)
			}
			line += text
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("   a  b  c  d  e  f  g\n")
	b.WriteString("white O II Y X = 1 2 3 4, red o ii y x, totem T\n")
	if slices.Contains(marks, true) && !color {
		b.WriteString(game.MarkLegend + "\n")
	}
	fmt.Fprintf(&b, "%s to act\n", playerNames[s.side])
	for p := range 2 {
		fmt.Fprintf(&b, "%s in hand: %s\n", playerNames[p], s.handText(game.Player(p)))
	}
	sc, n := s.Scores(), s.adjacentCounts()
	fmt.Fprintf(&b, "around the totem on %s: white %d (%s), red %d (%s)\n",
		squareName(s.totem), sc[0], pieces(n[0]), sc[1], pieces(n[1]))
	b.WriteString(resultText(s.Result(), s.Reason()) + "\n")
	return b.String()
}

// cellText is a square three characters wide: its glyph after a space,
// and a space after a glyph of one character.
func (s *State) cellText(sq int, color bool) string {
	c := s.charAt(sq)
	text := "."
	if c == 'T' {
		text = "T"
	} else if p, v := s.pieceAt(sq); v != 0 {
		text = glyphs[v]
		if p == game.Second {
			text = strings.ToLower(text)
		}
	}
	pad := strings.Repeat(" ", 2-len(text))
	switch {
	case c == 0 || !color:
		return " " + text + pad
	case c == 'T':
		return " " + ansiTotem + text + ansiReset + pad
	case c >= 'a':
		return " " + ansiRed + text + ansiReset + pad
	}
	return " " + ansiWhite + text + ansiReset + pad
}

func (s *State) handText(p game.Player) string {
	parts := make([]string, 0, 4)
	sum := 0
	for v := 1; v <= 4; v++ {
		parts = append(parts, fmt.Sprintf("%d of value %d", s.hand[p][v], v))
		sum += v * int(s.hand[p][v])
	}
	return fmt.Sprintf("%s (%d points)", strings.Join(parts, ", "), sum)
}

func resultText(r game.Result, reason string) string {
	switch r {
	case game.FirstWins:
		return "white wins: " + reason
	case game.SecondWins:
		return "red wins: " + reason
	case game.Draw:
		return "draw: " + reason
	}
	return "game ongoing"
}

func pieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}
