package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

// Levels of the AI seats: the AI's range, one for every front end.
const (
	MinLevel     = ai.MinLevel
	MaxLevel     = ai.MaxLevel
	defaultLevel = ai.DefaultLevel
)

// checkSeats validates the seats and returns them with levels defaulted,
// and the creator's seat.
func checkSeats(req *api.CreateRequest) (me int, err error) {
	if len(req.Seats) != 2 {
		return 0, refuse(ErrMalformed, "want exactly 2 seats, got %d", len(req.Seats))
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
			return 0, refuse(ErrMalformed, "seat %d: a human seat has no level", i)
		case st.Kind == store.AI && st.Level == 0:
			st.Level = defaultLevel
		case st.Kind == store.AI && (st.Level < MinLevel || st.Level > MaxLevel):
			return 0, refuse(ErrMalformed, "seat %d: level %d: want %d to %d", i, st.Level, MinLevel, MaxLevel)
		case st.Kind != store.AI:
			return 0, refuse(ErrMalformed, "seat %d: kind %q: want human or ai", i, st.Kind)
		}
	}
	if req.Rated && (req.Local || req.Seats[0].Kind != store.Human || req.Seats[1].Kind != store.Human) {
		return 0, refuse(ErrMalformed, "rated: only a game between two people on their own devices is rated")
	}
	if req.Me != nil {
		if *req.Me < 0 || *req.Me > 1 || req.Seats[*req.Me].Kind != store.Human {
			return 0, refuse(ErrMalformed, "me: want the index of a human seat")
		}
		me = *req.Me
	}
	return me, nil
}

// newRecord builds the game to store, with its seats' tokens: a human
// seat is owners' player's, or has a token (a program's seat, or an
// invite).
func (s *Server) newRecord(ctx context.Context, req *api.CreateRequest, owners [2]string) (store.Game, [2]string, *room.Room, error) {
	var tokens [2]string
	if len(req.Game) > 200 || len(req.Position) > 4096 {
		return store.Game{}, tokens, nil, refuse(ErrMalformed, "game id or position too long")
	}
	info, id, err := s.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return store.Game{}, tokens, nil, refuseFor(ErrMalformed, err)
	}
	st, err := s.cfg.Registry.New(req.Game, req.Position)
	if err != nil {
		return store.Game{}, tokens, nil, refuseFor(ErrMalformed, err)
	}
	ctl, err := clock.Parse(req.TimeControl)
	if err != nil {
		return store.Game{}, tokens, nil, refuseFor(ErrMalformed, err)
	}
	if req.Rated && !ctl.Timed() {
		return store.Game{}, tokens, nil, refuse(ErrMalformed, "rated: an untimed game is casual; a rated game needs a time control")
	}
	now := time.Now()
	g := store.Game{ID: newGameID(), Game: id.String(), Start: st.String(), Result: st.Result().String(),
		Reason: st.Reason(), DrawOffer: store.NoOffer, Version: 1, CreatedAt: now, UpdatedAt: now,
		TakeBackBy: store.NoOffer, DeclinedBy: store.NoOffer, Rated: req.Rated, Private: req.Private, ToAct: int(st.ToAct())}
	for i, seat := range req.Seats {
		g.Seats[i] = store.Seat{Kind: seat.Kind, Level: seat.Level}
		switch {
		case seat.Kind != store.Human:
		case owners[i] != "":
			g.Seats[i].Player = owners[i]
		default:
			tokens[i], g.Seats[i].TokenHash = seats.NewToken()
		}
	}
	if g.Result != store.Ongoing {
		g.ToAct = -1
	} else {
		g.Clock = room.StartClock(ctl, st.ToAct(), s.cfg.Clock.Now())
	}
	h := s.rooms.NewRoom(ctx, g, st, info)
	g.AIToAct = h.AIToAct()
	return g, tokens, h, nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req api.CreateRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	me, err := checkSeats(&req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.callerOf(r, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var owners [2]string
	for i, seat := range req.Seats {
		if seat.Kind == store.Human && (req.Local || i == me) {
			owners[i] = c.player
		}
	}
	g, tokens, h, err := s.newRecord(r.Context(), &req, owners)
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
	resp := api.CreateResponse{ID: g.ID, Game: g.Game}
	for i, seat := range g.Seats {
		sc := api.CreatedSeat{Player: i, Kind: seat.Kind, Level: seat.Level}
		switch {
		case seat.Kind != store.Human || seat.Player != "":
		case req.Local || i == me:
			sc.Token = tokens[i]
		default:
			resp.Invite, resp.InviteURL = s.inviteLinks(g.ID, i, tokens[i])
		}
		resp.Seats = append(resp.Seats, sc)
	}
	resp.View = s.rooms.Adopt(h)
	s.reply(w, http.StatusCreated, resp)
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
	// The public list: private games are watched by link only.
	sums, err := s.cfg.Store.List(r.Context(), store.Filter{Status: status, Limit: limit, Public: true})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	names := s.namesOf(r.Context(), sums)
	out := api.GameList{Games: []api.Summary{}}
	for _, sm := range sums {
		out.Games = append(out.Games, s.summary(sm, names))
	}
	s.reply(w, http.StatusOK, out)
}

// summary is a stored game as lists show it, its players named.
func (s *Server) summary(sm store.Summary, names map[string]*api.PlayerRef) api.Summary {
	title, players := s.describe(sm.Game)
	g, _, _ := s.cfg.Registry.Lookup(sm.Game) // a game no longer offered: its reason stays English
	js := api.Summary{ID: sm.ID, Game: sm.Game, Title: title, Players: players, Result: sm.Result, Reason: sm.Reason,
		ReasonText: room.ReasonText(g, sm.Reason),
		Plies:      sm.Plies, Hints: sm.Hints, Rated: sm.Rated, Private: sm.Private, CreatedAt: formatTime(sm.CreatedAt), UpdatedAt: formatTime(sm.UpdatedAt)}
	for _, seat := range sm.Seats {
		js.Seats = append(js.Seats, api.Seat{Kind: seat.Kind, Level: seat.Level, Player: names[seat.Player]})
	}
	return js
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
			err = errNoGame
		}
		s.fail(w, r, err)
		return
	}
	// One game's record is a file to keep: the web client's "Download
	// record" link saves it under the game's id (ids are [a-z0-9]).
	w.Header().Set("Content-Disposition", `attachment; filename="`+g.ID+`.ndjson"`)
	s.writeRecords(w, []store.Game{g})
}

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

// Records pages: /api/records answers at most maxRecords games, and a
// Link header to the next page when there may be one.
const (
	defaultRecords = 100
	maxRecords     = 1000
)

func (s *Server) handleRecords(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "finished")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, err := queryLimit(r, defaultRecords, maxRecords)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	after, err := queryCursor(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	games, err := s.cfg.Store.Records(r.Context(), store.Filter{Status: status, Limit: limit, After: after, Public: true})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(games) == limit {
		last := games[len(games)-1]
		next := url.Values{"status": {status}, "limit": {strconv.Itoa(limit)},
			"cursor": {strconv.FormatInt(last.UpdatedAt.UnixMilli(), 10) + "." + last.ID}}
		w.Header().Set("Link", "</api/records?"+next.Encode()+`>; rel="next"`)
	}
	s.writeRecords(w, games)
}

// queryCursor reads ?cursor=, the place after which a page starts, as
// the Link header of the previous page gave it.
func queryCursor(r *http.Request) (store.Cursor, error) {
	v := r.URL.Query().Get("cursor")
	if v == "" {
		return store.Cursor{}, nil
	}
	ms, id, ok := strings.Cut(v, ".")
	at, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || id == "" || len(id) > 64 {
		return store.Cursor{}, refuse(ErrMalformed, "bad cursor %q: use the one of the Link header", v)
	}
	return store.Cursor{UpdatedAt: time.UnixMilli(at), ID: id}, nil
}
