package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrGone means the seek (or the rematch offer) was accepted, cancelled
// or expired before the request. Package lobby's ErrGone is this error;
// its text is the lobby's, as clients have always read it.
var ErrGone = errors.New("lobby: seek no longer open")

// Seek is a stored seek: an open offer to play, in the lobby for anyone
// (To empty) or a challenge to one player (To set). Package lobby
// decides on seeks; its Seek converts to and from this record.
type Seek struct {
	ID          string
	Game        string // canonical game id with options
	TimeControl string // "" is untimed
	Rated       bool
	Colour      string // the owner's: first, second or random
	Kind        string // realtime or correspondence
	Owner       LobbyPlayer
	To          LobbyPlayer // a challenge's addressee; zero for an open seek
	Quick       bool        // posted by quick play
	// Rating is the owner's rating when posted (0: unrated), and Range
	// the rating distance the owner accepts (0: any).
	Rating, Range int
	Created       time.Time
	Expires       time.Time // when a correspondence seek dies; zero for real time
}

// LobbyPlayer is someone in the lobby: a stable id and the name others see.
type LobbyPlayer struct {
	ID   string
	Name string
}

// Rematch is a stored rematch after a finished game: the seat (of the
// finished game) that offered it, and the game it started once the
// other seat accepted (empty while it is only offered).
type Rematch struct {
	Of      string // the finished game's id
	By      int    // the offering seat, 0 or 1
	NewGame string
}

// Started is a seek accepted: the game it started and the owner's seat
// in it, which the owner's server tells the owner.
type Started struct {
	Seek      string
	GameID    string
	Owner     string
	OwnerSeat int
	Taker     string
	At        time.Time
}

// Accept is the acceptance of seek Seek by Taker: Game is the game it
// starts, the owner sitting at OwnerSeat.
type Accept struct {
	Seek      string
	Taker     string
	Game      Game
	OwnerSeat int
	At        time.Time
}

// Lobby keeps the seeks, who has the lobby open, the spectators of
// games and the rematches, shared by every server on the database. What
// must happen once (a seek accepted, a rematch started) is one
// compare-and-set in the transaction that creates the game.
type Lobby interface {
	// PostSeek stores a new open seek.
	PostSeek(ctx context.Context, s Seek) error
	// OpenSeeks returns the seeks open at now, oldest first.
	OpenSeeks(ctx context.Context, now time.Time) ([]Seek, error)
	// OpenSeek returns one seek open at now, or ErrGone.
	OpenSeek(ctx context.Context, id string, now time.Time) (Seek, error)
	// AcceptSeek closes the seek and creates a.Game in one transaction
	// if the seek is still open; ErrGone (and no game) otherwise.
	AcceptSeek(ctx context.Context, a Accept) error
	// AcceptPair is AcceptSeek by the owner of the open seek mine, which
	// it withdraws in the same transaction (quick play pairing two seeks
	// posted at once); lobby.ErrGone, and nothing changed, unless both
	// were open.
	AcceptPair(ctx context.Context, a Accept, mine string) error
	// CloseSeek withdraws an open seek: by its owner (cancel) or by a
	// challenge's addressee (decline); ErrGone otherwise.
	CloseSeek(ctx context.Context, id, by string, now time.Time) error
	// StartedSeeks returns the seeks accepted at or after since.
	StartedSeeks(ctx context.Context, since time.Time) ([]Started, error)
	// LobbyVersion counts the changes of the seeks so far.
	LobbyVersion(ctx context.Context) (int64, error)
	// SetPresence renews until until the presence of players in the
	// lobby through server.
	SetPresence(ctx context.Context, server string, players []LobbyPlayer, until time.Time) error
	// LeaveLobby ends a player's presence through server and, if no
	// server has them present any more, deletes their real-time seeks.
	LeaveLobby(ctx context.Context, server, player string, now time.Time) error
	// Online returns the players present at now, by name.
	Online(ctx context.Context, now time.Time) ([]LobbyPlayer, error)
	// SweepLobby deletes what has died by now: correspondence seeks past
	// expiry, real-time seeks older than grace whose owner is present
	// nowhere, old accepted seeks and rematches, lapsed leases.
	SweepLobby(ctx context.Context, now time.Time, grace time.Duration) error
	// SetWatchers replaces server's counts of spectators per game.
	SetWatchers(ctx context.Context, server string, counts map[string]int, until time.Time) error
	// Watchers sums the spectators of a game over the servers.
	Watchers(ctx context.Context, game string, now time.Time) (int, error)
	// OfferRematch records seat by's offer of a rematch of game of, or
	// returns the rematch already offered or started.
	OfferRematch(ctx context.Context, of string, by int, now time.Time) (Rematch, error)
	// AcceptRematch starts the rematch of game of, offered by the other
	// seat than by, creating g in the same transaction; offererToken is
	// the offerer's token in g. ErrGone when no such offer stands.
	AcceptRematch(ctx context.Context, of string, by int, g Game, offererToken string) error
	// Rematch returns the rematch of game of and the offerer's token in
	// the new game, or ErrGone when none was offered.
	Rematch(ctx context.Context, of string) (Rematch, string, error)
}

const seekColumns = `id, game, time_control, rated, colour, kind, owner_id, owner_name, to_id, to_name, quick, rating, rating_range, created_at, expires_at`

const (
	qSeekOpen    = `state = 'open' AND (expires_at = 0 OR expires_at > ?)`
	qBumpLobby   = `UPDATE lobby_version SET version = version + 1 WHERE id = 1`
	qAcceptSeek  = `UPDATE seeks SET state = 'taken', game_id = ?, owner_seat = ?, taker_id = ?, closed_at = ? WHERE id = ? AND ` + qSeekOpen
	qCloseSeek   = `DELETE FROM seeks WHERE id = ? AND (owner_id = ? OR to_id = ?) AND ` + qSeekOpen
	qLeaveSeeks  = `DELETE FROM seeks WHERE owner_id = ? AND kind = 'realtime' AND state = 'open' AND NOT EXISTS (SELECT 1 FROM lobby_presence p WHERE p.player_id = ? AND p.until > ?)`
	qSweepSeeks  = `DELETE FROM seeks WHERE (state = 'open' AND kind = 'correspondence' AND expires_at <= ?) OR (state = 'open' AND kind = 'realtime' AND created_at <= ? AND NOT EXISTS (SELECT 1 FROM lobby_presence p WHERE p.player_id = seeks.owner_id AND p.until > ?)) OR (state <> 'open' AND closed_at <= ?)`
	qSetPresence = `INSERT INTO lobby_presence (player_id, server, name, until) VALUES (?, ?, ?, ?) ON CONFLICT (player_id, server) DO UPDATE SET name = excluded.name, until = excluded.until`
)

// closedKept is how long an accepted seek stays, for its owner's server
// to hand over the game; keptRematch how long a rematch stays.
const (
	closedKept  = 10 * time.Minute
	keptRematch = 24 * time.Hour
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PostSeek implements Lobby.
func (s *sqlStore) PostSeek(ctx context.Context, k Seek) error {
	q := s.rebind(`INSERT INTO seeks (` + seekColumns + `, state, game_id, owner_seat, taker_id, closed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', '', 0, '', 0)`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, q, k.ID, k.Game, k.TimeControl, b2i(k.Rated), string(k.Colour), string(k.Kind),
			k.Owner.ID, k.Owner.Name, k.To.ID, k.To.Name, b2i(k.Quick), k.Rating, k.Range, millis(k.Created), expiry(k.Expires))
		if err != nil {
			return fmt.Errorf("store: post seek: %w", err)
		}
		return s.bumpLobby(ctx, tx)
	})
}

func expiry(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return millis(t)
}

func (s *sqlStore) bumpLobby(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, qBumpLobby); err != nil {
		return fmt.Errorf("store: lobby version: %w", err)
	}
	return nil
}

func scanSeek(r scanner) (Seek, error) {
	var k Seek
	var rated, quick int
	var colour, kind string
	var created, expires int64
	err := r.Scan(&k.ID, &k.Game, &k.TimeControl, &rated, &colour, &kind, &k.Owner.ID, &k.Owner.Name, &k.To.ID, &k.To.Name,
		&quick, &k.Rating, &k.Range, &created, &expires)
	k.Rated, k.Quick, k.Colour, k.Kind, k.Created = rated != 0, quick != 0, colour, kind, fromMillis(created)
	if expires != 0 {
		k.Expires = fromMillis(expires)
	}
	return k, err
}

// OpenSeeks implements Lobby.
func (s *sqlStore) OpenSeeks(ctx context.Context, now time.Time) ([]Seek, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+seekColumns+` FROM seeks WHERE `+qSeekOpen+` ORDER BY created_at, id`), millis(now))
	if err != nil {
		return nil, fmt.Errorf("store: open seeks: %w", err)
	}
	defer rows.Close()
	var out []Seek
	for rows.Next() {
		k, err := scanSeek(rows)
		if err != nil {
			return nil, fmt.Errorf("store: open seeks: %w", err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: open seeks: %w", err)
	}
	return out, nil
}

// OpenSeek implements Lobby.
func (s *sqlStore) OpenSeek(ctx context.Context, id string, now time.Time) (Seek, error) {
	k, err := scanSeek(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+seekColumns+` FROM seeks WHERE id = ? AND `+qSeekOpen), id, millis(now)))
	if errors.Is(err, sql.ErrNoRows) {
		return Seek{}, fmt.Errorf("%w: %q", ErrGone, id)
	}
	if err != nil {
		return Seek{}, fmt.Errorf("store: seek %s: %w", id, err)
	}
	return k, nil
}

// AcceptSeek implements Lobby: the UPDATE ... WHERE state = 'open' is
// the compare-and-set. On PostgreSQL a second accepter blocks on the
// row until the first commits, then finds it no longer open.
func (s *sqlStore) AcceptSeek(ctx context.Context, a Accept) error {
	q := s.rebind(qAcceptSeek)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, a.Game.ID, a.OwnerSeat, a.Taker, millis(a.At), a.Seek, millis(a.At))
		if err != nil {
			return fmt.Errorf("store: accept seek %s: %w", a.Seek, err)
		}
		if err := seekRow(res, a.Seek); err != nil {
			return err
		}
		if err := s.createIn(ctx, tx, a.Game); err != nil {
			return err
		}
		return s.bumpLobby(ctx, tx)
	})
}

// seekRow returns ErrGone unless res changed a row.
func seekRow(res sql.Result, id string) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: lobby %s: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %q", ErrGone, id)
	}
	return nil
}

// CloseSeek implements Lobby.
func (s *sqlStore) CloseSeek(ctx context.Context, id, by string, now time.Time) error {
	q := s.rebind(qCloseSeek)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, id, by, by, millis(now))
		if err != nil {
			return fmt.Errorf("store: close seek %s: %w", id, err)
		}
		if err := seekRow(res, id); err != nil {
			return err
		}
		return s.bumpLobby(ctx, tx)
	})
}

// StartedSeeks implements Lobby.
func (s *sqlStore) StartedSeeks(ctx context.Context, since time.Time) ([]Started, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT id, game_id, owner_id, owner_seat, taker_id, closed_at
		FROM seeks WHERE state = 'taken' AND closed_at >= ? ORDER BY closed_at, id`), millis(since))
	if err != nil {
		return nil, fmt.Errorf("store: started seeks: %w", err)
	}
	defer rows.Close()
	var out []Started
	for rows.Next() {
		var st Started
		var at int64
		if err := rows.Scan(&st.Seek, &st.GameID, &st.Owner, &st.OwnerSeat, &st.Taker, &at); err != nil {
			return nil, fmt.Errorf("store: started seeks: %w", err)
		}
		st.At = fromMillis(at)
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: started seeks: %w", err)
	}
	return out, nil
}

// LobbyVersion implements Lobby.
func (s *sqlStore) LobbyVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.read.QueryRowContext(ctx, `SELECT version FROM lobby_version WHERE id = 1`).Scan(&v); err != nil {
		return 0, fmt.Errorf("store: lobby version: %w", err)
	}
	return v, nil
}
