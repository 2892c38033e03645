package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/store"
)

// screenDB screens the rated players of a game's pool on the database:
// a player flagged against the norm (a file written by plateau screen
// --out) is queued for the moderators as a "screening" report, once
// while it is open.
func screenDB(e *env, db, normFile, gameID string, sc *screening.Screener) int {
	norm, err := readNorm(normFile)
	if err != nil {
		return fail(e, err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db, nil)
	if err != nil {
		return fail(e, err)
	}
	defer closeStore(e, st)
	ms, ok := st.(store.Moderation)
	if !ok {
		return fail(e, errors.New("plateau screen: this database keeps no reports"))
	}
	rows, err := ms.PoolRatings(ctx, gameID, 1000)
	if err != nil {
		return fail(e, err)
	}
	flagged := 0
	for _, p := range rows {
		c, err := candidate(ctx, st, gameID, p)
		if err != nil {
			return fail(e, err)
		}
		v, err := sc.Judge(ctx, norm, c)
		if err != nil {
			return fail(e, err)
		}
		fmt.Fprintf(e.stdout, "%s %.0f: %s\n", p.Player, p.R, v.Note())
		if v.Flagged {
			flagged++
			if err := queue(ctx, ms, c, v); err != nil {
				return fail(e, err)
			}
		}
	}
	fmt.Fprintf(e.stdout, "plateau: %d players screened, %d flagged\n", len(rows), flagged)
	return exitOK
}

// readNorms reads --screen-norms: GAME=FILE, comma separated.
func readNorms(list string) (map[string]screening.Norm, error) {
	out := map[string]screening.Norm{}
	for _, item := range splitList(list) {
		gameID, file, ok := strings.Cut(item, "=")
		if !ok || gameID == "" {
			return nil, fmt.Errorf("%w: --screen-norms wants GAME=FILE, not %q", errUsage, item)
		}
		norm, err := readNorm(file)
		if err != nil {
			return nil, err
		}
		out[gameID] = norm
	}
	return out, nil
}

func readNorm(file string) (screening.Norm, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("plateau screen: %w", err)
	}
	var norm screening.Norm
	if err := json.Unmarshal(raw, &norm); err != nil || len(norm) == 0 {
		return nil, fmt.Errorf("%w: %s is not a norm written by plateau screen --out", errUsage, file)
	}
	return norm, nil
}

// candidate gathers a player's finished rated games of the pool.
func candidate(ctx context.Context, st store.Store, gameID string, p store.PlayerRating) (screening.Candidate, error) {
	c := screening.Candidate{Player: p.Player, Rating: p.R}
	list, err := st.List(ctx, store.Filter{Status: "finished", Player: p.Player, Limit: 200})
	if err != nil {
		return c, err
	}
	for _, sm := range list {
		if !sm.Rated || sm.Game != gameID {
			continue
		}
		g, err := st.Load(ctx, sm.ID)
		if err != nil {
			return c, err
		}
		sg := screening.Game{ID: g.ID, Kind: g.Game, Start: g.Start}
		if g.Seats[1].Player == p.Player {
			sg.Seat = 1
		}
		for _, m := range g.Moves {
			sg.Moves = append(sg.Moves, m.Text)
		}
		c.Games = append(c.Games, sg)
	}
	return c, nil
}

// queue files a screening report unless one about the player is open.
func queue(ctx context.Context, ms store.Moderation, c screening.Candidate, v screening.Verdict) error {
	reps, err := ms.ReportsAbout(ctx, c.Player)
	if err != nil {
		return err
	}
	for _, r := range reps {
		if r.Reason == moderation.ScreeningReason && r.Status == moderation.Open {
			return nil
		}
	}
	now := time.Now()
	r := moderation.Report{Reporter: "screening", Reported: c.Player, Reason: moderation.ScreeningReason, Note: v.Note(),
		Status: moderation.Open, Created: now}
	if len(c.Games) > 0 {
		last := c.Games[0]
		r.GameID, r.Evidence = last.ID, moderation.Evidence{Game: last.ID, Kind: last.Kind, Moves: last.Moves}
	}
	_, err = ms.AddReport(ctx, r, 1<<30, now.Add(-24*time.Hour))
	return err
}
