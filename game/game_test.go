package game_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func registry() *game.Registry {
	g := tictactoe.Game()
	g.Options = []game.Option{{Name: "size", Default: "3", Values: []string{"3"}}}
	return game.NewRegistry(g)
}

func TestParseID(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
		err      bool
	}{
		{"oshi", "oshi", false},
		{"Oxford:Variant=beginner", "oxford:variant=beginner", false},
		{"abraxas:push=free,board=2", "abraxas:board=2,push=free", false},
		{"", "", true},
		{"oshi:", "", true},
		{"oshi:board", "", true},
		{"oshi:board=1,board=2", "", true},
		{"o shi", "", true},
		{"abraxas:board=2,", "", true},
		{"é", "", true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			id, err := game.ParseID(tc.in)
			if tc.err {
				if !errors.Is(err, game.ErrBadID) {
					t.Errorf("got %v, want an error wrapping ErrBadID", err)
				}
				return
			}
			if err != nil || id.String() != tc.want {
				t.Errorf("got %q, %v, want %q", id.String(), err, tc.want)
			}
		})
	}
}

func TestRegistryLookup(t *testing.T) {
	t.Parallel()
	reg := registry()
	for _, tc := range []struct{ id, err string }{
		{"tictactoe", ""},
		{"tictactoe:size=3", ""},
		{"chess", `game: bad game id "chess": unknown game "chess" (known: tictactoe)`},
		{"tictactoe:size=4", `game: bad game id "tictactoe:size=4": option size=4 (want one of 3)`},
		{"tictactoe:colour=red", `game: bad game id "tictactoe:colour=red": tictactoe has no option "colour"`},
	} {
		t.Run(tc.id, func(t *testing.T) {
			_, _, err := reg.Lookup(tc.id)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.err {
				t.Errorf("got error %q, want %q", got, tc.err)
			}
		})
	}
}

func TestPlayChecked(t *testing.T) {
	t.Parallel()
	reg := registry()
	for _, tc := range []struct {
		pos, move string
		want      error
	}{
		{"", "b2", nil},
		{"", " B2 ", nil},
		{"", "d4", game.ErrBadMove},
		{"1X1/3/3 o", "b3", game.ErrIllegalMove},
		{"XXX/OO1/3 o", "c2", game.ErrGameOver},
	} {
		t.Run(tc.pos+" "+tc.move, func(t *testing.T) {
			s, err := reg.New("tictactoe", tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			before := s.String()
			_, err = game.PlayChecked(s, tc.move)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if err != nil && s.String() != before {
				t.Errorf("a refused move changed the position to %q", s.String())
			}
			if err == nil && s.String() == before {
				t.Errorf("an accepted move left the position unchanged")
			}
		})
	}
}

func TestPerftAgreesWithoutBulk(t *testing.T) {
	t.Parallel()
	s, _ := registry().New("tictactoe", "")
	for d := 1; d <= 5; d++ {
		if a, b := game.Perft(s, d), game.PerftNoBulk(s, d); a != b {
			t.Errorf("depth %d: bulk %d, no bulk %d", d, a, b)
		}
	}
	if got := game.Perft(s, 0); got != 1 {
		t.Errorf("perft 0: got %d, want 1", got)
	}
	var sum uint64
	for _, n := range game.Divide(s, 4) {
		sum += n
	}
	if want := game.Perft(s, 4); sum != want {
		t.Errorf("divide sums to %d, want %d", sum, want)
	}
}

func TestResultStrings(t *testing.T) {
	t.Parallel()
	for r, want := range map[game.Result]string{game.Ongoing: "ongoing", game.FirstWins: "first", game.SecondWins: "second", game.Draw: "draw"} {
		if r.String() != want {
			t.Errorf("got %q, want %q", r.String(), want)
		}
	}
	if p, ok := game.Win(game.Second).Winner(); !ok || p != game.Second {
		t.Errorf("Win(Second).Winner() = %v, %v", p, ok)
	}
}

func TestAppendRows(t *testing.T) {
	t.Parallel()
	// A 3-5-3 board with pieces at the ends and the middle.
	lens := []int{3, 5, 3}
	cells := map[[2]int]byte{{2, 0}: 'A', {1, 2}: 'b', {1, 4}: 'C', {0, 1}: 'd'}
	got := string(game.AppendRows([]byte("x:"), 3,
		func(r int) int { return lens[r] },
		func(r, f int) byte { return cells[[2]int{r, f}] }))
	if want := "x:A2/2b1C/1d1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	empty := string(game.AppendRows(nil, 2, func(int) int { return 9 }, func(int, int) byte { return 0 }))
	if empty != "9/9" {
		t.Errorf("empty board: got %q, want %q", empty, "9/9")
	}
}

// every says s in every language.
func every(s string) game.Text {
	t := game.Text{}
	for _, l := range game.Languages() {
		t[l] = s + " (" + l + ")"
	}
	return t
}

func TestText(t *testing.T) {
	t.Parallel()
	tx := game.Text{"en": "Red", "fr": "Rouge"}
	for _, tc := range []struct{ lang, want string }{{"en", "Red"}, {"fr", "Rouge"}, {"de", "Red"}} { // German missing: English
		if got := tx.In(tc.lang); got != tc.want {
			t.Errorf("In(%q): got %q, want %q", tc.lang, got, tc.want)
		}
	}
	if err := tx.Check("colour"); err == nil || !strings.Contains(err.Error(), "no de text") {
		t.Errorf("got %v for a text without German, want it named", err)
	}
	if err := every("Red").Check("colour"); err != nil {
		t.Errorf("got %v for a complete text", err)
	}
	if err := (game.Text{"en": "Red", "fr": " "}).Check("colour"); err == nil {
		t.Error("got no error for a blank French text")
	}
}

func TestGameCheckAndIDs(t *testing.T) {
	t.Parallel()
	g := tictactoe.Game()
	if err := g.Check(); err != nil {
		t.Fatalf("tictactoe: %v", err)
	}
	g.Options = []game.Option{
		{Name: "size", Default: "3", Values: []string{"3", "4"}, Label: every("Size"),
			Labels: map[string]game.Text{"3": every("3"), "4": every("4")}},
		{Name: "rule", Default: "b", Values: []string{"a", "b"}, Label: every("Rule"),
			Labels: map[string]game.Text{"a": every("A"), "b": {"en": "B"}}},
	}
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "rule=b") {
		t.Errorf("got %v, want an error about rule=b's missing labels", err)
	}
	got := strings.Join(g.IDs(), " ")
	want := "tictactoe:rule=a tictactoe tictactoe:rule=a,size=4 tictactoe:size=4"
	if got != want {
		t.Errorf("got ids %q, want %q", got, want)
	}
}

func TestMarkCell(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cell  string
		color bool
		want  string
	}{
		{" . ", false, ">. "},
		{"[O]", false, ">O]"},
		{"", false, ""},
		{" \x1b[31mR\x1b[0m ", true, "\x1b[7m \x1b[31mR\x1b[0m\x1b[7m \x1b[0m"},
	} {
		if got := game.MarkCell(tc.cell, tc.color); got != tc.want {
			t.Errorf("MarkCell(%q, %v): got %q, want %q", tc.cell, tc.color, got, tc.want)
		}
	}
}

func TestFolder(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{"data/lessons.json": {Data: []byte("{}")}, "other.json": {Data: []byte("[]")}}
	sub := game.Folder(files, "data")
	if b, err := fs.ReadFile(sub, "lessons.json"); err != nil || string(b) != "{}" {
		t.Errorf("Folder(data): lessons.json = %q, %v; want {}, no error", b, err)
	}
	if _, err := fs.ReadFile(sub, "other.json"); err == nil {
		t.Error("Folder(data): got other.json, a file outside the folder")
	}
	if got := game.Folder(files, "../x"); got != nil {
		t.Errorf("Folder(../x): got %v, want nil", got)
	}
}
