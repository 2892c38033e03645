package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
)

// noRoute is the pattern of the API's catch-all.
const noRoute = "/api/"

// replyView answers with the game's current view.
func (s *Server) replyView(w http.ResponseWriter, r *http.Request, id string) {
	var b []byte
	err := s.withHub(r.Context(), id, func(h *room.Room) error {
		b = h.View()
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, b)
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	s.replyView(w, r, r.PathValue("id"))
}

// handlePositions answers the position before every move and the
// current one, for replays: clients never run the rules themselves.
func (s *Server) handlePositions(w http.ResponseWriter, r *http.Request) {
	var out api.Positions
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		rec := h.Record()
		st, err := s.cfg.Registry.New(rec.Game, rec.Start)
		if err != nil {
			return err
		}
		out.Positions = append(make([]string, 0, len(rec.Moves)+1), st.String())
		for _, m := range rec.Moves {
			if _, err := game.PlayChecked(st, m.Text); err != nil {
				return err
			}
			out.Positions = append(out.Positions, st.String())
		}
		out.Version = rec.Version
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// actAs is act for the caller of r: the seat token of the body or the
// Authorization header, an API key, or the request's player.
func (s *Server) actAs(w http.ResponseWriter, r *http.Request, token string, fn func(h *room.Room, c room.Caller) error) {
	c, err := s.callerOf(r, token)
	if err != nil {
		s.metrics.Reject("forbidden")
		s.fail(w, r, err)
		return
	}
	s.act(w, r, func(h *room.Room) error {
		err := fn(h, c.who())
		if errors.Is(err, errNotASeat) && c.player != "" && h.MayHaveMoved(r.Context()) {
			err = fn(h, c.who())
		}
		return err
	})
}

// act runs one of the token-authenticated actions on a game and answers
// with the new view, taken while the room is still held: a change that
// was committed is answered with its view, never with a refusal (the
// server starting to drain after the commit included).
func (s *Server) act(w http.ResponseWriter, r *http.Request, fn func(h *room.Room) error) {
	var b []byte
	err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		err := fn(h)
		if err == nil || errors.Is(err, errNoChange) {
			b = h.View()
			err = nil
		}
		return err
	})
	if err != nil {
		_, reason := httpStatus(err)
		s.metrics.Reject(reason)
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, b)
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	var req api.MoveRequest
	if err := decode(w, r, &req); err != nil {
		s.metrics.Reject("malformed")
		s.fail(w, r, err)
		return
	}
	if req.Seen == nil || *req.Seen < 0 || req.Move == "" || len(req.Move) > 64 {
		s.metrics.Reject("malformed")
		s.fail(w, r, refuse(ErrMalformed, "want {move, seen, token} with a move of 1-64 bytes and seen >= 0"))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Move(r.Context(), c, req.Move, *req.Seen) })
	s.metrics.ObserveMove(time.Since(start))
}

// tokenAction serves an action whose body is only its seat's token
// (resign, hint).
func (s *Server) tokenAction(act func(*room.Room, context.Context, room.Caller) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req api.TokenRequest
		if s.decodedBody(w, r, &req) {
			s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return act(h, r.Context(), c) })
		}
	}
}

func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) {
	var req api.DrawRequest
	if !s.decodedBody(w, r, &req) {
		return
	}
	switch req.Action {
	case "offer", "accept", "decline":
	default:
		s.fail(w, r, refuse(ErrMalformed, "bad action %q: want offer, accept or decline", req.Action))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error { return h.Draw(r.Context(), c, req.Action) })
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req api.UndoRequest
	if !s.decodedBody(w, r, &req) {
		return
	}
	switch req.Action {
	case "", "request", "accept", "decline":
	default:
		s.fail(w, r, refuse(ErrMalformed, "bad action %q: want request, accept or decline", req.Action))
		return
	}
	s.actAs(w, r, req.Token, func(h *room.Room, c room.Caller) error {
		return h.Undo(r.Context(), c, req.Action, req.OtherToken)
	})
}

// handleWhoami answers which seat the caller holds in the game.
func (s *Server) handleWhoami(w http.ResponseWriter, r *http.Request) {
	var req api.TokenRequest
	err := decode(w, r, &req)
	var c caller
	if err == nil {
		c, err = s.callerOf(r, req.Token)
	}
	respond(s, w, r, http.StatusOK, err, func() (api.Whoami, error) {
		var out api.Whoami
		err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
			p, err := h.SeatOf(c.who(), h.ToAct())
			out.Player = int(p)
			return err
		})
		return out, err
	})
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if s.closing.Load() {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "closing")
		return
	}
	if err := s.cfg.Store.Probe(ctx); err != nil {
		s.log.Error("health check", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "database unavailable or refusing writes")
		return
	}
	fmt.Fprintln(w, "ok")
}

// handleExplain answers which rule refuses a move in the game's current
// position, for a client that refuses a click or a typed move itself
// (it knows the legal moves) and wants to name the rule.
func (s *Server) handleExplain(w http.ResponseWriter, r *http.Request) {
	move := r.URL.Query().Get("move")
	var err error
	if move == "" || len(move) > 64 {
		err = refuse(ErrMalformed, "want ?move= with 1-64 bytes")
	}
	respond(s, w, r, http.StatusOK, err, func() (api.Explanation, error) {
		out := api.Explanation{Move: move}
		err := s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
			out.Text = h.Explain(move)
			return nil
		})
		return out, err
	})
}
