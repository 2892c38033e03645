package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Levels of the AI seats: the AI's range, one for every front end.
const (
	MinLevel     = ai.MinLevel
	MaxLevel     = ai.MaxLevel
	defaultLevel = ai.DefaultLevel
)

// handleCreate creates a game (room.Hub.Create): the caller takes the
// human seats of a local game, or their own; the others get invites.
func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req api.CreateRequest
	err := decode(w, r, &req)
	me := -1
	if err == nil {
		me, err = room.CheckSeats(&req)
	}
	c, err := s.callerAfter(r, err)
	var owners [2]string
	for i, seat := range req.Seats {
		if seat.Kind == store.Human && (req.Local || i == me) {
			owners[i] = c.player
		}
	}
	respond(s, w, r, http.StatusCreated, err, func() (api.CreateResponse, error) {
		g, err := s.rooms.Create(r.Context(), &req, owners)
		if err != nil {
			return api.CreateResponse{}, err
		}
		s.metrics.GamesCreated.Add(1)
		s.log.Info("game created", "game", g.Game.ID, "id", g.Game.Game, "seats", g.Game.Seats[0].Kind+"/"+g.Game.Seats[1].Kind)
		return s.created(g, req.Local, me), nil
	})
}

// created is the answer to a creation: the seats, with the tokens of
// the caller's and the invite to the others.
func (s *Server) created(c room.Created, local bool, me int) api.CreateResponse {
	resp := api.CreateResponse{ID: c.Game.ID, Game: c.Game.Game, View: c.View}
	for i, seat := range c.Game.Seats {
		sc := api.CreatedSeat{Player: i, Kind: seat.Kind, Level: seat.Level}
		switch {
		case seat.Kind != store.Human || seat.Player != "":
		case local || i == me:
			sc.Token = c.Tokens[i]
		default:
			resp.Invite, resp.InviteURL = s.inviteLinks(c.Game.ID, i, c.Tokens[i])
		}
		resp.Seats = append(resp.Seats, sc)
	}
	return resp
}

// handleList answers the public list of games.
func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "recent")
	limit := 0
	if err == nil {
		limit, err = queryLimit(r, 50, 500)
	}
	respond(s, w, r, http.StatusOK, err, func() (api.GameList, error) {
		// The public list: private games are watched by link only.
		sums, err := s.cfg.Store.List(r.Context(), store.Filter{Status: status, Limit: limit, Public: true})
		names := s.namesOf(r.Context(), sums)
		out := api.GameList{Games: []api.Summary{}}
		for _, sm := range sums {
			out.Games = append(out.Games, s.summary(sm, names))
		}
		return out, err
	})
}

// summary is a stored game as lists show it (room.Summarize).
func (s *Server) summary(sm store.Summary, names map[string]*api.PlayerRef) api.Summary {
	return room.Summarize(s.cfg.Registry, sm, names)
}

// toRecord is room.ToRecord.
func toRecord(g store.Game) record.Record { return room.ToRecord(g) }

// writeRecords answers games as the records format's lines.
func (s *Server) writeRecords(w http.ResponseWriter, games []store.Game) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	for _, g := range games {
		if err := record.Write(w, toRecord(g)); err != nil {
			s.cfg.Log.Warn("writing records", "err", err)
			return
		}
	}
}

// handleGameRecord answers one game's record, as a file to keep: the web
// client's "Download record" link saves it under the game's id (ids are
// [a-z0-9]).
func (s *Server) handleGameRecord(w http.ResponseWriter, r *http.Request) {
	g, err := s.cfg.Store.Load(r.Context(), r.PathValue("id"))
	if isNotFound(err) {
		err = errNoGame
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
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

// handleRecords answers a page of the public finished games' records.
func (s *Server) handleRecords(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "finished")
	limit := 0
	if err == nil {
		limit, err = queryLimit(r, defaultRecords, maxRecords)
	}
	var after store.Cursor
	if err == nil {
		after, err = queryCursor(r)
	}
	var games []store.Game
	if err == nil {
		games, err = s.cfg.Store.Records(r.Context(), store.Filter{Status: status, Limit: limit, After: after, Public: true})
	}
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

// namesOf names the players of listed games, each looked up once.
func (s *Server) namesOf(ctx context.Context, sums []store.Summary) map[string]*api.PlayerRef {
	return s.seats.NamesOf(ctx, sums)
}

// inviteLinks returns the link that gives seat of game id to whoever
// accepts it first (seatapi.Service.InviteLinks).
func (s *Server) inviteLinks(id string, seat int, token string) (rel, abs string) {
	return s.seats.InviteLinks(id, seat, token)
}
