package servertest

import (
	"context"
	"net/http/httptest"
	"path/filepath"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TB is the part of testing.TB that Start uses.
type TB interface {
	Helper()
	Fatal(args ...any)
	Cleanup(fn func())
	TempDir() string
}

// Server is a server under test.
type Server struct {
	// URL is where it serves, http://127.0.0.1:port.
	URL string
	// Server is the Plateau server, started.
	Server *server.Server
	// Store is its store.
	Store store.Store
	// HTTP is the httptest server in front of it; HTTP.Close stops
	// serving, as a server going down would.
	HTTP *httptest.Server
}

// Option changes how Start starts a server.
type Option func(*options)

type options struct {
	dsn    string
	before func(*httptest.Server)
}

// On makes Start open the database dsn names rather than a fresh one in
// the test's directory, with a store of its own: two servers on one
// database are two processes.
func On(dsn string) Option { return func(o *options) { o.dsn = dsn } }

// Before lets the test change the httptest server (its listener, its
// timeouts) before it starts listening.
func Before(fn func(*httptest.Server)) Option { return func(o *options) { o.before = fn } }

// Start starts a server of cfg, serving over httptest. A nil cfg.Store
// is a store Start opens (a fresh SQLite database, or On's) and closes;
// a nil cfg.Registry is tic-tac-toe's. At the test's end the server,
// then the HTTP server, then the store Start opened are closed.
func Start(tb TB, cfg server.Config, opts ...Option) *Server {
	tb.Helper()
	o := options{}
	for _, opt := range opts {
		opt(&o)
	}
	if cfg.Registry == nil {
		cfg.Registry = game.NewRegistry(tictactoe.Game())
	}
	if cfg.Store == nil {
		cfg.Store = Store(tb, o.dsn)
	}
	srv, err := server.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		tb.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	if o.before != nil {
		o.before(ts)
	}
	ts.Start()
	tb.Cleanup(func() {
		srv.Close()
		ts.Close()
	})
	return &Server{URL: ts.URL, Server: srv, Store: cfg.Store, HTTP: ts}
}

// Store opens the store dsn names ("": a fresh SQLite database in the
// test's directory), closed at the test's end, after the servers
// started since (cleanups run last first).
func Store(tb TB, dsn string) store.Store {
	tb.Helper()
	if dsn == "" {
		dsn = filepath.Join(tb.TempDir(), "test.db")
	}
	st, err := store.Open(context.Background(), dsn, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = st.Close() }) // the test's database, dropped with its folder
	return st
}
