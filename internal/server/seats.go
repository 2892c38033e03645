package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/seats"
	"github.com/plateau-games/plateau/internal/store"
)

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
	k, err := s.cfg.Store.KeyByHash(r.Context(), seats.Hash(tok))
	if errors.Is(err, store.ErrNoKey) {
		return caller{}, refuse(ErrForbidden, "unknown or revoked API key")
	}
	if err != nil {
		return caller{}, err
	}
	return caller{player: k.Player, viaKey: true}, nil
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

// inviteLinks returns the link that gives seat of game id to whoever
// accepts it first: relative, and absolute on the public URL if known.
func (s *Server) inviteLinks(id string, seat int, token string) (rel, abs string) {
	rel = fmt.Sprintf("/g/%s#seat=%d&token=%s", id, seat, token)
	if u := s.cfg.PublicURL; u != nil {
		abs = strings.TrimSuffix(u.String(), "/") + rel
	}
	return rel, abs
}

// handleClaim seats the requesting player in the seats whose tokens
// they present: an invite's, or those a browser kept from before
// players. The game's version check decides between racing claims.
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	var req api.ClaimRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Tokens) == 0 || len(req.Tokens) > 2 || slices.ContainsFunc(req.Tokens, func(t string) bool { return len(t) > 100 }) {
		s.fail(w, r, refuse(ErrMalformed, "want {tokens} with one or two seat tokens"))
		return
	}
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Claim{Seats: []int{}}
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		mine, err := h.Claim(r.Context(), c.player, req.Tokens)
		out.Seats = append(out.Seats, mine...)
		var taken *seats.TakenError
		switch {
		case errors.As(err, &taken):
			out.Taken = &api.TakenSeat{Seat: taken.Seat, Player: s.refOf(r.Context(), taken.Player)}
			return nil
		case errors.Is(err, seats.ErrOwnInvite):
			out.OwnInvite = true
			return nil
		case errors.Is(err, errNoChange):
			return nil
		}
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// handleMySeats answers the seats the requesting player holds in a game
// (none: they watch), and the open invite of a game they created.
func (s *Server) handleMySeats(w http.ResponseWriter, r *http.Request) {
	c, err := s.callerOf(r, "")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Claim{Seats: []int{}}
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		mine, invite := h.MySeats(r.Context(), c.player)
		out.Seats, out.Invite = append(out.Seats, mine...), invite
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// handleInvite cancels the open invite of the requester's game, or
// renews it: a new link, the old one only watching from then on.
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var req api.InviteRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Action != "cancel" && req.Action != "renew" {
		s.fail(w, r, refuse(ErrMalformed, "bad action %q: want cancel or renew", req.Action))
		return
	}
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var out api.Invite
	err = s.withHub(r.Context(), r.PathValue("id"), func(h *room.Room) error {
		seat, token, err := h.Invite(r.Context(), c.player, req.Action == "renew")
		out = api.Invite{Seat: seat}
		if err == nil && token != "" {
			out.Invite, out.InviteURL = s.inviteLinks(h.ID(), seat, token)
		}
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// NewGame is a game between two players, for StartGame.
type NewGame struct {
	// Game is the game id with options, as in POST /api/games.
	Game string
	// Position is the start position; "" for the game's own.
	Position string
	// Players are the ids of the players of the first and the second
	// colour: two different players.
	Players [2]string
	// Private leaves the game out of the public lists.
	Private bool
}

// StartGame creates a game between two players, both seated at once (no
// invite, no token), and returns its id: the one way the lobby starts
// games (accepted seeks, challenges, rematches). Its errors are the
// room's: ErrMalformed for an unknown game, bad options or position, or
// players missing or equal.
func (s *Server) StartGame(ctx context.Context, ng NewGame) (string, error) {
	if ng.Players[0] == "" || ng.Players[1] == "" || ng.Players[0] == ng.Players[1] {
		return "", refuse(ErrMalformed, "a game needs two different players")
	}
	req := api.CreateRequest{Game: ng.Game, Position: ng.Position, Private: ng.Private,
		Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}
	g, _, h, err := s.newRecord(ctx, &req, ng.Players)
	if err != nil {
		return "", err
	}
	if err := s.cfg.Store.Create(ctx, g); err != nil {
		return "", fmt.Errorf("server: start game: %w", err)
	}
	s.metrics.gamesCreated.Add(1)
	s.log.Info("game started", "game", g.ID, "id", g.Game)
	s.rooms.Adopt(h)
	return g.ID, nil
}

// myGamesMax bounds the games of one answer of GET /api/me/games.
const myGamesMax = 200

// handleMyGames lists the requester's games: those where it is their
// turn first, then by last change.
func (s *Server) handleMyGames(w http.ResponseWriter, r *http.Request) {
	status, err := queryStatus(r, "recent")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, err := queryLimit(r, 50, myGamesMax)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sums, err := s.cfg.Store.List(r.Context(), store.Filter{Status: status, Limit: limit, Player: c.player})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	names := s.namesOf(r.Context(), sums)
	out := api.MyGames{Games: []api.MyGame{}}
	for _, sm := range sums {
		if g, ok := s.myGame(r.Context(), sm, c.player, names); ok {
			out.Games = append(out.Games, g)
		}
	}
	slices.SortStableFunc(out.Games, func(a, b api.MyGame) int {
		if a.YourTurn != b.YourTurn && a.YourTurn {
			return -1
		} else if a.YourTurn != b.YourTurn {
			return 1
		}
		return 0
	})
	s.reply(w, http.StatusOK, out)
}

// myGame is a game of player's list: their seats, whether it is their
// turn, who plays them; false if they hold no human seat in it.
func (s *Server) myGame(ctx context.Context, sm store.Summary, player string, names map[string]*api.PlayerRef) (api.MyGame, bool) {
	g := api.MyGame{Summary: s.summary(sm, names)}
	var st [2]seats.Seat
	for i, seat := range sm.Seats {
		st[i] = seats.Seat{Human: seat.Kind == store.Human, Player: seat.Player}
	}
	g.Mine = seats.Mine(st, player)
	if len(g.Mine) == 0 {
		return g, false
	}
	toAct := sm.ToAct
	if toAct < 0 && sm.Result == store.Ongoing {
		// A game from before to_act was kept: the rules know.
		_ = s.withHub(ctx, sm.ID, func(h *room.Room) error { toAct = int(h.ToAct()); return nil })
	}
	g.YourTurn = sm.Result == store.Ongoing && slices.Contains(g.Mine, toAct) && sm.Seats[max(toAct, 0)].Kind == store.Human
	switch other := sm.Seats[1-g.Mine[0]]; {
	case len(g.Mine) == 2:
		g.Opponent = api.Opponent{Kind: "device"}
	case other.Kind == store.AI:
		g.Opponent = api.Opponent{Kind: "ai", Level: other.Level}
	case other.Player == "":
		g.Opponent = api.Opponent{Kind: "invite"}
	default:
		g.Opponent = api.Opponent{Kind: "player", Player: names[other.Player]}
	}
	return g, true
}

// handleProfile answers a player's page: who they are, their results
// per game and their latest public games.
func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, joined, err := s.findPlayer(ctx, r.PathValue("ref"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	counts, err := s.cfg.Store.Results(ctx, p.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	recent, err := s.cfg.Store.List(ctx, store.Filter{Limit: 20, Player: p.ID, Public: true})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Profile{Player: p, Joined: formatTime(joined), Results: s.results(counts), Recent: []api.Summary{}}
	names := s.namesOf(ctx, recent)
	for _, sm := range recent {
		out.Recent = append(out.Recent, s.summary(sm, names))
	}
	s.reply(w, http.StatusOK, out)
}

// results turns the store's counts into wins, losses and draws per game
// (its options apart: "abraxas:board=2" counts as abraxas).
func (s *Server) results(counts []store.ResultCount) []api.GameResults {
	byGame := map[string]*api.GameResults{}
	var order []string
	for _, c := range counts {
		name, _, _ := strings.Cut(c.Game, ":")
		gr := byGame[name]
		if gr == nil {
			title, _ := s.describe(name)
			gr = &api.GameResults{Game: name, Title: title}
			byGame[name] = gr
			order = append(order, name)
		}
		switch {
		case c.Result == "draw":
			gr.Draws += c.Count
		case (c.Result == "first") == (c.Seat == 0):
			gr.Wins += c.Count
		default:
			gr.Losses += c.Count
		}
	}
	slices.Sort(order)
	out := []api.GameResults{}
	for _, name := range order {
		out = append(out, *byGame[name])
	}
	return out
}

// handleKeys lists the requester's API keys.
func (s *Server) handleKeys(w http.ResponseWriter, r *http.Request) {
	c, err := s.keyOwner(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	keys, err := s.cfg.Store.Keys(r.Context(), c.player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := api.Keys{Keys: []api.Key{}}
	for _, k := range keys {
		out.Keys = append(out.Keys, api.Key{ID: k.ID, Label: k.Label, CreatedAt: formatTime(k.CreatedAt)})
	}
	s.reply(w, http.StatusOK, out)
}

// handleNewKey makes an API key for the requester: the key is in this
// answer only; the store keeps its hash.
func (s *Server) handleNewKey(w http.ResponseWriter, r *http.Request) {
	var req api.KeyRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := seats.CheckLabel(req.Label); err != nil {
		s.fail(w, r, refuseFor(ErrMalformed, err))
		return
	}
	c, err := s.keyOwner(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	keys, err := s.cfg.Store.Keys(r.Context(), c.player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(keys) >= seats.MaxKeys {
		s.fail(w, r, fmt.Errorf("%w: at most %d; revoke one first", seats.ErrTooManyKeys, seats.MaxKeys))
		return
	}
	key, id, hash := seats.NewKey()
	k := store.APIKey{ID: id, Hash: hash, Player: c.player, Label: req.Label, CreatedAt: s.cfg.Now()}
	if err := s.cfg.Store.CreateKey(r.Context(), k); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("API key created", "key", id)
	s.reply(w, http.StatusCreated, api.Key{ID: id, Label: k.Label, CreatedAt: formatTime(k.CreatedAt), Key: key})
}

func (s *Server) handleRevokeKey(w http.ResponseWriter, r *http.Request) {
	c, err := s.keyOwner(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.cfg.Store.RevokeKey(r.Context(), c.player, r.PathValue("id")); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("API key revoked", "key", r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
}

// keyOwner is the player whose keys a request manages: only a session
// may, so that a leaked key cannot make itself successors.
func (s *Server) keyOwner(r *http.Request) (caller, error) {
	c, err := s.playerOf(r)
	if err == nil && c.viaKey {
		err = refuse(ErrForbidden, "API keys are managed from a browser session, not with a key")
	}
	return c, err
}

// seatNames names the players of a game's seats, for its view.
func (s *Server) seatNames(ctx context.Context, st [2]store.Seat) [2]*api.PlayerRef {
	var out [2]*api.PlayerRef
	for i, seat := range st {
		if seat.Player != "" {
			ref := s.refOf(ctx, seat.Player)
			out[i] = &ref
		}
	}
	return out
}

// namesOf names the players of listed games, each looked up once.
func (s *Server) namesOf(ctx context.Context, sums []store.Summary) map[string]*api.PlayerRef {
	out := map[string]*api.PlayerRef{}
	for _, sm := range sums {
		for _, seat := range sm.Seats {
			if _, done := out[seat.Player]; seat.Player != "" && !done {
				ref := s.refOf(ctx, seat.Player)
				out[seat.Player] = &ref
			}
		}
	}
	return out
}
