package botapi

import (
	"context"
	"github.com/plateau-games/plateau/internal/bots"
	"log/slog"
	"sync"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// Bot API bounds: streams open at once per bot on this server, how
// often they look, and the longest silence (an empty line) on them.
const (
	maxEventStreams = 2
	maxGameStreams  = 64
	eventPoll       = 500 * time.Millisecond
	gamePoll        = 100 * time.Millisecond
	botKeepAlive    = 10 * time.Second
	botOnline       = time.Minute
	botsListed      = 200
)

// Store is what the bot API needs of the store: the bots, their
// events, and the games, seeks, ratings and presence it reads for them.
type Store interface {
	bots.Store
	MakeBot(ctx context.Context, player string, at time.Time) error
	IsBot(ctx context.Context, player string) (bool, error)
	Bots(ctx context.Context, limit int) ([]store.Bot, error)
	List(ctx context.Context, f store.Filter) ([]store.Summary, error)
	PlayerRatings(ctx context.Context, player string) ([]store.PlayerRating, error)
	OpenSeeks(ctx context.Context, now time.Time) ([]store.Seek, error)
	OpenSeek(ctx context.Context, id string, now time.Time) (store.Seek, error)
	SetPresence(ctx context.Context, server string, players []store.LobbyPlayer, until time.Time) error
}

// Config is what a Service is built from: the store and what the
// server knows that the bot API shows (names, seeks, game views).
type Config struct {
	Store Store
	// Now tells the time of upgrades and listings; Clock that of streams.
	Now   func() time.Time
	Clock interface{ Now() time.Time }
	// Names names a player as the API does.
	Names func(ctx context.Context, id string) api.PlayerRef
	// Seek shows a challenge as the lobby's API does to the bot.
	Seek func(k lobby.Seek) api.Seek
	// View returns a game's view document now, through its room.
	View func(ctx context.Context, id string) ([]byte, error)
	// Closing reports a server draining: event streams end.
	Closing func() bool
	// Owner names this server's presence leases; Lease is their length.
	Owner string
	Lease time.Duration
	Log   *slog.Logger
}

// Service is the bot API's logic: upgrades, the list of bots, the event
// and game streams, and what a bot may do outside its API.
type Service struct {
	cfg    Config
	mu     sync.Mutex
	open   map[string]int                   // game streams per bot
	events map[string][]*context.CancelFunc // event streams per bot, oldest first
}

// New returns the bot API's service over cfg.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 30 * time.Second
	}
	return &Service{cfg: cfg, open: map[string]int{}, events: map[string][]*context.CancelFunc{}}
}

// IsBot reports whether a player is a bot; false when unknown.
func (s *Service) IsBot(ctx context.Context, player string) bool {
	if player == "" {
		return false
	}
	yes, err := s.cfg.Store.IsBot(ctx, player)
	if err != nil {
		s.cfg.Log.Warn("is bot", "player", player, "err", err)
	}
	return yes
}

// Upgrade makes player's account a bot, for good.
func (s *Service) Upgrade(ctx context.Context, player string) (api.BotAccount, error) {
	if err := s.cfg.Store.MakeBot(ctx, player, s.cfg.Now()); err != nil {
		return api.BotAccount{}, err
	}
	s.cfg.Log.Info("account became a bot", "player", player)
	return api.BotAccount{ID: player, Name: s.cfg.Names(ctx, player).Name, Bot: true}, nil
}

// Bot returns player if they may use the bot API: with the API key
// (viaKey) of a bot account.
func (s *Service) Bot(ctx context.Context, player string, viaKey bool) (string, error) {
	if !viaKey || !s.IsBot(ctx, player) {
		return "", room.Refuse(bots.ErrNotBot, "the bot API takes the API key of a bot account (docs/bots.md)")
	}
	return player, nil
}

// List is every bot with its games and ratings, as GET /api/bots
// shows them; rated shows a rating.
func (s *Service) List(ctx context.Context, rated func(store.PlayerRating) api.RatedPlayer) (api.Bots, error) {
	list, err := s.cfg.Store.Bots(ctx, botsListed)
	if err != nil {
		return api.Bots{}, err
	}
	out := api.Bots{Bots: []api.BotInfo{}}
	now := s.cfg.Now()
	for _, bt := range list {
		info, err := s.info(ctx, bt, now, rated)
		if err != nil {
			return api.Bots{}, err
		}
		out.Bots = append(out.Bots, info)
	}
	return out, nil
}

// info is one bot as GET /api/bots lists it.
func (s *Service) info(ctx context.Context, bt store.Bot, now time.Time, rated func(store.PlayerRating) api.RatedPlayer) (api.BotInfo, error) {
	out := api.BotInfo{ID: bt.Player, Name: bt.Name, Bot: true, Online: now.Sub(bt.SeenAt) < botOnline,
		Since: room.FormatTime(bt.Since), Playing: []string{}, Ratings: []api.RatedPlayer{}}
	games, err := s.cfg.Store.List(ctx, store.Filter{Status: "ongoing", Player: bt.Player, Limit: 20})
	if err != nil {
		return out, err
	}
	for _, g := range games {
		out.Playing = append(out.Playing, g.ID)
	}
	rs, err := s.cfg.Store.PlayerRatings(ctx, bt.Player)
	if err != nil {
		return out, err
	}
	for _, p := range rs {
		out.Ratings = append(out.Ratings, rated(p))
	}
	return out, nil
}
