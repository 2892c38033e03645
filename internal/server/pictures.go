package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/share"
)

// shareEdge answers the requests of package share: board images, link
// previews, embeds and readable records.
type shareEdge struct {
	s      *Server
	sv     *share.Service
	static http.Handler // the client's files, for an invite to no game
}

// answer is a share method answering a request.
type answer func(context.Context, share.Query) (share.Answer, error)

// routesPictures registers the readable records, the searches, the
// images and the pages built on them (link previews, embeds); without
// fonts the images and pages are left out, and the log says why.
func (s *Server) routesPictures(m *http.ServeMux) {
	s.routesSearch(m)
	cfg := share.Config{Registry: s.cfg.Registry, Store: s.cfg.Store, Static: s.cfg.Static, Names: s.seatNames,
		FindPlayer: s.findPlayer, Record: toRecord, Tournament: func(ctx context.Context, id string) (api.TournamentView, error) {
			ts, err := s.tours()
			if err != nil {
				return api.TournamentView{}, err
			}
			return s.tourView(ctx, ts, id, "")
		}}
	r, err := pictures.New()
	if err == nil {
		cfg.Pictures = r
		if cfg.Puzzles, err = puzzles.Load(s.cfg.Registry); err != nil {
			s.log.Warn("puzzle previews are off", "err", err)
			cfg.Puzzles, err = nil, nil
		}
	}
	e := &shareEdge{s: s, sv: share.New(cfg), static: s.staticHandler()}
	e.routesReadable(m)
	if err != nil {
		s.log.Error("board images are off", "err", err)
		return
	}
	m.HandleFunc("GET /api/picture.png", s.limit(limitRequest, e.image(e.sv.Position)))
	m.HandleFunc("GET /api/games/{id}/picture.png", s.limit(limitRequest, e.image(e.sv.GamePicture)))
	m.HandleFunc("GET /api/games/{id}/game.gif", s.limit(limitExport, e.image(e.sv.GIF)))
	e.routesPreviews(m)
}

// image answers a board image by its content tag: 304 when the client
// has it.
func (e *shareEdge) image(f answer) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := f(r.Context(), e.query(r))
		h := w.Header()
		if a.Tag != "" {
			h.Set("ETag", a.Tag)
			h.Set("Cache-Control", "public, max-age=300")
		}
		switch {
		case err != nil:
			e.fail(w, r, err)
		case a.Fresh:
			w.WriteHeader(http.StatusNotModified)
		default:
			h.Set("Content-Type", a.Type)
			h.Set("Content-Length", strconv.Itoa(len(a.Body)))
			w.Write(a.Body)
		}
	}
}

// query reads what a request asks of package share.
func (e *shareEdge) query(r *http.Request) share.Query {
	base := "http://" + r.Host
	if u := e.s.cfg.PublicURL; u != nil {
		base = strings.TrimSuffix(u.String(), "/")
	} else if r.TLS != nil {
		base = "https://" + r.Host
	}
	return share.Query{ID: r.PathValue("id"), Game: r.PathValue("game"), Ply: r.PathValue("ply"), Ref: r.PathValue("ref"),
		Values: r.URL.Query(), RawQuery: r.URL.RawQuery, Lang: requestLang(r), Base: base, Path: r.URL.EscapedPath(),
		IfNoneMatch: r.Header.Get("If-None-Match")}
}

// fail answers a refusal of package share with its own sentence, as the
// edge's malformed or not found (statuses has one row per reason).
func (e *shareEdge) fail(w http.ResponseWriter, r *http.Request, err error) {
	if sr, ok := errors.AsType[*share.Refusal](err); ok {
		why := ErrMalformed
		if errors.Is(sr.Why, share.ErrNotFound) {
			why = ErrNotFound
		}
		err = refuse(why, "%s", sr.Sentence)
	}
	e.s.fail(w, r, err)
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
