package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// testAcceptPair: two players each take the other's seek at once,
// withdrawing their own (quick play, audit D10): exactly one game
// starts, both seeks leave the lobby, and the loser changed nothing.
func testAcceptPair(t *testing.T, open Opener) {
	s, _ := open(t)
	ctx := context.Background()
	for round := range 5 {
		a, b := fmt.Sprintf("pair-a%d", round), fmt.Sprintf("pair-b%d", round)
		mustPost(t, s, newSeek(t, a, ann, lobby.RealTime, epoch))
		mustPost(t, s, newSeek(t, b, bea, lobby.RealTime, epoch))
		var wg sync.WaitGroup
		var errs [2]error
		wg.Go(func() { errs[0] = s.AcceptPair(ctx, acceptOf(b, ann.ID, a+"-g", epoch), a) })
		wg.Go(func() { errs[1] = s.AcceptPair(ctx, acceptOf(a, bea.ID, b+"-g", epoch), b) })
		wg.Wait()
		won := 0
		for i, err := range errs {
			_, lerr := s.Load(ctx, []string{a, b}[i]+"-g")
			switch {
			case err == nil && lerr == nil:
				won++
			case errors.Is(err, lobby.ErrGone) && errors.Is(lerr, store.ErrNotFound):
			default:
				t.Errorf("round %d pair %d: got %v (game: %v), want success with a game or ErrGone without", round, i, err, lerr)
			}
		}
		if got := openIDs(t, s, epoch); won != 1 || got != "[]" {
			t.Errorf("round %d: got %d games and open seeks %s, want 1 game and none open", round, won, got)
		}
	}
	mustPost(t, s, newSeek(t, "gone-mine", ann, lobby.RealTime, epoch))
	if err := s.AcceptPair(ctx, acceptOf("nope", ann.ID, "never", epoch), "gone-mine"); !errors.Is(err, lobby.ErrGone) {
		t.Errorf("theirs gone: got %v, want ErrGone", err)
	}
	if got := openIDs(t, s, epoch); got != "[gone-mine]" {
		t.Errorf("after a refused pair: got open %s, want mine still open", got)
	}
}
