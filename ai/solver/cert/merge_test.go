package cert_test

import (
	"context"
	"errors"
	"testing"

	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/ai/solver/cert"
	"github.com/plateau-games/plateau/game"
)

// proveFor proves that winner wins after moves and returns the
// certificate.
func proveFor(t *testing.T, start game.State, moves []string, winner game.Player) *cert.Certificate {
	t.Helper()
	s := played(t, start, moves)
	r, strategy := solver.NewProver(18).Strategy(context.Background(), s, winner, solver.Limits{Nodes: 2_000_000})
	if strategy == nil {
		t.Fatalf("after %v: got %v and no strategy, want player %d's win proved", moves, r.Value, int(winner)+1)
	}
	return &cert.Certificate{Game: "tictactoe", Moves: moves, Winner: winner, Strategy: strategy}
}

// TestMerge: after a1 b1 b2 (X threatens c3, then forks), a certificate
// for each of O's six replies merge into one that X wins after a1 b1 b2,
// which passes Check; so does one certificate after X's b2 into one
// after a1 b1, where X acts. Five replies of six, another winner or
// another line are refused.
func TestMerge(t *testing.T) {
	t.Parallel()
	start := tttStart(t)
	line := []string{"a1", "b1", "b2"}
	var cs []*cert.Certificate
	for _, reply := range []string{"a2", "a3", "b3", "c1", "c2", "c3"} {
		cs = append(cs, proveFor(t, start, append(append([]string(nil), line...), reply), game.First))
	}
	merged, err := cert.Merge(start, line, cs)
	if err != nil {
		t.Fatalf("got %v, want the six replies merged", err)
	}
	if _, err := cert.Check(start, merged); err != nil || merged.Sequence == nil || merged.Winner != game.First {
		t.Fatalf("got %+v, %v, want a compact certificate of X's win that passes Check", merged, err)
	}
	if got, err := cert.Merge(start, line[:2], cs[:1]); err == nil {
		t.Errorf("got %v, want a certificate two moves after the line refused", got)
	}
	up, err := cert.Merge(start, line[:2], []*cert.Certificate{proveFor(t, start, line, game.First)})
	if err != nil {
		t.Fatalf("got %v, want X's move merged where X acts", err)
	}
	if _, err := cert.Check(start, up); err != nil {
		t.Fatalf("got %v, want the certificate after a1 b1 accepted", err)
	}
	other := *cs[0]
	other.Winner = game.Second
	for name, bad := range map[string][]*cert.Certificate{
		"five replies of six": cs[:5],
		"another winner":      append([]*cert.Certificate{&other}, cs[1:]...),
		"nothing":             nil,
	} {
		if _, err := cert.Merge(start, line, bad); !errors.Is(err, cert.ErrBad) {
			t.Errorf("%s: got %v, want an error wrapping ErrBad", name, err)
		}
	}
}
