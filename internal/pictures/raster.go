package pictures

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"

	"github.com/plateau-games/plateau/game"
)

// pt is a point in pixels.
type pt struct{ x, y float64 }

// canvas draws filled polygons onto an image with one reused rasterizer,
// sized to each shape's bounds so that small shapes cost little.
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(1, 1)}
}

// nrgba turns a game colour into a colour.
func nrgba(c game.Colour) color.NRGBA {
	return color.NRGBA{R: uint8(c >> 24), G: uint8(c >> 16), B: uint8(c >> 8), A: uint8(c)}
}

// fill paints the union of polys (all wound the same way, holes the
// other way) in colour c.
func (cv *canvas) fill(polys [][]pt, c game.Colour) {
	if c&0xff == 0 || len(polys) == 0 {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, minY = math.Min(minX, q.x), math.Min(minY, q.y)
			maxX, maxY = math.Max(maxX, q.x), math.Max(maxY, q.y)
		}
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(cv.img.Bounds())
	if r.Empty() {
		return
	}
	cv.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range polys {
		if len(p) < 3 {
			continue
		}
		cv.z.MoveTo(float32(p[0].x-ox), float32(p[0].y-oy))
		for _, q := range p[1:] {
			cv.z.LineTo(float32(q.x-ox), float32(q.y-oy))
		}
		cv.z.ClosePath()
	}
	cv.z.Draw(cv.img, r, image.NewUniform(nrgba(c)), image.Point{})
}

// ellipse outlines an ellipse, clockwise on screen, or the other way
// when reverse is set (a hole).
func ellipse(cx, cy, rx, ry float64, reverse bool) []pt {
	n := int(math.Max(12, math.Min(96, (rx+ry)*1.5)))
	out := make([]pt, n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		if reverse {
			a = -a
		}
		out[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return out
}

// roundRect outlines a rectangle with rounded corners, clockwise on
// screen, or the other way when reverse is set.
func roundRect(x0, y0, x1, y1, r float64, reverse bool) []pt {
	r = math.Max(0, math.Min(r, math.Min(x1-x0, y1-y0)/2))
	corners := [4]pt{{x1 - r, y0 + r}, {x1 - r, y1 - r}, {x0 + r, y1 - r}, {x0 + r, y0 + r}}
	var out []pt
	const steps = 6
	for i, c := range corners {
		start := -math.Pi/2 + float64(i)*math.Pi/2
		for k := 0; k <= steps; k++ {
			a := start + math.Pi/2*float64(k)/steps
			out = append(out, pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)})
		}
	}
	if reverse {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// segment outlines the band of width w along a-b with round ends, as
// polygons wound clockwise on screen.
func segment(a, b pt, w float64) [][]pt {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return [][]pt{ellipse(a.x, a.y, w/2, w/2, false)}
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	quad := []pt{{a.x - nx, a.y - ny}, {b.x - nx, b.y - ny}, {b.x + nx, b.y + ny}, {a.x + nx, a.y + ny}}
	return [][]pt{quad, ellipse(a.x, a.y, w/2, w/2, false), ellipse(b.x, b.y, w/2, w/2, false)}
}

// outline strokes a closed polygon with a band of width w.
func outline(p []pt, w float64) [][]pt {
	var out [][]pt
	for i := range p {
		out = append(out, segment(p[i], p[(i+1)%len(p)], w)...)
	}
	return out
}

// area is the signed area of a polygon, positive when clockwise on
// screen.
func area(p []pt) float64 {
	a := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		a += p[i].x*q.y - q.x*p[i].y
	}
	return a / 2
}
