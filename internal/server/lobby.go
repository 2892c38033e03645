package server

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// LobbyConfig tunes the lobby (docs/lobby.md); the zero value is the
// defaults.
type LobbyConfig struct {
	// Poll is how often a server looks for lobby changes made through
	// the others (default 1s): the lobby's live updates across servers
	// are this polling of a version row, not LISTEN/NOTIFY.
	Poll time.Duration
	// Lease is how long a server's word that a player has the lobby open
	// holds without renewal (default 30s): a real-time seek outlives a
	// server that died by at most this much.
	Lease time.Duration
	// QuickPlayWait is how long quick play waits for a person before it
	// offers the AI (default lobby.QuickPlayWait, 30s); tests shorten it.
	QuickPlayWait time.Duration
	// Rejoin is how long a player who closed their last lobby connection
	// has to open another before their real-time seeks die (default 3s):
	// a page reload or a move to another page of the lobby keeps them.
	Rejoin time.Duration
}

func (c *LobbyConfig) defaults() {
	if c.Poll <= 0 {
		c.Poll = time.Second
	}
	if c.Lease <= 0 {
		c.Lease = 30 * time.Second
	}
	if c.QuickPlayWait <= 0 {
		c.QuickPlayWait = lobby.QuickPlayWait
	}
	if c.Rejoin <= 0 {
		c.Rejoin = 3 * time.Second
	}
}

func (s *Server) routesLobby(m *http.ServeMux) {
	s.lobby = newLobbyRoom(s)
	m.HandleFunc("GET /api/lobby", s.handleLobby)
	m.HandleFunc("GET /api/lobby/ws", s.handleLobbyWS)
	m.HandleFunc("POST /api/lobby/seeks", s.limit(limitCreate, s.handlePostSeek))
	m.HandleFunc("POST /api/lobby/seeks/{id}/accept", s.limit(limitCreate, s.handleAcceptSeek))
	m.HandleFunc("POST /api/lobby/seeks/{id}/cancel", s.limit(limitRequest, s.handleCloseSeek))
	m.HandleFunc("POST /api/lobby/seeks/{id}/decline", s.limit(limitRequest, s.handleCloseSeek))
	m.HandleFunc("POST /api/lobby/play", s.limit(limitCreate, s.handleQuickPlay))
	m.HandleFunc("GET /api/games/{id}/rematch", s.handleRematchState)
	m.HandleFunc("POST /api/games/{id}/rematch", s.limit(limitCreate, s.handleRematch))
	m.HandleFunc("GET /api/games/{id}/watchers", s.handleWatchers)
}

// lobbyPlayer is who is asking: the request's player (its session, or
// an API key's owner). The lobby has no place for a program that is
// neither: seats.ErrNoPlayer.
func (s *Server) lobbyPlayer(r *http.Request) (lobby.Player, error) {
	c, err := s.playerOf(r)
	if err != nil {
		return lobby.Player{}, err
	}
	return lobby.Player{ID: c.player, Name: s.refOf(r.Context(), c.player).Name}, nil
}

func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, s.lobby.viewFor(me))
}

// seekJSON is a seek as the API shows it to me.
func (s *Server) seekJSON(k lobby.Seek, me lobby.Player) api.Seek {
	title, _ := s.describe(k.Game)
	out := api.Seek{ID: k.ID, Game: k.Game, Title: title, TimeControl: k.TimeControl, Rated: k.Rated,
		Colour: string(k.Colour), Kind: string(k.Kind), Owner: api.PlayerRef{ID: k.Owner.ID, Name: k.Owner.Name},
		Quick: k.Quick, Rating: k.Rating, Created: formatTime(k.Created), Mine: k.Owner.ID == me.ID}
	if k.Challenge() {
		out.To = &api.PlayerRef{ID: k.To.ID, Name: k.To.Name}
	}
	if !k.Expires.IsZero() {
		out.Expires = formatTime(k.Expires)
	}
	return out
}

func (s *Server) handlePostSeek(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.SeekRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	k, err := s.newSeek(r.Context(), me, req)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.cfg.Store.PostSeek(r.Context(), k); err != nil {
		s.fail(w, r, err)
		return
	}
	s.lobby.poke()
	s.reply(w, http.StatusCreated, s.seekJSON(k, me))
}

// newSeek builds and checks the seek req asks for.
func (s *Server) newSeek(ctx context.Context, me lobby.Player, req api.SeekRequest) (lobby.Seek, error) {
	if len(req.Game) > 200 {
		return lobby.Seek{}, fmt.Errorf("%w: game id too long", lobby.ErrBadSeek)
	}
	_, id, err := s.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return lobby.Seek{}, fmt.Errorf("%w: %w", lobby.ErrBadSeek, err)
	}
	ctl, err := clock.Parse(req.TimeControl)
	if err != nil {
		return lobby.Seek{}, fmt.Errorf("%w: %w", lobby.ErrBadSeek, err)
	}
	if req.Rated && !ctl.Timed() {
		return lobby.Seek{}, fmt.Errorf("%w: an untimed game is casual: a rated seek needs a time control", lobby.ErrBadSeek)
	}
	// A timed seek is of its clock's kind; an untimed one, of the kind asked.
	kind := lobby.Kind(req.Kind)
	switch ctl.Kind {
	case clock.RealTime:
		kind = lobby.RealTime
	case clock.Correspondence:
		kind = lobby.Correspondence
	}
	tc := ""
	if ctl.Timed() {
		tc = ctl.String()
	}
	k := lobby.Seek{ID: newGameID(), Game: id.String(), TimeControl: tc, Rated: req.Rated,
		Colour: lobby.Colour(req.Colour), Kind: kind, Owner: me}
	k.Rating = s.ratingOf(ctx, me.ID, k.Game)
	if req.To != "" {
		if k.To, err = s.playerNamed(ctx, req.To); err != nil {
			return lobby.Seek{}, err
		}
		if s.blockedPair(ctx, me.ID, k.To.ID) { // moderation hook
			return lobby.Seek{}, errNotAvailable
		}
	}
	if err := k.Check(s.cfg.Clock.Now()); err != nil {
		return lobby.Seek{}, err
	}
	if err := s.playbanRefusal(ctx, me.ID, k.Rated); err != nil { // moderation hook
		return lobby.Seek{}, err
	}
	return k, nil
}

// playerNamed finds the player a challenge names: by id, username or
// display name (players.ErrNotFound otherwise).
func (s *Server) playerNamed(ctx context.Context, name string) (lobby.Player, error) {
	ref, _, err := s.findPlayer(ctx, strings.TrimSpace(name))
	if err != nil {
		return lobby.Player{}, err
	}
	return lobby.Player{ID: ref.ID, Name: ref.Name}, nil
}

func (s *Server) handleAcceptSeek(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	k, err := s.cfg.Store.OpenSeek(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.acceptSeek(r.Context(), me, k)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, st)
}

// acceptSeek starts the game of seek k between its owner and me, if the
// store says the seek is still open: the owner is told through the
// lobby's WebSocket, wherever it is connected. The game is built as
// StartGame builds it (both seats bound to their players, no token), but
// created in the transaction that closes the seek, so that two accepts
// cannot both start one.
func (s *Server) acceptSeek(ctx context.Context, me lobby.Player, k lobby.Seek) (api.Started, error) {
	if err := k.CanAccept(me); err != nil {
		return api.Started{}, err
	}
	if s.blockedPair(ctx, me.ID, k.Owner.ID) { // moderation hook
		return api.Started{}, errNotAvailable
	}
	if err := s.playbanRefusal(ctx, me.ID, k.Rated); err != nil { // moderation hook
		return api.Started{}, err
	}
	owner := k.OwnerSeat(coin)
	var players [2]string
	players[owner], players[1-owner] = k.Owner.ID, me.ID
	req := api.CreateRequest{Game: k.Game, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}, Rated: k.Rated, TimeControl: k.TimeControl}
	g, _, h, err := s.newRecord(ctx, &req, players)
	if err != nil {
		return api.Started{}, err
	}
	a := store.Accept{Seek: k.ID, Taker: me.ID, Game: g, OwnerSeat: owner, At: s.cfg.Clock.Now()}
	if err := s.cfg.Store.AcceptSeek(context.WithoutCancel(ctx), a); err != nil {
		return api.Started{}, err
	}
	s.metrics.gamesCreated.Add(1)
	s.log.Info("seek accepted", "seek", k.ID, "game", g.ID, "id", g.Game)
	s.adopt(h)
	s.lobby.poke()
	return api.Started{Game: g.ID, Player: 1 - owner}, nil
}

// coin is a fair coin for random colours.
func coin() bool {
	var b [1]byte
	rand.Read(b[:])
	return b[0]&1 == 0
}

func (s *Server) handleCloseSeek(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.cfg.Store.CloseSeek(r.Context(), r.PathValue("id"), me.ID, s.cfg.Clock.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.lobby.poke()
	s.reply(w, http.StatusOK, struct{}{})
}

// handleQuickPlay is "Play now": the oldest open seek that fits, else a
// quick seek of mine (the one already waiting, or a new one).
func (s *Server) handleQuickPlay(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.QuickPlayRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.quickPlay(r.Context(), me, req.Game)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

func (s *Server) quickPlay(ctx context.Context, me lobby.Player, gameID string) (api.QuickPlay, error) {
	k, err := s.newSeek(ctx, me, api.SeekRequest{Game: gameID})
	if err != nil {
		return api.QuickPlay{}, err
	}
	want := lobby.Want{Player: me, Game: k.Game, Rating: k.Rating}
	if want.Rating > 0 {
		want.Range = quickPlayRange
	}
	for range 3 { // another player may take the seek first: try the next
		open, err := s.cfg.Store.OpenSeeks(ctx, s.cfg.Clock.Now())
		if err != nil {
			return api.QuickPlay{}, err
		}
		open = s.unblockedSeeks(ctx, me.ID, open) // moderation hook
		for _, o := range open {
			if o.Quick && o.Owner.ID == me.ID && o.Game == k.Game {
				seek := s.seekJSON(o, me)
				return api.QuickPlay{Seek: &seek}, nil
			}
		}
		match, ok := lobby.Match(open, want)
		if !ok {
			break
		}
		st, err := s.acceptSeek(ctx, me, match)
		if errors.Is(err, lobby.ErrGone) {
			continue
		}
		if err != nil {
			return api.QuickPlay{}, err
		}
		return api.QuickPlay{Started: &st}, nil
	}
	post := lobby.QuickPost(want)
	post.ID = k.ID
	if err := post.Check(s.cfg.Clock.Now()); err != nil {
		return api.QuickPlay{}, err
	}
	if err := s.cfg.Store.PostSeek(ctx, post); err != nil {
		return api.QuickPlay{}, err
	}
	s.lobby.poke()
	seek := s.seekJSON(post, me)
	return api.QuickPlay{Seek: &seek}, nil
}

func (s *Server) handleWatchers(w http.ResponseWriter, r *http.Request) {
	n, err := s.cfg.Store.Watchers(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, api.Watchers{Watchers: n})
}
