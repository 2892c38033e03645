package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Note is a notification owed to a player on one channel ("push",
// "email", "webhook"): an outbox row. ID names the event, so that the
// same event enqueued by two servers is stored once (see NoteID).
type Note struct {
	ID      string
	Player  string
	Channel string
	Kind    string // "turn" or "lowtime"
	GameID  string
	Version int64
	// Body is the event as the notify package encodes it.
	Body string
	// Due is when the note may be claimed.
	Due time.Time
	// Attempts counts the claims, this one included.
	Attempts int
}

// NoteID is the id of the note of an event on a channel: one per kind,
// channel, player, game and game version.
func NoteID(kind, channel, player, gameID string, version int64) string {
	return fmt.Sprintf("%s:%s:%s:%s:%d", kind, channel, player, gameID, version)
}

// NotifySettings are the channels a player switched on. The zero value
// (but for Player) is a player who has switched nothing on.
type NotifySettings struct {
	Player string
	// Lang is the language of the messages ("en" or "fr").
	Lang string
	Push bool
	// Email is the address of the e-mails, EmailOn whether they are sent;
	// "your turn" e-mails are a digest sent at most once per EmailPeriod.
	Email       string
	EmailOn     bool
	EmailPeriod time.Duration
	// EmailNext is the earliest time of the next digest, which
	// ClaimDigest moves on; SetNotifySettings leaves it alone.
	EmailNext time.Time
	Webhook   string
	WebhookOn bool
	// ChallengesOff: no notice of the challenges sent to the player, on
	// any channel.
	ChallengesOff bool
	UpdatedAt     time.Time
}

// PushSubscription is a browser's Web Push subscription, owned by the
// player who subscribed last from that browser.
type PushSubscription struct {
	Endpoint  string
	Player    string
	P256dh    string
	Auth      string
	CreatedAt time.Time
}

// MaxPushSubscriptions is how many browsers a player keeps subscribed:
// a new one beyond pushes out the oldest, so that nobody fills a table.
const MaxPushSubscriptions = 10

// Notes is the outbox of notifications, the players' notification
// settings and push subscriptions, and the server's keys, shared by
// every server on the database. Times are the caller's.
type Notes interface {
	// AddNotes stores notes; one whose ID is stored already is skipped.
	AddNotes(ctx context.Context, notes []Note) error
	// ClaimNotes leases to owner until now+lease at most n notes that
	// are due at now and not leased (or whose lease expired), oldest due
	// first. Two servers claiming at once never get the same note.
	ClaimNotes(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]Note, error)
	// DoneNote marks a note owner sent (or gave up) at now; ErrLeaseLost
	// when it is no longer owner's. A done note is kept NoteKept, so
	// that adding it again meanwhile changes nothing, then deleted.
	DoneNote(ctx context.Context, n Note, owner string, now time.Time) error
	// RetryNote gives a note back, due again at due; ErrLeaseLost when it
	// is no longer owner's.
	RetryNote(ctx context.Context, n Note, owner string, due time.Time) error
	// ClaimDigest decides whether owner sends player's e-mail digest now:
	// if the player's next digest is due at now, or a digest claimed
	// earlier was not sent (DigestSent) before its lease ran out, it is
	// moved to next, leased to owner until now+lease, and every "turn"
	// e-mail note of the player not leased by another is leased to owner
	// and returned with ok. Otherwise ok is false and wait is when the
	// digest will be due.
	ClaimDigest(ctx context.Context, player, owner string, now, next time.Time, lease time.Duration) (notes []Note, wait time.Time, ok bool, err error)
	// DigestSent ends owner's lease of player's digest: it was sent (or
	// had nothing to say), and is not claimed again before email_next.
	DigestSent(ctx context.Context, player, owner string) error
	// NotifySettings returns a player's settings, the zero ones if none.
	NotifySettings(ctx context.Context, player string) (NotifySettings, error)
	// SetNotifySettings stores a player's settings (EmailNext apart).
	SetNotifySettings(ctx context.Context, s NotifySettings) error
	// AddPushSubscription stores a subscription, taking it over from
	// another player if its endpoint was theirs; a player keeps the
	// MaxPushSubscriptions newest.
	AddPushSubscription(ctx context.Context, sub PushSubscription) error
	// RemovePushSubscription forgets player's subscription of endpoint.
	RemovePushSubscription(ctx context.Context, player, endpoint string) error
	// PushSubscriptions returns a player's subscriptions, oldest first.
	PushSubscriptions(ctx context.Context, player string) ([]PushSubscription, error)
	// NotifyKey returns the key pair stored under name, first storing
	// the one gen returns if there is none: servers starting together
	// all get the pair of the first to store one.
	NotifyKey(ctx context.Context, name string, gen func() (public, private string, err error), now time.Time) (public, private string, err error)
}

// The statements of the notes, written with "?" and rebound per dialect.
const (
	noteColumns = `id, player, channel, kind, game_id, version, body, due, attempts`
	qNoteAdd    = `INSERT INTO notify_outbox (id, player, channel, kind, game_id, version, body, due) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`
	qNoteClaim = `UPDATE notify_outbox SET owner = ?, lease_until = ?, attempts = attempts + 1
		WHERE id IN (SELECT id FROM notify_outbox WHERE due <= ? AND lease_until <= ? AND done_at = 0 ORDER BY due, id LIMIT ?%s)
		RETURNING ` + noteColumns
	qNotesDue   = `SELECT 1 FROM notify_outbox WHERE due <= ? AND lease_until <= ? AND done_at = 0 LIMIT 1`
	qNoteDone   = `UPDATE notify_outbox SET done_at = ?, owner = '', lease_until = 0 WHERE id = ? AND owner = ? AND lease_until > 0`
	qNotesPurge = `DELETE FROM notify_outbox WHERE done_at > 0 AND done_at < ?`
	qNoteRetry  = `UPDATE notify_outbox SET owner = '', lease_until = 0, due = ? WHERE id = ? AND owner = ? AND lease_until > 0`
	qDigestNext = `UPDATE notify_settings SET email_next = ?, digest_owner = ?, digest_lease = ?
		WHERE player = ? AND (email_next <= ? OR (digest_lease > 0 AND digest_lease <= ?))`
	qDigestWait = `SELECT email_next FROM notify_settings WHERE player = ?`
	qDigestTake = `UPDATE notify_outbox SET owner = ?, lease_until = ?, attempts = attempts + 1
		WHERE player = ? AND channel = 'email' AND kind = 'turn' AND done_at = 0 AND (lease_until <= ? OR owner = ?)
		RETURNING ` + noteColumns
	settingsColumns = `player, lang, push_on, email, email_on, email_period, email_next, webhook, webhook_on, challenges_off, updated_at`
	qSettingsGet    = `SELECT ` + settingsColumns + ` FROM notify_settings WHERE player = ?`
	qSettingsSet    = `INSERT INTO notify_settings (` + settingsColumns + `) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
		ON CONFLICT (player) DO UPDATE SET lang = excluded.lang, push_on = excluded.push_on, email = excluded.email, email_on = excluded.email_on,
		email_period = excluded.email_period, webhook = excluded.webhook, webhook_on = excluded.webhook_on,
		challenges_off = excluded.challenges_off, updated_at = excluded.updated_at`
	qSubAdd = `INSERT INTO push_subscriptions (endpoint, player, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET player = excluded.player, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`
	qSubTrim = `DELETE FROM push_subscriptions WHERE player = ? AND endpoint NOT IN
		(SELECT endpoint FROM push_subscriptions WHERE player = ? ORDER BY created_at DESC, endpoint LIMIT ?)`
	qSubDel  = `DELETE FROM push_subscriptions WHERE player = ? AND endpoint = ?`
	qSubList = `SELECT endpoint, player, p256dh, auth, created_at FROM push_subscriptions WHERE player = ? ORDER BY created_at, endpoint`
	qKeyAdd  = `INSERT INTO notify_keys (name, public_key, private_key, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO NOTHING`
	qKeyGet  = `SELECT public_key, private_key FROM notify_keys WHERE name = ?`
)

// AddNotes implements Notes.
func (s *sqlStore) AddNotes(ctx context.Context, notes []Note) error {
	if len(notes) == 0 {
		return nil
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		return s.addNotes(ctx, tx, notes)
	})
}

// addNotes writes notes in tx, each once by its name.
func (s *sqlStore) addNotes(ctx context.Context, tx *sql.Tx, notes []Note) error {
	q := s.rebind(qNoteAdd)
	for _, n := range notes {
		if _, err := tx.ExecContext(ctx, q, n.ID, n.Player, n.Channel, n.Kind, n.GameID, n.Version, n.Body, millis(n.Due)); err != nil {
			return fmt.Errorf("store: add note %s: %w", n.ID, err)
		}
	}
	return nil
}

// ClaimNotes implements Notes, as ClaimJobs does for the AI jobs. Every
// server polls it every few seconds, and mostly finds nothing: a read
// says so first, so that an idle outbox costs no write.
func (s *sqlStore) ClaimNotes(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]Note, error) {
	if n <= 0 {
		return nil, nil
	}
	var one int
	err := s.read.QueryRowContext(ctx, s.rebind(qNotesDue), millis(now), millis(now)).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: claim notes: %w", err)
	}
	q := s.rebind(fmt.Sprintf(qNoteClaim, s.skipLocked))
	var notes []Note
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		notes, err = queryNotes(ctx, tx, q, owner, millis(now.Add(lease)), millis(now), millis(now), n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim notes: %w", err)
	}
	return notes, nil
}

// queryNotes runs a statement returning notes, sorted oldest due first
// (RETURNING keeps no order).
func queryNotes(ctx context.Context, tx *sql.Tx, q string, args ...any) ([]Note, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var notes []Note
	for rows.Next() {
		var n Note
		var due int64
		if err := rows.Scan(&n.ID, &n.Player, &n.Channel, &n.Kind, &n.GameID, &n.Version, &n.Body, &due, &n.Attempts); err != nil {
			return nil, err
		}
		n.Due = fromMillis(due)
		notes = append(notes, n)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(notes, func(a, b Note) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return notes, nil
}

// NoteKept is how long a done note is kept: an event enqueued again
// within it is not sent again. Turn notes are written by the one server
// whose move committed, and warnings in the transaction of their claim,
// so a second enqueue comes from a retry, seconds later; two days leave
// room for a server that stalled.
const NoteKept = 48 * time.Hour

// DoneNote implements Notes. The done notes past NoteKept go in the same
// transaction: a cheap indexed delete, where a sweep would need a loop.
func (s *sqlStore) DoneNote(ctx context.Context, n Note, owner string, now time.Time) error {
	if err := s.noteExec(ctx, "done", qNoteDone, millis(now), n.ID, owner); err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.rebind(qNotesPurge), millis(now.Add(-NoteKept))); err != nil {
			return fmt.Errorf("store: purge done notes: %w", err)
		}
		return nil
	})
}

// RetryNote implements Notes.
func (s *sqlStore) RetryNote(ctx context.Context, n Note, owner string, due time.Time) error {
	return s.noteExec(ctx, "retry", qNoteRetry, millis(due), n.ID, owner)
}

// noteExec runs a statement on one note held by its owner: no row
// touched means the lease is lost.
func (s *sqlStore) noteExec(ctx context.Context, what, q string, args ...any) error {
	q = s.rebind(q)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("store: %s note: %w", what, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("store: %s note: %w", what, errors.Join(ErrLeaseLost, err))
		}
		return nil
	})
}

// ClaimDigest implements Notes: the compare-and-set on email_next and
// the lease of the notes are one transaction.
func (s *sqlStore) ClaimDigest(ctx context.Context, player, owner string, now, next time.Time, lease time.Duration) ([]Note, time.Time, bool, error) {
	var notes []Note
	var wait time.Time
	var ok bool
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		notes, wait, ok = nil, time.Time{}, false
		res, err := tx.ExecContext(ctx, s.rebind(qDigestNext), millis(next), owner, millis(now.Add(lease)), player, millis(now), millis(now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			var at int64
			if err := tx.QueryRowContext(ctx, s.rebind(qDigestWait), player).Scan(&at); err != nil {
				return err
			}
			wait = fromMillis(at)
			return nil
		}
		ok = true
		notes, err = queryNotes(ctx, tx, s.rebind(qDigestTake), owner, millis(now.Add(lease)), player, millis(now), owner)
		return err
	})
	if err != nil {
		return nil, time.Time{}, false, fmt.Errorf("store: claim digest of %s: %w", player, err)
	}
	return notes, wait, ok, nil
}

// DigestSent implements Notes.
func (s *sqlStore) DigestSent(ctx context.Context, player, owner string) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`UPDATE notify_settings SET digest_lease = 0 WHERE player = ? AND digest_owner = ?`), player, owner)
		if err != nil {
			return fmt.Errorf("store: digest of %s sent: %w", player, err)
		}
		return nil
	})
}

// NotifySettings implements Notes.
func (s *sqlStore) NotifySettings(ctx context.Context, player string) (NotifySettings, error) {
	var ns NotifySettings
	var push, email, hook, noChallenges int
	var period, next, updated int64
	err := s.read.QueryRowContext(ctx, s.rebind(qSettingsGet), player).Scan(&ns.Player, &ns.Lang, &push, &ns.Email, &email, &period, &next,
		&ns.Webhook, &hook, &noChallenges, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return NotifySettings{Player: player}, nil
	}
	if err != nil {
		return NotifySettings{}, fmt.Errorf("store: notification settings of %s: %w", player, err)
	}
	ns.Push, ns.EmailOn, ns.WebhookOn, ns.ChallengesOff = push != 0, email != 0, hook != 0, noChallenges != 0
	ns.EmailPeriod, ns.EmailNext, ns.UpdatedAt = time.Duration(period)*time.Millisecond, fromMillis(next), fromMillis(updated)
	return ns, nil
}

// SetNotifySettings implements Notes.
func (s *sqlStore) SetNotifySettings(ctx context.Context, ns NotifySettings) error {
	q := s.rebind(qSettingsSet)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, q, ns.Player, ns.Lang, boolInt(ns.Push), ns.Email, boolInt(ns.EmailOn), ns.EmailPeriod.Milliseconds(),
			ns.Webhook, boolInt(ns.WebhookOn), boolInt(ns.ChallengesOff), millis(ns.UpdatedAt))
		if err != nil {
			return fmt.Errorf("store: notification settings of %s: %w", ns.Player, err)
		}
		return nil
	})
}

// AddPushSubscription implements Notes.
func (s *sqlStore) AddPushSubscription(ctx context.Context, sub PushSubscription) error {
	add, trim := s.rebind(qSubAdd), s.rebind(qSubTrim)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, add, sub.Endpoint, sub.Player, sub.P256dh, sub.Auth, millis(sub.CreatedAt)); err != nil {
			return fmt.Errorf("store: add push subscription: %w", err)
		}
		if _, err := tx.ExecContext(ctx, trim, sub.Player, sub.Player, MaxPushSubscriptions); err != nil {
			return fmt.Errorf("store: add push subscription: %w", err)
		}
		return nil
	})
}

// RemovePushSubscription implements Notes.
func (s *sqlStore) RemovePushSubscription(ctx context.Context, player, endpoint string) error {
	q := s.rebind(qSubDel)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, q, player, endpoint); err != nil {
			return fmt.Errorf("store: remove push subscription: %w", err)
		}
		return nil
	})
}

// PushSubscriptions implements Notes.
func (s *sqlStore) PushSubscriptions(ctx context.Context, player string) ([]PushSubscription, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qSubList), player)
	if err != nil {
		return nil, fmt.Errorf("store: push subscriptions of %s: %w", player, err)
	}
	defer rows.Close()
	var subs []PushSubscription
	for rows.Next() {
		var sub PushSubscription
		var at int64
		if err := rows.Scan(&sub.Endpoint, &sub.Player, &sub.P256dh, &sub.Auth, &at); err != nil {
			return nil, fmt.Errorf("store: push subscriptions of %s: %w", player, err)
		}
		sub.CreatedAt = fromMillis(at)
		subs = append(subs, sub)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: push subscriptions of %s: %w", player, err)
	}
	return subs, nil
}

// NotifyKey implements Notes.
func (s *sqlStore) NotifyKey(ctx context.Context, name string, gen func() (string, string, error), now time.Time) (string, string, error) {
	var pub, priv string
	err := s.read.QueryRowContext(ctx, s.rebind(qKeyGet), name).Scan(&pub, &priv)
	if err == nil {
		return pub, priv, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("store: key %s: %w", name, err)
	}
	newPub, newPriv, err := gen()
	if err != nil {
		return "", "", fmt.Errorf("store: key %s: %w", name, err)
	}
	q := s.rebind(qKeyAdd)
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, q, name, newPub, newPriv, millis(now))
		return err
	})
	if err != nil {
		return "", "", fmt.Errorf("store: key %s: %w", name, err)
	}
	// Another server may have stored its pair first: that one is kept.
	if err := s.read.QueryRowContext(ctx, s.rebind(qKeyGet), name).Scan(&pub, &priv); err != nil {
		return "", "", fmt.Errorf("store: key %s: %w", name, err)
	}
	return pub, priv, nil
}
