package server

import (
	"io"
	"net/http"

	"github.com/plateau-games/plateau/game"

	"github.com/plateau-games/plateau/internal/records"
	"github.com/plateau-games/plateau/internal/share"
	"github.com/plateau-games/plateau/internal/store"
)

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
