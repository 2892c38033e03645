package puzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// Sentinel errors, checked with errors.Is.
var (
	// ErrBadPuzzle says a puzzle's data is wrong: a position that does
	// not parse, a solution that is not legal or not the only win.
	ErrBadPuzzle = errors.New("puzzles: bad puzzle")
	// ErrNoPuzzle says no puzzle has the id asked for.
	ErrNoPuzzle = errors.New("puzzles: no such puzzle")
)

// The kinds of puzzle (Puzzle.Kind).
const (
	// KindWin is a puzzle whose solution is the only move that forces a
	// win; the files leave it out.
	KindWin = ""
	// KindSave is a "save the game" puzzle: every move but the solution
	// is proved lost, and the solution is proved not lost.
	KindSave = "save"
	// KindDeep names, to the miner only, the win puzzles longer than
	// ExhaustivePlies, found by the solvers; they are of KindWin.
	KindDeep = "deep"
)

// Puzzle is one position with exactly one move that forces a win within
// Plies decisions (the move itself counted), found by the miner and
// proved by an exhaustive search, or (a deep puzzle, beyond
// ExhaustivePlies) proved by the solvers the only winning move; or, of
// KindSave, one position where
// every move but one lets the opponent force a win within Plies
// decisions (the move itself counted) and that one is proved not lost.
type Puzzle struct {
	ID       string   `json:"id"`             // stable: derived from game and position
	Game     string   `json:"game"`           // game id, options included
	Kind     string   `json:"kind,omitempty"` // KindWin or KindSave
	Position string   `json:"position"`       // position string, the solver to act
	Solution string   `json:"solution"`       // the only move that forces the win, or that saves
	Plies    int      `json:"plies"`          // the win (of a save: every loss) is forced within this many decisions
	Moves    int      `json:"moves"`          // legal moves of the position, for the rating guess
	Tags     []string `json:"tags"`           // features of the solution, then its themes
	Rating   float64  `json:"rating"`         // initial rating (Glicko-2 scale, 1500 average)
}

// Theme names a pattern of a game's puzzles: a puzzle whose tags include
// every tag of When gets the tag "theme:"+Name. A game's themes are data
// (games/<game>/data/themes.json), so that the code names no game.
type Theme struct {
	Name  string    `json:"name"`
	When  []string  `json:"when"`
	Title game.Text `json:"title"`
}

// Themes reads a themes file and checks its texts.
func Themes(data []byte) ([]Theme, error) {
	var ts []Theme
	if err := json.Unmarshal(data, &ts); err != nil {
		return nil, fmt.Errorf("puzzles: themes: %w", err)
	}
	for _, t := range ts {
		if t.Name == "" || strings.ContainsAny(t.Name, " :") {
			return nil, fmt.Errorf("puzzles: theme name %q", t.Name)
		}
		if err := t.Title.Check("theme " + t.Name); err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
	}
	return ts, nil
}

// Decode reads a puzzle file: a JSON array of puzzles.
func Decode(data []byte) ([]Puzzle, error) {
	var ps []Puzzle
	if err := json.Unmarshal(data, &ps); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return ps, nil
}

// Encode writes puzzles as a JSON array, one puzzle a line, so that a
// re-mined file differs from the old one line by line.
func Encode(ps []Puzzle) ([]byte, error) {
	var b strings.Builder
	b.WriteString("[\n")
	for i, p := range ps {
		line, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		b.Write(line)
		if i < len(ps)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return []byte(b.String()), nil
}

// Verify proves p: its position parses and is ongoing, its solution is
// legal, forces a win within p.Plies decisions, and is the only move
// that does (by exhaustive search up to ExhaustivePlies; beyond, a deep
// puzzle, the solvers prove it the only move that wins at all); the tags
// are those of the solution's features and themes. A KindSave puzzle is
// proved by verifySave instead. It returns an error wrapping
// ErrBadPuzzle.
func Verify(reg *game.Registry, themes []Theme, p Puzzle) error {
	s, m, err := parsePuzzle(reg, p)
	if err != nil {
		return err
	}
	if id := ID(p.Game, p.Position); p.ID != id {
		return fmt.Errorf("%w %s: id should be %s", ErrBadPuzzle, p.ID, id)
	}
	// The cheap checks first: a deep puzzle's proof takes seconds.
	prove, want := verifyWin, Tags(s, m, p.Plies, themes)
	switch p.Kind {
	case KindWin:
	case KindSave:
		prove, want = verifySave, SaveTags(s, m, themes)
	default:
		return fmt.Errorf("%w %s: unknown kind %q", ErrBadPuzzle, p.ID, p.Kind)
	}
	if !slices.Equal(want, p.Tags) {
		return fmt.Errorf("%w %s: tags %v, want %v", ErrBadPuzzle, p.ID, p.Tags, want)
	}
	if err := prove(s, m, p.Plies); err != nil {
		return fmt.Errorf("%w %s: %w", ErrBadPuzzle, p.ID, err)
	}
	return nil
}

// verifyWin proves a win puzzle: up to ExhaustivePlies by exhaustive
// search (m is the only move that forces a win within plies), beyond by
// the solvers (verifyDeep: m is the only move that wins at all).
func verifyWin(s game.State, m game.Move, plies int) error {
	if plies > ExhaustivePlies {
		return verifyDeep(s, m, plies)
	}
	wins, _ := winsWithin(s, plies, 0)
	if len(wins) != 1 || wins[0] != m {
		return fmt.Errorf("%d moves force a win within %d plies, want only %s", len(wins), plies, s.FormatMove(m))
	}
	return nil
}

// parsePuzzle returns p's position, ongoing, and its solution, legal
// there, with p.Plies positive.
func parsePuzzle(reg *game.Registry, p Puzzle) (game.State, game.Move, error) {
	s, err := reg.New(p.Game, p.Position)
	if err != nil {
		return nil, 0, fmt.Errorf("%w %s: %w", ErrBadPuzzle, p.ID, err)
	}
	if s.Result() != game.Ongoing || p.Plies < 1 {
		return nil, 0, fmt.Errorf("%w %s: finished position or no plies", ErrBadPuzzle, p.ID)
	}
	m, err := s.ParseMove(p.Solution)
	if err != nil || !slices.Contains(s.Moves(nil), m) {
		return nil, 0, fmt.Errorf("%w %s: solution %q is not legal", ErrBadPuzzle, p.ID, p.Solution)
	}
	return s, m, nil
}

// ID derives a puzzle's id from its game and position (FNV-1a, 64 bits,
// in hex), so that mining the same position twice gives the same id.
func ID(gameID, position string) string {
	h := uint64(14695981039346656037)
	for _, c := range []byte(gameID + " " + position) {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}
