package lobby

import (
	"context"
	"errors"
	"slices"

	"github.com/plateau-games/plateau/internal/store"
)

// pairQuick is quick play's last step, once mine is posted: a seek that
// fits and was posted at the same moment (each player found none open,
// then both posted: audit 2026-11-27, D10) is taken, mine withdrawn in
// the same transaction (store.AcceptPair). Both players may try at
// once: exactly one starts the game, and the other's seek is the one
// taken. It returns nil when nothing fits, or when mine was taken
// meanwhile (its owner learns the game through the lobby's socket).
func (sv Service) pairQuick(ctx context.Context, me Player, mine Seek, want Want) (*Started, error) {
	for range 5 { // others may take the seeks first: look again
		recs, err := sv.Store.OpenSeeks(ctx, sv.Clock.Now())
		if err != nil {
			return nil, err
		}
		open := sv.unblocked(ctx, me.ID, SeeksOf(recs))
		if !slices.ContainsFunc(open, func(k Seek) bool { return k.ID == mine.ID }) {
			return nil, nil
		}
		match, ok := Match(open, want)
		if !ok {
			return nil, nil
		}
		st, err := sv.acceptPair(ctx, me, match, mine.ID)
		if errors.Is(err, ErrGone) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return &st, nil
	}
	return nil, nil
}

// acceptPair is Accept withdrawing mine in the same transaction.
func (sv Service) acceptPair(ctx context.Context, me Player, k Seek, mine string) (Started, error) {
	return sv.accept(ctx, me, k, "quick seeks paired", func(ctx context.Context, a store.Accept) error {
		return sv.Store.AcceptPair(ctx, a, mine)
	})
}
