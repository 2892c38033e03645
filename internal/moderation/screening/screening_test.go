package screening_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/moderation/screening"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestGame: a game played by the reference engine itself matches it on
// every move with a choice and loses nothing; a player who throws a won
// position loses win probability.
func TestGame(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(tictactoe.Game())
	sc := &screening.Screener{Registry: reg, Reference: screening.Reference(9)}
	// X takes the centre and a corner, O answers badly; X then misses
	// its win (b3 would win) once.
	stats, err := sc.Game(context.Background(), "tictactoe", "", []string{"b2", "a1", "c3", "a3", "a2", "b1", "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if stats[0].Moves == 0 || stats[1].Moves == 0 {
		t.Fatalf("got %+v, want moves for both", stats)
	}
	if stats[1].Loss <= 0 {
		t.Errorf("O's loss: got %v, want some (it blundered)", stats[1].Loss)
	}
	if _, err := sc.Game(context.Background(), "tictactoe", "", []string{"b2", "zz"}); err == nil {
		t.Errorf("a bad move: got no error")
	}
}

// TestFlag: honest play is not flagged; a match rate far above the
// rating's norm with a low loss is, and only over enough moves.
func TestFlag(t *testing.T) {
	t.Parallel()
	n := screening.Norm{{Rating: 1000, Match: 0.3, Loss: 0.10}, {Rating: 2000, Match: 0.6, Loss: 0.03}}
	for _, tc := range []struct {
		s    screening.Stats
		r    float64
		want bool
	}{
		{screening.Stats{Moves: 200, Matches: 90, Loss: 200 * 0.065}, 1500, false}, // honest at 1500: 45%
		{screening.Stats{Moves: 200, Matches: 150, Loss: 200 * 0.02}, 1000, true},  // 75% at 1000
		{screening.Stats{Moves: 50, Matches: 45, Loss: 50 * 0.01}, 1000, false},    // too few moves
		{screening.Stats{Moves: 200, Matches: 150, Loss: 200 * 0.2}, 1000, false},  // matches but loses much
		{screening.Stats{Moves: 200, Matches: 130, Loss: 200 * 0.02}, 2500, false}, // above the top point: its norm
	} {
		z, got := n.Flag(tc.s, tc.r)
		if got != tc.want {
			t.Errorf("%+v at %v: got %v (z %.2f), want %v", tc.s, tc.r, got, z, tc.want)
		}
	}
	if p := n.At(1500); fmt.Sprintf("%.2f %.3f", p.Match, p.Loss) != "0.45 0.065" {
		t.Errorf("At(1500): got %+v, want the middle", p)
	}
}

// TestJudge: a candidate who plays the reference's moves in every game
// is flagged against a norm of weaker honest play; one judged on too
// few moves is not.
func TestJudge(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(tictactoe.Game())
	sc := &screening.Screener{Registry: reg, Reference: screening.Reference(9)}
	// The reference's own game from the empty board.
	perfect := []string{}
	s, _ := reg.New("tictactoe", "")
	for s.Result() == game.Ongoing {
		m := bestOf(t, reg, perfect)
		perfect = append(perfect, m)
		mv, _ := s.ParseMove(m)
		s.Play(mv)
	}
	var games []screening.Game
	for i := range 60 {
		games = append(games, screening.Game{ID: fmt.Sprint(i), Kind: "tictactoe", Moves: perfect, Seat: 0})
	}
	norm := screening.Norm{{Rating: 1500, Match: 0.4, Loss: 0.1}}
	v, err := sc.Judge(context.Background(), norm, screening.Candidate{Player: "p", Rating: 1500, Games: games})
	if err != nil {
		t.Fatal(err)
	}
	// Ties between equally good moves keep the match rate below 1.
	if !v.Flagged || v.Stats.MatchRate() < 0.7 || v.Stats.Loss != 0 || v.Note() == "" {
		t.Errorf("perfect play: got %+v, want flagged, matching at least 70%%, losing nothing", v)
	}
	if v, _ := sc.Judge(context.Background(), norm, screening.Candidate{Rating: 1500, Games: games[:2]}); v.Flagged {
		t.Errorf("two games: got flagged, want too few moves")
	}
}

// bestOf is the reference's first choice after moves.
func bestOf(t *testing.T, reg *game.Registry, moves []string) string {
	t.Helper()
	s, _ := reg.New("tictactoe", "")
	for _, m := range moves {
		mv, _ := s.ParseMove(m)
		s.Play(mv)
	}
	a, err := agent.New(screening.Reference(9), 1)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := a.Choose(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.FormatMove(m)
}

// TestCalibration: honest levels fit a norm that rises with the level
// and judge each level's windows; a few honest games flag nobody.
func TestCalibration(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays AI games")
	}
	sc := &screening.Screener{Registry: games.Registry(), Reference: screening.Reference(2)}
	c := screening.Calibration{GameID: "oshi", Games: 4, Window: 1, Opening: 4, Seed: 1, Workers: 2}
	norm, res, err := c.Run(context.Background(), sc, []int{1, 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(norm) != 2 || norm[1].Match <= norm[0].Match || norm[1].Rating <= norm[0].Rating {
		t.Errorf("norm: got %+v, want match rising with the rating", norm)
	}
	for _, r := range res {
		if r.Players != 4 || r.Fit.Moves == 0 || r.Flags != 0 {
			t.Errorf("level %d: got %d players, %d moves fitted, %d flagged; want 4, some, 0", r.Level, r.Players, r.Fit.Moves, r.Flags)
		}
	}
}
