package records

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrSyntax is wrapped by every error of a text that is not a record;
// ErrRules by every error of moves the rules refuse.
var (
	ErrSyntax = errors.New("records: not a game record")
	ErrRules  = errors.New("records: the moves break the rules")
)

// MaxBytes bounds a record's text: a game of any of the four games fits
// many times over, and a huge paste is refused before it is read.
const MaxBytes = 1 << 20

// tagNames are the names a record may carry, in the order they are
// written.
var tagNames = [...]string{"Event", "Site", "Date", "Game", "Start", "First", "Second",
	"FirstRating", "SecondRating", "TimeControl", "Rated", "Result", "Reason", "Id"}

// Tags returns the names a record may carry, in the order they are
// written; Game and Result are required.
func Tags() []string { return slices.Clone(tagNames[:]) }

// The results of a record's Result tag and movetext.
const (
	FirstWins  = "1-0"
	SecondWins = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// Tag is one tag of a record.
type Tag struct {
	Name, Value string
}

// Move is one move in the rules' notation, with the comment after it and
// the line it was read from.
type Move struct {
	Text    string
	Comment string
	Line    int
}

// Game is one game's record.
type Game struct {
	Tags    []Tag
	Comment string // before the first move
	Moves   []Move
}

// Tag returns the value of a tag, "" when absent.
func (g Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, keeping the order of Tags; an empty value removes it.
func (g *Game) SetTag(name, value string) {
	g.Tags = slices.DeleteFunc(g.Tags, func(t Tag) bool { return t.Name == name })
	if value == "" {
		return
	}
	g.Tags = append(g.Tags, Tag{name, value})
	slices.SortStableFunc(g.Tags, func(a, b Tag) int { return slices.Index(tagNames[:], a.Name) - slices.Index(tagNames[:], b.Name) })
}

// Error is an error at a place of a record's text: its line, and the
// move (1-based ply) when one is at fault.
type Error struct {
	Line int
	Ply  int    // 0 when no move is at fault
	Move string // the move's text
	Err  error
}

// Error says where and what, as a sentence.
func (e *Error) Error() string {
	msg := strings.TrimPrefix(e.Err.Error(), "records: ")
	if e.Ply > 0 {
		return fmt.Sprintf("records: line %d, move %d (%s): %s", e.Line, e.Ply, e.Move, msg)
	}
	return fmt.Sprintf("records: line %d: %s", e.Line, msg)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func syntaxAt(line int, format string, args ...any) error {
	return &Error{Line: line, Err: fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, args...)...)}
}

// escape quotes a tag value.
func escape(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(s) + `"`
}
