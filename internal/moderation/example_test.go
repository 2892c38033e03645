package moderation_test

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

// memBlocks is a BlockStore in memory.
type memBlocks map[[2]string]bool

func (m memBlocks) SetBlock(_ context.Context, a, b string, on bool, _ int, _ time.Time) error {
	m[[2]string{a, b}] = on
	return nil
}

func (m memBlocks) Blocks(context.Context, string) ([]moderation.Block, error) { return nil, nil }

func (m memBlocks) BlockedEither(_ context.Context, a, b string) (bool, error) {
	return m[[2]string{a, b}] || m[[2]string{b, a}], nil
}

type everyone struct{}

func (everyone) PlayerExists(context.Context, string) (bool, error) { return true, nil }

func Example() {
	ctx := context.Background()
	b := &moderation.Blocks{Store: memBlocks{}, Players: everyone{}, Clock: moderation.SystemClock{}}
	_ = b.Set(ctx, "ann", "bea", true)
	blocked, _ := b.Either(ctx, "bea", "ann")
	fmt.Println("bea may meet ann:", !blocked)
	fmt.Println(b.Set(ctx, "ann", "ann", true))
	// Output:
	// bea may meet ann: false
	// moderation: oneself: you cannot block yourself
}
