package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// GameSearch selects finished public games for a search; zero fields
// select everything. Package internal/search builds it from a request.
type GameSearch struct {
	// Game is a game's name ("oxford": any options), its id with options
	// ("oxford:variant=beginner"), or its name and a colon ("oxford:"):
	// its standard options only.
	Game     string
	Player   string // a player's id: games where they sit
	Opponent string // a player's id: games where they sit against Player
	// Result is "first", "second" or "draw"; with Player set, "win" and
	// "loss" are Player's.
	Result  string
	Rated   *bool
	Control string // a time control, or "none" for the untimed games
	From    time.Time
	To      time.Time // excluded
	Limit   int
	After   Cursor
	// Private includes the unlisted games: only for Player's own search.
	Private bool
}

// PlayerHit is a player found by name, with their rating in each pool
// they have one in.
type PlayerHit struct {
	ID      string
	Name    string
	Ratings map[string]float64 // by pool: "oxford", "oxford:variant=beginner"
}

// where builds the conditions of a search.
func (q GameSearch) where() (string, []any) {
	conds := []string{"result <> 'ongoing'"}
	var args []any
	add := func(c string, a ...any) { conds, args = append(conds, c), append(args, a...) }
	if !q.Private || q.Player == "" {
		add("private = 0")
	}
	if q.Game != "" {
		if strings.Contains(q.Game, ":") {
			add("game = ?", strings.TrimSuffix(q.Game, ":"))
		} else {
			add("(game = ? OR game LIKE ?)", q.Game, q.Game+":%")
		}
	}
	if q.Player != "" {
		add("(seat0_player = ? OR seat1_player = ?)", q.Player, q.Player)
	}
	if q.Opponent != "" {
		add("((seat0_player = ? AND seat1_player = ?) OR (seat1_player = ? AND seat0_player = ?))", q.Player, q.Opponent, q.Player, q.Opponent)
	}
	switch q.Result {
	case "first", "second", "draw":
		add("result = ?", q.Result)
	case "win", "loss":
		seat := map[string]string{"win": "first", "loss": "second"}[q.Result]
		other := map[string]string{"win": "second", "loss": "first"}[q.Result]
		add("((seat0_player = ? AND result = ?) OR (seat1_player = ? AND result = ?))", q.Player, seat, q.Player, other)
	}
	if q.Rated != nil {
		add("rated = ?", map[bool]int{true: 1, false: 0}[*q.Rated])
	}
	switch q.Control {
	case "":
	case "none":
		add("NOT EXISTS (SELECT 1 FROM game_clocks c WHERE c.game_id = games.id)")
	default:
		add("EXISTS (SELECT 1 FROM game_clocks c WHERE c.game_id = games.id AND c.control = ?)", q.Control)
	}
	if !q.From.IsZero() {
		add("created_at >= ?", millis(q.From))
	}
	if !q.To.IsZero() {
		add("created_at < ?", millis(q.To))
	}
	if q.After.ID != "" {
		at := millis(q.After.UpdatedAt)
		add("(updated_at < ? OR (updated_at = ? AND id > ?))", at, at, q.After.ID)
	}
	return "WHERE " + strings.Join(conds, " AND "), args
}

// SearchGames returns the games a search selects, the latest first, as
// List does; the tokens are left out.
func (s *sqlStore) SearchGames(ctx context.Context, q GameSearch) ([]Summary, error) {
	where, args := q.where()
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT `+gameColumns+` FROM games `+where+` ORDER BY updated_at DESC, id LIMIT ?`), append(args, q.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("store: search games: %w", err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		g, n, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("store: search games: %w", err)
		}
		for j := range g.Seats {
			g.Seats[j].TokenHash = nil
		}
		out = append(out, Summary{ID: g.ID, Game: g.Game, Result: g.Result, Reason: g.Reason, Plies: n, Seats: g.Seats,
			Private: g.Private, ToAct: g.ToAct, Hints: g.Hints, Rated: g.Rated, Version: g.Version, CreatedAt: g.CreatedAt, UpdatedAt: g.UpdatedAt})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: search games: %w", err)
	}
	return out, nil
}

// SearchPlayers returns up to limit players whose name starts with
// prefix, whatever its case, by name; deleted accounts are left out.
func (s *sqlStore) SearchPlayers(ctx context.Context, prefix string, limit int) ([]PlayerHit, error) {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(prefix))
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT id, name FROM players WHERE kind <> 'deleted' AND lower(name) LIKE ? ESCAPE '\'
		ORDER BY lower(name), id LIMIT ?`), esc+"%", limit)
	if err != nil {
		return nil, fmt.Errorf("store: search players: %w", err)
	}
	var out []PlayerHit
	index := map[string]int{}
	for rows.Next() {
		var h PlayerHit
		if err := rows.Scan(&h.ID, &h.Name); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: search players: %w", err)
		}
		h.Ratings = map[string]float64{}
		index[h.ID] = len(out)
		out = append(out, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	return out, s.hitRatings(ctx, out, index)
}

// hitRatings fills the ratings of found players in one query.
func (s *sqlStore) hitRatings(ctx context.Context, hits []PlayerHit, index map[string]int) error {
	ids := make([]any, len(hits))
	marks := make([]string, len(hits))
	for i, h := range hits {
		ids[i], marks[i] = h.ID, "?"
	}
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT player_id, grp, rating FROM ratings WHERE player_id IN (`+strings.Join(marks, ", ")+`)`), ids...)
	if err != nil {
		return fmt.Errorf("store: search players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, grp string
		var r float64
		if err := rows.Scan(&id, &grp, &r); err != nil {
			return fmt.Errorf("store: search players: %w", err)
		}
		hits[index[id]].Ratings[grp] = r
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: search players: %w", err)
	}
	return nil
}
