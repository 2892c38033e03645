package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

func (s *Server) routesLobby(m *http.ServeMux) {
	s.lobby = s.newLobbyLoop()
	m.HandleFunc("GET /api/lobby", serveAs(s, s.lobbyPlayer, http.StatusOK, func(_ *http.Request, me lobby.Player, _ struct{}) (api.Lobby, error) {
		return s.lobby.View(me), nil
	}))
	m.HandleFunc("GET /api/lobby/ws", s.handleLobbyWS)
	m.HandleFunc("POST /api/lobby/seeks", s.limit(limitCreate, serveAs(s, s.lobbyPlayer, http.StatusCreated, s.postSeek)))
	m.HandleFunc("POST /api/lobby/seeks/{id}/accept", s.limit(limitCreate, serveAs(s, s.lobbyPlayer, http.StatusOK, s.acceptSeek)))
	m.HandleFunc("POST /api/lobby/seeks/{id}/cancel", s.limit(limitRequest, serveAs(s, s.lobbyPlayer, http.StatusOK, s.closeSeek)))
	m.HandleFunc("POST /api/lobby/seeks/{id}/decline", s.limit(limitRequest, serveAs(s, s.lobbyPlayer, http.StatusOK, s.closeSeek)))
	m.HandleFunc("POST /api/lobby/play", s.limit(limitCreate, serveAs(s, s.lobbyPlayer, http.StatusOK, s.quickPlay)))
	m.HandleFunc("GET /api/games/{id}/rematch", s.handleRematchState)
	m.HandleFunc("POST /api/games/{id}/rematch", s.limit(limitCreate, s.handleRematch))
	m.HandleFunc("GET /api/games/{id}/watchers", func(w http.ResponseWriter, r *http.Request) {
		n, err := s.cfg.Store.Watchers(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.reply(w, http.StatusOK, api.Watchers{Watchers: n})
	})
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

// seekJSON is a seek as the API shows it to me.
func (s *Server) seekJSON(k lobby.Seek, me lobby.Player) api.Seek {
	return lobby.SeekJSON(s.cfg.Registry, k, me)
}

func (s *Server) postSeek(r *http.Request, me lobby.Player, req api.SeekRequest) (api.Seek, error) {
	sv := s.seeks()
	k, err := sv.NewSeek(r.Context(), me, lobby.Request{Game: req.Game, TimeControl: req.TimeControl, Rated: req.Rated,
		Colour: req.Colour, Kind: req.Kind, To: req.To})
	if err == nil {
		err = sv.Post(r.Context(), k)
	}
	if err != nil {
		return api.Seek{}, err
	}
	s.noticeChallenge(r.Context(), k)
	return s.seekJSON(k, me), nil
}

// seeks is the lobby's service over the server's store and rooms.
func (s *Server) seeks() lobby.Service {
	return lobby.Service{Store: s.cfg.Store, Games: lobby.StarterGames{Starter: lobbyGames{s}}, Registry: s.cfg.Registry, Clock: s.cfg.Clock,
		Log: s.log, NewID: newGameID, Rating: lobby.Ratings{Store: s.cfg.Store, Registry: s.cfg.Registry, Log: s.log}.Of,
		Named: s.playerNamed, Changed: s.lobby.Poke, Guard: lobbyGuard{s}}
}

// lobbyGames starts the lobby's games (lobby.Starter) as the API
// creates them, and counts and holds them once stored.
type lobbyGames struct{ s *Server }

// Start implements lobby.Starter.
func (lg lobbyGames) Start(ctx context.Context, req api.CreateRequest, owners [2]string) (store.Game, [2]string, func(), error) {
	g, tokens, h, err := lg.s.rooms.Prepare(ctx, &req, owners)
	if err != nil {
		return store.Game{}, tokens, nil, err
	}
	return g, tokens, func() {
		lg.s.metrics.GamesCreated.Add(1)
		lg.s.rooms.Adopt(h)
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

func (s *Server) acceptSeek(r *http.Request, me lobby.Player, _ struct{}) (api.Started, error) {
	rec, err := s.cfg.Store.OpenSeek(r.Context(), r.PathValue("id"), s.cfg.Clock.Now())
	if err != nil {
		return api.Started{}, err
	}
	st, err := s.seeks().Accept(r.Context(), me, lobby.SeekOf(rec))
	return api.Started{Game: st.Game, Player: st.Player}, err
}

func (s *Server) closeSeek(r *http.Request, me lobby.Player, _ struct{}) (struct{}, error) {
	if err := s.cfg.Store.CloseSeek(r.Context(), r.PathValue("id"), me.ID, s.cfg.Clock.Now()); err != nil {
		return struct{}{}, err
	}
	s.lobby.Poke()
	return struct{}{}, nil
}

// quickPlay is "Play now": the oldest open seek that fits, else a quick
// seek of mine (the one already waiting, or a new one).
func (s *Server) quickPlay(r *http.Request, me lobby.Player, req api.QuickPlayRequest) (api.QuickPlay, error) {
	started, seek, err := s.seeks().QuickPlay(r.Context(), me, req.Game)
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

// handleLobbyWS serves GET /api/lobby/ws: the lobby as it changes, and
// the news of games started for this player.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) {
	me, err := s.lobbyPlayer(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.WSOriginPatterns})
	if err != nil {
		return
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	c := &lobby.Conn{Player: me, Out: make(chan []byte, 32), Cancel: cancel}
	s.lobby.Join(ctx, c)
	defer s.lobby.Leave(c)
	go func() { // reading serves pongs and sees the client leave
		defer cancel()
		for {
			if _, _, err := conn.Read(ctx); err != nil {
				return
			}
		}
	}()
	writeLobby(ctx, conn, c)
}

// writeLobby sends c's messages as they come, and pings.
func writeLobby(ctx context.Context, conn *websocket.Conn, c *lobby.Conn) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "")
			return
		case <-ping.C:
			if !pinged(ctx, conn) {
				return
			}
		case msg := <-c.Out:
			if !write(ctx, conn, msg) {
				return
			}
		}
	}
}

// newLobbyLoop builds the lobby loop over the server's store and rooms.
func (s *Server) newLobbyLoop() *lobby.Loop {
	cfg := s.cfg.Lobby.Loop(lobby.LoopConfig{Store: s.cfg.Store, Clock: s.cfg.Clock, Log: s.log, Owner: s.owner,
		SeekView: s.seekJSON, AILevel: func(k lobby.Seek) int { return lobby.AILevel(k, defaultLevel) },
		Go: serverTasks{s}.Go, Hidden: s.blockedWith})
	cfg.Presence = func(ctx context.Context, now time.Time, beat bool) { s.rooms.SyncPresence(ctx, now, cfg.Lease, beat) }
	return lobby.NewLoop(s.ctx, cfg)
}

// rematchOf checks that c sits at a seat of the finished game id
// between two people, and returns the seat and the request that starts
// the rematch with its players (lobby.RematchFor).
func (s *Server) rematchOf(ctx context.Context, id string, c caller) (seat int, req api.CreateRequest, owners [2]string, err error) {
	err = s.withHub(ctx, id, func(h *room.Room) error {
		p, err := h.SeatOf(c.who(), 0)
		if err != nil {
			return err
		}
		seat = int(p)
		req, owners, err = lobby.RematchFor(h.Record(), h.Over())
		return err
	})
	return seat, req, owners, err
}

// rematches is the lobby's rematch offers over the server's store and
// rooms.
func (s *Server) rematches() lobby.Rematches {
	return lobby.Rematches{Store: s.cfg.Store, Games: lobbyGames{s}, Clock: s.cfg.Clock, Guard: lobbyGuard{s}}
}

// handleRematch offers a rematch, or accepts the other seat's offer:
// the same click for both players.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	serveAs(s, func(*http.Request) (struct{}, error) { return struct{}{}, nil }, http.StatusOK,
		func(r *http.Request, _ struct{}, req api.TokenRequest) (api.Rematch, error) {
			id := r.PathValue("id")
			c, err := s.callerOf(r, req.Token)
			if err != nil {
				return api.Rematch{}, err
			}
			seat, create, owners, err := s.rematchOf(r.Context(), id, c)
			if err != nil {
				return api.Rematch{}, err
			}
			return s.rematches().Click(r.Context(), id, seat, create, owners)
		})(w, r)
}

// handleRematchState tells a seat of the finished game where the
// rematch stands.
func (s *Server) handleRematchState(w http.ResponseWriter, r *http.Request) {
	serveAs(s, func(r *http.Request) (caller, error) { return s.callerOf(r, "") }, http.StatusOK,
		func(r *http.Request, c caller, _ struct{}) (api.Rematch, error) {
			seat, _, _, err := s.rematchOf(r.Context(), r.PathValue("id"), c)
			if err != nil {
				return api.Rematch{}, err
			}
			return s.rematches().State(r.Context(), r.PathValue("id"), seat)
		})(w, r)
}
