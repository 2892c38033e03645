package friends_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/plateau-games/plateau/internal/friends"
	"github.com/plateau-games/plateau/internal/store"
)

func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "friends")
	defer os.RemoveAll(dir)
	st, _ := store.OpenSQLite(ctx, filepath.Join(dir, "p.db"), nil)
	defer st.Close()
	now := time.Now()
	for _, id := range []string{"ada", "bea"} {
		p := store.Player{ID: id, Name: id, Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
		_ = st.CreateGuest(ctx, p, store.Session{TokenHash: []byte(id), PlayerID: id, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	}
	s := friends.New(st, time.Now)
	fmt.Println(s.Follow(ctx, "ada", "bea"))
	fmt.Println(s.Follow(ctx, "ada", "ada"))
	list, _ := s.List(ctx, "ada")
	fmt.Println(list[0].Name, list[0].Online)
	// Output:
	// <nil>
	// friends: you cannot follow yourself
	// bea false
}
