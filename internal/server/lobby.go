package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/api"
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
	s.lobby = s.newLobbyLoop()
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
	s.reply(w, http.StatusOK, s.lobby.View(me))
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
	sv := s.seeks()
	k, err := sv.NewSeek(r.Context(), me, lobby.Request{Game: req.Game, TimeControl: req.TimeControl, Rated: req.Rated,
		Colour: req.Colour, Kind: req.Kind, To: req.To})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := sv.Post(r.Context(), k); err != nil {
		s.fail(w, r, err)
		return
	}
	s.noticeChallenge(r.Context(), k)
	s.reply(w, http.StatusCreated, s.seekJSON(k, me))
}

// seeks is the lobby's service over the server's store and rooms.
func (s *Server) seeks() lobby.Service {
	return lobby.Service{Store: s.cfg.Store, Games: lobbyGames{s}, Registry: s.cfg.Registry, Clock: s.cfg.Clock, Log: s.log,
		NewID: newGameID, Rating: s.poolRating, Named: s.playerNamed, Changed: s.lobby.Poke, Guard: lobbyGuard{s}}
}

// lobbyGames starts the lobby's games (lobby.Games) as StartGame does:
// both seats bound to their players, no token.
type lobbyGames struct{ s *Server }

// New implements lobby.Games.
func (lg lobbyGames) New(ctx context.Context, gameID, tc string, rated bool, players [2]string) (store.Game, func(), error) {
	s := lg.s
	req := api.CreateRequest{Game: gameID, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}, Rated: rated, TimeControl: tc}
	g, _, h, err := s.newRecord(ctx, &req, players)
	if err != nil {
		return store.Game{}, nil, err
	}
	return g, func() {
		s.metrics.gamesCreated.Add(1)
		s.rooms.Adopt(h)
	}, nil
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
	rec, err := s.cfg.Store.OpenSeek(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.seeks().Accept(r.Context(), me, lobby.SeekOf(rec))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, api.Started{Game: st.Game, Player: st.Player})
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
	s.lobby.Poke()
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
	started, seek, err := s.seeks().QuickPlay(ctx, me, gameID)
	var out api.QuickPlay
	if started != nil {
		out.Started = &api.Started{Game: started.Game, Player: started.Player}
	}
	if seek != nil {
		k := s.seekJSON(*seek, me)
		out.Seek = &k
	}
	return out, err
}

func (s *Server) handleWatchers(w http.ResponseWriter, r *http.Request) {
	n, err := s.cfg.Store.Watchers(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, api.Watchers{Watchers: n})
}
