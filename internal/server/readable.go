package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/records"
	"github.com/plateau-games/plateau/internal/store"
)

// ImportedRecord is the answer to POST /api/records/import: the game a
// readable record holds, checked against the rules, for the analysis
// board.
type ImportedRecord struct {
	Game     string            `json:"game"`     // game id, options included
	Start    string            `json:"start"`    // the position it started from
	Moves    []string          `json:"moves"`    // every move, canonical
	Position string            `json:"position"` // after the moves
	Result   string            `json:"result"`   // 1-0, 0-1, 1/2-1/2 or *
	Tags     map[string]string `json:"tags"`
}

// routesReadable registers the readable records' export and import.
func (s *Server) routesReadable(m *http.ServeMux) {
	m.HandleFunc("GET /api/games/{id}/record.txt", s.limit(limitExport, s.handleReadable))
	m.HandleFunc("POST /api/records/import", s.limit(limitRequest, s.handleImport))
}

// handleReadable exports a game as a readable record.
func (s *Server) handleReadable(w http.ResponseWriter, r *http.Request) {
	sg, gm, err := s.loadStored(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g := records.FromRecord(s.cfg.Registry, toRecord(sg))
	s.readableTags(r, &g, sg, gm)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+sg.ID+`.txt"`)
	if err := records.Write(w, g); err != nil {
		s.log.Warn("writing a readable record", "err", err)
	}
}

// readableTags fills the tags people read: names, date, time control,
// rated, and the reason in words.
func (s *Server) readableTags(r *http.Request, g *records.Game, sg store.Game, gm game.Game) {
	names := s.seatNamesFor(r.Context(), sg, "en")
	g.SetTag("First", names[0])
	g.SetTag("Second", names[1])
	g.SetTag("Date", sg.CreatedAt.UTC().Format("2006.01.02"))
	g.SetTag("TimeControl", sg.Clock.Control)
	g.SetTag("Rated", map[bool]string{true: "yes", false: "no"}[sg.Rated])
	g.SetTag("Site", "Plateau")
	if gm.Reasons != nil {
		if t := gm.Reasons(sg.Reason); t != nil {
			g.SetTag("Reason", t.In("en"))
		}
	}
}

// handleImport reads a pasted or uploaded readable record, with ?game=
// the game the analysis board shows (any when absent).
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, records.MaxBytes))
	if err != nil {
		s.fail(w, r, refuse(ErrTooLarge, "a record is at most %d bytes", records.MaxBytes))
		return
	}
	g, err := records.Parse(string(body))
	if err != nil {
		s.fail(w, r, refuseFor(ErrMalformed, trimPrefix(err)))
		return
	}
	if want := r.URL.Query().Get("game"); want != "" {
		if name, _, _ := strings.Cut(g.Tag("Game"), ":"); name != want {
			s.fail(w, r, refuse(ErrMalformed, "line 1: this record is a game of %s, not of %s", clip(g.Tag("Game")), clip(want)))
			return
		}
	}
	end, err := g.Replay(s.cfg.Registry)
	if err != nil {
		s.fail(w, r, refuseFor(ErrMalformed, trimPrefix(err)))
		return
	}
	out := ImportedRecord{Game: g.Tag("Game"), Moves: []string{}, Position: end.String(), Result: g.Tag("Result"), Tags: map[string]string{}}
	for _, t := range g.Tags {
		out.Tags[t.Name] = t.Value
	}
	for _, m := range g.Moves {
		out.Moves = append(out.Moves, m.Text)
	}
	rec, err := g.Record(s.cfg.Registry)
	if err != nil {
		s.fail(w, r, refuseFor(ErrMalformed, trimPrefix(err)))
		return
	}
	out.Start = rec.Start
	s.reply(w, http.StatusOK, out)
}

// trimPrefix drops the package prefix of a records error: the client is
// told a sentence.
func trimPrefix(err error) error {
	var e *records.Error
	if errors.As(err, &e) {
		return fmt.Errorf("%s", strings.TrimPrefix(e.Error(), "records: "))
	}
	return err
}
