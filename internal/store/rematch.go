package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// OfferRematch implements Lobby: the first offer of a game is kept (ON
// CONFLICT DO NOTHING), so two offers at once leave one, and the later
// clicker learns it can accept instead.
func (s *sqlStore) OfferRematch(ctx context.Context, of string, by int, now time.Time) (Rematch, error) {
	q := s.rebind(`INSERT INTO rematches (game_id, by_seat, new_game, token, created_at) VALUES (?, ?, '', '', ?) ON CONFLICT (game_id) DO NOTHING`)
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, q, of, by, millis(now)); err != nil {
			return fmt.Errorf("store: offer rematch of %s: %w", of, err)
		}
		return nil
	})
	if err != nil {
		return Rematch{}, err
	}
	r, _, err := s.Rematch(ctx, of)
	return r, err
}

// AcceptRematch implements Lobby.
func (s *sqlStore) AcceptRematch(ctx context.Context, of string, by int, g Game, offererToken string) error {
	q := s.rebind(`UPDATE rematches SET new_game = ?, token = ? WHERE game_id = ? AND by_seat <> ? AND new_game = ''`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, g.ID, offererToken, of, by)
		if err != nil {
			return fmt.Errorf("store: accept rematch of %s: %w", of, err)
		}
		if err := seekRow(res, of); err != nil {
			return err
		}
		return s.createIn(ctx, tx, g)
	})
}

// Rematch implements Lobby.
func (s *sqlStore) Rematch(ctx context.Context, of string) (Rematch, string, error) {
	r := Rematch{Of: of}
	var token string
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT by_seat, new_game, token FROM rematches WHERE game_id = ?`), of).Scan(&r.By, &r.NewGame, &token)
	if errors.Is(err, sql.ErrNoRows) {
		return Rematch{}, "", fmt.Errorf("%w: no rematch of %q", ErrGone, of)
	}
	if err != nil {
		return Rematch{}, "", fmt.Errorf("store: rematch of %s: %w", of, err)
	}
	return r, token, nil
}
