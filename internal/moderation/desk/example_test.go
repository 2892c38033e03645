package desk_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/moderation/desk"
	"github.com/plateau-games/plateau/internal/store"
)

// endings is a store.FairPlay whose player let these games time out.
type endings []time.Time

func (endings) MarkEngine(context.Context, string, string, float64, time.Time) ([]store.Refund, error) {
	return nil, nil
}

func (endings) EngineMarked(context.Context, string) (bool, error) { return false, nil }

func (e endings) BadEndings(context.Context, string, time.Time) ([]time.Time, error) { return e, nil }

// clock is a time that does not move.
type clock time.Time

func (c clock) Now() time.Time { return time.Time(c) }

// A desk over a store without the moderation tables still holds back a
// player's rated games after games left to time out, and never their
// casual ones.
func Example() {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	var bad endings
	for i := range 4 {
		bad = append(bad, now.Add(-time.Duration(i+1)*time.Minute))
	}
	d := &desk.Desk{FairPlay: bad, Clock: clock(now)}
	fmt.Println(d.Available())
	fmt.Println(d.Playban(ctx, "p1", false))
	err := d.Playban(ctx, "p1", true)
	fmt.Println(errors.Is(err, desk.ErrPlaybanned))
	// Output:
	// false
	// <nil>
	// true
}
