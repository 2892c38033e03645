package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestPlayHumans(t *testing.T) {
	t.Parallel()
	in := "help\nzz\nb\nb2\nmoves\nundo\nb2\na1\nc3\nc1\na3\nb1\n"
	out, errOut, st := runCmd(t, in, "play", "--vs", "human", "tictactoe")
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	for _, want := range []string{
		"x to move",
		`refused: tictactoe: bad move "zz"`,
		"some legal moves: a1 a2 a3",
		"legal moves starting with b: b1 b2 b3",
		"a1 a2 a3 b1 b3 c1 c2 c3", // moves after b2
		"result: o wins (three in a row)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got output without %q:\n%s", want, out)
		}
	}
}

func TestPlayAgainstAI(t *testing.T) {
	t.Parallel()
	out, _, st := runCmd(t, "hint\nb2\nundo\nresign\nyes\n", "play", "tictactoe", "--level", "1", "--as", "second")
	if st != 0 {
		t.Fatalf("status %d", st)
	}
	if strings.Count(out, "x (level 1) plays") < 1 || !strings.Contains(out, "hint: ") || !strings.Contains(out, "o resigns: x wins.") {
		t.Errorf("got %s, want the AI's moves, a hint and a resignation", out)
	}
	out, _, _ = runCmd(t, "c3\n", "play", "tictactoe", "XX1/OO1/3 x", "--as", "o", "--level", "8")
	if !strings.Contains(out, "x (level 8) plays c3") {
		t.Errorf("got %s, want level 8 to win at once with c3", out)
	}
}

func TestPlayBadFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "tictactoe", "--level", "9"}, "level 9"},
		{[]string{"play", "tictactoe", "--as", "third"}, `bad --as "third"`},
		{[]string{"play", "tictactoe", "--vs", "cat"}, `bad --vs "cat"`},
		{[]string{"play"}, "usage"},
		{[]string{"play", "chess"}, "unknown game"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, st := runCmd(t, "", tc.args...)
			if st != exitBadInput || !strings.Contains(errOut, tc.want) {
				t.Errorf("got status %d, stderr %q, want %d and %q", st, errOut, exitBadInput, tc.want)
			}
		})
	}
}

func TestPrompt(t *testing.T) {
	t.Parallel()
	if got := playerName(game.Game{Players: [2]string{"1", "2"}}, game.Second); got != "player 2" {
		t.Errorf("got %q, want player 2", got)
	}
	reg := registry()
	for _, tc := range []struct {
		id, pos, want string
	}{
		{"abraxas", "2RR1RR2/B6R1/4R1R2/2B6/6RR1/1B1B1R3/R1B1BR1R1/9/9 1 tl 1 take 0-0 0-0 -", "player 1 to take ("},
		{"abraxas", "9/9/9/9/9/9/5B3/3R5/5R3 1 bl 1 interrupt 0-1 2-3 -", "player 1: interrupt with a stop pawn, or pass"},
		{"abraxas", "9/9/9/9/9/9/9/9/9 1 tr 1 play 0-0 3-3 -", "player 1 to move"},
		{"abraxas", "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "player 2 to move (@bl, @br, @tl, @tr)"},
		{"oshi", "", "red to move"},
	} {
		s, err := reg.New(tc.id, tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		g, _, _ := reg.Lookup(tc.id)
		if got := prompt(g, s); !strings.HasPrefix(got, tc.want) || (!strings.HasSuffix(tc.want, "(") && got != tc.want) {
			t.Errorf("%s: got %q, want %q", tc.pos, got, tc.want)
		}
	}
}

// dancer is a tic-tac-toe state whose phase asks for a dance: the
// prompt must come from the state, whatever its position string says.
type dancer struct{ *tictactoe.State }

func (dancer) Phase() game.Phase {
	return game.Phase{Name: "dance", Prompt: game.Text{"en": "{0} to dance", "fr": "{0} danse"}}
}

func TestPromptFromPhase(t *testing.T) {
	t.Parallel()
	s, err := tictactoe.Parse("XX1/OO1/3 x")
	if err != nil {
		t.Fatal(err)
	}
	g := tictactoe.Game()
	if got, want := prompt(g, dancer{s}), "x to dance (a1, b1, c1, c2, c3)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := prompt(g, s), "x to move (a1, b1, c1, c2, c3)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReplay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	records := filepath.Join(dir, "games.jsonl")
	out, errOut, st := runCmd(t, "", "match", "tictactoe", "random", "mcts:iters=100", "--games", "4", "--records", records, "--opening-plies", "2")
	if st != 0 {
		t.Fatalf("match: status %d, %s %s", st, out, errOut)
	}
	data, _ := os.ReadFile(records)
	if n := strings.Count(string(data), "\n"); n != 4 {
		t.Fatalf("got %d records, want 4", n)
	}
	out, _, st = runCmd(t, "\nn\np\nx\nq\n", "replay", records, "3")
	if st != 0 || !strings.Contains(out, "game 3:") || !strings.Contains(out, "ply 2 of") || !strings.Contains(out, "want Enter or n") {
		t.Errorf("got %s, want the game stepped through", out)
	}
	for _, args := range [][]string{{"replay", records, "9"}, {"replay", filepath.Join(dir, "none"), "1"}, {"replay", records}} {
		if _, errOut, st := runCmd(t, "", args...); st != exitBadInput || errOut == "" {
			t.Errorf("%v: got status %d, stderr %q, want an error", args, st, errOut)
		}
	}
}

// TestPromptsInEveryGame plays random games of every offered game and
// checks the prompt names the player to act, and recognises take and
// interrupt decisions from the position string wherever a game has them.
func TestPromptsInEveryGame(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, g := range registry().Games() {
		rng := rand.New(rand.NewPCG(3, 3))
		for n := 0; n < 20; n++ {
			s, err := g.Start(game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 300 && s.Result() == game.Ongoing; ply++ {
				p := prompt(g, s)
				fields := strings.Fields(s.String())
				if !strings.HasPrefix(p, playerName(g, s.ToAct())) {
					t.Fatalf("%s: got prompt %q, want it to name %s", s, p, playerName(g, s.ToAct()))
				}
				for _, phase := range []string{"take", "interrupt"} {
					if slices.Contains(fields, phase) {
						seen[phase] = true
						if !strings.Contains(p, phase) {
							t.Errorf("%s: got prompt %q, want it to say %s", s, p, phase)
						}
					}
				}
				moves := s.Moves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("phases seen: %v", seen)
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	reg := registry()
	for _, tc := range []struct{ id, pos, typed, want string }{
		{"oshi", "", "e3e5", "legal moves starting with e3e: e3e2 e3e4"},
		{"oshi", "", "E3", "legal moves starting with e3: e3d3 e3e2 e3e4 e3f3"},
		{"oxford", "", "a2a4", "legal moves starting with a2a: a2a5"},
		{"oshi", "", "z9", "some legal moves: a1a2 a1a3"},
	} {
		t.Run(tc.id+" "+tc.typed, func(t *testing.T) {
			s, err := reg.New(tc.id, tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := suggest(s, tc.typed); !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want it to start with %q", got, tc.want)
			}
		})
	}
}

// TestPlayDrawsTurns: the board is drawn at the start and after a turn,
// with the turn's squares marked, and not after commands that only tell
// something (help, moves, position, a refused move).
func TestPlayDrawsTurns(t *testing.T) {
	t.Parallel()
	out, _, st := runCmd(t, "help\nmoves\nposition\nzz\ne3e4\n", "play", "oshi", "--vs", "human", "--color", "never")
	if st != 0 {
		t.Fatalf("status %d", st)
	}
	if got := strings.Count(out, "Pieces: S1 D2 T3"); got != 2 {
		t.Errorf("got %d boards, want 2 (the start and after e3e4):\n%s", got, out)
	}
	for _, want := range []string{
		" 4   .  .  .  .>S1  .  .  .  . 4\n", // e3e4 marked where it went
		" 3   .  .  .  .> .  .  .  .  . 3\n", // and where it came from
		"> marks the last move\n",
		"> " + oshiStart + "\n", // the position command
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got output without %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "to act:") {
		t.Errorf("got the player to act said besides the drawing and the prompt:\n%s", out)
	}
}

// oshiStart is Oshi's start position string.
const oshiStart = "t7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -"

// TestPlayResignAsks: resign asks first; anything but yes goes on.
func TestPlayResignAsks(t *testing.T) {
	t.Parallel()
	out, _, st := runCmd(t, "resign\nno\nresign\nyes\nb2\n", "play", "tictactoe", "--vs", "human")
	if st != 0 {
		t.Fatalf("status %d", st)
	}
	if got := strings.Count(out, "Really resign as x?"); got != 2 {
		t.Errorf("got %d questions, want 2:\n%s", got, out)
	}
	if !strings.Contains(out, "Not resigned.") || !strings.Contains(out, "x resigns: o wins.") || strings.Contains(out, "1X1") {
		t.Errorf("got %s, want one refusal to resign, then a resignation that ends the game", out)
	}
}

// TestPlayYoxiiGlyphs: the terminal draws one glyph per value, as the
// browser does: II for a 2.
func TestPlayYoxiiGlyphs(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "c3,2@b2\n", "play", "yoxii", "--vs", "human", "--color", "never")
	for _, want := range []string{"2    >II .  .  .  .\n", "white O II Y X = 1 2 3 4, red o ii y x"} {
		if !strings.Contains(out, want) {
			t.Errorf("got output without %q:\n%s", want, out)
		}
	}
}

// script is an AI that plays given moves in order.
type script struct{ moves []string }

func (a *script) Choose(_ context.Context, s game.State, _ func(ai.Info)) (game.Move, ai.Info, error) {
	if len(a.moves) == 0 {
		return 0, ai.Info{}, errors.New("script: no move left")
	}
	m, err := s.ParseMove(a.moves[0])
	a.moves = a.moves[1:]
	return m, ai.Info{}, err
}

// aiTurn finds in a seeded random Abraxas game a turn of several moves
// in a row, and returns the position before it and its moves.
func aiTurn(t *testing.T) (string, []string) {
	t.Helper()
	s, err := registry().New("abraxas", "")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	before, run := s.String(), []string(nil)
	for ply := 0; ply < 400 && s.Result() == game.Ongoing; ply++ {
		p, moves := s.ToAct(), game.MoveStrings(s)
		mv := moves[rng.IntN(len(moves))]
		if _, err := game.PlayChecked(s, mv); err != nil {
			t.Fatal(err)
		}
		run = append(run, mv)
		if s.ToAct() != p {
			if len(run) >= 2 {
				return before, run
			}
			before, run = s.String(), nil
		}
	}
	t.Fatal("no turn of several moves found")
	return "", nil
}

// TestPlayAITurnAsOne: an AI turn of several moves (Abraxas) is said in
// one line and drawn once, all of it marked.
func TestPlayAITurnAsOne(t *testing.T) {
	t.Parallel()
	pos, run := aiTurn(t)
	var out bytes.Buffer
	e := &env{reg: registry(), stdin: strings.NewReader(""), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	s, err := registry().New("abraxas", pos)
	if err != nil {
		t.Fatal(err)
	}
	as := "second"
	if s.ToAct() == game.Second {
		as = "first"
	}
	ses, err := newSession(e, []string{"abraxas", pos}, 3, as, "ai", false, "never")
	if err != nil {
		t.Fatal(err)
	}
	ses.bot = &script{moves: run}
	ses.run()
	want := fmt.Sprintf("player %d (level 3) plays %s\n", int(s.ToAct())+1, strings.Join(run, ", "))
	if !strings.Contains(out.String(), want) {
		t.Errorf("got output without %q:\n%s", want, out.String())
	}
	if got := strings.Count(out.String(), "Layout: board"); got != 2 {
		t.Errorf("got %d boards, want 2 (the start and after the AI's turn):\n%s", got, out.String())
	}
	if !strings.Contains(out.String(), "> marks the last move") {
		t.Errorf("got no marked squares after the AI's turn %v:\n%s", run, out.String())
	}
}

// TestPlayEndsOnce: the terminal says a game's result once, even for a
// game whose own drawing says it, and tells the person playing the AI
// whether they won (issue 30, stumble 12's terminal).
func TestPlayEndsOnce(t *testing.T) {
	t.Parallel()
	out, _, _ := runCmd(t, "", "play", "oxford", "6/5o/6/6/2O3/6/O3O1/6 y", "--as", "red")
	if n := strings.Count(strings.ToLower(out), "result:"); n != 1 {
		t.Errorf("result lines: got %d, want 1:\n%s", n, out)
	}
	if !strings.Contains(out, "You lose.") {
		t.Errorf("got %s, want red told it lost", out)
	}
	out, _, _ = runCmd(t, "c3\n", "play", "tictactoe", "XX1/OO1/3 x", "--as", "o", "--level", "8")
	if !strings.Contains(out, "You lose.") || strings.Contains(out, "You win!") {
		t.Errorf("got %s, want o told it lost", out)
	}
	out, _, _ = runCmd(t, "c3\n", "play", "tictactoe", "XX1/OO1/3 x", "--as", "x", "--level", "1")
	if !strings.Contains(out, "x (you) to move") || !strings.Contains(out, "You win!") {
		t.Errorf("got %s, want x named as you, then told it won", out)
	}
}
