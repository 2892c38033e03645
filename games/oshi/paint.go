package oshi

import (
	"math"

	"github.com/plateau-games/plateau/game"
)

// The colours of the browser's Oshi board (web/static/js/games/oshi.js).
var paintColours = [2]struct{ side, top, line, pip game.Colour }{
	{0x4f0f1aff, 0x8a2232ff, 0x24060bff, 0xf4e3c1ff},
	{0xc8b78eff, 0xfbf5e4ff, 0x4a3f2aff, 0x5b1a24ff},
}

// Paint implements game.Painter: the checkered 9x9 board and each piece
// as a stack of one to three discs seen from the side, with one pip per
// tier, as the browser draws them.
func (s *State) Paint() game.Picture {
	p := game.Picture{Cols: size, Rows: size}
	for r := range size {
		for f := range size {
			fill := game.ColourCellDark
			if (f+r)%2 == 1 {
				fill = game.ColourCellLight
			}
			p.Ground = append(p.Ground, game.Cell(f, r, fill, 0.01, 0.04))
			if c := s.board[r*size+f]; c != 0 {
				x, y := game.Centre(f, r)
				p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: paintStack(x, y, ownerOf(c), tierOf(c))})
			}
		}
	}
	return p
}

// paintStack draws a piece of n tiers centred on x, y as oshi.js's stack.
func paintStack(x, y float64, owner, n int) []game.Shape {
	c := paintColours[owner]
	const rx, ry, dz = 0.38, 0.14, 0.13
	base := 0.22 + float64(n-1)*dz/2 - dz/2 // downward from the centre, as in SVG
	var out []game.Shape
	for i := range n {
		cy := base - float64(i)*dz
		out = append(out,
			game.Shape{Kind: game.ShapePolygon, X: x, Y: y - cy, Points: discSide(rx, ry, dz), Fill: c.side, Stroke: c.line, Width: 0.03},
			game.Shape{Kind: game.ShapeEllipse, X: x, Y: y - cy, W: 2 * rx, H: 2 * ry, Fill: c.top, Stroke: c.line, Width: 0.03})
	}
	top := base - float64(n-1)*dz
	for i := range n {
		out = append(out, game.Circle(x+(float64(i)-float64(n-1)/2)*0.16, y-top, 0.05, c.pip, 0, 0))
	}
	return out
}

// discSide outlines a disc's side below its top ellipse: down dz, the
// lower half of the ellipse, and up again.
func discSide(rx, ry, dz float64) []float64 {
	pts := []float64{-rx, 0, -rx, -dz}
	const steps = 16
	for i := 1; i < steps; i++ {
		a := math.Pi + math.Pi*float64(i)/steps
		pts = append(pts, rx*math.Cos(a), -dz+ry*math.Sin(a))
	}
	return append(pts, rx, -dz, rx, 0)
}
