package oxford

import (
	"math"

	"github.com/plateau-games/plateau/game"
)

// The colours of the browser's Oxford board (web/static/js/games/oxford.js).
const (
	paintBase       game.Colour = 0x7d7364ff
	paintBaseUnused game.Colour = 0xa39a8cff
	paintBaseMark   game.Colour = 0x9a917fff
)

var paintPiece = [2]struct{ body, line, face game.Colour }{
	{0xc0392bff, 0x4d0f08ff, 0xffffffff},
	{0xf2c94cff, 0x5a4400ff, 0x1d1b18ff},
}

// Paint implements game.Painter: the checkered field, the two bases with
// their diagonal mark, red's round pieces and yellow's octagonal ones
// showing O or X, as the browser draws them.
func (s *State) Paint() game.Picture {
	p := game.Picture{Cols: files, Rows: ranks}
	for r := range ranks {
		for f := range files {
			p.Ground = append(p.Ground, paintSquare(f, r, s.beginner)...)
			if c := s.charAt(r*files + f); c != 0 {
				x, y := game.Centre(f, r)
				p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: paintOX(x, y, c)})
			}
		}
	}
	return p
}

func paintSquare(f, r int, beginner bool) []game.Shape {
	if r != 0 && r != ranks-1 {
		fill := game.ColourCellDark
		if (f+r)%2 == 1 {
			fill = game.ColourCellLight
		}
		return []game.Shape{game.Cell(f, r, fill, 0.01, 0.04)}
	}
	fill, mark := paintBase, paintBaseMark
	if beginner {
		fill = paintBaseUnused
	}
	x, y := game.Centre(f, r)
	return []game.Shape{game.Cell(f, r, fill, 0.01, 0.04),
		{Kind: game.ShapeLines, X: x, Y: y, Points: []float64{-0.44, -0.44, 0.44, 0.44}, Stroke: mark, Width: 0.03}}
}

// paintOX draws a piece of character c ('O', 'x', ...) centred on x, y.
func paintOX(x, y float64, c byte) []game.Shape {
	owner := 0
	if c >= 'a' {
		owner, c = 1, c-'a'+'A'
	}
	col := paintPiece[owner]
	body := game.Circle(x, y, 0.4, col.body, col.line, 0.04)
	if owner == 1 {
		body = game.Shape{Kind: game.ShapePolygon, X: x, Y: y, Points: octagon(0.41), Fill: col.body, Stroke: col.line, Width: 0.04}
	}
	if c == 'O' {
		return []game.Shape{body, game.Circle(x, y, 0.2, 0, col.face, 0.09)}
	}
	const d = 0.18
	return []game.Shape{body, {Kind: game.ShapeLines, X: x, Y: y, Points: []float64{-d, -d, d, d, d, -d, -d, d}, Stroke: col.face, Width: 0.09}}
}

// octagon returns the points of a regular octagon of radius r, flat on
// every side, as oxford.js draws it.
func octagon(r float64) []float64 {
	pts := make([]float64, 0, 16)
	for i := range 8 {
		a := math.Pi/8 + float64(i)*math.Pi/4
		pts = append(pts, r*math.Cos(a), r*math.Sin(a))
	}
	return pts
}
