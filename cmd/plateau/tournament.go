package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// seriesStore is what the series command needs of the store.
type seriesStore interface {
	CreateTournament(ctx context.Context, t store.Tournament) error
}

func cmdTournament(e *env, args []string) int {
	fs := newFlags(e, "tourney", "--series ID --game GAME --format FORMAT --name NAME --starts TIME --every DURATION [flags]", `
Create an official recurring series of tournaments: its first edition
starts at --starts (RFC 3339) and each edition, when it ends, creates
the next one --every later (e.g. 168h for weekly). Running the command
again with the same --series changes nothing. Servers on the database
run the editions (docs/tournaments.md).`)
	db := fs.String("db", "plateau.db", "SQLite file, or postgres:// DSN")
	series := fs.String("series", "", "the series' id (letters and digits)")
	gameID := fs.String("game", "", "game id with options, e.g. abraxas:board=2")
	format := fs.String("format", "arena", "roundrobin, swiss, arena, knockout or league")
	name := fs.String("name", "", "the events' name")
	starts := fs.String("starts", "", "the first edition's start, RFC 3339")
	every := fs.Duration("every", 7*24*time.Hour, "time between two editions' starts")
	roundTime := fs.Duration("round-time", time.Hour, "a round's hard deadline; an arena's length")
	rounds := fs.Int("rounds", 5, "Swiss: rounds")
	division := fs.Int("division", 10, "round robin, league: players per division")
	minPlayers := fs.Int("min-players", 4, "fewer at the start cancels the edition")
	games := fs.Int("games", 0, "games per pairing: 0 from the lab's first-player edge, 1, or 2 (colour-swapped pair)")
	tc := fs.String("time-control", "", "the games' clock (default 3d/0, an arena 3+2)")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	at, err := time.Parse(time.RFC3339, *starts)
	if err != nil {
		return fail(e, fmt.Errorf("%w: --starts: %w", errUsage, err))
	}
	c := tournaments.Config{Settings: tournaments.Settings{Format: tournaments.Format(*format), Name: *name, Rounds: *rounds,
		MinPlayers: *minPlayers, Division: *division, RoundTime: *roundTime, StartsAt: at.UTC(), Games: *games,
		Entry: tournaments.Entry{Timeouts: -1}}, TimeControl: *tc, Every: *every}
	t, err := seriesEdition(e, c, *series, *gameID, time.Now())
	if err != nil {
		return fail(e, err)
	}
	st, err := store.Open(context.Background(), *db, nil)
	if err != nil {
		return fail(e, err)
	}
	defer closeStore(e, st)
	ss, ok := st.(seriesStore)
	if !ok {
		return fail(e, errors.New("plateau: this database keeps no tournaments"))
	}
	if err := ss.CreateTournament(context.Background(), t); errors.Is(err, store.ErrTourExists) {
		fmt.Fprintf(e.stdout, "plateau: series %s exists already: nothing changed\n", *series)
		return exitOK
	} else if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "plateau: series %s created, first edition %s at %s\n", *series, t.ID, t.StartsAt.Format(time.RFC3339))
	return exitOK
}

// seriesEdition checks the settings and builds a series' first edition.
func seriesEdition(e *env, c tournaments.Config, series, gameID string, now time.Time) (store.Tournament, error) {
	if series == "" || strings.Trim(strings.ToLower(series), "abcdefghijklmnopqrstuvwxyz0123456789") != "" || len(series) > 40 {
		return store.Tournament{}, fmt.Errorf("%w: --series: 1 to 40 letters and digits", errUsage)
	}
	_, id, err := e.reg.Lookup(gameID)
	if err != nil {
		return store.Tournament{}, fmt.Errorf("%w: --game: %w", errUsage, err)
	}
	if c.Every < time.Hour {
		return store.Tournament{}, fmt.Errorf("%w: --every: an hour at least", errUsage)
	}
	if c.TimeControl == "" {
		c.TimeControl = "3d/0"
		if c.Format == tournaments.FormatArena {
			c.TimeControl = "3+2"
		}
	}
	if err := c.Validate(now); err != nil {
		return store.Tournament{}, fmt.Errorf("%w: %w", errUsage, err)
	}
	return store.Tournament{ID: tournaments.SeriesEditionID(series, 1), Game: id.String(), Format: string(c.Format), Name: c.Name,
		Settings: tournaments.EncodeConfig(c), Owner: "", SeriesID: series, Edition: 1, State: store.TourOpen,
		StartsAt: c.StartsAt, CreatedAt: now, Due: c.StartsAt}, nil
}
