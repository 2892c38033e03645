package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/plateau-games/plateau/ai/record"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// Levels of the AI seats.
const (
	MinLevel     = 1
	MaxLevel     = 8
	defaultLevel = 4
)

type seatRequest struct {
	Kind  string `json:"kind"`
	Level int    `json:"level"`
}

type createRequest struct {
	Game     string        `json:"game"`
	Position string        `json:"position"`
	Seats    []seatRequest `json:"seats"`
	Local    bool          `json:"local"`
	Me       *int          `json:"me"`
}

type seatCreated struct {
	Player int    `json:"player"`
	Kind   string `json:"kind"`
	Level  int    `json:"level,omitempty"`
	Token  string `json:"token,omitempty"`
}

type createResponse struct {
	ID     string          `json:"id"`
	Game   string          `json:"game"`
	Seats  []seatCreated   `json:"seats"`
	Invite string          `json:"invite,omitempty"`
	View   json.RawMessage `json:"view"`
}

// checkSeats validates the seats and returns them with levels defaulted,
// and the creator's seat.
func (req *createRequest) checkSeats() (me int, err error) {
	if len(req.Seats) != 2 {
		return 0, errorf(http.StatusBadRequest, "malformed", "want exactly 2 seats, got %d", len(req.Seats))
	}
	me = -1
	for i := range req.Seats {
		st := &req.Seats[i]
		switch {
		case st.Kind == store.Human && st.Level == 0:
			if me < 0 {
				me = i
			}
		case st.Kind == store.Human:
			return 0, errorf(http.StatusBadRequest, "malformed", "seat %d: a human seat has no level", i)
		case st.Kind == store.AI && st.Level == 0:
			st.Level = defaultLevel
		case st.Kind == store.AI && (st.Level < MinLevel || st.Level > MaxLevel):
			return 0, errorf(http.StatusBadRequest, "malformed", "seat %d: level %d: want %d to %d", i, st.Level, MinLevel, MaxLevel)
		case st.Kind != store.AI:
			return 0, errorf(http.StatusBadRequest, "malformed", "seat %d: kind %q: want human or ai", i, st.Kind)
		}
	}
	if req.Me != nil {
		if *req.Me < 0 || *req.Me > 1 || req.Seats[*req.Me].Kind != store.Human {
			return 0, errorf(http.StatusBadRequest, "malformed", "me: want the index of a human seat")
		}
		me = *req.Me
	}
	return me, nil
}

// newRecord builds the game to store, with its seats' tokens.
func (s *Server) newRecord(req *createRequest) (store.Game, [2]string, *hub, error) {
	var tokens [2]string
	if len(req.Game) > 200 || len(req.Position) > 4096 {
		return store.Game{}, tokens, nil, errorf(http.StatusBadRequest, "malformed", "game id or position too long")
	}
	info, id, err := s.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return store.Game{}, tokens, nil, errorf(http.StatusBadRequest, "malformed", "%v", err)
	}
	st, err := s.cfg.Registry.New(req.Game, req.Position)
	if err != nil {
		return store.Game{}, tokens, nil, errorf(http.StatusBadRequest, "malformed", "%v", err)
	}
	now := time.Now()
	g := store.Game{ID: newGameID(), Game: id.String(), Start: st.String(), Result: st.Result().String(),
		Reason: st.Reason(), DrawOffer: store.NoOffer, Version: 1, CreatedAt: now, UpdatedAt: now}
	for i, seat := range req.Seats {
		g.Seats[i] = store.Seat{Kind: seat.Kind, Level: seat.Level}
		if seat.Kind == store.Human {
			tokens[i], g.Seats[i].TokenHash = newToken()
		}
	}
	h := newHub(s, g.ID)
	h.rec, h.state, h.info, h.loaded = g, st, info, true
	g.AIToAct = h.aiToAct()
	return g, tokens, h, nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	me, err := req.checkSeats()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g, tokens, h, err := s.newRecord(&req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.cfg.Store.Create(r.Context(), g); err != nil {
		s.fail(w, r, fmt.Errorf("server: create: %w", err))
		return
	}
	s.metrics.gamesCreated.Add(1)
	s.log.Info("game created", "game", g.ID, "id", g.Game, "seats", g.Seats[0].Kind+"/"+g.Seats[1].Kind)
	resp := createResponse{ID: g.ID, Game: g.Game}
	for i, seat := range g.Seats {
		sc := seatCreated{Player: i, Kind: seat.Kind, Level: seat.Level}
		if seat.Kind == store.Human && (req.Local || i == me) {
			sc.Token = tokens[i]
		} else if seat.Kind == store.Human {
			resp.Invite = fmt.Sprintf("/g/%s#seat=%d&token=%s", g.ID, i, tokens[i])
		}
		resp.Seats = append(resp.Seats, sc)
	}
	resp.View = s.adopt(h)
	s.reply(w, http.StatusCreated, resp)
}

type summaryJSON struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"`
	Title     string     `json:"title"`
	Players   [2]string  `json:"players"`
	Result    string     `json:"result"`
	Reason    string     `json:"reason"`
	Plies     int        `json:"plies"`
	Seats     []seatView `json:"seats"`
	CreatedAt string     `json:"createdAt"`
	UpdatedAt string     `json:"updatedAt"`
}

// describe returns a game id's title and colour names, or the id itself
// for a game this binary no longer offers.
func (s *Server) describe(id string) (string, [2]string) {
	g, _, err := s.cfg.Registry.Lookup(id)
	if err != nil {
		return id, [2]string{"first", "second"}
	}
	return g.Title, g.Players
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "recent")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, err := queryLimit(r, 50, 500)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sums, err := s.cfg.Store.List(r.Context(), store.Filter{Status: status, Limit: limit})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := struct {
		Games []summaryJSON `json:"games"`
	}{Games: []summaryJSON{}}
	for _, sm := range sums {
		title, players := s.describe(sm.Game)
		js := summaryJSON{ID: sm.ID, Game: sm.Game, Title: title, Players: players, Result: sm.Result, Reason: sm.Reason,
			Plies: sm.Plies, CreatedAt: formatTime(sm.CreatedAt), UpdatedAt: formatTime(sm.UpdatedAt)}
		for _, seat := range sm.Seats {
			js.Seats = append(js.Seats, seatView{Kind: seat.Kind, Level: seat.Level})
		}
		out.Games = append(out.Games, js)
	}
	s.reply(w, http.StatusOK, out)
}

type optionJSON struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
	Doc     string   `json:"doc"`
}

type catalogGame struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Players [2]string    `json:"players"`
	Options []optionJSON `json:"options"`
}

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Games  []catalogGame  `json:"games"`
		Levels map[string]int `json:"levels"`
		AI     string         `json:"ai"`
	}{Games: []catalogGame{}, Levels: map[string]int{"min": MinLevel, "max": MaxLevel}, AI: s.cfg.MoverName}
	for _, g := range s.cfg.Registry.Games() {
		cg := catalogGame{Name: g.Name, Title: g.Title, Players: g.Players, Options: []optionJSON{}}
		for _, o := range g.Options {
			cg.Options = append(cg.Options, optionJSON{o.Name, o.Default, o.Values, o.Doc})
		}
		out.Games = append(out.Games, cg)
	}
	s.reply(w, http.StatusOK, out)
}

// toRecord turns a stored game into a line of the match runner's records
// format (docs/records.md), so that `plateau replay` reads an export.
func toRecord(g store.Game) record.Record {
	rec := record.Record{ID: g.ID, Game: g.Game, Start: g.Start, Moves: make([]string, len(g.Moves)),
		Result: g.Result, Reason: g.Reason}
	for i, m := range g.Moves {
		rec.Moves[i] = m.Text
	}
	who := [2]*string{&rec.First, &rec.Second}
	for i, seat := range g.Seats {
		*who[i] = seat.Kind
		if seat.Kind == store.AI {
			*who[i] = fmt.Sprintf("level:%d", seat.Level)
		}
	}
	return rec
}

func (s *Server) writeRecords(w http.ResponseWriter, games []store.Game) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	for _, g := range games {
		if err := record.Write(w, toRecord(g)); err != nil {
			s.cfg.Log.Warn("writing records", "err", err)
			return
		}
	}
}

func (s *Server) handleGameRecord(w http.ResponseWriter, r *http.Request) {
	g, err := s.cfg.Store.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		if isNotFound(err) {
			err = errNotFound
		}
		s.fail(w, r, err)
		return
	}
	s.writeRecords(w, []store.Game{g})
}

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

func (s *Server) handleRecords(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "finished")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, err := queryLimit(r, 1000, 10000)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	games, err := s.cfg.Store.Records(r.Context(), store.Filter{Status: status, Limit: limit})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeRecords(w, games)
}
