package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Tournament states.
const (
	TourOpen      = "open"      // taking entries until StartsAt
	TourRunning   = "running"   // rounds being played
	TourFinished  = "finished"  // standings final
	TourCancelled = "cancelled" // too few players at the start
)

// Errors of the tournament tables, checked with errors.Is.
var (
	ErrTourExists   = errors.New("store: tournament exists")
	ErrTourNotFound = errors.New("store: tournament not found")
	ErrTourJoined   = errors.New("store: already in the tournament")
	ErrTourFull     = errors.New("store: tournament full")
	ErrTourClosed   = errors.New("store: tournament closed to entries")
	ErrTourNotIn    = errors.New("store: not in the tournament")
	ErrTourOver     = errors.New("store: tournament over")
)

// Tournament is an event's row. Settings is the organiser's settings as
// package tournaments encodes them. Round is the last round paired.
// Due is when a runner must next look at it; Version moves on with
// every change, for compare-and-set.
type Tournament struct {
	ID, Game, Format, Name, Description string
	Settings                            string
	Owner                               string
	SeriesID                            string
	Edition                             int
	State                               string
	Round                               int
	StartsAt, RoundEnds                 time.Time
	CreatedAt, FinishedAt               time.Time
	Winner                              string
	Version                             int64
	Due                                 time.Time
}

// TourPlayer is one entry of a tournament.
type TourPlayer struct {
	TournamentID, PlayerID, Name string
	Rating                       int
	Division                     int
	JoinedAt, WithdrawnAt        time.Time // WithdrawnAt zero while in
}

// TourPairing is one game of a pairing (Leg 0 or 1 of a colour-swapped
// pair). Second is empty for a bye. Result is "" until known.
type TourPairing struct {
	TournamentID          string
	Round, Board, Leg     int
	Division              int
	First, Second, GameID string
	Created               bool
	Result                string
	Forfeit               bool
	PairedAt              time.Time
}

// TourGameEnd is a tournament game the games table holds as over, or
// still going: its result, reason and player to act.
type TourGameEnd struct {
	Pairing TourPairing
	Result  string // the game's result: "ongoing", "first", "second", "draw"
	Reason  string
	ToAct   int
}

// TourJoin says who may join: the states that take entries, the round
// before which late entries are taken (0: any), and the cap (0: none).
type TourJoin struct {
	States      []string
	BeforeRound int
	Max         int
}

const tourColumns = `id, game, format, name, description, settings, owner_id, series_id, edition, state, round,
	starts_at, round_ends, created_at, finished_at, winner_id, version, due`

const pairingColumns = `tournament_id, round, board, leg, division, first_id, second_id, game_id, created, result, forfeit, paired_at`

// CreateTournament stores a new event; ErrTourExists when its id, or its
// series and edition, are taken (the next edition of a series is
// created once, by whichever server gets there first).
func (s *sqlStore) CreateTournament(ctx context.Context, t Tournament) error {
	q := s.rebind(`INSERT INTO tournaments (` + tourColumns + `, owner, lease_until)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0) ON CONFLICT DO NOTHING`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, t.ID, t.Game, t.Format, t.Name, t.Description, t.Settings, t.Owner, t.SeriesID,
			t.Edition, t.State, t.Round, millis(t.StartsAt), millis(t.RoundEnds), millis(t.CreatedAt), millis(t.FinishedAt),
			t.Winner, t.Version, millis(t.Due))
		return tourOneRow(res, err, "create tournament", ErrTourExists)
	})
}

func tourOneRow(res sql.Result, err error, what string, none error) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n != 1 {
		return fmt.Errorf("store: %s: %w", what, none)
	}
	return nil
}

func scanTour(r scanner) (Tournament, error) {
	var t Tournament
	var starts, ends, created, finished, due int64
	err := r.Scan(&t.ID, &t.Game, &t.Format, &t.Name, &t.Description, &t.Settings, &t.Owner, &t.SeriesID, &t.Edition,
		&t.State, &t.Round, &starts, &ends, &created, &finished, &t.Winner, &t.Version, &due)
	t.StartsAt, t.RoundEnds, t.CreatedAt, t.Due = fromMillis(starts), fromMillis(ends), fromMillis(created), fromMillis(due)
	if finished != 0 {
		t.FinishedAt = fromMillis(finished)
	}
	return t, err
}

// LoadTournament reads one event.
func (s *sqlStore) LoadTournament(ctx context.Context, id string) (Tournament, error) {
	t, err := scanTour(s.read.QueryRowContext(ctx, s.rebind(`SELECT `+tourColumns+` FROM tournaments WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("store: tournament %s: %w", id, ErrTourNotFound)
	}
	if err != nil {
		return t, fmt.Errorf("store: tournament %s: %w", id, err)
	}
	return t, nil
}

// RecentTimeouts counts the games a player lost on time since since, for
// the entry conditions of tournaments.
func (s *sqlStore) RecentTimeouts(ctx context.Context, player string, since time.Time) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM games WHERE reason = 'time out' AND updated_at >= ?
		AND ((seat0_player = ? AND result = 'second') OR (seat1_player = ? AND result = 'first'))`), millis(since), player, player).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: recent time-outs: %w", err)
	}
	return n, nil
}

// TournamentsWon lists the events a player won, latest first.
func (s *sqlStore) TournamentsWon(ctx context.Context, player string, limit int) ([]Tournament, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+tourColumns+` FROM tournaments WHERE winner_id = ? AND state = 'finished'
		ORDER BY finished_at DESC, id LIMIT ?`), player, limit)
	if err != nil {
		return nil, fmt.Errorf("store: tournaments won: %w", err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTour(rows)
		if err != nil {
			return nil, fmt.Errorf("store: tournaments won: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// ListTournaments lists events of a game ("" for all) in the given
// states, soonest start first, at most limit.
func (s *sqlStore) ListTournaments(ctx context.Context, game string, states []string, limit int) ([]Tournament, error) {
	var where []string
	var args []any
	if game != "" {
		where, args = append(where, "(game = ? OR game LIKE ?)"), append(args, game, game+":%")
	}
	if len(states) > 0 {
		where = append(where, "state IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(states)), ", ")+")")
		for _, st := range states {
			args = append(args, st)
		}
	}
	q := `SELECT ` + tourColumns + ` FROM tournaments`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(q+` ORDER BY starts_at, id LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: list tournaments: %w", err)
	}
	defer rows.Close()
	var out []Tournament
	for rows.Next() {
		t, err := scanTour(rows)
		if err != nil {
			return nil, fmt.Errorf("store: list tournaments: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
