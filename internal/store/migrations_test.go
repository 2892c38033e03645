package store

import (
	"slices"
	"testing"
	"testing/fstest"
)

func TestLoadMigrations(t *testing.T) {
	t.Parallel()
	file := func(sql string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(sql)} }
	for _, tc := range []struct {
		name  string
		files []string
		want  []int // versions; nil when an error is wanted
	}{
		{"in order", []string{"0001_a.sql", "0002_b.sql"}, []int{1, 2}},
		{"gaps allowed", []string{"0004_d.sql", "0001_a.sql"}, []int{1, 4}},
		{"duplicate", []string{"0001_a.sql", "0002_b.sql", "0002_c.sql"}, nil},
		{"zero", []string{"0000_a.sql"}, nil},
		{"no number", []string{"games.sql"}, nil},
		{"not sql", []string{"0001_a.txt"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fsys := fstest.MapFS{}
			for _, f := range tc.files {
				fsys["migrations/x/"+f] = file("SELECT 1")
			}
			ms, err := loadMigrations(fsys, "x")
			var got []int
			for _, m := range ms {
				got = append(got, m.version)
			}
			if (err != nil) != (tc.want == nil) || !slices.Equal(got, tc.want) {
				t.Errorf("got %v, %v, want %v", got, err, tc.want)
			}
		})
	}
}

// TestDialectsAgree: both stores must reach the same schema version, so
// every migration exists for both dialects under the same number.
func TestDialectsAgree(t *testing.T) {
	t.Parallel()
	names := func(dialect string) []string {
		ms, err := loadMigrations(migrations, dialect)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, m.name)
		}
		return out
	}
	if s, p := names("sqlite"), names("postgres"); !slices.Equal(s, p) {
		t.Errorf("got sqlite %v, postgres %v, want the same migrations", s, p)
	}
}
