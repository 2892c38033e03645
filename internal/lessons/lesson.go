package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// ErrNoLesson says a game has no lesson.
var ErrNoLesson = errors.New("lessons: no lesson")

// Lesson is one game's lesson: short steps, each on a real position.
type Lesson struct {
	Game  string    `json:"game"` // game name; a step may add options
	Title game.Text `json:"title"`
	Steps []Step    `json:"steps"`
}

// Step teaches one rule: it sets a position, states the rule in one
// sentence and asks for a move that uses it.
type Step struct {
	Rule     string    `json:"rule"`           // a stable word for the rule taught ("impasse")
	ID       string    `json:"id,omitempty"`   // game id with options; the lesson's game when empty
	Position string    `json:"position"`       // where the step starts
	Says     game.Text `json:"says"`           // the rule, in one sentence
	Task     game.Text `json:"task"`           // what to do
	Accept   []string  `json:"accept"`         // moves that do it, as patterns (see Accepts)
	Wins     bool      `json:"wins,omitempty"` // every accepted move wins the game at once
	Miss     game.Text `json:"miss"`           // said after a legal move that is not accepted
	Done     game.Text `json:"done"`           // said after an accepted move
	Wrong    []Wrong   `json:"wrong"`          // refused moves the lesson shows how they are explained
}

// Wrong is a move the rules refuse, with the explanation a learner sees:
// the game's (game.Explain) when it has one, else the step's own Why.
type Wrong struct {
	Move string    `json:"move"` // as a front end asks: a move or the squares clicked so far
	Why  game.Text `json:"why"`
}

// GameID returns the game id of a step's position.
func (l Lesson) GameID(st Step) string {
	if st.ID != "" {
		return st.ID
	}
	return l.Game
}

// Accepts reports whether a step accepts a legal move: a pattern of
// Accept matches it ("d7*" any move starting with d7) and no pattern
// written with a leading "^" does ("^!*": no stop pawn).
func (st Step) Accepts(move string) bool {
	ok := false
	for _, a := range st.Accept {
		not := strings.HasPrefix(a, "^")
		if match(strings.TrimPrefix(a, "^"), move) {
			if not {
				return false
			}
			ok = true
		}
	}
	return ok
}

func match(pattern, move string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(move, p)
	}
	return pattern == move
}

// File is the name of a lesson's file in its game's Data.
const File = "lessons.json"

// Load reads the lesson of each game of reg that has one, the file File
// of its game.Game.Data, in the registry's order, and checks each.
func Load(reg *game.Registry) ([]Lesson, error) {
	var out []Lesson
	for _, g := range reg.Games() {
		name := g.Name
		if g.Data == nil {
			continue
		}
		data, err := fs.ReadFile(g.Data, File)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("lessons: %w", err)
		}
		if data, err = game.FillTexts(g, data); err != nil {
			return nil, fmt.Errorf("lessons: %s: %w", name, err)
		}
		var l Lesson
		if err := json.Unmarshal(data, &l); err != nil {
			return nil, fmt.Errorf("lessons: %s: %w", name, err)
		}
		if l.Game != name {
			return nil, fmt.Errorf("lessons: %s's %s is about %q", name, File, l.Game)
		}
		if err := Check(reg, l); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Find returns the lesson of a game.
func Find(ls []Lesson, name string) (Lesson, error) {
	i := slices.IndexFunc(ls, func(l Lesson) bool { return l.Game == name })
	if i < 0 {
		return Lesson{}, fmt.Errorf("%w for %q", ErrNoLesson, name)
	}
	return ls[i], nil
}
