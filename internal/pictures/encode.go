package pictures

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"slices"

	"github.com/plateau-games/plateau/game"
)

// The pauses of an animated game, in hundredths of a second.
const (
	FrameDelay = 80  // each ply
	LastDelay  = 400 // the final position
)

// PNG draws a scene on a w x h image and writes it as PNG.
func (r *Renderer) PNG(out io.Writer, sc Scene, w, h int) error {
	img, err := r.Image(sc, w, h)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(out, img); err != nil {
		return fmt.Errorf("pictures: %w", err)
	}
	return nil
}

// GIF writes an animated GIF of a game of w x h pixels: the start, then
// one frame per move with the move marked, the last frame held longer.
// start is not changed.
func (r *Renderer) GIF(out io.Writer, start game.State, moves []string, c Caption, w, h int) error {
	s := start.Clone()
	anim := &gif.GIF{}
	var q *quantizer
	for i := 0; i <= len(moves); i++ {
		if i > 0 {
			if _, err := game.PlayChecked(s, moves[i-1]); err != nil {
				return fmt.Errorf("pictures: move %d: %w", i, err)
			}
		}
		img, err := r.Image(Scene{State: s, Last: min(i, 1), Caption: c}, w, h)
		if err != nil {
			return err
		}
		if q == nil {
			q = newQuantizer(img)
		}
		anim.Image = append(anim.Image, q.paletted(img))
		anim.Delay = append(anim.Delay, FrameDelay)
	}
	anim.Delay[len(anim.Delay)-1] = LastDelay
	if err := gif.EncodeAll(out, anim); err != nil {
		return fmt.Errorf("pictures: %w", err)
	}
	return nil
}

// quantizer maps an image's colours onto a palette of the most common
// colours of the first frame, remembering each colour's nearest entry:
// boards have few colours besides their antialiased edges.
type quantizer struct {
	pal  color.Palette
	seen map[color.RGBA]uint8
}

func newQuantizer(img *image.RGBA) *quantizer {
	count := map[color.RGBA]int{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		count[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]++
	}
	cols := make([]color.RGBA, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	slices.SortFunc(cols, func(a, b color.RGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return int(a.R) - int(b.R) + (int(a.G)-int(b.G))*256 + (int(a.B)-int(b.B))*65536
	})
	q := &quantizer{seen: map[color.RGBA]uint8{}}
	// Half the palette for the first frame's colours, the rest a colour
	// cube for pieces that appear later.
	for _, c := range cols[:min(len(cols), 128)] {
		q.pal = append(q.pal, c)
	}
	for r := range 5 {
		for g := range 5 {
			for b := range 5 {
				q.pal = append(q.pal, color.RGBA{uint8(r * 63), uint8(g * 63), uint8(b * 63), 255})
			}
		}
	}
	return q
}

func (q *quantizer) paletted(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), q.pal)
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		k, ok := q.seen[c]
		if !ok {
			k = uint8(q.pal.Index(c))
			q.seen[c] = k
		}
		out.Pix[j] = k
	}
	return out
}
