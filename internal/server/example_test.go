package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// A server over a SQLite store: create a game between two humans at one
// screen, then read its view as a spectator would.
func Example() {
	dir, _ := os.MkdirTemp("", "server-example")
	defer os.RemoveAll(dir)
	st, err := store.Open(context.Background(), filepath.Join(dir, "plateau.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	srv, _ := server.New(server.Config{Registry: game.NewRegistry(tictactoe.Game()), Store: st})
	if err := srv.Start(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	resp, _ := http.Post(ts.URL+"/api/games", "application/json",
		strings.NewReader(`{"game":"tictactoe","local":true,"seats":[{"kind":"human"},{"kind":"human"}]}`))
	fmt.Println(resp.Status)
	resp.Body.Close()
	resp, _ = http.Get(ts.URL + "/api/games?status=ongoing")
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(strings.Contains(string(b), `"title":"Tic-tac-toe"`))
	// Output:
	// 201 Created
	// true
}
