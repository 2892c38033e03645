package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/bots/botapi"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/limits"
	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/metrics"
	"github.com/plateau-games/plateau/internal/moderation/desk"
	"github.com/plateau-games/plateau/internal/moderation/screening"
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
	metrics        *metrics.Metrics
	metricsHandler http.Handler
	mux            *http.ServeMux
	limiter        *limits.Limiter
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

// withHub runs fn with the game's room loaded and locked.
func (s *Server) withHub(ctx context.Context, id string, fn func(h *room.Room) error) error {
	if s.closing.Load() {
		return errClosing
	}
	return s.rooms.With(ctx, id, fn)
}

func (s *Server) now() time.Time { return s.cfg.Now() }

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

// LobbyConfig tunes the lobby (docs/lobby.md, lobby.Tuning); the zero
// value is the defaults.
type LobbyConfig = lobby.Tuning

// ScreeningConfig runs the automatic fair-play screening
// (internal/moderation/screening.Config): every server may, the
// database decides which one screens a pool, once an Every.
type ScreeningConfig = screening.Config

// Mover chooses the moves of AI seats (aipool.Mover).
type Mover = aipool.Mover
