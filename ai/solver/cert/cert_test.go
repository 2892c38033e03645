package cert_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/ai/solver/cert"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// prove builds a certificate for the player to act after moves, with the
// prover or (ab) the alpha-beta solver, or fails the test.
func prove(t *testing.T, start game.State, id string, moves []string, ab bool) *cert.Certificate {
	t.Helper()
	s := played(t, start, moves)
	r, strategy := solver.NewProver(18).Strategy(context.Background(), s, s.ToAct(), solver.Limits{Nodes: 2_000_000})
	if ab {
		r, strategy = solver.New(18).Strategy(context.Background(), s, s.ToAct(), solver.Limits{Nodes: 2_000_000})
	}
	if r.Value != solver.Win || strategy == nil {
		t.Fatalf("after %v: got %v (strategy %v), want a proved win", moves, r.Value, strategy != nil)
	}
	return &cert.Certificate{Game: id, Moves: moves, Winner: s.ToAct(), Strategy: strategy}
}

// played is start after moves.
func played(t *testing.T, start game.State, moves []string) game.State {
	t.Helper()
	s := start.Clone()
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	return s
}

func tttStart(t *testing.T) game.State {
	t.Helper()
	s, err := tictactoe.Game().Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCheckAcceptsProofs(t *testing.T) {
	t.Parallel()
	start := tttStart(t)
	for _, moves := range [][]string{{"a1", "b1"}, {"b2", "a2"}, {"a1", "b2", "c3", "a3"}} {
		for _, ab := range []bool{false, true} {
			c := prove(t, start, "tictactoe", moves, ab)
			st, err := cert.Check(start, c)
			if err != nil {
				t.Fatalf("after %v (alpha-beta %v): got %v, want the certificate accepted", moves, ab, err)
			}
			if st.Positions == 0 || st.Plies == 0 {
				t.Errorf("after %v (alpha-beta %v): got %+v, want positions and plies counted", moves, ab, st)
			}
		}
	}
}

// TestCheckRejectsCorrupted corrupts a good certificate in every way the
// checker must notice.
func TestCheckRejectsCorrupted(t *testing.T) {
	t.Parallel()
	start := tttStart(t)
	good := prove(t, start, "tictactoe", []string{"a1", "b1"}, false)
	keys := slices.Sorted(maps.Keys(good.Strategy))
	for _, tc := range []struct {
		name    string
		corrupt func(c *cert.Certificate)
	}{
		{"a move changed to a legal losing one", func(c *cert.Certificate) { c.Strategy[keys[0]] = "c1" }},
		{"a move changed to an illegal one", func(c *cert.Certificate) { c.Strategy[keys[0]] = "b1" }},
		{"a move removed", func(c *cert.Certificate) { delete(c.Strategy, keys[len(keys)/2]) }},
		{"every move removed", func(c *cert.Certificate) { clear(c.Strategy) }},
		{"the other winner", func(c *cert.Certificate) { c.Winner = c.Winner.Other() }},
		{"an illegal line", func(c *cert.Certificate) { c.Moves = []string{"a1", "a1"} }},
		{"another line", func(c *cert.Certificate) { c.Moves = []string{"b2", "a1"} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &cert.Certificate{Game: good.Game, Moves: slices.Clone(good.Moves), Winner: good.Winner, Strategy: maps.Clone(good.Strategy)}
			tc.corrupt(c)
			if _, err := cert.Check(start, c); !errors.Is(err, cert.ErrBad) {
				t.Errorf("got %v, want an error wrapping ErrBad", err)
			}
		})
	}
}

func TestWriteRead(t *testing.T) {
	t.Parallel()
	start := tttStart(t)
	c := prove(t, start, "tictactoe", []string{"a1", "b1"}, false)
	var buf bytes.Buffer
	if err := c.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := cert.Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != c.Game || !slices.Equal(got.Moves, c.Moves) || got.Winner != c.Winner || !maps.Equal(got.Strategy, c.Strategy) {
		t.Errorf("got %+v, want %+v", got, c)
	}
	for _, bad := range []string{"", "plateau-certificate 1\ngame x\n", strings.Replace(buf.String(), "winner 1", "winner 3", 1),
		buf.String() + "zz c3\n"} {
		if _, err := cert.Read(strings.NewReader(bad)); !errors.Is(err, cert.ErrBad) {
			t.Errorf("reading %q: got %v, want an error wrapping ErrBad", bad, err)
		}
	}
}

// TestCompact writes certificates as sequences, checks them after a
// round trip through the file format, and rejects corrupted sequences.
func TestCompact(t *testing.T) {
	t.Parallel()
	start := tttStart(t)
	for _, moves := range [][]string{{"a1", "b1"}, {"b2", "a2"}} {
		c, err := cert.Compact(start, prove(t, start, "tictactoe", moves, true))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := c.Write(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := cert.Read(bytes.NewReader(buf.Bytes()))
		if err != nil || !slices.Equal(back.Sequence, c.Sequence) || len(c.Sequence) == 0 {
			t.Fatalf("after %v: got %v, %v, want the sequence %v back", moves, back, err, c.Sequence)
		}
		if _, err := cert.Check(start, back); err != nil {
			t.Fatalf("after %v: got %v, want the compact certificate accepted", moves, err)
		}
		if again, err := cert.Compact(start, back); err != nil || !slices.Equal(again.Sequence, c.Sequence) {
			t.Fatalf("after %v: compacting it again got %v, %v, want the same sequence", moves, again, err)
		}
		for name, seq := range map[string][]string{
			"a move changed":    append([]string{"c1"}, c.Sequence[1:]...),
			"the last left out": c.Sequence[:len(c.Sequence)-1],
			"one move too many": append(slices.Clone(c.Sequence), "a1"),
		} {
			bad := &cert.Certificate{Game: c.Game, Moves: c.Moves, Winner: c.Winner, Sequence: seq}
			if _, err := cert.Check(start, bad); !errors.Is(err, cert.ErrBad) {
				t.Errorf("after %v, %s: got %v, want an error wrapping ErrBad", moves, name, err)
			}
		}
	}
}
