package notify_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

// The server makes one Notifier on its store, runs it, and calls Turn
// when a player who is not watching is to act (the clock writes LowTimeNotes with its claim
// the same way). A player's settings decide which channels get a note.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "notify-example")
	defer os.RemoveAll(dir)
	st, err := store.Open(ctx, filepath.Join(dir, "plateau.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	n, err := notify.New(ctx, notify.Config{Store: st, BaseURL: "https://play.example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	// go n.Run(ctx) sends the notes; here nothing is switched on.
	err = n.SetSettings(ctx, "player-1", notify.Settings{Lang: "en", EmailHours: 24, Webhook: "http://hooks.example/x", WebhookOn: true})
	fmt.Println(errors.Is(err, notify.ErrUnsafeURL), err)
	if err := n.Turn(ctx, "player-1", "game-7", 3, notify.Info{Title: "Yoxii"}); err != nil {
		fmt.Println(err)
	}
	sent, err := n.DeliverDue(ctx)
	fmt.Println(sent, err)
	// Output:
	// true notify: unsafe URL: "http://" is not https
	// 0 <nil>
}
