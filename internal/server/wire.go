package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/limits"
	"github.com/plateau-games/plateau/internal/metrics"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/room/aipool"
	"github.com/plateau-games/plateau/internal/store"
)

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
		limiter: limits.New(cfg.Limits)}
	s.rooms = room.New(ctx, room.Config{Store: cfg.Store, Registry: cfg.Registry, Clock: cfg.Clock, Events: roomEvents{s},
		Log: cfg.Log, Owner: s.owner, IdleEvict: cfg.IdleEvict, ExpireAfter: cfg.ExpireAfter, Now: cfg.Now, Plans: cfg.Store})
	s.desk = s.newDesk()
	s.metrics = metrics.New(func() float64 { return float64(s.rooms.Loaded()) }, cfg.AIWorkers)
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
	s.metrics.AIQueue.Set(float64(n))
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

// changed is called by the store's listener for every change of any
// process; a zero Change means changes may have been missed.
func (s *Server) changed(c store.Change) {
	if c.Chat != 0 {
		s.relayChat(c)
		return
	}
	s.rooms.Changed(c)
}
