package gametest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/gametest"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// recorder is a testing.TB that records failures instead of failing, so
// that the suite itself can be tested against broken games.
type recorder struct {
	testing.TB
	msgs []string
}

type fatal struct{}

func (r *recorder) Helper()      {}
func (r *recorder) Failed() bool { return len(r.msgs) > 0 }
func (r *recorder) Errorf(format string, a ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any)  { r.Errorf(format, a...); panic(fatal{}) }
func (r *recorder) Fatal(a ...any)                  { r.Errorf("%s", fmt.Sprint(a...)); panic(fatal{}) }
func (r *recorder) Error(a ...any)                  { r.Errorf("%s", fmt.Sprint(a...)) }
func (r *recorder) Logf(format string, args ...any) {}

func runRecorded(t *testing.T, g game.Game) []string {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if v := recover(); v != nil && v != (fatal{}) {
				panic(v)
			}
		}()
		gametest.Run(r, g, gametest.Config{Playouts: 20})
	}()
	return r.msgs
}

// wrap builds a game whose states are made by mk from tic-tac-toe states.
func wrap(mk func(*tictactoe.State) game.State) game.Game {
	g := tictactoe.Game()
	g.Start = func(game.Options) (game.State, error) { return mk(&tictactoe.State{}), nil }
	g.Parse = func(_ game.Options, pos string) (game.State, error) {
		s, err := tictactoe.Parse(pos)
		if err != nil {
			return nil, err
		}
		return mk(s), nil
	}
	return g
}

// undoForgetsHash keeps a counter in its hash that Undo does not restore.
type undoForgetsHash struct {
	*tictactoe.State
	n uint64
}

func (s *undoForgetsHash) Play(m game.Move) { s.State.Play(m); s.n++ }
func (s *undoForgetsHash) Hash() uint64 {
	return s.State.Hash() + s.n*0 + boolBit(s.n > 0 && s.n%2 == 0)
}
func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// sharedClone returns itself from Clone.
type sharedClone struct{ *tictactoe.State }

func (s sharedClone) Clone() game.State { return s }

// dupMoves lists every move twice.
type dupMoves struct{ *tictactoe.State }

func (s dupMoves) Moves(dst []game.Move) []game.Move {
	n := len(dst)
	dst = s.State.Moves(dst)
	return append(dst, dst[n:]...)
}

// shouting formats moves in upper case.
type shouting struct{ *tictactoe.State }

func (s shouting) FormatMove(m game.Move) string { return strings.ToUpper(s.State.FormatMove(m)) }

// movesAfterEnd keeps offering moves after the game is over.
type movesAfterEnd struct{ *tictactoe.State }

func (s movesAfterEnd) Moves(dst []game.Move) []game.Move {
	if s.State.Result() != game.Ongoing {
		return append(dst, 0)
	}
	return s.State.Moves(dst)
}

func TestSuiteCatchesBrokenGames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		g    game.Game
		want string
	}{
		{"hash not restored", wrap(func(s *tictactoe.State) game.State { return &undoForgetsHash{State: s} }), "hash"},
		{"clone shares state", wrap(func(s *tictactoe.State) game.State { return sharedClone{s} }), "clone"},
		{"duplicate moves", wrap(func(s *tictactoe.State) game.State { return dupMoves{s} }), "listed twice"},
		{"upper-case moves", wrap(func(s *tictactoe.State) game.State { return shouting{s} }), "not canonical"},
		{"moves after the end", wrap(func(s *tictactoe.State) game.State { return movesAfterEnd{s} }), "finished"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs := runRecorded(t, tc.g)
			if len(msgs) == 0 {
				t.Fatalf("got no failure, want one mentioning %q", tc.want)
			}
			if all := strings.Join(msgs, "\n"); !strings.Contains(all, tc.want) {
				t.Errorf("got failures %q, want one mentioning %q", all, tc.want)
			}
		})
	}
	if msgs := runRecorded(t, tictactoe.Game()); len(msgs) != 0 {
		t.Errorf("a correct game failed: %q", msgs)
	}
}

func TestExamplePerftFile(t *testing.T) {
	t.Parallel()
	gametest.RunPerftFile(t, game.NewRegistry(tictactoe.Game()), "testdata/example.perft", 1000)
}

func TestGolden(t *testing.T) {
	t.Parallel()
	path := t.TempDir() + "/board.golden"
	golden := func(got string, update bool) []string {
		r := &recorder{TB: t}
		func() {
			defer func() {
				if v := recover(); v != nil && v != (fatal{}) {
					panic(v)
				}
			}()
			gametest.Golden(r, path, got, update)
		}()
		return r.msgs
	}
	if msgs := golden("a board", false); len(msgs) == 0 || !strings.Contains(msgs[0], "-update") {
		t.Errorf("missing golden file: got %q, want a failure pointing at -update", msgs)
	}
	if msgs := golden("a board", true); len(msgs) != 0 {
		t.Errorf("update: got failures %q, want none", msgs)
	}
	if msgs := golden("a board", false); len(msgs) != 0 {
		t.Errorf("same text: got failures %q, want none", msgs)
	}
	if msgs := golden("another board", false); len(msgs) != 1 {
		t.Errorf("different text: got %q, want one failure", msgs)
	}
}
