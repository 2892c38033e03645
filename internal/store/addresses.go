package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
)

var _ moderation.AddressStore = (*sqlStore)(nil)

// AddressSalt implements moderation.AddressStore: the first server to
// ask inserts a random salt, every later one reads it.
func (s *sqlStore) AddressSalt(ctx context.Context) ([]byte, error) {
	var salt string
	err := s.read.QueryRowContext(ctx, `SELECT salt FROM address_salt WHERE id = 1`).Scan(&salt)
	if errors.Is(err, sql.ErrNoRows) {
		err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO address_salt (id, salt) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`),
				rand.Text()+rand.Text()) // 260 random bits
			if err != nil {
				return err
			}
			return tx.QueryRowContext(ctx, `SELECT salt FROM address_salt WHERE id = 1`).Scan(&salt)
		})
	}
	if err != nil {
		return nil, fmt.Errorf("store: address salt: %w", err)
	}
	return []byte(salt), nil
}

// SeeAddress implements moderation.AddressStore.
func (s *sqlStore) SeeAddress(ctx context.Context, player, hash string, at, cutoff time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM player_addresses WHERE last_seen < ?`), millis(cutoff)); err != nil {
			return wrapErr("forget addresses before", cutoff.String(), err)
		}
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO player_addresses (player_id, addr_hash, last_seen) VALUES (?, ?, ?)
			ON CONFLICT (player_id, addr_hash) DO UPDATE SET last_seen = excluded.last_seen`), player, hash, millis(at))
		return wrapErr("address of", player, err)
	})
}

// SharingAddress implements moderation.AddressStore.
func (s *sqlStore) SharingAddress(ctx context.Context, player string, since time.Time, limit int) ([]moderation.Sharer, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT o.player_id, MAX(o.last_seen) AS seen
		FROM player_addresses m JOIN player_addresses o ON o.addr_hash = m.addr_hash
		WHERE m.player_id = ? AND m.last_seen >= ? AND o.player_id <> ? AND o.last_seen >= ?
		GROUP BY o.player_id ORDER BY seen DESC, o.player_id LIMIT ?`), player, millis(since), player, millis(since), limit)
	if err != nil {
		return nil, wrapErr("accounts sharing addresses with", player, err)
	}
	defer rows.Close()
	var out []moderation.Sharer
	for rows.Next() {
		var sh moderation.Sharer
		var seen int64
		if err := rows.Scan(&sh.Player, &seen); err != nil {
			return nil, wrapErr("accounts sharing addresses with", player, err)
		}
		sh.LastSeen = fromMillis(seen)
		out = append(out, sh)
	}
	return out, wrapErr("accounts sharing addresses with", player, rows.Err())
}
