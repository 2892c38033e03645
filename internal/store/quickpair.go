package store

import (
	"context"
	"database/sql"
	"fmt"
)

// AcceptPair implements Lobby: withdrawing mine and accepting a.Seek are
// two compare-and-sets of one transaction, run in the order of the
// seeks' ids, so that two players each taking the other's seek at once
// (on PostgreSQL, each locking its own row first) cannot deadlock, and
// exactly one of them starts the game.
func (s *sqlStore) AcceptPair(ctx context.Context, a Accept, mine string) error {
	closeMine := func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qCloseSeek), mine, a.Taker, a.Taker, millis(a.At))
		if err != nil {
			return fmt.Errorf("store: close seek %s: %w", mine, err)
		}
		return seekRow(res, mine)
	}
	acceptTheirs := func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qAcceptSeek), a.Game.ID, a.OwnerSeat, a.Taker, millis(a.At), a.Seek, millis(a.At))
		if err != nil {
			return fmt.Errorf("store: accept seek %s: %w", a.Seek, err)
		}
		return seekRow(res, a.Seek)
	}
	steps := [2]func(context.Context, *sql.Tx) error{closeMine, acceptTheirs}
	if a.Seek < mine {
		steps[0], steps[1] = acceptTheirs, closeMine
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, step := range steps {
			if err := step(ctx, tx); err != nil {
				return err
			}
		}
		if err := s.createIn(ctx, tx, a.Game); err != nil {
			return err
		}
		return s.bumpLobby(ctx, tx)
	})
}
