package server

// The one adapter between HTTP and the services. A handler decodes
// (decode), finds its caller, calls a service and answers (reply) or
// maps the service's error to a status (fail, through httpStatus);
// serveAs does all of it for a request of a known player, respond for
// a handler that reads the request its own way, playerEndpoint for the
// players' endpoints, whose caller check answers by itself.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/lessons"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// decode reads a JSON body into dst: size-limited, unknown fields and
// trailing data refused.
func decode(w http.ResponseWriter, r *http.Request, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return refuse(ErrTooLarge, "request body over %d bytes", maxBody)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return refuse(ErrTimeout, "request body not received in time")
		}
		return refuse(ErrMalformed, "bad JSON body: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return refuse(ErrTimeout, "request body not received in time")
		}
		return refuse(ErrMalformed, "bad JSON body: data after the object")
	}
	bodyRead(w)
	return nil
}

// bearer returns the body's token, or the Authorization header's.
func bearer(r *http.Request, body string) string {
	if body != "" {
		return body
	}
	t, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return strings.TrimSpace(t)
}

// reply answers v as JSON with status (v as is when it is already
// encoded, a []byte).
func (s *Server) reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if raw, ok := v.([]byte); ok {
		w.Write(raw)
		return
	}
	json.NewEncoder(w).Encode(v) //nolint:errcheck // the status is sent; a client gone cannot be told more
}

// fail answers err: its status and reason (httpStatus), its sentence,
// and "internal error" for what the client cannot act on, logged.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	err = serviceRefusal(err)
	status, code := httpStatus(err)
	msg := message(err)
	if errors.Is(err, ErrClosing) {
		// Nothing was done: the client may send it again, elsewhere or later.
		w.Header().Set("Retry-After", "1")
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		return // the client went away: nobody to answer, nothing to log
	}
	if status == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		msg = "internal error"
	}
	s.reply(w, status, api.Error{Error: msg, Code: code, Text: textOf(err)})
}

// respond answers fn's document with status, or fails with err: the
// first error of the steps before fn (decoding, finding the caller), or
// fn's own.
func respond[T any](s *Server, w http.ResponseWriter, r *http.Request, status int, err error, fn func() (T, error)) {
	var v T
	if err == nil {
		v, err = fn()
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, status, v)
}

// callerAfter is callerOf (no token in the body) unless an earlier
// step failed with err.
func (s *Server) callerAfter(r *http.Request, err error) (caller, error) {
	if err != nil {
		return caller{}, err
	}
	return s.callerOf(r, "")
}

// playerAfter is playerOf unless an earlier step failed with err.
func (s *Server) playerAfter(r *http.Request, err error) (caller, error) {
	if err != nil {
		return caller{}, err
	}
	return s.playerOf(r)
}

// serveAs is the edge's adapter for a request of a known player: who
// finds them (its refusal comes first, as in every handler), the JSON
// body is decoded into In unless In is struct{}, then fn's answer is
// sent with status, or its error.
func serveAs[P, In, Out any](s *Server, who func(*http.Request) (P, error), status int, fn func(r *http.Request, me P, in In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		me, err := who(r)
		var in In
		if _, none := any(in).(struct{}); err == nil && !none {
			err = decode(w, r, &in)
		}
		var out Out
		if err == nil {
			out, err = fn(r, me, in)
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.reply(w, status, out)
	}
}

// decodedBody decodes the request's body into dst, or answers why not.
func (s *Server) decodedBody(w http.ResponseWriter, r *http.Request, dst any) bool {
	err := decode(w, r, dst)
	if err != nil {
		s.fail(w, r, err)
	}
	return err == nil
}

// replyResult answers v (200), or err if there is one.
func (s *Server) replyResult(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, v)
}

// playerEndpoint adapts an endpoint of the players to HTTP: find the
// caller (who answers 401 or 403 when there is none), decode the body
// into B (none for struct{}), call, and answer the result or the error
// (failAccount's way: a throttled client is told when to try again).
func playerEndpoint[B any](s *Server, who func(http.ResponseWriter, *http.Request) (players.Player, bool),
	call func(r *http.Request, p players.Player, body B) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body B
		_, none := any(body).(struct{})
		if p, ok := who(w, r); ok && (none || s.decodedBody(w, r, &body)) {
			v, err := call(r, p, body)
			if err != nil {
				s.failAccount(w, r, err)
				return
			}
			s.reply(w, http.StatusOK, v)
		}
	}
}

// maxBody bounds every request body.
const maxBody = 64 << 10

// formatTime writes t as the API does (room.FormatTime).
func formatTime(t time.Time) string { return room.FormatTime(t) }

// queryLimit reads ?limit=, between 1 and max.
func queryLimit(r *http.Request, def, max int) (int, error) {
	v := r.URL.Query().Get("limit")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, refuse(ErrMalformed, "bad limit %q: want 1 to %d", v, max)
	}
	return n, nil
}

func queryStatus(r *http.Request, def string) (string, error) {
	switch v := r.URL.Query().Get("status"); v {
	case "":
		return def, nil
	case "ongoing", "finished", "recent":
		return v, nil
	default:
		return "", refuse(ErrMalformed, "bad status %q: want ongoing, finished or recent", v)
	}
}

// caller is who makes a request: a seat token (a program without an
// identity, a client from before players) or a player (a session
// cookie, or an API key: viaKey).
type caller struct {
	token  string
	player string
	viaKey bool
}

// callerOf returns who makes r: an API key in the body's token or the
// Authorization header stands for its player; any other token is a seat
// token; the request's player otherwise.
func (s *Server) callerOf(r *http.Request, body string) (caller, error) {
	tok := bearer(r, body)
	if !seats.IsKey(tok) {
		return caller{token: tok, player: requester(r.Context())}, nil
	}
	player, err := s.seats.KeyPlayer(r.Context(), tok)
	return caller{player: player, viaKey: err == nil}, err
}

// who is c as the rooms know it.
func (c caller) who() room.Caller { return room.Caller{Token: c.token, Player: c.player} }

// playerOf is callerOf for the endpoints that need a player.
func (s *Server) playerOf(r *http.Request) (caller, error) {
	c, err := s.callerOf(r, "")
	if err == nil && c.player == "" {
		err = seats.ErrNoPlayer
	}
	return c, err
}

// failAccount answers an accounts' error; a throttled client is told
// when to try again (players.ThrottleWindow).
func (s *Server) failAccount(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, players.ErrThrottled) {
		w.Header().Set("Retry-After", strconv.Itoa(int(players.ThrottleWindow.Seconds())))
	}
	s.fail(w, r, err)
}

// serviceRefusal turns the services' sentinels into the API's refusals,
// each told as its own sentence (the statuses table keeps one row per
// reason).
func serviceRefusal(err error) error {
	if _, done := errors.AsType[edgeRefusal](err); done {
		return err // refused already: its sentence stands
	}
	for _, m := range []struct{ is, why error }{
		{tournaments.ErrBadRequest, ErrMalformed}, {puzzles.ErrNotFound, ErrNotFound}, {lessons.ErrNotFound, ErrNotFound},
		{chat.ErrEmpty, ErrMalformed}, {chat.ErrTooLong, ErrMalformed}, {chat.ErrBadMute, ErrMalformed},
		{chat.ErrTooFast, ErrRateLimited}, {chat.ErrNoGame, ErrNotFound},
	} {
		if errors.Is(err, m.is) {
			return refuseFor(m.why, err)
		}
	}
	return err
}

// serveCall adapts a service call to a handler: call reads what it
// needs of the request; its value is the reply, its error refused.
func serveCall[T any](s *Server, call func(r *http.Request) (T, error)) http.HandlerFunc {
	return serveBody(s, func(r *http.Request, _ struct{}) (T, error) { return call(r) })
}

// serveBody is serveCall for a request with a JSON body, decoded first.
func serveBody[Req, T any](s *Server, call func(r *http.Request, req Req) (T, error)) http.HandlerFunc {
	return serveAs(s, anyone, http.StatusOK, func(r *http.Request, _ struct{}, req Req) (T, error) { return call(r, req) })
}

// anyone is the caller of an endpoint open to all.
func anyone(*http.Request) (struct{}, error) { return struct{}{}, nil }

// replyNoStore answers v, which no cache may keep (a player's own
// settings or friends), or err.
func (s *Server) replyNoStore(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err == nil {
		w.Header().Set("Cache-Control", "no-store")
	}
	s.replyResult(w, r, v, err)
}

// clip shortens what a refusal quotes of a client's text.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
