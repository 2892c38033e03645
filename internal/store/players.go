package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kinds of player.
const (
	PlayerGuest   = "guest"
	PlayerAccount = "account"
	PlayerDeleted = "deleted"
)

// Errors of players and sessions, checked with errors.Is.
var (
	// ErrNoPlayer means no player has the id.
	ErrNoPlayer = errors.New("store: player not found")
	// ErrNoSession means no session has the token, or it has expired.
	ErrNoSession = errors.New("store: session not found")
)

// Player is a stored player. Username is empty for guests and deleted
// accounts; it is unique among accounts whatever its case.
type Player struct {
	ID        string
	Name      string
	Kind      string
	Username  string
	JoinedAt  time.Time
	UpdatedAt time.Time
}

// Session is a browser's login: the SHA-256 hash of its cookie's token,
// never the token, and the player it logs in.
type Session struct {
	TokenHash []byte
	PlayerID  string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Players keeps players and their sessions, shared by every server on
// the database: a session made by one server is known to all.
type Players interface {
	// CreateGuest stores a new player with its first session, together.
	CreateGuest(ctx context.Context, p Player, s Session) error
	// SessionPlayer returns the session of a token hash and its player,
	// or ErrNoSession when there is none or it expired by now.
	SessionPlayer(ctx context.Context, tokenHash []byte, now time.Time) (Player, Session, error)
	// ExtendSession moves a session's expiry to expires (sliding expiry).
	ExtendSession(ctx context.Context, tokenHash []byte, expires time.Time) error
	// EndSession deletes a session (log out); none is not an error.
	EndSession(ctx context.Context, tokenHash []byte) error
	// LoadPlayer returns a player, or ErrNoPlayer.
	LoadPlayer(ctx context.Context, id string) (Player, error)
	// RenamePlayer sets a player's display name, or returns ErrNoPlayer.
	RenamePlayer(ctx context.Context, id, name string, at time.Time) error
	// ExpireSessions deletes the sessions expired by now and returns how
	// many (at most a batch per call: call again until none).
	ExpireSessions(ctx context.Context, now time.Time) (int, error)
	// PurgeGuests deletes the guests who joined before cutoff and can
	// never come back nor be seen: no session (their cookie is gone), no
	// API key, no seat in any game, no rating. What only they could see
	// goes with them (settings, puzzle progress, mutes). It returns how
	// many (at most a batch per call: call again until none).
	PurgeGuests(ctx context.Context, cutoff time.Time) (int, error)
	Accounts
}

const playerColumns = `id, name, kind, COALESCE(username, ''), joined_at, updated_at`

const (
	qPlayerAdd  = `INSERT INTO players (id, name, kind, joined_at, updated_at) VALUES (?, ?, ?, ?, ?)`
	qSessionAdd = `INSERT INTO sessions (token_hash, player_id, created_at, expires_at) VALUES (?, ?, ?, ?)`
	qSessionGet = `SELECT s.player_id, s.created_at, s.expires_at, p.id, p.name, p.kind, COALESCE(p.username, ''), p.joined_at, p.updated_at
		FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ? AND s.expires_at > ?`
	qSessionExtend = `UPDATE sessions SET expires_at = ? WHERE token_hash = ?`
	qSessionEnd    = `DELETE FROM sessions WHERE token_hash = ?`
	qPlayerGet     = `SELECT ` + playerColumns + ` FROM players WHERE id = ?`
	qPlayerRename  = `UPDATE players SET name = ?, updated_at = ? WHERE id = ?`
	qSessionsOld   = `DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at <= ? LIMIT ?)`
)

// expireSessionsBatch bounds the sessions one ExpireSessions deletes, so
// that one transaction stays short.
const expireSessionsBatch = 500

// CreateGuest implements Players.
func (s *sqlStore) CreateGuest(ctx context.Context, p Player, ss Session) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(qPlayerAdd), p.ID, p.Name, p.Kind, millis(p.JoinedAt), millis(p.UpdatedAt)); err != nil {
			return fmt.Errorf("store: create player %s: %w", p.ID, err)
		}
		if err := s.addSession(ctx, tx, ss); err != nil {
			return err
		}
		return nil
	})
}

func (s *sqlStore) addSession(ctx context.Context, tx *sql.Tx, ss Session) error {
	_, err := tx.ExecContext(ctx, s.rebind(qSessionAdd), ss.TokenHash, ss.PlayerID, millis(ss.CreatedAt), millis(ss.ExpiresAt))
	if err != nil {
		return fmt.Errorf("store: create session of %s: %w", ss.PlayerID, err)
	}
	return nil
}

// SessionPlayer implements Players.
func (s *sqlStore) SessionPlayer(ctx context.Context, tokenHash []byte, now time.Time) (Player, Session, error) {
	var p Player
	ss := Session{TokenHash: tokenHash}
	var created, expires, joined, updated int64
	err := s.read.QueryRowContext(ctx, s.rebind(qSessionGet), tokenHash, millis(now)).Scan(
		&ss.PlayerID, &created, &expires, &p.ID, &p.Name, &p.Kind, &p.Username, &joined, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, Session{}, ErrNoSession
	}
	if err != nil {
		return Player{}, Session{}, fmt.Errorf("store: session: %w", err)
	}
	ss.CreatedAt, ss.ExpiresAt = fromMillis(created), fromMillis(expires)
	p.JoinedAt, p.UpdatedAt = fromMillis(joined), fromMillis(updated)
	return p, ss, nil
}

// ExtendSession implements Players.
func (s *sqlStore) ExtendSession(ctx context.Context, tokenHash []byte, expires time.Time) error {
	_, err := s.exec(ctx, "extend session", qSessionExtend, millis(expires), tokenHash)
	return err
}

// EndSession implements Players.
func (s *sqlStore) EndSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.exec(ctx, "end session", qSessionEnd, tokenHash)
	return err
}

// LoadPlayer implements Players.
func (s *sqlStore) LoadPlayer(ctx context.Context, id string) (Player, error) {
	p, err := scanPlayer(s.read.QueryRowContext(ctx, s.rebind(qPlayerGet), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("%w: %q", ErrNoPlayer, id)
	}
	if err != nil {
		return Player{}, fmt.Errorf("store: load player %s: %w", id, err)
	}
	return p, nil
}

func scanPlayer(r scanner) (Player, error) {
	var p Player
	var joined, updated int64
	err := r.Scan(&p.ID, &p.Name, &p.Kind, &p.Username, &joined, &updated)
	p.JoinedAt, p.UpdatedAt = fromMillis(joined), fromMillis(updated)
	return p, err
}

// RenamePlayer implements Players.
func (s *sqlStore) RenamePlayer(ctx context.Context, id, name string, at time.Time) error {
	n, err := s.exec(ctx, "rename player", qPlayerRename, name, millis(at), id)
	if err == nil && n == 0 {
		err = fmt.Errorf("%w: %q", ErrNoPlayer, id)
	}
	return err
}

// ExpireSessions implements Players.
func (s *sqlStore) ExpireSessions(ctx context.Context, now time.Time) (int, error) {
	n, err := s.exec(ctx, "expire sessions", qSessionsOld, millis(now), expireSessionsBatch)
	return int(n), err
}

// qGuestsGone selects the guests PurgeGuests deletes. Each NOT EXISTS
// reads an index of its table; the two seats are two, so that each uses
// its own.
// A guest merged into an account is kept: its id still leads there.
const qGuestsGone = `SELECT p.id FROM players p WHERE p.kind = 'guest' AND p.merged_into IS NULL AND p.joined_at < ?
	AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player_id = p.id)
	AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.player = p.id)
	AND NOT EXISTS (SELECT 1 FROM games g WHERE g.seat0_player = p.id)
	AND NOT EXISTS (SELECT 1 FROM games g WHERE g.seat1_player = p.id)
	AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.player_id = p.id)
	ORDER BY p.joined_at LIMIT ?`

// guestRows are the tables holding what only a purged guest could see,
// and their player column; players itself goes last (sessions and
// passkeys follow it by cascade).
var guestRows = [][2]string{
	{"chat_mutes", "player_id"}, {"puzzle_players", "player_id"}, {"puzzle_attempts", "player_id"},
	{"notify_settings", "player"}, {"push_subscriptions", "player"}, {"notify_outbox", "player"},
	{"lobby_presence", "player_id"}, {"seeks", "owner_id"}, {"players", "id"},
}

// purgeGuestsBatch bounds the guests one PurgeGuests deletes.
const purgeGuestsBatch = 200

// PurgeGuests implements Players. The guests are chosen and deleted in
// one transaction: nothing can give one of them a session meanwhile, as
// only its lost cookie could.
func (s *sqlStore) PurgeGuests(ctx context.Context, cutoff time.Time) (int, error) {
	var n int
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		ids, err := queryStrings(ctx, tx, s.rebind(qGuestsGone), millis(cutoff), purgeGuestsBatch)
		if err != nil || len(ids) == 0 {
			n = 0
			return err
		}
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		in := "(?" + strings.Repeat(", ?", len(ids)-1) + ")"
		for _, t := range guestRows {
			if _, err := tx.ExecContext(ctx, s.rebind("DELETE FROM "+t[0]+" WHERE "+t[1]+" IN "+in), args...); err != nil {
				return fmt.Errorf("%s: %w", t[0], err)
			}
		}
		n = len(ids)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: purge guests: %w", err)
	}
	return n, nil
}

// querier is a transaction or a pool.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// queryStrings runs a query of one text column and returns its rows.
func queryStrings(ctx context.Context, db querier, q string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// exec runs one statement in a write transaction and returns the rows
// it touched.
func (s *sqlStore) exec(ctx context.Context, what, q string, args ...any) (int64, error) {
	var n int64
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(q), args...)
		if err != nil {
			return fmt.Errorf("store: %s: %w", what, err)
		}
		n, err = res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: %s: %w", what, err)
		}
		return nil
	})
	return n, err
}
