package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// JoinTournament enters p if the event is in one of rule's states,
// before rule's round, under its cap: checked and written in one
// transaction that also moves the event's version on, so that a join and
// the start (a compare-and-set on that version) never both win.
func (s *sqlStore) JoinTournament(ctx context.Context, p TourPlayer, rule TourJoin) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var state string
		var round int
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT state, round FROM tournaments WHERE id = ?`+s.forUpdate()), p.TournamentID).Scan(&state, &round)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: join: %w", ErrTourNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: join: %w", err)
		}
		if !slices.Contains(rule.States, state) || (rule.BeforeRound > 0 && round >= rule.BeforeRound) {
			return fmt.Errorf("store: join: %w", ErrTourClosed)
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM tournament_players WHERE tournament_id = ? AND withdrawn_at = 0`),
			p.TournamentID).Scan(&n); err != nil {
			return fmt.Errorf("store: join: %w", err)
		}
		if rule.Max > 0 && n >= rule.Max {
			return fmt.Errorf("store: join: %w", ErrTourFull)
		}
		res, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO tournament_players (tournament_id, player_id, name, rating, division, joined_at, withdrawn_at)
			VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT DO NOTHING`), p.TournamentID, p.PlayerID, p.Name, p.Rating, p.Division, millis(p.JoinedAt))
		if err := tourOneRow(res, err, "join", ErrTourJoined); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.rebind(`UPDATE tournaments SET version = version + 1 WHERE id = ? AND state = ?`), p.TournamentID, state)
		if err != nil {
			return fmt.Errorf("store: join: %w", err)
		}
		return nil
	})
}

// forUpdate locks the rows a PostgreSQL transaction reads, so that two
// joins counting the entries at once cannot both pass the cap; SQLite
// has one writer anyway.
func (s *sqlStore) forUpdate() string {
	if s.skipLocked == "" {
		return ""
	}
	return " FOR UPDATE"
}

// JoinNextSeason enters a league's player into its next season, in the
// division the last season gave; ErrTourJoined when entered already.
func (s *sqlStore) JoinNextSeason(ctx context.Context, p TourPlayer) error {
	q := s.rebind(`INSERT INTO tournament_players (tournament_id, player_id, name, rating, division, joined_at, withdrawn_at)
		SELECT ?, player_id, name, ?, ?, ?, 0 FROM tournament_players WHERE player_id = ? LIMIT 1 ON CONFLICT DO NOTHING`)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, q, p.TournamentID, p.Rating, p.Division, millis(p.JoinedAt), p.PlayerID)
		return tourOneRow(res, err, "next season", ErrTourJoined)
	})
}

// WithdrawTournament withdraws a player from an event not yet over:
// ErrTourNotIn when not in it (or withdrawn already), ErrTourOver when it
// is finished or cancelled. The runner pairs only players still in.
func (s *sqlStore) WithdrawTournament(ctx context.Context, tid, player string, at time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT state FROM tournaments WHERE id = ?`), tid).Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: withdraw: %w", ErrTourNotFound)
		}
		if err != nil {
			return fmt.Errorf("store: withdraw: %w", err)
		}
		if state == TourFinished || state == TourCancelled {
			return fmt.Errorf("store: withdraw: %w", ErrTourOver)
		}
		res, err := tx.ExecContext(ctx, s.rebind(`UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? AND player_id = ? AND withdrawn_at = 0`),
			millis(at), tid, player)
		if err := tourOneRow(res, err, "withdraw", ErrTourNotIn); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.rebind(`UPDATE tournaments SET version = version + 1 WHERE id = ?`), tid)
		if err != nil {
			return fmt.Errorf("store: withdraw: %w", err)
		}
		return nil
	})
}

// TournamentPlayers lists an event's entries, first joined first.
func (s *sqlStore) TournamentPlayers(ctx context.Context, tid string) ([]TourPlayer, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT tournament_id, player_id, name, rating, division, joined_at, withdrawn_at
		FROM tournament_players WHERE tournament_id = ? ORDER BY joined_at, player_id`), tid)
	if err != nil {
		return nil, fmt.Errorf("store: tournament players: %w", err)
	}
	defer rows.Close()
	var out []TourPlayer
	for rows.Next() {
		var p TourPlayer
		var joined, withdrawn int64
		if err := rows.Scan(&p.TournamentID, &p.PlayerID, &p.Name, &p.Rating, &p.Division, &joined, &withdrawn); err != nil {
			return nil, fmt.Errorf("store: tournament players: %w", err)
		}
		p.JoinedAt = fromMillis(joined)
		if withdrawn != 0 {
			p.WithdrawnAt = fromMillis(withdrawn)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// TournamentPairings lists an event's games in round, board and leg
// order.
func (s *sqlStore) TournamentPairings(ctx context.Context, tid string) ([]TourPairing, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+pairingColumns+` FROM tournament_pairings WHERE tournament_id = ?
		ORDER BY round, board, leg`), tid)
	if err != nil {
		return nil, fmt.Errorf("store: tournament pairings: %w", err)
	}
	defer rows.Close()
	var out []TourPairing
	for rows.Next() {
		p, err := scanPairing(rows)
		if err != nil {
			return nil, fmt.Errorf("store: tournament pairings: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func scanPairing(r scanner) (TourPairing, error) {
	var p TourPairing
	var created, forfeit int
	var at int64
	err := r.Scan(&p.TournamentID, &p.Round, &p.Board, &p.Leg, &p.Division, &p.First, &p.Second, &p.GameID, &created, &p.Result, &forfeit, &at)
	p.Created, p.Forfeit, p.PairedAt = created != 0, forfeit != 0, fromMillis(at)
	return p, err
}
