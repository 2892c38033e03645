package abraxas

import (
	"math"

	"github.com/plateau-games/plateau/game"
)

// The colours of the browser's Abraxas board (web/static/js/games/abraxas.js).
const (
	paintDot       game.Colour = 0xc8102eff
	paintSlab      game.Colour = 0x6c8aa3d1 // fill-opacity .82
	paintGhostSlab game.Colour = 0x6c8aa38c // a plate not yet placed, at .55
	paintSlabLine  game.Colour = 0x2d4559ff
	paintRed       game.Colour = 0xd62828ff
	paintRedLine   game.Colour = 0x5c0a0aff
	paintShine     game.Colour = 0xffb3b3ff
	paintStop      game.Colour = 0x1f4fa0ff
	paintStopLine  game.Colour = 0x0a1f45ff
	paintBar       game.Colour = 0xffffffff
)

// Paint implements game.Painter: the 9x9 board with its red dots, the
// plate of 8x8 holes at its corner (floating at the centre before one is
// chosen), red pawns as balls and stop pawns as blue octagons with a
// bar, as the browser draws them.
func (s *State) Paint() game.Picture {
	p := game.Picture{Cols: files, Rows: files}
	for r := range files {
		for f := range files {
			p.Ground = append(p.Ground, game.Cell(f, r, game.ColourCell, 0.01, 0.03))
			if s.dots.has(r*stride + f) {
				x, y := game.Centre(f, r)
				p.Ground = append(p.Ground, game.Circle(x, y, 0.14, 0, paintDot, 0.06), game.Circle(x, y, 0.04, paintDot, 0, 0))
			}
		}
	}
	p.Ground = append(p.Ground, s.paintPlate()...)
	for r := range files {
		for f := range files {
			sq := r*stride + f
			x, y := game.Centre(f, r)
			switch {
			case s.p.red.has(sq):
				p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: []game.Shape{
					game.Circle(x, y, 0.28, paintRed, paintRedLine, 0.03), game.Circle(x-0.08, y+0.09, 0.07, paintShine, 0, 0)}})
			case s.p.stop.has(sq):
				p.Pieces = append(p.Pieces, game.Piece{Square: game.SquareName(f, r), Shapes: paintStopPawn(x, y)})
			}
		}
	}
	return p
}

// paintPlate draws the plate with its holes and their rims.
func (s *State) paintPlate() []game.Shape {
	x0, y0, fill := 0.5, 0.5, paintGhostSlab
	if c := s.p.corner; c != noCorner {
		x0, y0, fill = float64(cornerOffset[c]%stride), float64(cornerOffset[c]/stride), paintSlab
	}
	plate := game.Rect(x0+4, y0+4, 7.96, 7.96, 0.16, fill, paintSlabLine, 0.04)
	out := []game.Shape{plate}
	for i := range 8 {
		for j := range 8 {
			x, y := x0+float64(i)+0.5, y0+float64(j)+0.5
			out[0].Holes = append(out[0].Holes, game.Circle(x, y, 0.32, 0, 0, 0))
			out = append(out, game.Circle(x, y, 0.32, 0, paintSlabLine, 0.03))
		}
	}
	return out
}

func paintStopPawn(x, y float64) []game.Shape {
	const r = 0.3
	pts := make([]float64, 0, 16)
	for i := range 8 {
		a := math.Pi/8 + float64(i)*math.Pi/4
		pts = append(pts, r*math.Cos(a), r*math.Sin(a))
	}
	return []game.Shape{
		{Kind: game.ShapePolygon, X: x, Y: y, Points: pts, Fill: paintStop, Stroke: paintStopLine, Width: 0.03},
		game.Rect(x, y, 1.2*r, 0.36*r, 0, paintBar, 0, 0),
	}
}
