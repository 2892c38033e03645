package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
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
	pictureCacheBytes  = 64 << 20
	pictureMaxAge      = "public, max-age=300"
)

// pictureService draws board images: of any position, of a stored game
// at any ply, and a stored game's animation, each kept by content.
type pictureService struct {
	s     *Server
	r     *pictures.Renderer
	cache *pictures.Cache
}

// routesPictures registers the readable records, the searches, the
// images and the
// pages built on them (link previews, embeds); without fonts the images
// and pages are left out, and the log says why.
func (s *Server) routesPictures(m *http.ServeMux) {
	s.routesReadable(m)
	s.routesSearch(m)
	r, err := pictures.New()
	if err != nil {
		s.log.Error("board images are off", "err", err)
		return
	}
	p := &pictureService{s: s, r: r, cache: pictures.NewCache(pictureCacheBytes)}
	m.HandleFunc("GET /api/picture.png", s.limit(limitRequest, p.handlePosition))
	m.HandleFunc("GET /api/games/{id}/picture.png", s.limit(limitRequest, p.handleGame))
	m.HandleFunc("GET /api/games/{id}/game.gif", s.limit(limitExport, p.handleGIF))
	s.routesEmbeds(m, s.routesPreviews(m))
}

// handlePosition draws ?pos= (the start without it) of ?game=.
func (p *pictureService) handlePosition(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	w0, h0, err := pictureSize(q.Get("w"), q.Get("h"), pictureW, pictureH, pictures.MaxSize)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	id, pos := q.Get("game"), q.Get("pos")
	gm, _, err := p.s.cfg.Registry.Lookup(id)
	if err != nil {
		p.s.fail(w, r, refuse(ErrMalformed, "unknown game %q: give ?game= one of %s", clip(id), strings.Join(p.s.cfg.Registry.Names(), ", ")))
		return
	}
	st, err := p.s.cfg.Registry.New(id, pos)
	if err != nil {
		p.s.fail(w, r, refuse(ErrMalformed, "this is not a position of %s: %q", gm.Title, clip(pos)))
		return
	}
	sc := pictures.Scene{State: st, Caption: pictures.Caption{Title: gm.Title}}
	key := fmt.Sprintf("pos|%s|%s|%dx%d", id, st.String(), w0, h0)
	p.serve(w, r, key, "image/png", func(out io.Writer) error { return p.r.PNG(out, sc, w0, h0) })
}

// handleGame draws a stored game at ?ply= (its last position without
// it), the move that led there marked, with the players and the result.
func (p *pictureService) handleGame(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	w0, h0, err := pictureSize(q.Get("w"), q.Get("h"), pictureW, pictureH, pictures.MaxSize)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	sg, gm, st, err := p.s.loadPlayed(r.Context(), r.PathValue("id"), q.Get("ply"))
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	n := plyOf(q.Get("ply"), len(sg.Moves))
	c := p.s.caption(r.Context(), sg, gm, n, requestLang(r))
	sc := pictures.Scene{State: st, Last: 1, Caption: c}
	key := fmt.Sprintf("game|%s|%s|%s|%q|%dx%d", sg.Game, sg.Start, movesKey(sg, n), c, w0, h0)
	p.serve(w, r, key, "image/png", func(out io.Writer) error { return p.r.PNG(out, sc, w0, h0) })
}

// handleGIF animates a stored game, one frame per ply.
func (p *pictureService) handleGIF(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	w0, h0, err := pictureSize(q.Get("w"), q.Get("h"), gifW, gifH, gifMax)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	sg, gm, err := p.s.loadStored(r.Context(), r.PathValue("id"))
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	start, err := p.s.cfg.Registry.New(sg.Game, sg.Start)
	if err != nil {
		p.s.fail(w, r, fmt.Errorf("server: game %s: %w", sg.ID, err))
		return
	}
	moves := make([]string, len(sg.Moves))
	for i, m := range sg.Moves {
		moves[i] = m.Text
	}
	c := p.s.caption(r.Context(), sg, gm, len(sg.Moves), requestLang(r))
	key := fmt.Sprintf("gif|%s|%s|%s|%q|%dx%d", sg.Game, sg.Start, strings.Join(moves, " "), c, w0, h0)
	p.serve(w, r, key, "image/gif", func(out io.Writer) error { return p.r.GIF(out, start, moves, c, w0, h0) })
}

// serve answers an image by its content key: 304 when the client has
// it, from the cache when drawn before, else drawn now and kept.
func (p *pictureService) serve(w http.ResponseWriter, r *http.Request, key, ctype string, draw func(io.Writer) error) {
	tag := pictures.ETag(key)
	h := w.Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", pictureMaxAge)
	if strings.Contains(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	b, ok := p.cache.Get(key)
	if !ok {
		var buf bytes.Buffer
		if err := draw(&buf); err != nil {
			p.s.fail(w, r, pictureError(err))
			return
		}
		b = buf.Bytes()
		p.cache.Put(key, b)
	}
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}

// pictureError names what a drawing refused.
func pictureError(err error) error {
	switch {
	case errors.Is(err, pictures.ErrNoPicture):
		return refuse(ErrNotFound, "this game has no board image")
	case errors.Is(err, pictures.ErrSize):
		return refuse(ErrMalformed, "the image size must be %d to %d pixels each way", pictures.MinSize, pictures.MaxSize)
	case errors.Is(err, game.ErrBadMove), errors.Is(err, game.ErrIllegalMove), errors.Is(err, game.ErrGameOver):
		return refuseFor(ErrMalformed, err)
	}
	return err
}

// pictureSize reads ?w= and ?h=, defaults when absent.
func pictureSize(ws, hs string, dw, dh, max int) (w, h int, err error) {
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
			return 0, 0, refuse(ErrMalformed, "the image size must be %d to %d pixels each way, not %q", pictures.MinSize, max, clip(f.s))
		}
		*f.v = n
	}
	return w, h, nil
}

// loadStored loads a game and its rules.
func (s *Server) loadStored(ctx context.Context, id string) (store.Game, game.Game, error) {
	sg, err := s.cfg.Store.Load(ctx, id)
	if err != nil {
		if isNotFound(err) {
			err = errNoGame
		}
		return store.Game{}, game.Game{}, err
	}
	gm, _, err := s.cfg.Registry.Lookup(sg.Game)
	if err != nil {
		return store.Game{}, game.Game{}, fmt.Errorf("server: game %s: %w", id, err)
	}
	return sg, gm, nil
}

// loadPlayed loads a game and plays its moves up to ply ("" for all).
func (s *Server) loadPlayed(ctx context.Context, id, ply string) (store.Game, game.Game, game.State, error) {
	sg, gm, err := s.loadStored(ctx, id)
	if err != nil {
		return sg, gm, nil, err
	}
	n := len(sg.Moves)
	if ply != "" {
		k, err := strconv.Atoi(ply)
		if err != nil || k < 0 || k > n {
			return sg, gm, nil, refuse(ErrMalformed, "this game has plies 0 to %d, not %q", n, clip(ply))
		}
		n = k
	}
	st, err := s.cfg.Registry.New(sg.Game, sg.Start)
	if err != nil {
		return sg, gm, nil, fmt.Errorf("server: game %s: %w", id, err)
	}
	for _, m := range sg.Moves[:n] {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			return sg, gm, nil, fmt.Errorf("server: game %s: %w", id, err)
		}
	}
	return sg, gm, st, nil
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

// plyOf is the ply ?ply= asks for, checked by loadPlayed: all moves
// when absent.
func plyOf(ply string, moves int) int {
	if n, err := strconv.Atoi(ply); err == nil && n >= 0 && n <= moves {
		return n
	}
	return moves
}

// clip shortens what a refusal quotes of a client's text.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// requestLang is the language of an image's or a page's words: ?lang=,
// else the browser's first choice among English and French.
func requestLang(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); l == "fr" || l == "en" {
		return l
	}
	if strings.HasPrefix(strings.ToLower(r.Header.Get("Accept-Language")), "fr") {
		return "fr"
	}
	return "en"
}
