package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrNoKey means no API key has the hash or the id given.
var ErrNoKey = errors.New("store: no such API key")

// APIKey is a player's key for programs. The key itself is never
// stored: Hash is its SHA-256, found again when a program presents it.
type APIKey struct {
	ID        string // public: names the key to revoke it
	Hash      []byte
	Player    string
	Label     string
	CreatedAt time.Time
}

// Seating keeps what the seats of players need besides the games: the
// players' API keys, and their results.
type Seating interface {
	// Results counts a player's finished games by game, seat and
	// result; games where they held both seats are left out.
	Results(ctx context.Context, player string) ([]ResultCount, error)
	// FindPlayer returns the id of the player ref names: an id, an
	// account's username (any case), or a display name only one player
	// has; ErrNoPlayer otherwise.
	FindPlayer(ctx context.Context, ref string) (string, error)
	// CreateKey stores a new key.
	CreateKey(ctx context.Context, k APIKey) error
	// Keys returns a player's keys, oldest first, without their hashes.
	Keys(ctx context.Context, player string) ([]APIKey, error)
	// RevokeKey deletes one of a player's keys, or returns ErrNoKey.
	RevokeKey(ctx context.Context, player, id string) error
	// KeyByHash returns the key whose hash this is, or ErrNoKey.
	KeyByHash(ctx context.Context, hash []byte) (APIKey, error)
}

// ResultCount is how many of a player's finished games of Game, played
// in Seat, ended with Result.
type ResultCount struct {
	Game   string
	Seat   int
	Result string
	Count  int
}

// Results implements Seating.
func (s *sqlStore) Results(ctx context.Context, player string) ([]ResultCount, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT game, CASE WHEN seat0_player = ? THEN 0 ELSE 1 END, result, count(*)
		FROM games WHERE (seat0_player = ? OR seat1_player = ?) AND seat0_player <> seat1_player AND result <> 'ongoing'
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`), player, player, player)
	if err != nil {
		return nil, fmt.Errorf("store: results: %w", err)
	}
	defer rows.Close()
	var out []ResultCount
	for rows.Next() {
		var c ResultCount
		if err := rows.Scan(&c.Game, &c.Seat, &c.Result, &c.Count); err != nil {
			return nil, fmt.Errorf("store: results: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: results: %w", err)
	}
	return out, nil
}

// FindPlayer implements Seating.
func (s *sqlStore) FindPlayer(ctx context.Context, ref string) (string, error) {
	for _, q := range []struct{ sql, arg string }{
		{`SELECT id FROM players WHERE id = ? LIMIT 2`, ref},
		{`SELECT id FROM players WHERE username_key = ? LIMIT 2`, strings.ToLower(ref)},
		{`SELECT id FROM players WHERE name = ? LIMIT 2`, ref},
	} {
		ids, err := s.ids(ctx, q.sql, q.arg)
		if err != nil {
			return "", err
		}
		if len(ids) == 1 {
			return ids[0], nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrNoPlayer, ref)
}

func (s *sqlStore) ids(ctx context.Context, q, arg string) ([]string, error) {
	ids, err := queryStrings(ctx, s.read, s.rebind(q), arg)
	if err != nil {
		return nil, fmt.Errorf("store: find player: %w", err)
	}
	return ids, nil
}

// setSeats writes u's seat changes in its transaction: the version check
// of the game's row, just made, decides between racing claims.
func (s *sqlStore) setSeats(ctx context.Context, tx *sql.Tx, u Update) error {
	for _, c := range u.Seats {
		var q string
		switch c.Seat {
		case 0:
			q = `UPDATE games SET seat0_player = ?, seat0_token = ? WHERE id = ?`
		case 1:
			q = `UPDATE games SET seat1_player = ?, seat1_token = ? WHERE id = ?`
		default:
			return fmt.Errorf("store: update %s: no seat %d", u.ID, c.Seat)
		}
		if _, err := tx.ExecContext(ctx, s.rebind(q), c.Player, c.TokenHash, u.ID); err != nil {
			return fmt.Errorf("store: update %s seat %d: %w", u.ID, c.Seat, err)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CreateKey implements Seating.
func (s *sqlStore) CreateKey(ctx context.Context, k APIKey) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO api_keys (id, hash, player, label, created_at) VALUES (?, ?, ?, ?, ?)`),
			k.ID, k.Hash, k.Player, k.Label, millis(k.CreatedAt))
		if err != nil {
			return fmt.Errorf("store: create API key: %w", err)
		}
		return nil
	})
}

// Keys implements Seating.
func (s *sqlStore) Keys(ctx context.Context, player string) ([]APIKey, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT id, player, label, created_at FROM api_keys WHERE player = ? ORDER BY created_at, id`), player)
	if err != nil {
		return nil, fmt.Errorf("store: API keys: %w", err)
	}
	defer rows.Close()
	out := []APIKey{}
	for rows.Next() {
		var k APIKey
		var at int64
		if err := rows.Scan(&k.ID, &k.Player, &k.Label, &at); err != nil {
			return nil, fmt.Errorf("store: API keys: %w", err)
		}
		k.CreatedAt = fromMillis(at)
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: API keys: %w", err)
	}
	return out, nil
}

// RevokeKey implements Seating.
func (s *sqlStore) RevokeKey(ctx context.Context, player, id string) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(`DELETE FROM api_keys WHERE player = ? AND id = ?`), player, id)
		if err != nil {
			return fmt.Errorf("store: revoke API key: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("%w: %q", ErrNoKey, id)
		}
		return nil
	})
}

// KeyByHash implements Seating.
func (s *sqlStore) KeyByHash(ctx context.Context, hash []byte) (APIKey, error) {
	k := APIKey{Hash: hash}
	var at int64
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT id, player, label, created_at FROM api_keys WHERE hash = ?
		AND NOT EXISTS (SELECT 1 FROM players p WHERE p.id = api_keys.player AND p.kind = 'deleted')`), hash).
		Scan(&k.ID, &k.Player, &k.Label, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return APIKey{}, ErrNoKey
	}
	if err != nil {
		return APIKey{}, fmt.Errorf("store: API key: %w", err)
	}
	k.CreatedAt = fromMillis(at)
	return k, nil
}
