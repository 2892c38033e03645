package lab

import (
	"strings"
	"testing"
)

// TestMerge: a run replaces the run of the same id, source and level,
// and the runs stay ordered.
func TestMerge(t *testing.T) {
	t.Parallel()
	var f File
	f.Merge(Report{ID: "g:x=2", Source: SelfPlay, Level: 5, Stats: Stats{Games: 1}})
	f.Merge(Report{ID: "g", Source: SelfPlay, Level: 8})
	f.Merge(Report{ID: "g", Source: SelfPlay, Level: 2})
	f.Merge(Report{ID: "g:x=2", Source: SelfPlay, Level: 5, Stats: Stats{Games: 9}})
	f.Merge(Report{ID: "g", Source: Human})
	var got []string
	for _, r := range f.Runs {
		got = append(got, r.ID+" "+r.Source+" "+string(rune('0'+r.Level)))
	}
	want := "g human 0,g self-play 2,g self-play 8,g:x=2 self-play 5"
	if strings.Join(got, ",") != want {
		t.Errorf("got runs %v, want %s", got, want)
	}
	if f.Runs[3].Games != 9 {
		t.Errorf("got %d games in the replaced run, want 9", f.Runs[3].Games)
	}
}

// TestReadFile: empty input is an empty file, bad JSON an error.
func TestReadFile(t *testing.T) {
	t.Parallel()
	if f, err := ReadFile(strings.NewReader("  \n")); err != nil || f.Game != "" || len(f.Runs) != 0 {
		t.Errorf("empty: got %+v, %v; want an empty file", f, err)
	}
	if _, err := ReadFile(strings.NewReader("{runs")); err == nil {
		t.Error("bad JSON: got no error")
	}
	f, err := ReadFile(strings.NewReader(`{"game":"g","runs":[{"id":"g","source":"self-play","level":2,"games":3}]}`))
	if err != nil || f.Game != "g" || len(f.Runs) != 1 || f.Runs[0].Games != 3 {
		t.Errorf("got %+v, %v; want one run of 3 games", f, err)
	}
}

// TestWriteTable: the table shows each rate with its interval and the
// branching per tenth.
func TestWriteTable(t *testing.T) {
	t.Parallel()
	r := Report{ID: "tictactoe", Source: SelfPlay, Player: "random", Judge: "ab:depth=9",
		Stats: Summarize([]Observed{{Result: 1, Branching: []int{9, 8, 7, 6, 5}, FirstMove: "b2"}})}
	var b strings.Builder
	if err := WriteTable(&b, r); err != nil {
		t.Fatal(err)
	}
	words := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{"first player wins 100.0% [20.7%, 100.0%] 1/1", "branching per tenth of the game: 9.0 - 8.0 - 7.0 - 6.0 - 5.0 -", "b2 1/1/0", "judged by ab:depth=9"} {
		if !strings.Contains(words, want) {
			t.Errorf("got table\n%s\nwant it to hold %q", b.String(), want)
		}
	}
}
