package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// SetPresence implements Lobby.
func (s *sqlStore) SetPresence(ctx context.Context, server string, players []LobbyPlayer, until time.Time) error {
	if len(players) == 0 {
		return nil
	}
	q := s.rebind(qSetPresence)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, p := range players {
			if _, err := tx.ExecContext(ctx, q, p.ID, server, p.Name, millis(until)); err != nil {
				return fmt.Errorf("store: presence: %w", err)
			}
		}
		return nil
	})
}

// LeaveLobby implements Lobby. The seeks are deleted only when no other
// server holds a live presence of the player, in the same statement, so
// that a player who moved to another server keeps them.
func (s *sqlStore) LeaveLobby(ctx context.Context, server, player string, now time.Time) error {
	del, seeks := s.rebind(`DELETE FROM lobby_presence WHERE player_id = ? AND server = ?`), s.rebind(qLeaveSeeks)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, del, player, server); err != nil {
			return fmt.Errorf("store: leave lobby: %w", err)
		}
		res, err := tx.ExecContext(ctx, seeks, player, player, millis(now))
		if err != nil {
			return fmt.Errorf("store: leave lobby: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return s.bumpLobby(ctx, tx)
		}
		return nil
	})
}

// Online implements Lobby.
func (s *sqlStore) Online(ctx context.Context, now time.Time) ([]LobbyPlayer, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT player_id, min(name) FROM lobby_presence WHERE until > ?
		GROUP BY player_id ORDER BY min(name), player_id LIMIT 200`), millis(now))
	if err != nil {
		return nil, fmt.Errorf("store: online: %w", err)
	}
	defer rows.Close()
	var out []LobbyPlayer
	for rows.Next() {
		var p LobbyPlayer
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, fmt.Errorf("store: online: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: online: %w", err)
	}
	return out, nil
}

// SweepLobby implements Lobby. Several servers may sweep at once: each
// row is deleted by one of them.
func (s *sqlStore) SweepLobby(ctx context.Context, now time.Time, grace time.Duration) error {
	at := millis(now)
	seeks := s.rebind(qSweepSeeks)
	rest := []string{
		s.rebind(`DELETE FROM lobby_presence WHERE until <= ?`),
		s.rebind(`DELETE FROM game_watchers WHERE until <= ?`),
		s.rebind(`DELETE FROM seat_presence WHERE until <= ?`),
	}
	rematches := s.rebind(`DELETE FROM rematches WHERE created_at <= ?`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, seeks, at, millis(now.Add(-grace)), at, millis(now.Add(-closedKept)))
		if err != nil {
			return fmt.Errorf("store: sweep lobby: %w", err)
		}
		for _, q := range rest {
			if _, err := tx.ExecContext(ctx, q, at); err != nil {
				return fmt.Errorf("store: sweep lobby: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, rematches, millis(now.Add(-keptRematch))); err != nil {
			return fmt.Errorf("store: sweep lobby: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return s.bumpLobby(ctx, tx)
		}
		return nil
	})
}

// SetWatchers implements Lobby.
func (s *sqlStore) SetWatchers(ctx context.Context, server string, counts map[string]int, until time.Time) error {
	del := s.rebind(`DELETE FROM game_watchers WHERE server = ?`)
	ins := s.rebind(`INSERT INTO game_watchers (game_id, server, watchers, until) VALUES (?, ?, ?, ?)`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, del, server); err != nil {
			return fmt.Errorf("store: watchers: %w", err)
		}
		for id, n := range counts {
			if n <= 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, ins, id, server, n, millis(until)); err != nil {
				return fmt.Errorf("store: watchers: %w", err)
			}
		}
		return nil
	})
}

// Watchers implements Lobby.
func (s *sqlStore) Watchers(ctx context.Context, game string, now time.Time) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT coalesce(sum(watchers), 0) FROM game_watchers WHERE game_id = ? AND until > ?`),
		game, millis(now)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: watchers of %s: %w", game, err)
	}
	return n, nil
}
