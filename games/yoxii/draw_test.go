package yoxii

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

func TestDraw(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		pos   string
		color bool
	}{
		{"start", StartPosition, false},
		{"jumps", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", false},
		{"jumps_color", "yxo/i1o1y/2iY3/YIOTOI1/4X2/5/3 w", true},
		{"finished", "3/5/7/7/6O/1oiy1/XTX w", false},
		{"draw", "3/5/7/7/4o2/xoO2/TXI w", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := s.Draw(tc.color)
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}
