package records

import (
	"errors"
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
)

// results maps record results to the JSON lines' and back.
var results = map[string]string{FirstWins: "first", SecondWins: "second", Draw: "draw", Unfinished: "ongoing"}

// Replay plays a record's moves from its start through the registry's
// rules and returns the final state, whose history Undo steps back
// through. An error names the line and the move: a move that does not
// parse or is not legal, a move after the end, or moves that end the
// game otherwise than the Result tag says.
func (g Game) Replay(reg *game.Registry) (game.State, error) {
	id := g.Tag("Game")
	if _, _, err := reg.Lookup(id); err != nil {
		return nil, &Error{Line: 1, Err: fmt.Errorf("%w: unknown game %q", ErrRules, id)}
	}
	s, err := reg.New(id, g.Tag("Start"))
	if err != nil {
		return nil, &Error{Line: 1, Err: fmt.Errorf("%w: the Start tag is not a position of %s", ErrRules, id)}
	}
	for i, m := range g.Moves {
		if _, err := game.PlayChecked(s, m.Text); err != nil {
			return nil, &Error{Line: m.Line, Ply: i + 1, Move: m.Text, Err: fmt.Errorf("%w: %s", ErrRules, why(err))}
		}
	}
	if s.Result() != game.Ongoing {
		if got, want := s.Result().String(), results[g.Tag("Result")]; got != want {
			line := 1
			if n := len(g.Moves); n > 0 {
				line = g.Moves[n-1].Line
			}
			return nil, &Error{Line: line, Err: fmt.Errorf("%w: the moves end the game with %s, but the Result tag says %s", ErrRules, result(s.Result()), g.Tag("Result"))}
		}
	}
	return s, nil
}

// why says in words what the rules refused.
func why(err error) string {
	switch {
	case errors.Is(err, game.ErrGameOver):
		return "a move after the end of the game"
	case errors.Is(err, game.ErrIllegalMove):
		return "not a legal move here"
	case errors.Is(err, game.ErrBadMove):
		return "not a move of this game's notation"
	}
	return err.Error()
}

func result(r game.Result) string {
	for k, v := range results {
		if v == r.String() {
			return k
		}
	}
	return Unfinished
}

// FromRecord turns a JSON lines record into a readable one; the Start
// tag is left out when the game starts from its usual position.
func FromRecord(reg *game.Registry, r record.Record) Game {
	var g Game
	g.SetTag("Game", r.Game)
	if s, err := reg.New(r.Game, ""); err != nil || s.String() != r.Start {
		g.SetTag("Start", r.Start)
	}
	g.SetTag("First", r.First)
	g.SetTag("Second", r.Second)
	g.SetTag("Result", result(resultOf(r.Result)))
	g.SetTag("Reason", r.Reason)
	g.SetTag("Id", r.ID)
	for _, m := range r.Moves {
		g.Moves = append(g.Moves, Move{Text: m})
	}
	return g
}

func resultOf(s string) game.Result {
	for _, r := range []game.Result{game.FirstWins, game.SecondWins, game.Draw} {
		if r.String() == s {
			return r
		}
	}
	return game.Ongoing
}

// Record turns a readable record into a JSON lines one; its start is the
// Start tag, or the game's usual start.
func (g Game) Record(reg *game.Registry) (record.Record, error) {
	r := record.Record{ID: g.Tag("Id"), Game: g.Tag("Game"), Start: g.Tag("Start"), Moves: []string{},
		Result: results[g.Tag("Result")], Reason: g.Tag("Reason"), First: g.Tag("First"), Second: g.Tag("Second")}
	if r.ID == "" {
		r.ID = "1"
	}
	if r.Start == "" {
		s, err := reg.New(r.Game, "")
		if err != nil {
			return record.Record{}, fmt.Errorf("records: %w", err)
		}
		r.Start = s.String()
	}
	for _, m := range g.Moves {
		r.Moves = append(r.Moves, m.Text)
	}
	return r, nil
}
