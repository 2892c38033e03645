package server

import (
	"context"
	"net/http"
	"slices"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats/seatapi"
	"github.com/plateau-games/plateau/internal/store"
)

// newSeats builds the seats' service over the server's store and rooms.
func (s *Server) newSeats() *seatapi.Service {
	return seatapi.New(seatapi.Config{Store: s.cfg.Store, Now: s.cfg.Now, Log: s.log, With: s.withHub, Name: s.refOf,
		Summary: s.summary, PublicURL: s.cfg.PublicURL,
		Title: func(id string) string { title, _ := room.Describe(s.cfg.Registry, id); return title }})
}

func (s *Server) routesSeats(m *http.ServeMux) {
	m.HandleFunc("POST /api/games/{id}/claim", s.limit(limitRequest, s.handleClaim))
	m.HandleFunc("GET /api/games/{id}/me", s.handleMySeats)
	m.HandleFunc("POST /api/games/{id}/invite", s.limit(limitRequest, s.handleInvite))
	m.HandleFunc("GET /api/me/games", s.handleMyGames)
	m.HandleFunc("GET /api/players/{ref}", s.handleProfile)
	m.HandleFunc("GET /api/keys", s.handleKeys)
	m.HandleFunc("POST /api/keys", s.limit(limitRequest, s.handleNewKey))
	m.HandleFunc("POST /api/keys/{id}/revoke", s.limit(limitRequest, s.handleRevokeKey))
}

// handleClaim seats the requesting player in the seats whose tokens
// they present (seatapi.Service.Claim).
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req api.ClaimRequest
	err := decode(w, r, &req)
	if err == nil && (len(req.Tokens) == 0 || len(req.Tokens) > 2 || slices.ContainsFunc(req.Tokens, func(t string) bool { return len(t) > 100 })) {
		err = refuse(ErrMalformed, "want {tokens} with one or two seat tokens")
	}
	c, err := s.playerAfter(r, err)
	respond(s, w, r, http.StatusOK, err, func() (api.Claim, error) {
		return s.seats.Claim(r.Context(), r.PathValue("id"), c.player, req.Tokens)
	})
}

// handleMySeats answers the seats the requesting player holds in a game
// (none: they watch), and the open invite of a game they created.
func (s *Server) handleMySeats(w http.ResponseWriter, r *http.Request) {
	c, err := s.callerOf(r, "")
	respond(s, w, r, http.StatusOK, err, func() (api.Claim, error) {
		return s.seats.MySeats(r.Context(), r.PathValue("id"), c.player)
	})
}

// handleInvite cancels the open invite of the requester's game, or
// renews it: a new link, the old one only watching from then on.
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var req api.InviteRequest
	err := decode(w, r, &req)
	if err == nil && req.Action != "cancel" && req.Action != "renew" {
		err = refuse(ErrMalformed, "bad action %q: want cancel or renew", req.Action)
	}
	c, err := s.playerAfter(r, err)
	respond(s, w, r, http.StatusOK, err, func() (api.Invite, error) {
		return s.seats.Invite(r.Context(), r.PathValue("id"), c.player, req.Action == "renew")
	})
}

// NewGame is a game between two players, for StartGame.
type NewGame = room.NewGame

// StartGame creates a game between two players, both seated at once (no
// invite, no token), and returns its id (room.Hub.StartGame).
func (s *Server) StartGame(ctx context.Context, ng NewGame) (string, error) {
	g, err := s.rooms.StartGame(ctx, ng)
	if err != nil {
		return "", err
	}
	s.metrics.GamesCreated.Add(1)
	s.log.Info("game started", "game", g.ID, "id", g.Game)
	return g.ID, nil
}

// myGamesMax bounds the games of one answer of GET /api/me/games.
const myGamesMax = 200

// handleMyGames lists the requester's games: those where it is their
// turn first, then by last change.
func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "recent")
	var limit int
	if err == nil {
		limit, err = queryLimit(r, 50, myGamesMax)
	}
	c, err := s.playerAfter(r, err)
	respond(s, w, r, http.StatusOK, err, func() (api.MyGames, error) {
		return s.seats.MyGames(r.Context(), c.player, status, limit)
	})
}

// handleProfile answers a player's page: who they are, their results
// per game and their latest public games.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	p, joined, err := s.findPlayer(r.Context(), r.PathValue("ref"))
	respond(s, w, r, http.StatusOK, err, func() (api.Profile, error) { return s.seats.Profile(r.Context(), p, joined) })
}

// handleKeys lists the requester's API keys.
func (s *Server) handleKeys(w http.ResponseWriter, r *http.Request) {
	c, err := s.keyOwner(r, nil)
	respond(s, w, r, http.StatusOK, err, func() (api.Keys, error) { return s.seats.Keys(r.Context(), c.player) })
}

// handleNewKey makes an API key for the requester: the key is in this
// answer only; the store keeps its hash.
func (s *Server) handleNewKey(w http.ResponseWriter, r *http.Request) {
	var req api.KeyRequest
	err := decode(w, r, &req)
	if err == nil {
		err = seatapi.CheckLabel(req.Label)
	}
	c, err := s.keyOwner(r, err)
	respond(s, w, r, http.StatusCreated, err, func() (api.Key, error) { return s.seats.NewKey(r.Context(), c.player, req.Label) })
}

func (s *Server) handleRevokeKey(w http.ResponseWriter, r *http.Request) {
	c, err := s.keyOwner(r, nil)
	if err == nil {
		err = s.seats.RevokeKey(r.Context(), c.player, r.PathValue("id"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// keyOwner is the player whose keys a request manages, unless an
// earlier step failed with err: only a session may, so that a leaked
// key cannot make itself successors.
func (s *Server) keyOwner(r *http.Request, err error) (caller, error) {
	c, err := s.playerAfter(r, err)
	if err == nil && c.viaKey {
		err = refuse(ErrForbidden, "API keys are managed from a browser session, not with a key")
	}
	return c, err
}

// seatNames names the players of a game's seats, for its view.
func (s *Server) seatNames(ctx context.Context, st [2]store.Seat) [2]*api.PlayerRef {
	return s.seats.SeatNames(ctx, st)
}
