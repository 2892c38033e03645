package record

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// ErrBadRecord is wrapped by every error about a record's text.
var ErrBadRecord = errors.New("bad record")

// maxLine bounds one record line, so a corrupt file cannot exhaust memory.
const maxLine = 4 << 20

// Record is one game.
type Record struct {
	ID     string   `json:"id"`               // unique within a file
	Game   string   `json:"game"`             // game id, options included
	Start  string   `json:"start"`            // position string the game started from
	Moves  []string `json:"moves"`            // every move, in notation
	Result string   `json:"result"`           // ongoing, first, second or draw
	Reason string   `json:"reason,omitempty"` // how it ended, as State.Reason says
	First  string   `json:"first,omitempty"`  // who played first: an agent spec or a name
	Second string   `json:"second,omitempty"` // who played second
}

// Write writes one record as one line.
func Write(w io.Writer, r Record) error {
	if r.Moves == nil {
		r.Moves = []string{}
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}

// Parse reads one record line and checks its fields.
func Parse(line string) (Record, error) {
	var r Record
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("record: %w: %w", ErrBadRecord, err)
	}
	if dec.More() {
		return Record{}, fmt.Errorf("record: %w: more than one object on the line", ErrBadRecord)
	}
	switch {
	case r.ID == "":
		return Record{}, fmt.Errorf("record: %w: no id", ErrBadRecord)
	case r.Game == "":
		return Record{}, fmt.Errorf("record: %w %q: no game", ErrBadRecord, r.ID)
	case r.Start == "":
		return Record{}, fmt.Errorf("record: %w %q: no start position", ErrBadRecord, r.ID)
	}
	switch r.Result {
	case "ongoing", "first", "second", "draw":
	default:
		return Record{}, fmt.Errorf("record: %w %q: result %q (want ongoing, first, second or draw)", ErrBadRecord, r.ID, r.Result)
	}
	return r, nil
}

// Read reads every record of a file; blank lines are skipped. An error
// names the line.
func Read(rd io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var out []Record
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		r, err := Parse(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	return out, nil
}

// Play replays a record through the registry and returns the final
// state, whose history Undo can step back through. It fails when a move
// is illegal, or when the moves finish the game with another result than
// the record's. Moves that leave the game ongoing may carry any result:
// a resignation, or a match's ply cap counted as a draw.
func Play(reg *game.Registry, r Record) (game.State, error) {
	s, err := reg.New(r.Game, r.Start)
	if err != nil {
		return nil, fmt.Errorf("record %q: %w", r.ID, err)
	}
	for i, mv := range r.Moves {
		if _, err := game.PlayChecked(s, mv); err != nil {
			return nil, fmt.Errorf("record %q, move %d: %w", r.ID, i+1, err)
		}
	}
	if got := s.Result().String(); s.Result() != game.Ongoing && got != r.Result {
		return nil, fmt.Errorf("record %q: %w: the moves end %s, the record says %s", r.ID, ErrBadRecord, got, r.Result)
	}
	return s, nil
}
