package game

// Painter is implemented by states that describe their board as plain
// shapes, so that an image renderer (package internal/pictures) draws any
// game, looking like the browser's board, without knowing it.
type Painter interface {
	// Paint returns the position's picture: the board's ground and
	// every piece, in drawing order.
	Paint() Picture
}

// Picture is a board drawn as shapes. Coordinates are in squares, x to
// the right and y up, from the bottom-left corner of square a1: a1's
// centre is (0.5, 0.5).
type Picture struct {
	Cols, Rows int     // the board's size in squares, named a1 upward
	Ground     []Shape // squares, markings, plates: under the pieces
	Pieces     []Piece // what stands on the board
}

// Piece is one piece of a Picture: its shapes, and the square it stands
// on, by which a renderer tells what the last move changed.
type Piece struct {
	Square string // "e4"
	Shapes []Shape
}

// ShapeKind tells how a Shape is drawn.
type ShapeKind uint8

// The kinds of shapes.
const (
	// ShapeRect is a W x H rectangle centred on X, Y with corners of
	// radius R.
	ShapeRect ShapeKind = iota
	// ShapeEllipse is an ellipse centred on X, Y of width W and height H.
	ShapeEllipse
	// ShapePolygon is the closed polygon of Points, relative to X, Y.
	ShapePolygon
	// ShapeLines strokes the segments of Points (pairs of points),
	// relative to X, Y, with Stroke and Width.
	ShapeLines
	// ShapeText writes Text centred on X, Y, its capitals H high, in
	// Fill.
	ShapeText
)

// Colour is an RGBA colour, 0xRRGGBBAA, not premultiplied; 0 draws
// nothing.
type Colour uint32

// Shape is one shape of a Picture. A filled shape with a Stroke is
// outlined by a band Width wide centred on its edge, as SVG strokes are.
type Shape struct {
	Kind   ShapeKind
	X, Y   float64   // centre, in squares
	W, H   float64   // size, in squares
	R      float64   // a rectangle's corner radius
	Points []float64 // x, y pairs relative to X, Y
	Fill   Colour
	Stroke Colour
	Width  float64 // stroke width, in squares
	Text   string
	// Holes are ellipses cut out of a rectangle or polygon, relative
	// to the board like the shape itself (Abraxas's plate).
	Holes []Shape
}

// Rect returns a filled rectangle centred on x, y.
func Rect(x, y, w, h, r float64, fill, stroke Colour, width float64) Shape {
	return Shape{Kind: ShapeRect, X: x, Y: y, W: w, H: h, R: r, Fill: fill, Stroke: stroke, Width: width}
}

// Circle returns a filled circle of radius r centred on x, y.
func Circle(x, y, r float64, fill, stroke Colour, width float64) Shape {
	return Shape{Kind: ShapeEllipse, X: x, Y: y, W: 2 * r, H: 2 * r, Fill: fill, Stroke: stroke, Width: width}
}

// Label returns text of capital height h centred on x, y.
func Label(x, y, h float64, text string, fill Colour) Shape {
	return Shape{Kind: ShapeText, X: x, Y: y, H: h, Text: text, Fill: fill}
}

// Centre returns the centre of square f, r (0-based file and rank) in a
// Picture's coordinates.
func Centre(f, r int) (x, y float64) { return float64(f) + 0.5, float64(r) + 0.5 }

// SquareName names square f, r (0-based file and rank): "a1".
func SquareName(f, r int) string { return string(rune('a'+f)) + itoa(r+1) }

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Board colours shared by the games, as the browser's stylesheet has them.
const (
	ColourCell      Colour = 0xe9dcc0ff // .sq .cell
	ColourCellLight Colour = 0xeadcb8ff // .sq.light .cell
	ColourCellDark  Colour = 0xdbc79bff // .sq.dark .cell
	ColourCellLine  Colour = 0x8a7350ff // the cells' outline
)

// Cell returns the browser's square of file f and rank r: a rounded cell
// with an inset of inset squares, filled with fill.
func Cell(f, r int, fill Colour, inset, radius float64) Shape {
	x, y := Centre(f, r)
	return Rect(x, y, 1-2*inset, 1-2*inset, radius, fill, ColourCellLine, 0.02)
}
