package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/lab"
	"github.com/plateau-games/plateau/internal/store"
)

// labStoreGames reads the finished games of id between two human seats
// from a store, a page at a time, and observes them.
func labStoreGames(e *env, dsn, id string, judge lab.NewAgent) ([]lab.Observed, error) {
	_, pid, err := e.reg.Lookup(id)
	if err != nil {
		return nil, err
	}
	id = pid.String() // the store keeps canonical ids: options sorted
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, nil)
	if err != nil {
		return nil, fmt.Errorf("plateau: --db: %w", err)
	}
	defer func() { _ = st.Close() }() // read only: nothing to lose
	results := map[string]game.Result{"first": game.FirstWins, "second": game.SecondWins, "draw": game.Draw}
	var out []lab.Observed
	f := store.Filter{Status: "finished", Limit: 200}
	for {
		page, err := st.Records(ctx, f)
		if err != nil {
			return nil, fmt.Errorf("plateau: --db: %w", err)
		}
		for _, g := range page {
			res, ok := results[g.Result]
			if g.Game != id || !ok || g.Seats[0].Kind != store.Human || g.Seats[1].Kind != store.Human {
				continue
			}
			o, err := labStoreGame(ctx, e, g, res, judge, uint64(len(out)))
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		if len(page) < f.Limit {
			return out, nil
		}
		last := page[len(page)-1]
		f.After = store.Cursor{UpdatedAt: last.UpdatedAt, ID: last.ID}
	}
}

func labStoreGame(ctx context.Context, e *env, g store.Game, res game.Result, judge lab.NewAgent, seed uint64) (lab.Observed, error) {
	s, err := e.reg.New(g.Game, g.Start)
	if err != nil {
		return lab.Observed{}, fmt.Errorf("plateau: game %s: %w", g.ID, err)
	}
	moves := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		moves[i] = m.Text
	}
	o, err := lab.Replay(ctx, s, moves, res, judge, seed)
	if err != nil {
		return lab.Observed{}, fmt.Errorf("plateau: game %s: %w", g.ID, err)
	}
	return o, nil
}

// labMerge adds rep to the data file at path, creating it; the file
// names the game without options.
func labMerge(path string, reg *game.Registry, rep lab.Report) error {
	g, _, err := reg.Lookup(rep.ID)
	if err != nil {
		return err
	}
	var data lab.File
	if r, err := os.Open(path); err == nil {
		data, err = lab.ReadFile(r)
		_ = r.Close() // read only
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	} else if !os.IsNotExist(err) {
		return fmt.Errorf("lab: %w", err)
	}
	if data.Game != "" && data.Game != g.Name {
		return fmt.Errorf("lab: %s holds %s's data, not %s's", path, data.Game, g.Name)
	}
	data.Game = g.Name
	data.Merge(rep)
	b, err := json.MarshalIndent(data, "", "  ")
	if err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	return nil
}
