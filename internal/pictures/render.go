package pictures

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/plateau-games/plateau/game"
)

// ErrNoPicture is returned for a game whose states do not implement
// game.Painter.
var ErrNoPicture = errors.New("pictures: this game cannot be drawn")

// ErrSize is returned for an image size outside MinSize..MaxSize.
var ErrSize = errors.New("pictures: image size out of range")

// The sizes an image may have, in pixels, each way.
const (
	MinSize = 32
	MaxSize = 2000
)

// The page's colours (web/static/app.css).
const (
	colourBackground game.Colour = 0xf6f3ecff // --bg
	colourText       game.Colour = 0x1d1b18ff // --fg
	colourMuted      game.Colour = 0x575047ff // --muted
)

// Renderer draws positions. It holds the parsed fonts and is safe for
// concurrent use: every image gets its own faces and rasterizer.
type Renderer struct {
	bold, regular *opentype.Font
}

// New returns a Renderer.
func New() (*Renderer, error) {
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("pictures: %w", err)
	}
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("pictures: %w", err)
	}
	return &Renderer{bold: bold, regular: regular}, nil
}

// Caption is the text beside or below the board: a title (the game and
// the players), a line of detail (the result) and the players' names.
type Caption struct {
	Title  string    // "Oxford"
	Names  [2]string // the players, first player first
	Result string    // "1-0 · seven points", "" for none
}

// Scene is one image to draw: a position, how many of its last moves to
// mark, and its caption.
type Scene struct {
	State   game.State
	Last    int // the moves of the state's history to mark, usually 1
	Caption Caption
}

// Image draws a scene on a w x h image.
func (r *Renderer) Image(sc Scene, w, h int) (*image.RGBA, error) {
	if w < MinSize || h < MinSize || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("%w: %dx%d", ErrSize, w, h)
	}
	p, ok := sc.State.(game.Painter)
	if !ok {
		return nil, ErrNoPicture
	}
	pic := p.Paint()
	cv := newCanvas(w, h)
	draw.Draw(cv.img, cv.img.Bounds(), image.NewUniform(nrgba(colourBackground)), image.Point{}, draw.Src)
	box, capBox := layout(sc.Caption, float64(w), float64(h))
	r.drawBoard(cv, pic, marked(sc.State, pic, sc.Last), fit(pic, box.Min.x, box.Min.y, box.Dx(), box.Dy()))
	r.drawCaption(cv, sc.Caption, capBox)
	return cv.img, nil
}

// rect is a box in pixels.
type rect struct{ Min, Max pt }

func (b rect) Dx() float64 { return b.Max.x - b.Min.x }
func (b rect) Dy() float64 { return b.Max.y - b.Min.y }

// layout splits the image between the board and the caption: the
// caption goes right of the board on wide images, below it otherwise.
func layout(c Caption, w, h float64) (board, caption rect) {
	pad := math.Round(math.Min(w, h) * 0.03)
	if c.Title == "" && c.Names == [2]string{} && c.Result == "" {
		return rect{pt{pad, pad}, pt{w - pad, h - pad}}, rect{}
	}
	if w >= 1.3*h {
		side := h - 2*pad
		return rect{pt{pad, pad}, pt{pad + side, h - pad}}, rect{pt{2*pad + side, pad}, pt{w - pad, h - pad}}
	}
	band := math.Round(h * 0.16)
	return rect{pt{pad, pad}, pt{w - pad, h - band - pad}}, rect{pt{pad, h - band - pad}, pt{w - pad, h - pad}}
}

// drawCaption writes the title, the names and the result in a box, one
// line each, shrunk to fit.
func (r *Renderer) drawCaption(cv *canvas, c Caption, b rect) {
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return
	}
	lines := []struct {
		text string
		bold bool
		col  game.Colour
	}{{c.Title, true, colourText}, {names(c.Names), false, colourText}, {c.Result, true, colourMuted}}
	size := math.Min(b.Dy()/7, b.Dx()/10)
	y := b.Min.y + (b.Dy()-3*size*1.6)/2 + size*0.8
	for _, l := range lines {
		if l.text != "" {
			r.fitText(cv, l.text, l.bold, b.Min.x+b.Dx()/2, y, size, b.Dx(), l.col)
		}
		y += size * 1.6
	}
}

func names(n [2]string) string {
	if n[0] == "" && n[1] == "" {
		return ""
	}
	return n[0] + " – " + n[1]
}

// fitText writes one centred line, smaller when it is wider than width.
func (r *Renderer) fitText(cv *canvas, s string, bold bool, x, y, capH, width float64, c game.Colour) {
	f := r.regular
	if bold {
		f = r.bold
	}
	face := newFace(f, capH)
	if face == nil {
		return
	}
	if adv := fixedFloat(font.MeasureString(face, s)); adv > width && adv > 0 {
		_ = face.Close() // a font face in memory: nothing to lose
		if face = newFace(f, capH*width/adv); face == nil {
			return
		}
	}
	defer func() { _ = face.Close() }() // a font face in memory: nothing to lose
	text(cv, face, x, y, s, c)
}

// face returns the bold face whose capitals are capH pixels high, nil
// when too small to read.
func (r *Renderer) face(capH float64) font.Face { return newFace(r.bold, capH) }

func newFace(f *opentype.Font, capH float64) font.Face {
	if capH < 2 {
		return nil
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: capH / 0.7, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	return face
}

// text writes s centred on x, y (its capitals' middle) in colour c.
func text(cv *canvas, face font.Face, x, y float64, s string, c game.Colour) {
	adv := fixedFloat(font.MeasureString(face, s))
	capH := fixedFloat(face.Metrics().CapHeight)
	d := font.Drawer{Dst: cv.img, Src: image.NewUniform(color.NRGBA(nrgba(c))), Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6((x - adv/2) * 64), Y: fixed.Int26_6((y + capH/2) * 64)}}
	d.DrawString(s)
}

func fixedFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }
