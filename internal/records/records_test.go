package records

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/games"
)

// randomGame plays a random game of up to maxPlies plies.
func randomGame(t *testing.T, g game.Game, r *rand.Rand, maxPlies int) (game.State, []string) {
	t.Helper()
	s, err := g.Start(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for range maxPlies {
		ms := s.Moves(nil)
		if len(ms) == 0 {
			break
		}
		m := ms[r.IntN(len(ms))]
		moves = append(moves, s.FormatMove(m))
		s.Play(m)
	}
	return s, moves
}

// TestRoundTrip exports 100 random games of every game, reads them back
// and replays them: the same moves, the same final position.
func TestRoundTrip(t *testing.T) {
	reg := games.Registry()
	r := rand.New(rand.NewPCG(1, 2))
	for _, g := range reg.Games() {
		for i := range 100 {
			end, moves := randomGame(t, g, r, 150+r.IntN(150))
			start, _ := g.Start(game.Options{})
			rec := record.Record{ID: "x", Game: g.Name, Start: start.String(), Moves: moves, Result: end.Result().String(), Reason: end.Reason(), First: "Ada", Second: "level:5"}
			rg := FromRecord(reg, rec)
			if i%3 == 0 && len(rg.Moves) > 0 {
				rg.Moves[0].Comment = "a comment {with braces}"
				rg.Comment = "before the moves"
			}
			var b bytes.Buffer
			if err := Write(&b, rg); err != nil {
				t.Fatal(err)
			}
			back, err := Parse(b.String())
			if err != nil {
				t.Fatalf("%s game %d: %v\n%s", g.Name, i, err, b.String())
			}
			s, err := back.Replay(reg)
			if err != nil {
				t.Fatalf("%s game %d: %v\n%s", g.Name, i, err, b.String())
			}
			if s.String() != end.String() {
				t.Fatalf("%s game %d: got final position %q, want %q", g.Name, i, s.String(), end.String())
			}
			got, err := back.Record(reg)
			if err != nil {
				t.Fatal(err)
			}
			if got.Result != rec.Result || got.Start != rec.Start || strings.Join(got.Moves, " ") != strings.Join(moves, " ") || got.First != "Ada" {
				t.Fatalf("%s game %d: got %+v, want %+v", g.Name, i, got, rec)
			}
			if i%3 == 0 && (len(back.Moves) == 0 || back.Moves[0].Comment != "a comment {with braces)" || back.Comment != "before the moves") {
				t.Fatalf("%s game %d: comments got %q and %q", g.Name, i, back.Comment, back.Moves[0].Comment)
			}
		}
	}
}

const good = `[Game "oshi"]
[First "Ada"]
[Second "level 5"]
[Result "*"]

1. e3e4 e7e6 {quiet} 2. d2d3 ; a line comment
*
`

// TestErrors checks that every kind of bad record is refused with its
// line and, for a move, the move named.
func TestErrors(t *testing.T) {
	reg := games.Registry()
	for _, c := range []struct {
		name, text string
		line, ply  int
		says       string
	}{
		{"unknown tag", "[Game \"oshi\"]\n[Colour \"red\"]\n[Result \"*\"]\n", 2, 0, `unknown tag "Colour"`},
		{"twice", "[Game \"oshi\"]\n[Game \"oshi\"]\n", 2, 0, "given twice"},
		{"no game", "[Result \"*\"]\n1. e3e4 *", 1, 0, "no Game tag"},
		{"no result", "[Game \"oshi\"]\n1. e3e4", 1, 0, "no Result tag"},
		{"bad result", "[Game \"oshi\"]\n[Result \"win\"]\n", 1, 0, "the Result tag is \"win\""},
		{"open value", "[Game \"oshi]\n", 1, 0, "must end on its line"},
		{"unquoted", "[Game oshi]\n", 1, 0, "double quotes"},
		{"open comment", "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 {oops\n", 4, 0, "not closed"},
		{"number", "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 e7e6\n3. d2d4 *", 5, 0, "move number 3. where 2. was expected"},
		{"after result", "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 * e7e6", 4, 0, "text after the result"},
		{"result differs", "[Game \"oshi\"]\n[Result \"1-0\"]\n\n1. e3e4 *", 4, 0, "the moves end with *"},
		{"tag after moves", "[Game \"oshi\"]\n[Result \"*\"]\n1. e3e4\n[Date \"x\"]", 4, 0, "a tag after the moves"},
		{"bad move", "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 e7e6\n2. zz99 *", 5, 3, "not a move of this game's notation"},
		{"illegal move", "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 e7e6 2. e6e5 *", 4, 3, "not a legal move"},
		{"wrong game", "[Game \"chess\"]\n[Result \"*\"]\n\n1. e2e4 *", 1, 0, `unknown game "chess"`},
		{"bad start", "[Game \"oshi\"]\n[Start \"nonsense\"]\n[Result \"*\"]\n", 1, 0, "the Start tag is not a position"},
		{"huge", strings.Repeat("x", MaxBytes+1), 1, 0, "over the limit"},
		{"not utf-8", "[Game \"\xff\"]", 1, 0, "not UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Parse(c.text)
			if err == nil {
				_, err = g.Replay(reg)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if e.Line != c.line || e.Ply != c.ply || !strings.Contains(err.Error(), c.says) {
				t.Errorf("got line %d, move %d, %q; want line %d, move %d, saying %q", e.Line, e.Ply, err, c.line, c.ply, c.says)
			}
		})
	}
}

// TestMoveAfterEnd checks a move after a finished game.
func TestMoveAfterEnd(t *testing.T) {
	reg := games.Registry()
	gm, _, err := reg.Lookup("yoxii")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for {
		end, moves := randomGame(t, gm, r, 400)
		if end.Result() == game.Ongoing {
			continue
		}
		start, _ := gm.Start(game.Options{})
		rec := FromRecord(reg, record.Record{ID: "1", Game: "yoxii", Start: start.String(), Moves: append(moves, moves[0]), Result: end.Result().String()})
		var b bytes.Buffer
		if err := Write(&b, rec); err != nil {
			t.Fatal(err)
		}
		parsed, err := Parse(b.String())
		if err != nil {
			t.Fatal(err)
		}
		_, err = parsed.Replay(reg)
		var e *Error
		if !errors.As(err, &e) || e.Ply != len(moves)+1 || !strings.Contains(err.Error(), "after the end") {
			t.Errorf("got %v, want move %d refused as after the end", err, len(moves)+1)
		}
		return
	}
}

// TestParseGood reads a record with comments of both kinds.
func TestParseGood(t *testing.T) {
	g, err := Parse(good)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 3 || g.Moves[1].Comment != "quiet" || g.Moves[2].Line != 6 || g.Tag("Second") != "level 5" {
		t.Errorf("got %+v", g)
	}
	if _, err := g.Replay(games.Registry()); err != nil {
		t.Error(err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(good)
	f.Add("[Game \"abraxas:board=2\"]\n[Result \"1/2-1/2\"]\n\n1. @bl {x} 2. ; y\n1/2-1/2")
	f.Add("[Event \"a \\\"b\\\" \\\\\"]")
	reg := games.Registry()
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Write(&b, g); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(b.String())
		if err != nil {
			t.Fatalf("a written record does not parse: %v\n%s", err, b.String())
		}
		if len(again.Moves) != len(g.Moves) || len(again.Tags) != len(g.Tags) {
			t.Fatalf("got %d moves and %d tags back, want %d and %d", len(again.Moves), len(again.Tags), len(g.Moves), len(g.Tags))
		}
		g.Replay(reg) //nolint:errcheck // only that it never panics
	})
}
