package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/records"
	"github.com/plateau-games/plateau/internal/share"
	"github.com/plateau-games/plateau/internal/store"
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

// requestLang is the language of an image's or a page's words: ?lang=,
// else the browser's first choice among the languages (Accept-Language).
func requestLang(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); i18n.Supported(l) {
		return l
	}
	return i18n.Negotiate(r.Header.Get("Accept-Language"))
}

// embedPolicy lets any site frame an embed, and the page nothing but its
// own images and inline style: it has no script at all.
const embedPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *"

// routesPreviews registers the shareable addresses and the embeddable
// pages. The client routes with the address's fragment, which crawlers
// never send; these paths carry what a preview needs, and send people
// on to the client.
func (e *shareEdge) routesPreviews(m *http.ServeMux) {
	m.HandleFunc("GET /g/{id}", e.handleInvite)
	for pattern, f := range map[string]answer{"GET /game/{id}": e.sv.GamePreview, "GET /replay/{id}": e.sv.ReplayPreview,
		"GET /replay/{id}/{ply}": e.sv.ReplayPreview, "GET /analysis/{game}": e.sv.AnalysisPreview,
		"GET /puzzles/{game}/{id}": e.sv.PuzzlePreview, "GET /player/{ref}": e.sv.PlayerPreview,
		"GET /rules/{game}": e.sv.RulesPreview, "GET /tournament/{id}": e.sv.TournamentPreview} {
		m.HandleFunc(pattern, e.page(f, previewHeaders))
	}
	m.HandleFunc("GET /embed/game/{id}", e.page(e.sv.GameEmbed, embedHeaders))
	m.HandleFunc("GET /embed/position/{game}", e.page(e.sv.PositionEmbed, embedHeaders))
	m.HandleFunc("GET /embed/puzzle/{game}/{id}", e.page(e.sv.PuzzleEmbed, embedHeaders))
}

// page answers a preview or an embed with its headers; a failure to find
// what the link names still answers a page (a crawler shows something),
// with status 404.
func (e *shareEdge) page(f answer, headers func(http.Header)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := f(r.Context(), e.query(r))
		if err != nil {
			e.fail(w, r, err)
			return
		}
		headers(w.Header())
		status := http.StatusOK
		if a.Missing {
			status = http.StatusNotFound
		}
		w.WriteHeader(status)
		w.Write(a.Body)
	}
}

// previewHeaders are a link preview's: cached a minute, in the reader's
// language.
func previewHeaders(h http.Header) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=60")
	h.Set("Vary", "Accept-Language")
}

// embedHeaders are an embed's: framable by any site.
func embedHeaders(h http.Header) {
	h.Set("Content-Security-Policy", embedPolicy)
	h.Del("X-Frame-Options")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=10")
}

// handleInvite answers an invite link: the client's page with the
// preview's tags, cached as the client's files are (an ETag of its
// content, asked again every time); the client's files answer for no
// such game, or without a page to fill.
func (e *shareEdge) handleInvite(w http.ResponseWriter, r *http.Request) {
	a, err := e.sv.Invite(r.Context(), e.query(r))
	if err != nil || a.Body == nil {
		if err != nil {
			e.fail(w, r, err)
		} else {
			e.static.ServeHTTP(w, r)
		}
		return
	}
	h := w.Header()
	h.Set("ETag", a.Tag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	if a.Fresh {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(a.Body)
}

// ImportedRecord is the answer to POST /api/records/import: the game a
// readable record holds, checked against the rules, for the analysis
// board (share.Imported).
type ImportedRecord = share.Imported

// routesReadable registers the readable records' export and import.
func (e *shareEdge) routesReadable(m *http.ServeMux) {
	m.HandleFunc("GET /api/games/{id}/record.txt", e.s.limit(limitExport, e.handleReadable))
	m.HandleFunc("POST /api/records/import", e.s.limit(limitRequest, e.handleImport))
}

// handleReadable exports a game as a readable record.
func (e *shareEdge) handleReadable(w http.ResponseWriter, r *http.Request) {
	id, g, err := e.sv.Record(r.Context(), r.PathValue("id"))
	if err != nil {
		e.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+id+`.txt"`)
	if err := records.Write(w, g); err != nil {
		e.s.log.Warn("writing a readable record", "err", err)
	}
}

// readableTags fills the tags people read of a game the export writes
// (share.SetTags).
func (s *Server) readableTags(r *http.Request, g *records.Game, sg store.Game, gm game.Game) {
	share.SetTags(g, sg, gm, s.seatNames(r.Context(), sg.Seats))
}

// handleImport reads a pasted or uploaded readable record, with ?game=
// the game the analysis board shows (any when absent).
func (e *shareEdge) handleImport(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, records.MaxBytes))
	if err != nil {
		e.fail(w, r, refuse(ErrTooLarge, "a record is at most %d bytes", records.MaxBytes))
		return
	}
	out, err := e.sv.Import(string(body), r.URL.Query().Get("game"))
	if err != nil {
		e.fail(w, r, err)
		return
	}
	e.s.reply(w, http.StatusOK, out)
}
