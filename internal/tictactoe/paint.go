package tictactoe

import "github.com/plateau-games/plateau/game"

// The marks' colours: the browser's generic board draws the letters.
const (
	paintX game.Colour = 0x1d1b18ff
	paintO game.Colour = 0xb01f2eff
)

// Paint implements game.Painter: nine cells and the X and O marks, so
// that every registered game has a picture (TestAddAGame asks it of a
// fifth game).
func (s *State) Paint() game.Picture {
	p := game.Picture{Cols: 3, Rows: 3}
	for i, c := range s.cells {
		f, r := i%3, i/3
		p.Ground = append(p.Ground, game.Cell(f, r, game.ColourCell, 0.03, 0.1))
		if c == 0 {
			continue
		}
		x, y := game.Centre(f, r)
		mark, colour := "X", paintX
		if c == 2 {
			mark, colour = "O", paintO
		}
		p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: []game.Shape{game.Label(x, y, 0.5, mark, colour)}})
	}
	return p
}
