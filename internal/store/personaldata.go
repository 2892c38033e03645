package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
)

// PersonalData exports what the database holds about a player and
// lists the schema's tables, so that a test can check every table is
// either exported or known not to be personal (docs/moderation.md).
type PersonalData interface {
	// ExportPlayer returns, per table, the player's rows as column to
	// value (secrets left out: password and token hashes, keys).
	ExportPlayer(ctx context.Context, player string) (map[string][]map[string]any, error)
	// Tables returns the names of the schema's tables.
	Tables(ctx context.Context) ([]string, error)
}

var _ PersonalData = (*sqlStore)(nil)

// personalTable is a table that holds something about a player: where
// finds their rows (each "?" is the player's id), secret lists the
// columns never exported, and erase is what deleting the account does
// to those rows ("" keeps them, for the reason in keep).
type personalTable struct {
	name, where string
	secret      []string
	erase       string
	keep        string
	// eraseWhere, when set, is erase's wider where: the rows about the
	// player that others made (a block of them), never exported.
	eraseWhere string
}

const ofTheirGames = `game_id IN (SELECT id FROM games WHERE seat0_player = ? OR seat1_player = ?)`

// personalTables is every personal table. A table added to the schema
// must be listed here or in NotPersonal: TestPersonalDataCoversSchema
// fails otherwise.
var personalTables = []personalTable{
	{name: "players", where: "id = ? OR merged_into = ?", secret: []string{"password_hash", "username_key"}, keep: "anonymised by DeleteAccount; the row names the games' seats"},
	{name: "sessions", where: "player_id = ?", secret: []string{"token_hash"}, erase: "DELETE"},
	{name: "passkeys", where: "player_id = ?", secret: []string{"id", "credential"}, erase: "DELETE"},
	{name: "api_keys", where: "player = ?", secret: []string{"hash"}, erase: "DELETE"},
	{name: "games", where: "seat0_player = ? OR seat1_player = ?", secret: []string{"seat0_token", "seat1_token"}, keep: "the opponents' games; the seat names the anonymised player"},
	{name: "moves", where: ofTheirGames, keep: "part of the games"},
	{name: "game_clocks", where: ofTheirGames, keep: "part of the games"},
	{name: "rematches", where: ofTheirGames, secret: []string{"token"}, keep: "part of the games"},
	{name: "notify_settings", where: "player = ?", erase: "DELETE"},
	{name: "push_subscriptions", where: "player = ?", secret: []string{"p256dh", "auth"}, erase: "DELETE"},
	{name: "notify_outbox", where: "player = ?", erase: "DELETE"},
	{name: "seeks", where: "owner_id = ? OR to_id = ? OR taker_id = ?", erase: "ANONYMISE"},
	{name: "lobby_presence", where: "player_id = ?", erase: "DELETE"},
	{name: "ratings", where: "player_id = ?", erase: "DELETE"},
	{name: "rating_history", where: "player_id = ?", erase: "DELETE"},
	{name: "chat", where: "author = ?", erase: "DELETE"},
	{name: "chat_mutes", where: "player_id = ?", erase: "DELETE", eraseWhere: "player_id = ? OR target = ?"},
	{name: "puzzle_players", where: "player_id = ?", erase: "DELETE"},
	{name: "puzzle_attempts", where: "player_id = ?", erase: "DELETE"},
	{name: "blocks", where: "blocker = ?", erase: "DELETE", eraseWhere: "blocker = ? OR blocked = ?"},
	{name: "reports", where: "reporter = ?", secret: []string{"evidence"}, keep: "moderation records, kept for the other players' safety"},
	{name: "roles", where: "player_id = ?", erase: "DELETE"},
	{name: "mod_actions", where: "player_id = ?", secret: []string{"moderator"}, keep: "the moderators' audit log"},
	{name: "engine_marks", where: "player_id = ?", secret: []string{"marked_by"}, keep: "keeps the refunds and the leaderboards right"},
	{name: "rating_refunds", where: "player_id = ?", keep: "the refunds already given"},
	{name: "player_settings", where: "player = ?", erase: "DELETE"},
	{name: "follows", where: "follower = ?", erase: "DELETE", eraseWhere: "follower = ? OR followed = ?"},
	{name: "conditional_moves", where: "player = ?", erase: "DELETE"},
	{name: "tournaments", where: "owner_id = ?", keep: "the events they organised, which others played in"},
	{name: "tournament_players", where: "player_id = ?", erase: "RENAME:name", keep: "the standings of events others played in, under the anonymised name"},
	{name: "tournament_pairings", where: "first_id = ? OR second_id = ?", keep: "the pairings of events others played in"},
	{name: "bots", where: "player_id = ?", erase: "DELETE"},
	{name: "bot_events", where: "bot_id = ?", erase: "DELETE"},
	{name: "player_addresses", where: "player_id = ?", secret: []string{"addr_hash"}, erase: "DELETE"},
	{name: "screening_flags", where: "player_id = ?", erase: "DELETE"},
}

// NotPersonal lists the tables that hold nothing about a player, and
// why.
var NotPersonal = map[string]string{
	"health":            "one row, the last health check",
	"ai_jobs":           "the AI's pending moves, by game",
	"ceremonies":        "a passkey ceremony's challenge, minutes long, by session hash",
	"login_throttle":    "login attempts counted in a window of minutes",
	"notify_keys":       "the server's own Web Push keys",
	"lobby_version":     "one counter",
	"game_watchers":     "how many watch a game, per server",
	"seat_presence":     "which server holds a seat's connection, seconds long",
	"puzzle_ratings":    "the puzzles' own ratings",
	"schema_migrations": "the schema's version",
	"address_salt":      "the server's key of the addresses' hashes",
	"screening_runs":    "how far the automatic screening went, per rating pool",
}

// PersonalTables returns the names of the tables ExportPlayer exports.
func PersonalTables() []string {
	var out []string
	for _, t := range personalTables {
		out = append(out, t.name)
	}
	return out
}

// ErasedTables returns the tables whose rows about a player deleting
// their account deletes.
func ErasedTables() []string {
	var out []string
	for _, t := range personalTables {
		if t.erase == "DELETE" {
			out = append(out, t.name)
		}
	}
	return out
}

// Tables implements PersonalData.
func (s *sqlStore) Tables(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if s.skipLocked != "" { // PostgreSQL
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := s.read.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: tables: %w", err)
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out, wrapErr("tables", "", rows.Err())
}

// ExportPlayer implements PersonalData.
func (s *sqlStore) ExportPlayer(ctx context.Context, player string) (map[string][]map[string]any, error) {
	out := map[string][]map[string]any{}
	for _, t := range personalTables {
		rows, err := s.exportRows(ctx, t, player)
		if err != nil {
			return nil, err
		}
		out[t.name] = rows
	}
	return out, nil
}

func args(where, player string) []any {
	out := make([]any, strings.Count(where, "?"))
	for i := range out {
		out[i] = player
	}
	return out
}

func (s *sqlStore) exportRows(ctx context.Context, t personalTable, player string) ([]map[string]any, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(`SELECT * FROM `+t.name+` WHERE `+t.where), args(t.where, player)...)
	if err != nil {
		return nil, fmt.Errorf("store: export %s: %w", t.name, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, fmt.Errorf("store: export %s: %w", t.name, err)
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("store: export %s: %w", t.name, err)
		}
		row := map[string]any{}
		for i, c := range cols {
			if slices.Contains(t.secret, c) {
				continue
			}
			row[c] = exportValue(vals[i])
		}
		out = append(out, row)
	}
	return out, wrapErr("export", t.name, rows.Err())
}

// exportValue makes a column's value JSON: bytes as base64.
func exportValue(v any) any {
	if b, ok := v.([]byte); ok {
		return base64.StdEncoding.EncodeToString(b)
	}
	return v
}

// erasePersonal is what deleting an account does beyond the players
// row, in DeleteAccount's transaction: every personal table's erase.
func (s *sqlStore) erasePersonal(ctx context.Context, tx *sql.Tx, player, name string) error {
	for _, t := range personalTables {
		var q string
		var a []any
		switch t.erase {
		case "DELETE":
			where := t.where
			if t.eraseWhere != "" {
				where = t.eraseWhere
			}
			q, a = `DELETE FROM `+t.name+` WHERE `+where, args(where, player)
		case "ANONYMISE": // seeks: the names shown
			for _, col := range []string{"owner", "to"} {
				if _, err := tx.ExecContext(ctx, s.rebind(`UPDATE seeks SET `+col+`_name = ? WHERE `+col+`_id = ?`), name, player); err != nil {
					return fmt.Errorf("store: erase %s: %w", t.name, err)
				}
			}
			continue
		default:
			col, ok := strings.CutPrefix(t.erase, "RENAME:")
			if !ok {
				continue
			}
			// The rows stay, under the anonymised name.
			q, a = `UPDATE `+t.name+` SET `+col+` = ? WHERE `+t.where, append([]any{name}, args(t.where, player)...)
		}
		if _, err := tx.ExecContext(ctx, s.rebind(q), a...); err != nil {
			return fmt.Errorf("store: erase %s: %w", t.name, err)
		}
	}
	return nil
}
