package lab

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Sources of a report's games.
const (
	SelfPlay = "self-play"
	Human    = "human"
)

// Report is one run of the lab: a game id, where its games came from,
// how they were played and judged, and their statistics.
type Report struct {
	ID           string `json:"id"`               // game id with options, "abraxas:board=2"
	Source       string `json:"source"`           // SelfPlay or Human
	Level        int    `json:"level,omitempty"`  // self-play: the level of both sides, 0 for another spec
	Player       string `json:"player,omitempty"` // self-play: the agent spec of both sides
	Judge        string `json:"judge,omitempty"`  // the agent spec that judged mid-game
	OpeningPlies int    `json:"opening_plies"`    // random plies opening each self-play game
	Seed         uint64 `json:"seed"`
	Start        string `json:"start,omitempty"` // self-play: the start position when not the game's own
	Stats
}

// File is the lab's data for one game, all its options and levels: the
// JSON the server serves for the game's rules page.
type File struct {
	Game string   `json:"game"`
	Runs []Report `json:"runs"`
}

// ReadFile parses a game's data; an empty input is an empty file.
func ReadFile(r io.Reader) (File, error) {
	var f File
	b, err := io.ReadAll(r)
	if err != nil {
		return f, fmt.Errorf("lab: %w", err)
	}
	if len(strings.TrimSpace(string(b))) == 0 {
		return f, nil
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return f, fmt.Errorf("lab: bad data file: %w", err)
	}
	return f, nil
}

// Merge puts r into f in place of any run of the same id, source and
// level, and keeps the runs in order of id, source and level.
func (f *File) Merge(r Report) {
	same := func(x Report) bool { return x.ID == r.ID && x.Source == r.Source && x.Level == r.Level }
	f.Runs = slices.DeleteFunc(f.Runs, same)
	f.Runs = append(f.Runs, r)
	slices.SortStableFunc(f.Runs, func(a, b Report) int {
		return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Source, b.Source), cmp.Compare(a.Level, b.Level))
	})
}

// WriteTable prints a report for people: every measure with its 95%
// interval, and the branching factor per tenth of the games.
func WriteTable(w io.Writer, r Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	who := r.Source
	if r.Player != "" {
		who += ", " + r.Player
	}
	fmt.Fprintf(tw, "%s (%s): %d games (%d distinct), %d random opening plies, seed %d\n", r.ID, who, r.Games, r.Distinct, r.OpeningPlies, r.Seed)
	if r.Start != "" {
		fmt.Fprintf(tw, "from %s\n", r.Start)
	}
	rate := func(name string, x Rate) {
		fmt.Fprintf(tw, "%s\t%.1f%%\t[%.1f%%, %.1f%%]\t%d/%d\n", name, 100*x.Rate, 100*x.Lo, 100*x.Hi, x.Count, x.N)
	}
	rate("first player wins", r.FirstWins)
	rate("second player wins", r.SecondWins)
	rate("draws", r.Draws)
	fmt.Fprintf(tw, "length (plies)\t%.1f\t[%.1f, %.1f]\t%d capped\n", r.Length.Mean, r.Length.Lo, r.Length.Hi, r.Capped)
	rate("decisiveness", r.Decisive)
	rate("first scorer wins", r.FirstScorerWins)
	rate("second player scores first", r.SecondScoresFirst)
	fmt.Fprintf(tw, "first score at ply\t%.1f\t[%.1f, %.1f]\t%d games\n", r.FirstScorePly.Mean, r.FirstScorePly.Lo, r.FirstScorePly.Hi, r.FirstScorePly.N)
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	_, err := fmt.Fprintln(w, tail(r))
	if err != nil {
		return fmt.Errorf("lab: %w", err)
	}
	return nil
}

// tail is the end of the table: branching, first moves, the judge.
func tail(r Report) string {
	var b strings.Builder
	b.WriteString("branching per tenth of the game:")
	for _, x := range r.Branching {
		if x.Plies == 0 {
			b.WriteString(" -")
			continue
		}
		fmt.Fprintf(&b, " %.1f", x.Mean)
	}
	b.WriteString("\nby first move (games, first player's wins, draws):")
	for _, o := range r.FirstMoves {
		fmt.Fprintf(&b, " %s %d/%d/%d", o.Move, o.Games, o.FirstWins, o.Draws)
	}
	if r.Judge != "" {
		fmt.Fprintf(&b, "\ndecisiveness judged by %s at mid-game (side ahead: win probability beyond 0.5±%.2f)", r.Judge, Margin)
	}
	return b.String()
}
