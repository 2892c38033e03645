package pictures

import (
	"math"
	"slices"

	"github.com/plateau-games/plateau/game"
)

// The browser's board frame and marks (web/static/app.css).
const (
	colourFrame game.Colour = 0x4a3b2aff // .frame
	colourCoord game.Colour = 0xf3e7cfff // .coord
	colourLast  game.Colour = 0xffc40073 // .last: rgba(255, 196, 0, .45)
	margin                  = 0.34       // the coordinates' margin, in squares
)

// place maps a picture's squares onto pixels: the board's frame has its
// top-left corner at x0, y0, and a square is sq pixels.
type place struct {
	x0, y0, sq float64
	rows       int
}

func (p place) at(x, y float64) pt {
	return pt{p.x0 + (margin+x)*p.sq, p.y0 + (margin+float64(p.rows)-y)*p.sq}
}

// fit places a picture of cols x rows squares, frame included, centred
// in a box of w x h pixels at x, y.
func fit(pic game.Picture, x, y, w, h float64) place {
	fw, fh := float64(pic.Cols)+2*margin, float64(pic.Rows)+2*margin
	sq := math.Min(w/fw, h/fh)
	return place{x0: x + (w-fw*sq)/2, y0: y + (h-fh*sq)/2, sq: sq, rows: pic.Rows}
}

// drawBoard draws the frame, coordinates, ground, last-move marks and
// pieces of a picture.
func (r *Renderer) drawBoard(cv *canvas, pic game.Picture, marked []string, p place) {
	fw, fh := float64(pic.Cols)+2*margin, float64(pic.Rows)+2*margin
	cv.fill([][]pt{roundRect(p.x0, p.y0, p.x0+fw*p.sq, p.y0+fh*p.sq, 0.18*p.sq, false)}, colourFrame)
	r.drawCoords(cv, pic, p)
	for _, s := range pic.Ground {
		drawShape(cv, r, s, p)
	}
	for _, name := range marked {
		f, rk, ok := parseSquare(name)
		if !ok {
			continue
		}
		x, y := game.Centre(f, rk)
		drawShape(cv, r, game.Rect(x, y, 0.96, 0.96, 0.04, colourLast, 0, 0), p)
	}
	for _, pc := range pic.Pieces {
		for _, s := range pc.Shapes {
			drawShape(cv, r, s, p)
		}
	}
}

// drawCoords writes the files above and below the board and the ranks
// on both sides, as the browser does.
func (r *Renderer) drawCoords(cv *canvas, pic game.Picture, p place) {
	face := r.face(0.2 * p.sq)
	if face == nil {
		return
	}
	defer func() { _ = face.Close() }() // a font face in memory: nothing to lose
	top, bottom := p.y0+margin*p.sq/2, p.y0+(float64(pic.Rows)+1.5*margin)*p.sq
	for f := range pic.Cols {
		x := p.x0 + (margin+float64(f)+0.5)*p.sq
		letter := string(rune('a' + f))
		text(cv, face, x, top, letter, colourCoord)
		text(cv, face, x, bottom, letter, colourCoord)
	}
	left, right := p.x0+margin*p.sq/2, p.x0+(float64(pic.Cols)+1.5*margin)*p.sq
	for rk := range pic.Rows {
		y := p.at(0, float64(rk)+0.5).y
		n := game.SquareName(0, rk)[1:]
		text(cv, face, left, y, n, colourCoord)
		text(cv, face, right, y, n, colourCoord)
	}
}

// drawShape draws one shape of a picture: its fill, then its stroke.
func drawShape(cv *canvas, r *Renderer, s game.Shape, p place) {
	c := p.at(s.X, s.Y)
	w, h, sw := s.W*p.sq, s.H*p.sq, s.Width*p.sq
	switch s.Kind {
	case game.ShapeRect, game.ShapeEllipse:
		cv.fill(append([][]pt{body(s.Kind, c, w, h, s.R*p.sq, false)}, holes(s, p)...), s.Fill)
		if s.Stroke != 0 && sw > 0 {
			outer := body(s.Kind, c, w+sw, h+sw, s.R*p.sq+sw/2, false)
			inner := body(s.Kind, c, math.Max(0, w-sw), math.Max(0, h-sw), math.Max(0, s.R*p.sq-sw/2), true)
			cv.fill([][]pt{outer, inner}, s.Stroke)
		}
	case game.ShapePolygon:
		poly := make([]pt, 0, len(s.Points)/2)
		for i := 0; i+1 < len(s.Points); i += 2 {
			poly = append(poly, p.at(s.X+s.Points[i], s.Y+s.Points[i+1]))
		}
		if area(poly) < 0 {
			slices.Reverse(poly)
		}
		cv.fill(append([][]pt{poly}, holes(s, p)...), s.Fill)
		if s.Stroke != 0 && sw > 0 {
			cv.fill(outline(poly, sw), s.Stroke)
		}
	case game.ShapeLines:
		var band [][]pt
		for i := 0; i+3 < len(s.Points); i += 4 {
			band = append(band, segment(p.at(s.X+s.Points[i], s.Y+s.Points[i+1]), p.at(s.X+s.Points[i+2], s.Y+s.Points[i+3]), sw)...)
		}
		cv.fill(band, s.Stroke)
	case game.ShapeText:
		if face := r.face(h); face != nil {
			text(cv, face, c.x, c.y, s.Text, s.Fill)
			_ = face.Close() // a font face in memory: nothing to lose
		}
	}
}

// body outlines a rectangle or an ellipse of w x h pixels centred on c.
func body(k game.ShapeKind, c pt, w, h, rad float64, reverse bool) []pt {
	if k == game.ShapeEllipse {
		return ellipse(c.x, c.y, w/2, h/2, reverse)
	}
	return roundRect(c.x-w/2, c.y-h/2, c.x+w/2, c.y+h/2, rad, reverse)
}

// holes outlines a shape's holes, wound against the shape.
func holes(s game.Shape, p place) [][]pt {
	var out [][]pt
	for _, h := range s.Holes {
		out = append(out, body(h.Kind, p.at(h.X, h.Y), h.W*p.sq, h.H*p.sq, h.R*p.sq, true))
	}
	return out
}

// parseSquare reads a square name such as "e4" into 0-based file and
// rank.
func parseSquare(s string) (f, r int, ok bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' || n > 99 {
			return 0, 0, false
		}
		n = n*10 + int(c-'0')
	}
	return int(s[0] - 'a'), n - 1, n > 0
}
