package yoxii

import (
	"fmt"
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

// Draw implements game.Drawer: the board, rank 7 at the top, with the
// letters of the position string (white O I Y X, red o i y x, the totem T,
// '.' for an empty square), then the side to act, the hands, the sums
// around the totem and the result in words.
func (s *State) Draw(color bool) string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		line := fmt.Sprintf("%d ", r+1) + strings.Repeat("   ", rowFiles[r][0])
		for sq := rowStart[r]; sq < rowStart[r+1]; sq++ {
			line += " " + s.cellText(sq, color) + " "
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("   a  b  c  d  e  f  g\n")
	b.WriteString("white O I Y X = 1 2 3 4, red o i y x, totem T\n")
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

func (s *State) cellText(sq int, color bool) string {
	c := s.charAt(sq)
	switch {
	case c == 0:
		return "."
	case !color:
		return string(c)
	case c == 'T':
		return ansiTotem + "T" + ansiReset
	case c >= 'a':
		return ansiRed + string(c) + ansiReset
	}
	return ansiWhite + string(c) + ansiReset
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
