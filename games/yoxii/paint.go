package yoxii

import "github.com/plateau-games/plateau/game"

// The colours of the browser's Yoxii board (web/static/js/games/yoxii.js).
var paintPiece = [2]struct{ body, line, glyph game.Colour }{
	{0xfbf8f0ff, 0x3a3328ff, 0x1d1b18ff},
	{0xb01f2eff, 0x4d0a12ff, 0xffffffff},
}

const (
	paintTotem     game.Colour = 0x5b3a1eff
	paintTotemLine game.Colour = 0x24160aff
	paintTotemFace game.Colour = 0xf2d27aff
	paintRing      game.Colour = 0xffffffff
)

var paintGlyph = [5]string{"", "O", "II", "Y", "X"}

// Paint implements game.Painter: the 37 rounded squares, the totem and
// the round O, II, Y, X pieces (red's with an inner ring), as the
// browser draws them.
func (s *State) Paint() game.Picture {
	p := game.Picture{Cols: 7, Rows: 7}
	for sq := range numSquares {
		f, r := coords(sq)
		p.Ground = append(p.Ground, game.Cell(f, r, game.ColourCell, 0.03, 0.14))
	}
	for sq := range numSquares {
		f, r := coords(sq)
		x, y := game.Centre(f, r)
		var shapes []game.Shape
		if sq == s.totem {
			shapes = paintTotemShapes(x, y)
		}
		for owner := range 2 {
			for v := 1; v <= 4; v++ {
				if s.pieces[owner][v]&(1<<sq) != 0 {
					shapes = paintPieceShapes(x, y, owner, v)
				}
			}
		}
		if shapes != nil {
			p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: shapes})
		}
	}
	return p
}

func paintPieceShapes(x, y float64, owner, v int) []game.Shape {
	c := paintPiece[owner]
	out := []game.Shape{game.Circle(x, y, 0.4, c.body, c.line, 0.04)}
	if owner == 1 {
		out = append(out, game.Circle(x, y, 0.33, 0, paintRing, 0.025))
	}
	h := 0.28
	if v == 2 {
		h = 0.25
	}
	return append(out, game.Label(x, y, h, paintGlyph[v], c.glyph))
}

// paintTotemShapes draws the totem: a carved post with two eyes and a
// mouth, from yoxii.js's path (SVG units of a hundredth of a square).
func paintTotemShapes(x, y float64) []game.Shape {
	svg := func(pts ...float64) []float64 {
		out := make([]float64, len(pts))
		for i, v := range pts {
			out[i] = v / 100
			if i%2 == 1 {
				out[i] = -v / 100
			}
		}
		return out
	}
	return []game.Shape{
		{Kind: game.ShapePolygon, X: x, Y: y, Points: svg(-26, 40, -30, -20, -18, -42, 18, -42, 30, -20, 26, 40), Fill: paintTotem, Stroke: paintTotemLine, Width: 0.04},
		game.Circle(x-0.1, y+0.18, 0.06, paintTotemFace, 0, 0),
		game.Circle(x+0.1, y+0.18, 0.06, paintTotemFace, 0, 0),
		{Kind: game.ShapePolygon, X: x, Y: y, Points: svg(-12, 8, 12, 8, 8, 20, -8, 20), Fill: paintTotemFace},
	}
}
