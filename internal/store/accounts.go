package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors of accounts, checked with errors.Is.
var (
	// ErrUsernameTaken means another account has the username, whatever
	// its case.
	ErrUsernameTaken = errors.New("store: username taken")
	// ErrNotGuest means the player is not a guest (any more).
	ErrNotGuest = errors.New("store: player is not a guest")
	// ErrNoPasskey means no passkey has the id (for this player).
	ErrNoPasskey = errors.New("store: passkey not found")
	// ErrPasskeyTaken means a passkey with that credential id is registered
	// already (to this account or another).
	ErrPasskeyTaken = errors.New("store: passkey registered already")
	// ErrNoCeremony means the session has no WebAuthn ceremony of that
	// kind in progress, or it expired.
	ErrNoCeremony = errors.New("store: no ceremony in progress")
)

// SignUp turns a guest into an account: Username as typed, Key its
// lower-cased form (unique among accounts), and a PasswordHash or a
// Passkey (or both).
type SignUp struct {
	ID           string
	Username     string
	Key          string
	PasswordHash string
	Passkey      *Passkey
	At           time.Time
}

// Passkey is a WebAuthn credential of an account: Credential is the
// library's description of it (JSON), opaque to the store.
type Passkey struct {
	ID         []byte
	PlayerID   string
	Name       string
	Credential []byte
	CreatedAt  time.Time
	LastUsedAt time.Time
}

// Accounts keeps what accounts log in with. It is part of Players.
type Accounts interface {
	// SignUp makes a guest an account, keeping its id: ErrUsernameTaken,
	// or ErrNotGuest if it is not a guest.
	SignUp(ctx context.Context, u SignUp) error
	// AccountByUsername returns the account of a username key and its
	// password hash ("" for none), or ErrNoPlayer.
	AccountByUsername(ctx context.Context, key string) (Player, string, error)
	// PasswordHash returns a player's password hash, "" for none.
	PasswordHash(ctx context.Context, id string) (string, error)
	// SetPassword sets an account's password hash and ends every session
	// of it but keep's.
	SetPassword(ctx context.Context, id, hash string, keep []byte, at time.Time) error
	// AddSession stores a new session (a login).
	AddSession(ctx context.Context, s Session) error
	// MergeGuest makes a guest part of an account, in one transaction:
	// everything bound to the guest (the statements of mergeGuest) moves
	// to the account, the guest's sessions end, and the guest's row stays
	// as a pointer to the account (MergedInto).
	MergeGuest(ctx context.Context, guestID, intoID string, at time.Time) error
	// MergedInto returns the account a merged guest became part of, or ""
	// (a player never merged, or unknown).
	MergedInto(ctx context.Context, id string) (string, error)
	// DeleteAccount deletes an account's credentials, API keys and sessions and
	// renames it name; its row stays (kind PlayerDeleted) for its games.
	DeleteAccount(ctx context.Context, id, name string, at time.Time) error
	// AddPasskey stores a new passkey of an account.
	AddPasskey(ctx context.Context, p Passkey) error
	// Passkeys lists an account's passkeys, oldest first.
	Passkeys(ctx context.Context, playerID string) ([]Passkey, error)
	// PasskeyByID returns a passkey, or ErrNoPasskey.
	PasskeyByID(ctx context.Context, id []byte) (Passkey, error)
	// UsePasskey stores a passkey's credential after a login (its sign
	// count moves) and when it was used.
	UsePasskey(ctx context.Context, id, credential []byte, at time.Time) error
	// DeletePasskey deletes a passkey of a player, or ErrNoPasskey.
	DeletePasskey(ctx context.Context, playerID string, id []byte) error
	// BeginCeremony keeps a session's WebAuthn ceremony of a kind until
	// expires, replacing any it had.
	BeginCeremony(ctx context.Context, sessionHash []byte, kind string, data []byte, expires time.Time) error
	// FinishCeremony returns and deletes a session's ceremony of a kind:
	// a challenge is answered once, on whichever server. ErrNoCeremony if
	// none (or expired by now).
	FinishCeremony(ctx context.Context, sessionHash []byte, kind string, now time.Time) ([]byte, error)
	// LoginAttempt counts one attempt under key in the window that began
	// at most window ago (or begins a new one at now) and returns the
	// attempts counted in it, this one included. The count is one
	// statement in the database: servers sharing it count together.
	LoginAttempt(ctx context.Context, key string, now time.Time, window time.Duration) (int, error)
	// ForgetAttempts clears key's attempts (after a successful login),
	// and RefundAttempt takes one back.
	ForgetAttempts(ctx context.Context, key string) error
	RefundAttempt(ctx context.Context, key string) error
}

// mergeGuest are the statements run to move what a guest owns to the
// account it is merged into, with the account's id and the guest's as
// arguments. Each concern that binds rows to players adds its own here
// (the seats of games, for one).
var mergeGuest = []string{
	`UPDATE passkeys SET player_id = ? WHERE player_id = ?`,
	// Seats: the guest's games and API keys become the account's.
	`UPDATE games SET seat0_player = ? WHERE seat0_player = ?`,
	`UPDATE games SET seat1_player = ? WHERE seat1_player = ?`,
	`UPDATE api_keys SET player = ? WHERE player = ?`,
}

const (
	qUsernameUsed = `SELECT count(*) FROM players WHERE username_key = ?`
	qSignUp       = `UPDATE players SET kind = 'account', username = ?, username_key = ?, password_hash = ?, updated_at = ?
		WHERE id = ? AND kind = 'guest'`
	qAccountByKey = `SELECT ` + playerColumns + `, COALESCE(password_hash, '') FROM players WHERE username_key = ? AND kind = 'account'`
	qPasswordOf   = `SELECT COALESCE(password_hash, '') FROM players WHERE id = ?`
	qSetPassword  = `UPDATE players SET password_hash = ?, updated_at = ? WHERE id = ? AND kind = 'account'`
	qEndOthers    = `DELETE FROM sessions WHERE player_id = ? AND token_hash <> ?`
	qEndAll       = `DELETE FROM sessions WHERE player_id = ?`
	qMerge        = `UPDATE players SET merged_into = ?, updated_at = ? WHERE id = ? AND kind = 'guest'`
	qMergedInto   = `SELECT COALESCE(merged_into, '') FROM players WHERE id = ?`
	qDeleteAcct   = `UPDATE players SET kind = 'deleted', name = ?, username = NULL, username_key = NULL, password_hash = NULL, updated_at = ?
		WHERE id = ? AND kind = 'account'`
	qDelPasskeys = `DELETE FROM passkeys WHERE player_id = ?`
	qDelKeys     = `DELETE FROM api_keys WHERE player = ?`
	qAddPasskey  = `INSERT INTO passkeys (id, player_id, name, credential, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`
	qPasskeys    = `SELECT id, player_id, name, credential, created_at, last_used_at FROM passkeys WHERE player_id = ? ORDER BY created_at, id`
	qPasskeyByID = `SELECT id, player_id, name, credential, created_at, last_used_at FROM passkeys WHERE id = ?`
	qUsePasskey  = `UPDATE passkeys SET credential = ?, last_used_at = ? WHERE id = ?`
	qDelPasskey  = `DELETE FROM passkeys WHERE player_id = ? AND id = ?`
	qCeremonySet = `INSERT INTO ceremonies (session_hash, kind, data, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (session_hash) DO UPDATE SET kind = excluded.kind, data = excluded.data, expires_at = excluded.expires_at`
	qCeremonyTake = `DELETE FROM ceremonies WHERE session_hash = ? AND kind = ? AND expires_at > ? RETURNING data`
	qAttempt      = `INSERT INTO login_throttle (key, attempts, window_start) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			attempts = CASE WHEN login_throttle.window_start <= ? THEN 1 ELSE login_throttle.attempts + 1 END,
			window_start = CASE WHEN login_throttle.window_start <= ? THEN excluded.window_start ELSE login_throttle.window_start END
		RETURNING attempts`
	qForgetAttempts = `DELETE FROM login_throttle WHERE key = ?`
	qRefundAttempt  = `UPDATE login_throttle SET attempts = attempts - 1 WHERE key = ? AND attempts > 0`
)

// SignUp implements Accounts.
func (s *sqlStore) SignUp(ctx context.Context, u SignUp) error {
	var hash any
	if u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var used int
		if err := tx.QueryRowContext(ctx, s.rebind(qUsernameUsed), u.Key).Scan(&used); err != nil {
			return fmt.Errorf("store: sign up %s: %w", u.ID, err)
		}
		if used > 0 {
			return fmt.Errorf("%w: %q", ErrUsernameTaken, u.Username)
		}
		res, err := tx.ExecContext(ctx, s.rebind(qSignUp), u.Username, u.Key, hash, millis(u.At), u.ID)
		if isUniqueViolation(err) { // signed up on another server meanwhile
			return fmt.Errorf("%w: %q", ErrUsernameTaken, u.Username)
		}
		if err := oneRow(res, err, ErrNotGuest); err != nil {
			return fmt.Errorf("store: sign up %s: %w", u.ID, err)
		}
		if u.Passkey != nil {
			return s.addPasskey(ctx, tx, *u.Passkey)
		}
		return nil
	})
}

// isUniqueViolation recognises a unique index refusing a row, in either
// dialect (SQLite's message, PostgreSQL's SQLSTATE 23505).
func isUniqueViolation(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "UNIQUE constraint failed") || strings.Contains(err.Error(), "23505"))
}

// oneRow turns a statement's result into an error: its own, or none
// when exactly one row changed, or ifNone.
func oneRow(res sql.Result, err, ifNone error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return ifNone
	}
	return nil
}

// AccountByUsername implements Accounts.
func (s *sqlStore) AccountByUsername(ctx context.Context, key string) (Player, string, error) {
	var p Player
	var joined, updated int64
	var hash string
	err := s.read.QueryRowContext(ctx, s.rebind(qAccountByKey), key).Scan(&p.ID, &p.Name, &p.Kind, &p.Username, &joined, &updated, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, "", fmt.Errorf("%w: username %q", ErrNoPlayer, key)
	}
	if err != nil {
		return Player{}, "", fmt.Errorf("store: account %q: %w", key, err)
	}
	p.JoinedAt, p.UpdatedAt = fromMillis(joined), fromMillis(updated)
	return p, hash, nil
}

// PasswordHash implements Accounts.
func (s *sqlStore) PasswordHash(ctx context.Context, id string) (string, error) {
	var hash string
	err := s.read.QueryRowContext(ctx, s.rebind(qPasswordOf), id).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: %q", ErrNoPlayer, id)
	}
	if err != nil {
		return "", fmt.Errorf("store: password of %s: %w", id, err)
	}
	return hash, nil
}

// SetPassword implements Accounts.
func (s *sqlStore) SetPassword(ctx context.Context, id, hash string, keep []byte, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qSetPassword), hash, millis(at), id)
		if err := oneRow(res, err, ErrNoPlayer); err != nil {
			return fmt.Errorf("store: set password of %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, s.rebind(qEndOthers), id, keep); err != nil {
			return fmt.Errorf("store: end sessions of %s: %w", id, err)
		}
		return nil
	})
}

// AddSession implements Accounts.
func (s *sqlStore) AddSession(ctx context.Context, ss Session) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.addSession(ctx, tx, ss) })
}

// MergeGuest implements Accounts.
func (s *sqlStore) MergeGuest(ctx context.Context, guestID, intoID string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qMerge), intoID, millis(at), guestID)
		if err := oneRow(res, err, ErrNotGuest); err != nil {
			return fmt.Errorf("store: merge %s into %s: %w", guestID, intoID, err)
		}
		for _, q := range append(mergeGuest, qEndAll) {
			args := []any{intoID, guestID}
			if q == qEndAll {
				args = args[1:]
			}
			if _, err := tx.ExecContext(ctx, s.rebind(q), args...); err != nil {
				return fmt.Errorf("store: merge %s into %s: %w", guestID, intoID, err)
			}
		}
		return nil
	})
}

// MergedInto implements Accounts.
func (s *sqlStore) MergedInto(ctx context.Context, id string) (string, error) {
	var into string
	err := s.read.QueryRowContext(ctx, s.rebind(qMergedInto), id).Scan(&into)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: merged into of %s: %w", id, err)
	}
	return into, nil
}

// DeleteAccount implements Accounts.
func (s *sqlStore) DeleteAccount(ctx context.Context, id, name string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.rebind(qDeleteAcct), name, millis(at), id)
		if err := oneRow(res, err, ErrNoPlayer); err != nil {
			return fmt.Errorf("store: delete account %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, s.rebind(qFollowsDel), id, id); err != nil {
			return fmt.Errorf("store: delete account %s: %w", id, err)
		}
		for _, q := range []string{qDelPasskeys, qEndAll, qPlayerSettingsDel, qDelKeys} {
			if _, err := tx.ExecContext(ctx, s.rebind(q), id); err != nil {
				return fmt.Errorf("store: delete account %s: %w", id, err)
			}
		}
		return s.erasePersonal(ctx, tx, id, name) // personaldata.go: every personal table
	})
}

// AddPasskey implements Accounts.
func (s *sqlStore) AddPasskey(ctx context.Context, p Passkey) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.addPasskey(ctx, tx, p) })
}

func (s *sqlStore) addPasskey(ctx context.Context, tx *sql.Tx, p Passkey) error {
	res, err := tx.ExecContext(ctx, s.rebind(qAddPasskey), p.ID, p.PlayerID, p.Name, string(p.Credential), millis(p.CreatedAt), millis(p.LastUsedAt))
	if err := oneRow(res, err, ErrPasskeyTaken); err != nil {
		return fmt.Errorf("store: add passkey of %s: %w", p.PlayerID, err)
	}
	return nil
}

func scanPasskey(r scanner) (Passkey, error) {
	var p Passkey
	var cred string
	var created, used int64
	err := r.Scan(&p.ID, &p.PlayerID, &p.Name, &cred, &created, &used)
	p.Credential, p.CreatedAt, p.LastUsedAt = []byte(cred), fromMillis(created), fromMillis(used)
	return p, err
}

// Passkeys implements Accounts.
func (s *sqlStore) Passkeys(ctx context.Context, playerID string) ([]Passkey, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qPasskeys), playerID)
	if err != nil {
		return nil, fmt.Errorf("store: passkeys of %s: %w", playerID, err)
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, fmt.Errorf("store: passkeys of %s: %w", playerID, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: passkeys of %s: %w", playerID, err)
	}
	return out, nil
}

// PasskeyByID implements Accounts.
func (s *sqlStore) PasskeyByID(ctx context.Context, id []byte) (Passkey, error) {
	p, err := scanPasskey(s.read.QueryRowContext(ctx, s.rebind(qPasskeyByID), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Passkey{}, ErrNoPasskey
	}
	if err != nil {
		return Passkey{}, fmt.Errorf("store: passkey: %w", err)
	}
	return p, nil
}

// UsePasskey implements Accounts.
func (s *sqlStore) UsePasskey(ctx context.Context, id, credential []byte, at time.Time) error {
	n, err := s.exec(ctx, "use passkey", qUsePasskey, string(credential), millis(at), id)
	if err == nil && n == 0 {
		err = ErrNoPasskey
	}
	return err
}

// DeletePasskey implements Accounts.
func (s *sqlStore) DeletePasskey(ctx context.Context, playerID string, id []byte) error {
	n, err := s.exec(ctx, "delete passkey", qDelPasskey, playerID, id)
	if err == nil && n == 0 {
		err = ErrNoPasskey
	}
	return err
}

// BeginCeremony implements Accounts.
func (s *sqlStore) BeginCeremony(ctx context.Context, sessionHash []byte, kind string, data []byte, expires time.Time) error {
	_, err := s.exec(ctx, "begin ceremony", qCeremonySet, sessionHash, kind, string(data), millis(expires))
	return err
}

// FinishCeremony implements Accounts.
func (s *sqlStore) FinishCeremony(ctx context.Context, sessionHash []byte, kind string, now time.Time) ([]byte, error) {
	var data string
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.rebind(qCeremonyTake), sessionHash, kind, millis(now)).Scan(&data)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNoCeremony
		}
		if err != nil {
			return fmt.Errorf("store: finish ceremony: %w", err)
		}
		return nil
	})
	return []byte(data), err
}

// LoginAttempt implements Accounts.
func (s *sqlStore) LoginAttempt(ctx context.Context, key string, now time.Time, window time.Duration) (int, error) {
	var n int
	cutoff := millis(now.Add(-window))
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.rebind(qAttempt), key, millis(now), cutoff, cutoff).Scan(&n); err != nil {
			return fmt.Errorf("store: login attempt: %w", err)
		}
		return nil
	})
	return n, err
}

// ForgetAttempts implements Accounts.
func (s *sqlStore) ForgetAttempts(ctx context.Context, key string) error {
	_, err := s.exec(ctx, "forget attempts", qForgetAttempts, key)
	return err
}

// RefundAttempt implements Accounts.
func (s *sqlStore) RefundAttempt(ctx context.Context, key string) error {
	_, err := s.exec(ctx, "refund attempt", qRefundAttempt, key)
	return err
}
