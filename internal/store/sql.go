package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// txFunc is one unit of work inside a write transaction.
type txFunc func(ctx context.Context, tx *sql.Tx) error

// sqlStore is the part of both stores that is plain SQL: reads on a pool,
// writes through the dialect's writer, placeholders rebound per dialect.
type sqlStore struct {
	read   *sql.DB
	write  func(ctx context.Context, fn txFunc) error
	rebind func(string) string
	// wstmts and rstmts prepare the hot queries of writes and loads;
	// nil runs them unprepared.
	wstmts, rstmts *stmtCache
	// skipLocked ends the subquery that picks the jobs to claim.
	skipLocked string
	// loadIsolation gives a load one snapshot for the game row and its
	// moves: PostgreSQL's default, read committed, takes one per
	// statement, so a move committed between the two would make them
	// disagree. SQLite's read transactions are snapshots already.
	loadIsolation sql.IsolationLevel
	// held remembers each server's last written seats (SetSeatsPresent).
	held *heldCache
}

const gameColumns = `id, game, start, seat0_kind, seat0_level, seat0_token, seat1_kind, seat1_level, seat1_token,
	result, reason, draw_offer, takeback, declined, declined_by, hints, plies, version, created_at, updated_at,
	seat0_player, seat1_player, private, to_act, rated`

// The queries of every move and every load, prepared ahead by SQLite
// (written with "?"; rebound for PostgreSQL).
const (
	qCreate    = `INSERT INTO games (` + gameColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qLoadGame  = `SELECT ` + gameColumns + ` FROM games WHERE id = ?`
	qLoadMoves = `SELECT ply, move, player FROM moves WHERE game_id = ? ORDER BY ply`
	qSetGame   = `UPDATE games SET result = ?, reason = ?, draw_offer = ?, takeback = ?, declined = ?, declined_by = ?, hints = hints + ?, plies = ?, version = ?, updated_at = ?, to_act = ?
		WHERE id = ? AND version = ? AND plies = ?`
	qTakeBack = `UPDATE games SET result = ?, reason = ?, draw_offer = ?, takeback = ?, declined = ?, declined_by = ?, hints = hints + ?, plies = ?, version = ?, updated_at = ?, to_act = ?
		WHERE id = ? AND version = ? AND plies >= ?`
	qDelMoves = `DELETE FROM moves WHERE game_id = ? AND ply >= ?`
	qAddMove  = `INSERT INTO moves (game_id, ply, move, player, at) VALUES (?, ?, ?, ?, ?)`
)

var (
	writeQueries = []string{qCreate, qSetGame, qTakeBack, qDelMoves, qAddMove, qJobSet, qJobDel, savepoint, release, rollbackTo}
	readQueries  = []string{qLoadGame, qLoadMoves}
)

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// Create implements Store.
func (s *sqlStore) Create(ctx context.Context, g Game) error {
	if len(g.Moves) != 0 {
		return fmt.Errorf("store: create %s: a new game has no moves", g.ID)
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.createIn(ctx, tx, g) })
}

// createIn inserts a new game in tx: Create, or the lobby's accepting of
// a seek, which starts a game in the transaction that closes the seek.
func (s *sqlStore) createIn(ctx context.Context, tx *sql.Tx, g Game) error {
	_, err := execIn(ctx, s.wstmts, tx, s.rebind(qCreate), g.ID, g.Game, g.Start,
		g.Seats[0].Kind, g.Seats[0].Level, g.Seats[0].TokenHash,
		g.Seats[1].Kind, g.Seats[1].Level, g.Seats[1].TokenHash,
		g.Result, g.Reason, g.DrawOffer, g.TakeBackBy, g.Declined, g.DeclinedBy, g.Hints, 0, g.Version, millis(g.CreatedAt), millis(g.UpdatedAt),
		g.Seats[0].Player, g.Seats[1].Player, boolInt(g.Private), g.ToAct, boolInt(g.Rated))
	if err != nil {
		return fmt.Errorf("store: create %s: %w", g.ID, err)
	}
	if err := s.setClock(ctx, tx, g.ID, &g.Clock); err != nil {
		return err
	}
	if g.AIToAct {
		return s.setJob(ctx, tx, g.ID, true, g.Version, g.CreatedAt)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (Game, int, error) {
	var g Game
	var plies int
	var created, updated int64
	var private, rated int
	err := r.Scan(&g.ID, &g.Game, &g.Start,
		&g.Seats[0].Kind, &g.Seats[0].Level, &g.Seats[0].TokenHash,
		&g.Seats[1].Kind, &g.Seats[1].Level, &g.Seats[1].TokenHash,
		&g.Result, &g.Reason, &g.DrawOffer, &g.TakeBackBy, &g.Declined, &g.DeclinedBy, &g.Hints, &plies, &g.Version, &created, &updated,
		&g.Seats[0].Player, &g.Seats[1].Player, &private, &g.ToAct, &rated)
	g.CreatedAt, g.UpdatedAt, g.Private, g.Rated = fromMillis(created), fromMillis(updated), private != 0, rated != 0
	return g, plies, err
}

// Load implements Store. The game row and its moves are read in one
// transaction so that they agree.
func (s *sqlStore) Load(ctx context.Context, id string) (Game, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: s.loadIsolation})
	if err != nil {
		return Game{}, fmt.Errorf("store: load %s: %w", id, err)
	}
	defer tx.Rollback()
	g, plies, err := scanGame(queryRowIn(ctx, s.rstmts, tx, s.rebind(qLoadGame), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: load %s: %w", id, err)
	}
	rows, err := queryIn(ctx, s.rstmts, tx, s.rebind(qLoadMoves), id)
	if err != nil {
		return Game{}, fmt.Errorf("store: load %s moves: %w", id, err)
	}
	defer rows.Close()
	g.Moves = make([]Move, 0, plies)
	for rows.Next() {
		var ply int
		var m Move
		if err := rows.Scan(&ply, &m.Text, &m.Player); err != nil {
			return Game{}, fmt.Errorf("store: load %s moves: %w", id, err)
		}
		if ply != len(g.Moves) {
			return Game{}, fmt.Errorf("store: load %s: ply %d missing", id, len(g.Moves))
		}
		g.Moves = append(g.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return Game{}, fmt.Errorf("store: load %s moves: %w", id, err)
	}
	if len(g.Moves) != plies {
		return Game{}, fmt.Errorf("store: load %s: %d moves stored, want %d", id, len(g.Moves), plies)
	}
	g.Clock, err = s.loadClock(ctx, tx, id)
	return g, err
}

// Update implements Store.
func (s *sqlStore) Update(ctx context.Context, u Update) error {
	if u.Keep < 0 {
		return fmt.Errorf("store: update %s: keep %d", u.ID, u.Keep)
	}
	set, del, ins := s.rebind(qSetGame), s.rebind(qDelMoves), s.rebind(qAddMove)
	if u.TakeBack {
		set = s.rebind(qTakeBack)
	}
	plies := u.Keep + len(u.Append)
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := execIn(ctx, s.wstmts, tx, set, u.Result, u.Reason, u.DrawOffer, u.TakeBackBy, u.Declined, u.DeclinedBy, u.hintsAdded(), plies, u.Version+1, millis(u.At), u.ToAct, u.ID, u.Version, u.Keep)
		if err != nil {
			return fmt.Errorf("store: update %s: %w", u.ID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return s.missOrConflict(ctx, tx, u.ID, err)
		}
		if u.TakeBack {
			if _, err := execIn(ctx, s.wstmts, tx, del, u.ID, u.Keep); err != nil {
				return fmt.Errorf("store: update %s: %w", u.ID, err)
			}
		}
		if err := s.setSeats(ctx, tx, u); err != nil {
			return err
		}
		for i, m := range u.Append {
			if _, err := execIn(ctx, s.wstmts, tx, ins, u.ID, u.Keep+i, m.Text, m.Player, millis(u.At)); err != nil {
				return fmt.Errorf("store: update %s ply %d: %w", u.ID, u.Keep+i, err)
			}
		}
		if err := s.setClock(ctx, tx, u.ID, u.Clock); err != nil {
			return err
		}
		if err := s.setJob(ctx, tx, u.ID, u.AIToAct, u.Version+1, u.At); err != nil {
			return err
		}
		if u.Rating != nil && u.Result != Ongoing {
			if _, err := s.applyRating(ctx, tx, *u.Rating); err != nil && !errors.Is(err, ErrNotRated) {
				return err
			}
		}
		if len(u.Notes) > 0 {
			return s.addNotes(ctx, tx, u.Notes)
		}
		return nil
	})
}

func (s *sqlStore) missOrConflict(ctx context.Context, tx *sql.Tx, id string, err error) error {
	if err != nil {
		return fmt.Errorf("store: update %s: %w", id, err)
	}
	var n int
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT count(*) FROM games WHERE id = ?`), id).Scan(&n); err != nil {
		return fmt.Errorf("store: update %s: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return fmt.Errorf("%w: %q", ErrConflict, id)
}

// List implements Store.
func (s *sqlStore) List(ctx context.Context, f Filter) ([]Summary, error) {
	games, plies, err := s.games(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(games))
	for i, g := range games {
		for j := range g.Seats {
			g.Seats[j].TokenHash = nil
		}
		out[i] = Summary{ID: g.ID, Game: g.Game, Result: g.Result, Reason: g.Reason, Plies: plies[i],
			Seats: g.Seats, Private: g.Private, ToAct: g.ToAct, Hints: g.Hints, Rated: g.Rated, Version: g.Version, CreatedAt: g.CreatedAt, UpdatedAt: g.UpdatedAt}
	}
	return out, nil
}

// games returns the games f selects without their moves, and how many
// moves each has.
func (s *sqlStore) games(ctx context.Context, f Filter) ([]Game, []int, error) {
	where, args, err := f.where()
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+gameColumns+` FROM games `+where+` ORDER BY updated_at DESC, id LIMIT ?`), append(args, f.Limit)...)
	if err != nil {
		return nil, nil, fmt.Errorf("store: list: %w", err)
	}
	defer rows.Close()
	var games []Game
	var plies []int
	for rows.Next() {
		g, n, err := scanGame(rows)
		if err != nil {
			return nil, nil, fmt.Errorf("store: list: %w", err)
		}
		games, plies = append(games, g), append(plies, n)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: list: %w", err)
	}
	return games, plies, nil
}

// Records implements Store: the games, then all their moves in one query.
func (s *sqlStore) Records(ctx context.Context, f Filter) ([]Game, error) {
	games, plies, err := s.games(ctx, f)
	if err != nil || len(games) == 0 {
		return nil, err
	}
	index := make(map[string]int, len(games))
	ids := make([]any, len(games))
	marks := make([]string, len(games))
	for i := range games {
		games[i].Moves = make([]Move, 0, plies[i])
		index[games[i].ID], ids[i], marks[i] = i, games[i].ID, "?"
	}
	q := `SELECT game_id, ply, move, player FROM moves WHERE game_id IN (` + strings.Join(marks, ", ") + `) ORDER BY game_id, ply`
	rows, err := s.read.QueryContext(ctx, s.rebind(q), ids...)
	if err != nil {
		return nil, fmt.Errorf("store: records: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var ply int
		var m Move
		if err := rows.Scan(&id, &ply, &m.Text, &m.Player); err != nil {
			return nil, fmt.Errorf("store: records: %w", err)
		}
		if g := &games[index[id]]; ply == len(g.Moves) {
			g.Moves = append(g.Moves, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: records: %w", err)
	}
	return games, nil
}

// expireBatch bounds the games one Expire deletes, so that one write
// transaction stays short.
const expireBatch = 500

// qExpire selects the abandoned games: see Store.Expire.
const qExpire = `DELETE FROM games WHERE id IN (SELECT g.id FROM games g
	WHERE g.result = 'ongoing' AND g.updated_at < ?
	AND ((g.seat0_kind = ? AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = 0))
	  OR (g.seat1_kind = ? AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.player = 1)))
	AND NOT EXISTS (SELECT 1 FROM game_clocks c WHERE c.game_id = g.id)
	ORDER BY g.updated_at LIMIT ?) RETURNING id`

// Expire implements Store. Several processes may run it at once: a game
// is deleted once, by whichever comes first.
func (s *sqlStore) Expire(ctx context.Context, cutoff time.Time) ([]string, error) {
	var ids []string
	err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		ids, err = queryStrings(ctx, tx, s.rebind(qExpire), millis(cutoff), Human, Human, expireBatch)
		if err != nil {
			return fmt.Errorf("store: expire: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// Probe implements Store: it rewrites the health row through the same
// writer as the games, so a failure here is a failure of every write.
func (s *sqlStore) Probe(ctx context.Context) error {
	if err := s.Ping(ctx); err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO health (id, checked_at) VALUES (1, ?)
			ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`), millis(time.Now()))
		if err != nil {
			return fmt.Errorf("store: probe: %w", err)
		}
		return nil
	})
}

// Ping implements Store.
func (s *sqlStore) Ping(ctx context.Context) error {
	var one int
	if err := s.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// questionToDollar rebinds "?" placeholders to PostgreSQL's "$1", "$2"...
// The queries here hold no "?" inside string literals.
func questionToDollar(q string) string {
	var b strings.Builder
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func identity(q string) string { return q }
