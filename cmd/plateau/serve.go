package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/url"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/plateau-games/plateau/ai/agent"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
	"github.com/plateau-games/plateau/web"
)

// serveDeps is what the server gets from the rest of the program: the
// web client's files and the AI that plays its AI seats at their level,
// keeping each game's search for its next move (agent.KeptMover), level
// 8 searching on topThreads threads for the AI's time when it is above 0.
func serveDeps(topThreads int) (static fs.FS, mover server.Mover, moverName string) {
	name := fmt.Sprintf("plateau AI (levels %d-%d)", ai.MinLevel, ai.MaxLevel)
	if topThreads > 0 {
		name = fmt.Sprintf("plateau AI (levels %d-%d, level %d on %d threads)", ai.MinLevel, ai.MaxLevel, ai.MaxLevel, topThreads)
	}
	return web.FS(), &agent.KeptMover{TopThreads: topThreads}, name
}

type serveOpts struct {
	addr, db, logLevel string
	debugAddr, origins string
	aiTime, aiDelay    time.Duration
	aiLease            time.Duration
	aiWorkers          int
	aiTopThreads       int
	testGame           bool
	screenNorms        string
	edge               edgeOpts
	notify             notifyOpts
}

func cmdServe(e *env, args []string) int {
	fs := newFlags(e, "serve", "[FLAGS]", `
Serve the games over HTTP and WebSocket (API in docs/api.md) with the web
client. Games live in a SQLite file (default plateau.db, created if
needed) or, with --db postgres://..., in PostgreSQL, which lets several
servers share the same games. SIGINT or SIGTERM shut down gracefully.`)
	var o serveOpts
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	fs.StringVar(&o.db, "db", "plateau.db", "SQLite file, or postgres:// DSN")
	fs.DurationVar(&o.aiTime, "ai-time", 2*time.Second, "time budget of one AI move")
	fs.DurationVar(&o.aiDelay, "ai-delay", 300*time.Millisecond, "least time before an AI answers, so people can follow")
	fs.IntVar(&o.aiWorkers, "ai-workers", 0, "AI searches run at once; the others wait their turn (0: one per core)")
	fs.IntVar(&o.aiTopThreads, "ai-top-threads", 0, "if above 0, level 8 is the top strength: its search on this many threads for the whole --ai-time (docs/strength.md)")
	fs.DurationVar(&o.aiLease, "ai-lease", 10*time.Second, "how long an AI move a server took stays its own unrenewed: another server takes over a dead one's after this")
	fs.StringVar(&o.logLevel, "log-level", "info", "debug (every request), info, warn or error")
	fs.StringVar(&o.origins, "ws-origins", "", "comma-separated extra origins allowed to open WebSockets, e.g. localhost:5173")
	fs.StringVar(&o.debugAddr, "debug-addr", "", "if set, serve Go's pprof profiles on this address (keep it private)")
	fs.BoolVar(&o.testGame, "tictactoe", false, "also offer the tic-tac-toe test game (for tests and load tests)")
	fs.StringVar(&o.screenNorms, "screen-norms", "", "GAME=NORM,...: screen the rated players of these games by the norms plateau screen --out wrote, by itself, once an hour across all servers (docs/moderation.md)")
	o.edge.define(fs)
	o.notify.define(fs)
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	cfg, err := o.edge.config()
	if err != nil {
		return fail(e, err)
	}
	mail, err := o.notify.mailer(e.getenv)
	if err != nil {
		return fail(e, err)
	}
	if fs.NArg() > 0 {
		return fail(e, fmt.Errorf("%w: plateau serve takes no arguments", errUsage))
	}
	if cfg.Screening.Norms, err = readNorms(o.screenNorms); err != nil {
		return fail(e, err)
	}
	if o.aiWorkers < 0 || o.aiLease < 300*time.Millisecond {
		return fail(e, fmt.Errorf("%w: bad --ai-workers or --ai-lease: want 0 or more workers and a lease of at least 300ms", errUsage))
	}
	if o.aiTopThreads < 0 || o.aiTopThreads > 256 {
		return fail(e, fmt.Errorf("%w: bad --ai-top-threads %d: want 0 (off) to 256", errUsage, o.aiTopThreads))
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return fail(e, fmt.Errorf("plateau: bad --log-level %q: want debug, info, warn or error", o.logLevel))
	}
	log := slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, e, o, cfg, mail, log); err != nil {
		log.Error("serve failed", "err", err)
		return exitFailure
	}
	return exitOK
}

// serve runs the server until ctx ends, then shuts it down in order:
// stop taking requests and let those in flight finish, stop the AI and
// the WebSockets, then let the store commit what it holds.
func serve(ctx context.Context, e *env, o serveOpts, cfg server.Config, mail *notify.SMTP, log *slog.Logger) error {
	if err := checkCatalogs(web.FS(), e.reg); err != nil {
		return err
	}
	st, err := store.Open(ctx, o.db, log)
	if err != nil {
		return err
	}
	defer func() {
		// Close commits the writes still pending: a failure lost some.
		if err := st.Close(); err != nil {
			log.Error("closing the store", "err", err)
		}
	}()
	reg := e.reg
	if o.testGame {
		reg = game.NewRegistry(append(reg.Games(), tictactoe.Game())...)
	}
	if cfg.Notifier, err = newNotifier(ctx, st, cfg, mail, log); err != nil {
		return err
	}
	srv, err := newServer(o, cfg, reg, st, log)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("plateau: listen: %w", err)
	}
	if err := srv.Start(ctx); err != nil {
		ln.Close()
		return err
	}
	if o.debugAddr != "" {
		go serveDebug(o.debugAddr, log)
	}
	if o.edge.metricsAddr != "" {
		stopMetrics := serveMetrics(o.edge.metricsAddr, srv, log)
		defer stopMetrics()
	}
	hs := newHTTPServer(srv.Handler(), log)
	fmt.Fprintf(e.stdout, "plateau: serving on http://%s (database %s, games: %s)\n", ln.Addr(), redact(o.db), strings.Join(reg.Names(), ", "))
	log.Info("serving", "addr", ln.Addr().String(), "db", redact(o.db), "max_conns", o.edge.maxConns)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(server.LimitConns(ln, o.edge.connLimits(cfg.Limits))) }()
	select {
	case err := <-errc:
		return fmt.Errorf("plateau: serve: %w", err)
	case <-ctx.Done():
	}
	shutdown(srv, hs, o.edge.drain, log)
	return nil
}

// checkCatalogs refuses to serve with a catalog that cannot be read or
// is incomplete (docs/translating.md): the browser's, the services', the
// levels' and each game's. The error names the file and the key.
func checkCatalogs(static fs.FS, reg *game.Registry) error {
	texts := []func() (*game.Catalog, error){ai.Texts}
	for _, g := range reg.Games() {
		if g.Texts != nil {
			texts = append(texts, g.Texts)
		}
	}
	if err := i18n.Check(static, "i18n", texts...); err != nil {
		return fmt.Errorf("plateau: %w", err)
	}
	return nil
}

// newServer builds the server of the flags on the store.
func newServer(o serveOpts, cfg server.Config, reg *game.Registry, st store.Store, log *slog.Logger) (*server.Server, error) {
	cfg.Registry, cfg.Store, cfg.Log = reg, st, log
	cfg.Static, cfg.Mover, cfg.MoverName = serveDeps(o.aiTopThreads)
	cfg.AIMoveTime, cfg.AIMinDelay, cfg.WSOriginPatterns = o.aiTime, o.aiDelay, splitList(o.origins)
	cfg.AIWorkers, cfg.AILease = o.aiWorkers, o.aiLease
	return server.New(cfg)
}

// newHTTPServer bounds the time to read a request's headers and keeps
// idle connections a while; bodies and answers have deadlines per
// request (server.Limits), which WebSockets escape. The HTTP server's own
// errors go to the JSON log like everything else.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
}

// shutdown first drains, answering 503 to every new request for d, so
// that clients and load balancers are told to go elsewhere rather than
// find the door shut; then it closes the listener and lets the requests
// in flight finish.
func shutdown(srv *server.Server, hs *http.Server, d time.Duration, log *slog.Logger) {
	log.Info("shutting down", "drain", d)
	srv.Drain()
	hs.SetKeepAlivesEnabled(false)
	time.Sleep(d)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("shutdown", "err", err)
	}
}

// serveMetrics serves /metrics (and /healthz, for the same private
// probes) on an address of its own; it returns the function that stops it.
func serveMetrics(addr string, srv *server.Server, log *slog.Logger) func() {
	m := http.NewServeMux()
	m.Handle("GET /metrics", srv.MetricsHandler())
	m.Handle("GET /healthz", srv.Handler())
	hs := newHTTPServer(m, log)
	hs.Addr = addr
	log.Info("metrics server", "addr", addr)
	go func() {
		if err := hs.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	return func() { hs.Close() } //nolint:errcheck // shutting down: nothing is left to serve
}

// serveDebug serves the profiles on a mux of its own, apart from the
// public handler.
func serveDebug(addr string, log *slog.Logger) {
	m := http.NewServeMux()
	m.HandleFunc("/debug/pprof/", pprof.Index)
	m.HandleFunc("/debug/pprof/profile", pprof.Profile)
	m.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	m.HandleFunc("/debug/pprof/trace", pprof.Trace)
	log.Info("debug server", "addr", addr)
	if err := http.ListenAndServe(addr, m); err != nil {
		log.Error("debug server", "err", err)
	}
}

// splitList splits a comma-separated flag, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// redact hides a DSN's password.
func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		return u.Redacted()
	}
	return dsn
}
