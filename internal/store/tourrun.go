package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// TourAdvance is one step of an event decided by a runner: the row as
// the step leaves it (its Version the one the runner read) and the
// pairings the step adds. Withdraw lists players the step withdraws
// (two forfeits).
type TourAdvance struct {
	T        Tournament
	Pairings []TourPairing
	Withdraw []string
	At       time.Time
}

// ClaimTournaments leases to owner until now+lease at most n events
// whose due time has come and that no live lease holds, as ClaimJobs
// does for AI moves: two servers never hold the same event at once.
func (s *sqlStore) ClaimTournaments(ctx context.Context, owner string, now time.Time, lease time.Duration, n int) ([]Tournament, error) {
	q := s.rebind(fmt.Sprintf(`UPDATE tournaments SET owner = ?, lease_until = ?
		WHERE id IN (SELECT id FROM tournaments WHERE due <= ? AND lease_until <= ? AND state IN ('open', 'running')
		ORDER BY due, id LIMIT ?%s) RETURNING `+tourColumns, s.skipLocked))
	var out []Tournament
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		out = out[:0]
		rows, err := tx.QueryContext(ctx, q, owner, millis(now.Add(lease)), millis(now), millis(now), n)
		if err != nil {
			return fmt.Errorf("store: claim tournaments: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanTour(rows)
			if err != nil {
				return fmt.Errorf("store: claim tournaments: %w", err)
			}
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, err
}

// ReleaseTournament gives an event back, due again at due; ErrLeaseLost
// when owner's lease is gone.
func (s *sqlStore) ReleaseTournament(ctx context.Context, id, owner string, due time.Time) error {
	q := s.rebind(`UPDATE tournaments SET owner = '', lease_until = 0, due = ? WHERE id = ? AND owner = ?`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, millis(due), id, owner)
		return tourOneRow(res, err, "release tournament", ErrLeaseLost)
	})
}

// AdvanceTournament writes a step: the event's row by compare-and-set on
// the version the runner read (ErrConflict when another step or a join
// came first), its new pairings under their primary key and the
// players it withdraws, all in one transaction.
func (s *sqlStore) AdvanceTournament(ctx context.Context, a TourAdvance) error {
	t := a.T
	set := s.rebind(`UPDATE tournaments SET state = ?, round = ?, round_ends = ?, finished_at = ?, winner_id = ?, due = ?,
		version = version + 1 WHERE id = ? AND version = ?`)
	ins := s.rebind(`INSERT INTO tournament_pairings (` + pairingColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	wd := s.rebind(`UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? AND player_id = ? AND withdrawn_at = 0`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var fin int64
		if !t.FinishedAt.IsZero() {
			fin = millis(t.FinishedAt)
		}
		res, err := tx.ExecContext(ctx, set, t.State, t.Round, millis(t.RoundEnds), fin, t.Winner, millis(t.Due), t.ID, t.Version)
		if err := tourOneRow(res, err, "advance tournament", ErrConflict); err != nil {
			return err
		}
		for _, p := range a.Pairings {
			if _, err := tx.ExecContext(ctx, ins, p.TournamentID, p.Round, p.Board, p.Leg, p.Division, p.First, p.Second,
				p.GameID, boolInt(p.Created), p.Result, boolInt(p.Forfeit), millis(p.PairedAt)); err != nil {
				return fmt.Errorf("store: pair round %d: %w", p.Round, err)
			}
		}
		for _, id := range a.Withdraw {
			if _, err := tx.ExecContext(ctx, wd, millis(a.At), t.ID, id); err != nil {
				return fmt.Errorf("store: withdraw %s: %w", id, err)
			}
		}
		return nil
	})
}

// MarkTourGameCreated records that a pairing's game exists.
func (s *sqlStore) MarkTourGameCreated(ctx context.Context, p TourPairing) error {
	q := s.rebind(`UPDATE tournament_pairings SET created = 1 WHERE tournament_id = ? AND round = ? AND board = ? AND leg = ?`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, q, p.TournamentID, p.Round, p.Board, p.Leg)
		if err != nil {
			return fmt.Errorf("store: tournament game created: %w", err)
		}
		return nil
	})
}

// TournamentGames reads, for an event's created games without a
// recorded result, the game as the games table holds it: the runner
// learns game ends from the database, not from the rooms.
func (s *sqlStore) TournamentGames(ctx context.Context, tid string) ([]TourGameEnd, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT p.tournament_id, p.round, p.board, p.leg, p.division, p.first_id, p.second_id,
		p.game_id, p.created, p.result, p.forfeit, p.paired_at, g.result, g.reason, g.to_act
		FROM tournament_pairings p JOIN games g ON g.id = p.game_id
		WHERE p.tournament_id = ? AND p.created = 1 AND p.result = '' ORDER BY p.round, p.board, p.leg`), tid)
	if err != nil {
		return nil, fmt.Errorf("store: tournament games: %w", err)
	}
	defer rows.Close()
	var out []TourGameEnd
	for rows.Next() {
		var e TourGameEnd
		p := &e.Pairing
		var created, forfeit int
		var at int64
		if err := rows.Scan(&p.TournamentID, &p.Round, &p.Board, &p.Leg, &p.Division, &p.First, &p.Second, &p.GameID, &created,
			&p.Result, &forfeit, &at, &e.Result, &e.Reason, &e.ToAct); err != nil {
			return nil, fmt.Errorf("store: tournament games: %w", err)
		}
		p.Created, p.Forfeit, p.PairedAt = created != 0, forfeit != 0, fromMillis(at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// RecordTourResult sets a pairing's result once: false when it had one.
func (s *sqlStore) RecordTourResult(ctx context.Context, p TourPairing) (bool, error) {
	q := s.rebind(`UPDATE tournament_pairings SET result = ?, forfeit = ? WHERE tournament_id = ? AND round = ? AND board = ? AND leg = ? AND result = ''`)
	var n int64
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, p.Result, boolInt(p.Forfeit), p.TournamentID, p.Round, p.Board, p.Leg)
		if err != nil {
			return fmt.Errorf("store: tournament result: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return n == 1, err
}
