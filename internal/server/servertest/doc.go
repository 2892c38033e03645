// Package servertest starts a Plateau server for a test: a store of its
// own (a fresh SQLite database unless the test brings one), server.New,
// Start and an httptest server, all closed when the test ends. It is the
// one copy of that set-up for internal/server's black-box tests,
// cmd/plateau's and web/browsertest's.
package servertest
