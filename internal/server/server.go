package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/bots/botapi"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/moderation/desk"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/room/aipool"
	"github.com/plateau-games/plateau/internal/seats/seatapi"
	"github.com/plateau-games/plateau/internal/store"
)

// Config is what a Server is built from. Registry and Store are required.
type Config struct {
	Registry *game.Registry
	Store    store.Store
	// Mover plays the AI seats; nil means RandomMover, and then MoverName
	// defaults to RandomMoverName.
	Mover     Mover
	MoverName string
	// AIMoveTime is the time budget of one AI move (default 2s).
	AIMoveTime time.Duration
	// AIMinDelay is the least time between a change and the AI's answer,
	// so that people watching a fast AI can follow (default 0).
	AIMinDelay time.Duration
	// Static holds the web client's files (index.html at its root); nil
	// serves a placeholder page.
	Static fs.FS
	// WSOriginPatterns are extra origins allowed to open WebSockets (the
	// server's own origin always is), e.g. "localhost:5173" for a
	// development server.
	WSOriginPatterns []string
	// IdleEvict is how long a game nobody watches stays in memory
	// (default 10 minutes).
	IdleEvict time.Duration
	// Limits are the per-client rate limits and the request deadlines;
	// the zero value limits nothing.
	Limits Limits
	// PublicURL is where people reach the server (e.g.
	// https://play.example behind a proxy). When set, invite links are
	// built on it and requests for another host are refused, /healthz
	// apart, so that a foreign name (DNS rebinding) reaches nothing.
	PublicURL *url.URL
	// MetricsPrivate leaves /metrics off Handler: it is served by
	// MetricsHandler on an address of its own.
	MetricsPrivate bool
	// ExpireAfter is the age at which a game no human has moved in is
	// deleted (default 24 hours; negative: never).
	ExpireAfter time.Duration
	// Now is the clock of rate limits and expiry (default time.Now).
	Now func() time.Time
	// AIWorkers is how many AI searches run at once (default: one per
	// core); the AI moves owed wait their turn in the database.
	AIWorkers int
	// AILease is how long a claimed AI move stays this server's without
	// renewal (default 10s): a server that dies holding one delays it
	// by at most this much before another server takes it over.
	AILease time.Duration
	// AIRetry is the wait before retrying an AI move that could not be
	// stored (default 1s), doubled at each further failure up to AILease.
	AIRetry time.Duration
	// Lobby tunes the lobby: polling, leases, quick play's wait.
	Lobby LobbyConfig
	// Clock tells the time of the AI jobs and of the games' clocks
	// (default: the system's).
	Clock Clock
	// ClockPoll is the longest wait between two looks for the timed
	// games whose clock ran out (default 1s): a timeout is applied at
	// most this late (sooner when the server knows the next deadline).
	ClockPoll time.Duration
	// Notifier, when set, is told when a human not watching the game is
	// to act, and serves the players' notification settings; Start runs
	// its deliveries.
	Notifier *notify.Notifier
	// Screening, when it names norms, runs the fair-play screening on
	// the database by itself (docs/moderation.md).
	Screening ScreeningConfig
	Log       *slog.Logger
}

// Clock is the time of the AI jobs' due times and leases, which servers
// sharing a database compare.
type Clock interface{ Now() time.Time }

type systemClock struct{}

// Now implements Clock.
func (systemClock) Now() time.Time { return time.Now() }

// Server serves games over HTTP. Create it with New, call Start, serve
// Handler, and Close it at shutdown.
type Server struct {
	cfg            Config
	log            *slog.Logger
	metrics        *metrics
	metricsHandler http.Handler
	mux            *http.ServeMux
	limiter        *limiter
	pool           *aipool.Pool
	lobby          *lobby.Loop
	desk           *desk.Desk // moderation's requests
	rooms          *room.Hub
	bots           *botapi.Service
	seats          *seatapi.Service
	chat           *chat.Service
	owner          string // this process's name on the AI jobs it leases

	ctx     context.Context // ends at Close: AI moves, WebSockets, listener
	cancel  context.CancelFunc
	closing atomic.Bool

	taskMu  sync.Mutex // orders wg.Add before Close's wg.Wait
	stopped bool
	wg      sync.WaitGroup
}

// New checks cfg and returns a server ready to Start.
func New(cfg Config) (*Server, error) {
	if cfg.Registry == nil || cfg.Store == nil {
		return nil, errors.New("server: config needs a registry and a store")
	}
	if cfg.Mover == nil {
		cfg.Mover, cfg.MoverName = RandomMover{}, RandomMoverName
	}
	if cfg.MoverName == "" {
		cfg.MoverName = "ai"
	}
	if cfg.AIMoveTime <= 0 {
		cfg.AIMoveTime = 2 * time.Second
	}
	if cfg.IdleEvict <= 0 {
		cfg.IdleEvict = 10 * time.Minute
	}
	if cfg.ExpireAfter == 0 {
		cfg.ExpireAfter = 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	cfg.setAIDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, log: cfg.Log, ctx: ctx, cancel: cancel, owner: aipool.NewOwnerName(),
		limiter: newLimiter(cfg.Limits)}
	s.rooms = room.New(ctx, room.Config{Store: cfg.Store, Registry: cfg.Registry, Clock: cfg.Clock, Events: roomEvents{s},
		Log: cfg.Log, Owner: s.owner, IdleEvict: cfg.IdleEvict, ExpireAfter: cfg.ExpireAfter, Now: cfg.Now, Plans: cfg.Store})
	s.desk = s.newDesk()
	s.metrics = newMetrics(func() float64 { return float64(s.rooms.Loaded()) }, cfg.AIWorkers)
	s.metricsHandler = s.MetricsHandler()
	s.pool = s.newPool()
	s.bots = s.newBots()
	s.seats = s.newSeats()
	s.chat = &chat.Service{Store: cfg.Store, Limit: &chat.Limiter{Burst: 5, Every: 3 * time.Second}, // 5 lines at once, then one every 3s
		Now: s.now, Format: formatTime, Blocked: s.blockedWith, Refuse: s.chatRefusal}
	s.routes()
	return s, nil
}

func (cfg *Config) setAIDefaults() {
	if cfg.AIWorkers <= 0 {
		cfg.AIWorkers = runtime.NumCPU()
	}
	if cfg.AILease <= 0 {
		cfg.AILease = 10 * time.Second
	}
	if cfg.AIRetry <= 0 {
		cfg.AIRetry = time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = systemClock{}
	}
	if cfg.ClockPoll <= 0 {
		cfg.ClockPoll = time.Second
	}
}

// Start starts the AI workers, which take the AI moves owed from the
// store (those left by a restart first), and listens for other
// processes' changes when the store is shared. Nothing is loaded here:
// a server is ready at once, however many AI moves are owed.
func (s *Server) Start(ctx context.Context) error {
	n, err := s.cfg.Store.DueJobs(ctx, s.cfg.Clock.Now())
	if err != nil {
		return fmt.Errorf("server: start: %w", err)
	}
	if n > 0 {
		s.log.Info("AI moves owed at start", "moves", n, "workers", s.cfg.AIWorkers)
	}
	s.metrics.aiQueue.Set(float64(n))
	if l, ok := s.cfg.Store.(store.Listener); ok {
		s.listen(ctx, l)
	}
	s.pool.Start()
	s.goBackground(s.rooms.Janitor)
	s.goBackground(s.rooms.Expirer)
	s.goBackground(func() { s.rooms.WatchClocks(s.cfg.ClockPoll, s.warnDue) })
	s.goBackground(s.lobby.Run)
	s.goBackground(func() { s.sessions().Sweeper(s.ctx) })
	s.goBackground(s.runTournaments)
	s.goBackground(s.runScreening)
	if s.cfg.Notifier != nil {
		s.goBackground(func() { s.cfg.Notifier.Run(s.ctx) })
	}
	return nil
}

// listen follows the other processes' changes, and waits (a little) for
// the listener to be up, so that a server that says it is serving does
// not miss the changes made just after.
func (s *Server) listen(ctx context.Context, l store.Listener) {
	ready := make(chan struct{})
	var once sync.Once
	s.goBackground(func() {
		err := l.Listen(s.ctx, func(c store.Change) {
			s.changed(c)
			if c.ID == "" {
				once.Do(func() { close(ready) })
			}
		})
		if err != nil {
			s.log.Error("no longer following other processes' changes", "err", err)
		}
	})
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		s.log.Warn("not yet listening to other processes' changes; going on")
	case <-ctx.Done():
	}
}

// startTask counts a goroutine Close must wait for; false after Close.
func (s *Server) startTask() bool {
	s.taskMu.Lock()
	defer s.taskMu.Unlock()
	if s.stopped {
		return false
	}
	s.wg.Add(1)
	return true
}

func (s *Server) goBackground(fn func()) {
	if !s.startTask() {
		return
	}
	go func() {
		defer s.wg.Done()
		fn()
	}()
}

// Close stops AI moves, closes WebSockets and waits for the server's
// goroutines. In-flight writes finish; the seats connected through this
// server stop counting for the others at once (not a lease later); the
// store stays open.
func (s *Server) Close() {
	s.closing.Store(true)
	s.rooms.Close()
	s.taskMu.Lock()
	s.stopped = true
	s.taskMu.Unlock()
	s.cancel()
	s.wg.Wait()
	s.rooms.ForgetSeats()
}

// Handler returns the HTTP handler of the API, the WebSockets and the
// static files.
func (s *Server) Handler() http.Handler {
	return s.instrument(s.edge(s.socketShare(s.identify(s.botGuard(s.mux)))))
}

// withHub runs fn with the game's room loaded and locked.
func (s *Server) withHub(ctx context.Context, id string, fn func(h *room.Room) error) error {
	if s.closing.Load() {
		return errClosing
	}
	return s.rooms.With(ctx, id, fn)
}

// changed is called by the store's listener for every change of any
// process; a zero Change means changes may have been missed.
func (s *Server) changed(c store.Change) {
	if c.Chat != 0 {
		s.relayChat(c)
		return
	}
	s.rooms.Changed(c)
}

func (s *Server) now() time.Time { return s.cfg.Now() }
