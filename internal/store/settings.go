package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PlayerSettings keeps each player's settings as one document, which
// the settings package encodes and checks: the store neither reads nor
// validates it.
type PlayerSettings interface {
	// PlayerSettings returns a player's settings document; ok is false
	// when the player has saved none.
	PlayerSettings(ctx context.Context, player string) (doc string, ok bool, err error)
	// SetPlayerSettings replaces a player's settings document.
	SetPlayerSettings(ctx context.Context, player, doc string, at time.Time) error
}

const (
	qPlayerSettingsGet = `SELECT settings FROM player_settings WHERE player = ?`
	qPlayerSettingsSet = `INSERT INTO player_settings (player, settings, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (player) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`
	qPlayerSettingsDel = `DELETE FROM player_settings WHERE player = ?`
)

// PlayerSettings implements PlayerSettings.
func (s *sqlStore) PlayerSettings(ctx context.Context, player string) (string, bool, error) {
	var doc string
	err := s.read.QueryRowContext(ctx, s.rebind(qPlayerSettingsGet), player).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("store: settings of %s: %w", player, err)
	}
	return doc, true, nil
}

// SetPlayerSettings implements PlayerSettings.
func (s *sqlStore) SetPlayerSettings(ctx context.Context, player, doc string, at time.Time) error {
	q := s.rebind(qPlayerSettingsSet)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, q, player, doc, millis(at)); err != nil {
			return fmt.Errorf("store: settings of %s: %w", player, err)
		}
		return nil
	})
}
