package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ChatLine is one stored chat message of a game (internal/chat.Message).
type ChatLine struct {
	ID      int64
	GameID  string
	Channel string
	Seat    int
	Author  string
	Name    string
	Text    string
	At      time.Time
}

// Mute is one thing a player chose not to read in chats: Kind "channel"
// (Target: a chat's name) or "author" (Target: a player id).
type Mute struct {
	Kind   string
	Target string
}

// Chats keeps the games' chats and the players' mutes.
type Chats interface {
	// AddChat stores a line of an existing game and returns it with its
	// ID, which grows with every line (ErrNotFound without the game).
	AddChat(ctx context.Context, l ChatLine) (ChatLine, error)
	// ChatLines returns a game's lines in the given channels, oldest
	// first, at most the last limit.
	ChatLines(ctx context.Context, gameID string, channels []string, limit int) ([]ChatLine, error)
	// ChatLine returns one line of a game by id (ErrNotFound without it).
	ChatLine(ctx context.Context, gameID string, id int64) (ChatLine, error)
	// Mutes returns a player's mutes.
	Mutes(ctx context.Context, player string) ([]Mute, error)
	// SetMute adds (on) or removes a player's mute; either is harmless
	// twice.
	SetMute(ctx context.Context, player string, m Mute, on bool) error
}

// AddChat implements Chats.
func (s *sqlStore) AddChat(ctx context.Context, l ChatLine) (ChatLine, error) {
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM games WHERE id = ?`), l.GameID).Scan(&n); err != nil {
			return fmt.Errorf("store: chat %s: %w", l.GameID, err)
		}
		if n == 0 {
			return fmt.Errorf("%w: %q", ErrNotFound, l.GameID)
		}
		err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO chat (game_id, channel, seat, author, name, text, at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), l.GameID, l.Channel, l.Seat, l.Author, l.Name, l.Text, millis(l.At)).Scan(&l.ID)
		if err != nil {
			return fmt.Errorf("store: chat %s: %w", l.GameID, err)
		}
		return nil
	})
	return l, err
}

// ChatLines implements Chats.
func (s *sqlStore) ChatLines(ctx context.Context, gameID string, channels []string, limit int) ([]ChatLine, error) {
	if len(channels) == 0 {
		return nil, nil
	}
	marks, args := "?", []any{gameID, channels[0]}
	for _, c := range channels[1:] {
		marks += ", ?"
		args = append(args, c)
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT id, game_id, channel, seat, author, name, text, at FROM
		(SELECT * FROM chat WHERE game_id = ? AND channel IN (`+marks+`) ORDER BY id DESC LIMIT ?) last ORDER BY id`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: chat of %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var l ChatLine
		var at int64
		if err := rows.Scan(&l.ID, &l.GameID, &l.Channel, &l.Seat, &l.Author, &l.Name, &l.Text, &at); err != nil {
			return nil, fmt.Errorf("store: chat of %s: %w", gameID, err)
		}
		l.At = fromMillis(at)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: chat of %s: %w", gameID, err)
	}
	return out, nil
}

// ChatLine implements Chats.
func (s *sqlStore) ChatLine(ctx context.Context, gameID string, id int64) (ChatLine, error) {
	var l ChatLine
	var at int64
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT id, game_id, channel, seat, author, name, text, at FROM chat WHERE game_id = ? AND id = ?`),
		gameID, id).Scan(&l.ID, &l.GameID, &l.Channel, &l.Seat, &l.Author, &l.Name, &l.Text, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return l, fmt.Errorf("%w: chat line %d of %q", ErrNotFound, id, gameID)
	}
	if err != nil {
		return l, fmt.Errorf("store: chat line %d of %s: %w", id, gameID, err)
	}
	l.At = fromMillis(at)
	return l, nil
}

// Mutes implements Chats.
func (s *sqlStore) Mutes(ctx context.Context, player string) ([]Mute, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT kind, target FROM chat_mutes WHERE player_id = ? ORDER BY kind, target`), player)
	if err != nil {
		return nil, fmt.Errorf("store: mutes of %s: %w", player, err)
	}
	defer rows.Close()
	var out []Mute
	for rows.Next() {
		var m Mute
		if err := rows.Scan(&m.Kind, &m.Target); err != nil {
			return nil, fmt.Errorf("store: mutes of %s: %w", player, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: mutes of %s: %w", player, err)
	}
	return out, nil
}

// SetMute implements Chats.
func (s *sqlStore) SetMute(ctx context.Context, player string, m Mute, on bool) error {
	q := `DELETE FROM chat_mutes WHERE player_id = ? AND kind = ? AND target = ?`
	if on {
		q = `INSERT INTO chat_mutes (player_id, kind, target) VALUES (?, ?, ?) ON CONFLICT (player_id, kind, target) DO NOTHING`
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(q), player, m.Kind, m.Target); err != nil {
			return fmt.Errorf("store: mute for %s: %w", player, err)
		}
		return nil
	})
}
