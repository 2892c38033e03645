package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/store"
)

// Image sizes: a link preview's by default; an animated game smaller,
// each of its frames costing a drawing.
const (
	pictureW, pictureH = 1200, 630
	gifW, gifH         = 480, 360
	gifMax             = 800
)

// Position is the image of ?pos= (the start without it) of ?game=, at
// ?w= by ?h=.
func (s *Service) Position(_ context.Context, q Query) (Answer, error) {
	w, h, err := size(q.Values.Get("w"), q.Values.Get("h"), pictureW, pictureH, pictures.MaxSize)
	if err != nil {
		return Answer{}, err
	}
	id, pos := q.Values.Get("game"), q.Values.Get("pos")
	gm, _, err := s.cfg.Registry.Lookup(id)
	if err != nil {
		return Answer{}, refuse(ErrBadRequest, "unknown game %q: give ?game= one of %s", clip(id), strings.Join(s.cfg.Registry.Names(), ", "))
	}
	st, err := s.cfg.Registry.New(id, pos)
	if err != nil {
		return Answer{}, refuse(ErrBadRequest, "this is not a position of %s: %q", gm.Title, clip(pos))
	}
	sc := pictures.Scene{State: st, Caption: pictures.Caption{Title: gm.Title}}
	key := fmt.Sprintf("pos|%s|%s|%dx%d", id, st.String(), w, h)
	return s.image(q, key, "image/png", func(out io.Writer) error { return s.cfg.Pictures.PNG(out, sc, w, h) })
}

// GamePicture is the image of stored game q.ID at ?ply= (its last
// position without it), the move that led there marked, with the
// players and the result.
func (s *Service) GamePicture(ctx context.Context, q Query) (Answer, error) {
	w, h, err := size(q.Values.Get("w"), q.Values.Get("h"), pictureW, pictureH, pictures.MaxSize)
	if err != nil {
		return Answer{}, err
	}
	sg, gm, st, err := s.loadPlayed(ctx, q.ID, q.Values.Get("ply"))
	if err != nil {
		return Answer{}, err
	}
	n := plyOf(q.Values.Get("ply"), len(sg.Moves))
	c := s.caption(ctx, sg, gm, n, q.Lang)
	sc := pictures.Scene{State: st, Last: 1, Caption: c}
	key := fmt.Sprintf("game|%s|%s|%s|%q|%dx%d", sg.Game, sg.Start, movesKey(sg, n), c, w, h)
	return s.image(q, key, "image/png", func(out io.Writer) error { return s.cfg.Pictures.PNG(out, sc, w, h) })
}

// GIF animates stored game q.ID, one frame per ply.
func (s *Service) GIF(ctx context.Context, q Query) (Answer, error) {
	w, h, err := size(q.Values.Get("w"), q.Values.Get("h"), gifW, gifH, gifMax)
	if err != nil {
		return Answer{}, err
	}
	sg, gm, err := s.load(ctx, q.ID)
	if err != nil {
		return Answer{}, err
	}
	start, err := s.cfg.Registry.New(sg.Game, sg.Start)
	if err != nil {
		return Answer{}, fmt.Errorf("share: game %s: %w", sg.ID, err)
	}
	moves := make([]string, len(sg.Moves))
	for i, m := range sg.Moves {
		moves[i] = m.Text
	}
	c := s.caption(ctx, sg, gm, len(sg.Moves), q.Lang)
	key := fmt.Sprintf("gif|%s|%s|%s|%q|%dx%d", sg.Game, sg.Start, strings.Join(moves, " "), c, w, h)
	return s.image(q, key, "image/gif", func(out io.Writer) error { return s.cfg.Pictures.GIF(out, start, moves, c, w, h) })
}

// image answers an image by its content key: Fresh when the client has
// it, from the cache when drawn before, else drawn now and kept. A
// drawing that fails still answers the Tag, which the client is sent.
func (s *Service) image(q Query, key, ctype string, draw func(io.Writer) error) (Answer, error) {
	a := Answer{Tag: pictures.ETag(key), Type: ctype}
	if strings.Contains(q.IfNoneMatch, a.Tag) {
		a.Fresh = true
		return a, nil
	}
	b, ok := s.cache.Get(key)
	if !ok {
		var buf bytes.Buffer
		if err := draw(&buf); err != nil {
			return a, pictureError(err)
		}
		b = buf.Bytes()
		s.cache.Put(key, b)
	}
	a.Body = b
	return a, nil
}

// pictureError names what a drawing refused.
func pictureError(err error) error {
	switch {
	case errors.Is(err, pictures.ErrNoPicture):
		return refuse(ErrNotFound, "this game has no board image")
	case errors.Is(err, pictures.ErrSize):
		return refuse(ErrBadRequest, "the image size must be %d to %d pixels each way", pictures.MinSize, pictures.MaxSize)
	case errors.Is(err, game.ErrBadMove), errors.Is(err, game.ErrIllegalMove), errors.Is(err, game.ErrGameOver):
		return &Refusal{Why: ErrBadRequest, Sentence: err.Error()}
	}
	return err
}

// size reads ?w= and ?h=, defaults when absent.
func size(ws, hs string, dw, dh, max int) (w, h int, err error) {
	w, h = dw, dh
	for _, f := range []struct {
		s string
		v *int
	}{{ws, &w}, {hs, &h}} {
		if f.s == "" {
			continue
		}
		n, err := strconv.Atoi(f.s)
		if err != nil || n < pictures.MinSize || n > max {
			return 0, 0, refuse(ErrBadRequest, "the image size must be %d to %d pixels each way, not %q", pictures.MinSize, max, clip(f.s))
		}
		*f.v = n
	}
	return w, h, nil
}

// movesKey is the first n moves of a game, for a content key.
func movesKey(sg store.Game, n int) string {
	var b strings.Builder
	for _, m := range sg.Moves[:n] {
		b.WriteString(m.Text)
		b.WriteByte(' ')
	}
	return b.String()
}
