package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
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

// playerCookie holds the lobby identity of a browser until players have
// accounts (issue #13): an opaque id, the name derived from it.
const playerCookie = "plateau_player"

// lobbyPlayer is who is asking: the one place the lobby learns the
// player of a request.
func (s *Server) lobbyPlayer(w http.ResponseWriter, r *http.Request) lobby.Player {
	if c, err := r.Cookie(playerCookie); err == nil && validPlayerID(c.Value) {
		return lobby.Player{ID: c.Value, Name: "guest-" + c.Value[:5]}
	}
	var b [12]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{Name: playerCookie, Value: id, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, MaxAge: 365 * 24 * 3600})
	return lobby.Player{ID: id, Name: "guest-" + id[:5]}
}

func validPlayerID(id string) bool {
	if len(id) != 24 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

func (s *Server) handleLobby(w http.ResponseWriter, r *http.Request) {
	me := s.lobbyPlayer(w, r)
	s.reply(w, http.StatusOK, s.lobby.viewFor(me))
}

// seekJSON is a seek as the API shows it to me.
func (s *Server) seekJSON(k lobby.Seek, me lobby.Player) api.Seek {
	title, _ := s.describe(k.Game)
	out := api.Seek{ID: k.ID, Game: k.Game, Title: title, TimeControl: k.TimeControl, Rated: k.Rated,
		Colour: string(k.Colour), Kind: string(k.Kind), Owner: api.PlayerRef{ID: k.Owner.ID, Name: k.Owner.Name},
		Quick: k.Quick, Rating: k.Rating, Created: k.Created.UTC().Format(time.RFC3339), Mine: k.Owner.ID == me.ID}
	if k.Challenge() {
		out.To = &api.PlayerRef{ID: k.To.ID, Name: k.To.Name}
	}
	if !k.Expires.IsZero() {
		out.Expires = k.Expires.UTC().Format(time.RFC3339)
	}
	return out
}

func (s *Server) handlePostSeek(w http.ResponseWriter, r *http.Request) {
	me := s.lobbyPlayer(w, r)
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
	if req.TimeControl != "" {
		// Untimed until the clocks (issue #11) give a parser to check it.
		return lobby.Seek{}, fmt.Errorf("%w: time controls are not offered yet", lobby.ErrBadSeek)
	}
	k := lobby.Seek{ID: newGameID(), Game: id.String(), TimeControl: req.TimeControl, Rated: req.Rated,
		Colour: lobby.Colour(req.Colour), Kind: lobby.Kind(req.Kind), Owner: me}
	k.Rating = s.ratingOf(ctx, me.ID, k.Game)
	if req.To != "" {
		if k.To, err = s.playerNamed(ctx, req.To); err != nil {
			return lobby.Seek{}, err
		}
	}
	if err := k.Check(s.cfg.Clock.Now()); err != nil {
		return lobby.Seek{}, err
	}
	return k, nil
}

// playerNamed finds a player to challenge by name among those online.
func (s *Server) playerNamed(ctx context.Context, name string) (lobby.Player, error) {
	online, err := s.cfg.Store.Online(ctx, s.cfg.Clock.Now())
	if err != nil {
		return lobby.Player{}, err
	}
	for _, p := range online {
		if strings.EqualFold(p.Name, strings.TrimSpace(name)) {
			return p, nil
		}
	}
	return lobby.Player{}, fmt.Errorf("%w: %q is not in the lobby", lobby.ErrNoPlayer, name)
}

func (s *Server) handleAcceptSeek(w http.ResponseWriter, r *http.Request) {
	me := s.lobbyPlayer(w, r)
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
// lobby's WebSocket, wherever it is connected.
func (s *Server) acceptSeek(ctx context.Context, me lobby.Player, k lobby.Seek) (api.Started, error) {
	if err := k.CanAccept(me); err != nil {
		return api.Started{}, err
	}
	req := api.CreateRequest{Game: k.Game, Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}, Rated: k.Rated}
	g, tokens, h, err := s.newRecord(&req)
	if err != nil {
		return api.Started{}, err
	}
	owner := k.OwnerSeat(coin)
	a := store.Accept{Seek: k.ID, Taker: me.ID, Game: g, OwnerSeat: owner, OwnerToken: tokens[owner], At: s.cfg.Clock.Now()}
	if err := s.cfg.Store.AcceptSeek(context.WithoutCancel(ctx), a); err != nil {
		return api.Started{}, err
	}
	s.metrics.gamesCreated.Add(1)
	s.log.Info("seek accepted", "seek", k.ID, "game", g.ID, "id", g.Game)
	s.adopt(h)
	s.lobby.poke()
	return api.Started{Game: g.ID, Player: 1 - owner, Token: tokens[1-owner]}, nil
}

// coin is a fair coin for random colours.
func coin() bool {
	var b [1]byte
	rand.Read(b[:])
	return b[0]&1 == 0
}

func (s *Server) handleCloseSeek(w http.ResponseWriter, r *http.Request) {
	me := s.lobbyPlayer(w, r)
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
	me := s.lobbyPlayer(w, r)
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
