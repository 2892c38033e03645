package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/bots"
)

// Bot is a bot account as the online bots page lists it.
type Bot struct {
	Player string
	Name   string
	Since  time.Time
	SeenAt time.Time
}

const (
	qBotRated = `SELECT count(*) FROM ratings WHERE player_id = ? AND games > 0 AND grp NOT LIKE 'bot:%'`
	qBotAdd   = `INSERT INTO bots (player_id, created_at) VALUES (?, ?) ON CONFLICT (player_id) DO NOTHING`
	qBotIn    = `SELECT count(*) FROM bots WHERE player_id IN (?, ?)`
)

// MakeBot makes an account a bot, for good: bots.ErrNotAccount for a
// guest or nobody, bots.ErrRatedGames when it has ratings among people,
// bots.ErrAlreadyBot the second time.
func (s *sqlStore) MakeBot(ctx context.Context, player string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var kind string
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT kind FROM players WHERE id = ?`), player).Scan(&kind)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && kind != PlayerAccount) {
			return bots.ErrNotAccount
		}
		if err != nil {
			return fmt.Errorf("store: make bot %s: %w", player, err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(qBotRated), player).Scan(&n); err != nil {
			return fmt.Errorf("store: make bot %s: %w", player, err)
		}
		if n > 0 {
			return bots.ErrRatedGames
		}
		res, err := tx.ExecContext(ctx, s.rebind(qBotAdd), player, millis(at))
		if err != nil {
			return fmt.Errorf("store: make bot %s: %w", player, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return bots.ErrAlreadyBot
		}
		return nil
	})
}

// IsBot reports whether a player is a bot.
func (s *sqlStore) IsBot(ctx context.Context, player string) (bool, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, s.rebind(qBotIn), player, player).Scan(&n); err != nil {
		return false, fmt.Errorf("store: is bot %s: %w", player, err)
	}
	return n > 0, nil
}

// Bots lists the bots, the most recently connected first.
func (s *sqlStore) Bots(ctx context.Context, limit int) ([]Bot, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT b.player_id, p.name, b.created_at, b.seen_at
		FROM bots b JOIN players p ON p.id = b.player_id ORDER BY b.seen_at DESC, b.player_id LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("store: bots: %w", err)
	}
	defer rows.Close()
	var out []Bot
	for rows.Next() {
		var b Bot
		var since, seen int64
		if err := rows.Scan(&b.Player, &b.Name, &since, &seen); err != nil {
			return nil, fmt.Errorf("store: bots: %w", err)
		}
		b.Since, b.SeenAt = fromMillis(since), fromMillis(seen)
		out = append(out, b)
	}
	return out, rows.Err()
}

// TouchBot implements bots.Store.
func (s *sqlStore) TouchBot(ctx context.Context, bot string, at time.Time) error {
	_, err := s.exec(ctx, "touch bot", `UPDATE bots SET seen_at = ? WHERE player_id = ?`, millis(at), bot)
	return err
}

// AddBotEvent implements bots.Store.
func (s *sqlStore) AddBotEvent(ctx context.Context, e bots.Event) error {
	_, err := s.exec(ctx, "bot event", `INSERT INTO bot_events (bot_id, kind, ref, body, at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (bot_id, kind, ref) DO NOTHING`, e.Bot, e.Kind, e.Ref, string(e.Body), millis(e.At))
	return err
}

// BotEvents implements bots.Store.
func (s *sqlStore) BotEvents(ctx context.Context, bot string, after int64, limit int) ([]bots.Event, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT seq, kind, ref, body, at FROM bot_events
		WHERE bot_id = ? AND seq > ? ORDER BY seq LIMIT ?`), bot, after, limit)
	if err != nil {
		return nil, fmt.Errorf("store: bot events: %w", err)
	}
	defer rows.Close()
	var out []bots.Event
	for rows.Next() {
		e := bots.Event{Bot: bot}
		var body string
		var at int64
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Ref, &body, &at); err != nil {
			return nil, fmt.Errorf("store: bot events: %w", err)
		}
		e.Body, e.At = []byte(body), fromMillis(at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// botPool is the rating pool of a rated game: the bots' pool of g's
// when a bot sits in it, decided in the transaction that rates it.
func (s *sqlStore) botPool(ctx context.Context, tx *sql.Tx, g RatingGame) (string, error) {
	var n int
	if err := tx.QueryRowContext(ctx, s.rebind(qBotIn), g.Players[0], g.Players[1]).Scan(&n); err != nil {
		return "", fmt.Errorf("store: rate %s: %w", g.GameID, err)
	}
	if n > 0 {
		return bots.Pool(g.Group), nil
	}
	return g.Group, nil
}
