package gametest

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// PerftCase is one position with its expected perft counts.
type PerftCase struct {
	Name     string
	ID       string // game id with options, e.g. "abraxas:board=6"
	Position string // "" for the start position
	Counts   []PerftCount
	Line     int
}

// PerftCount is one expected "perft D N".
type PerftCount struct {
	Depth int
	Nodes uint64
}

// ReadPerftFile reads a testdata/*.perft file. Its format, one directive a
// line, blank lines and #-comments ignored:
//
//	name   <free text>          starts a case
//	game   <game id>            (default: the previous case's)
//	position <position string>  (default: the start position)
//	perft  <depth> <nodes>      one or more
func ReadPerftFile(path string) ([]PerftCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() //nolint:errcheck // only read: a close cannot lose anything
	var cases []PerftCase
	id := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimSpace(val)
		if key != "name" && len(cases) == 0 {
			return nil, fmt.Errorf("%s:%d: %q before the first name line", path, n, key)
		}
		c := &PerftCase{}
		if len(cases) > 0 {
			c = &cases[len(cases)-1]
		}
		switch key {
		case "name":
			cases = append(cases, PerftCase{Name: val, ID: id, Line: n})
		case "game":
			c.ID, id = val, val
		case "position":
			c.Position = val
		case "perft":
			d, nodes, err := parseCount(val)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			c.Counts = append(c.Counts, PerftCount{d, nodes})
		default:
			return nil, fmt.Errorf("%s:%d: unknown directive %q", path, n, key)
		}
	}
	return cases, sc.Err()
}

func parseCount(s string) (int, uint64, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("want \"perft <depth> <nodes>\", got %q", s)
	}
	d, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.ParseUint(f[1], 10, 64)
	if err1 != nil || err2 != nil || d < 1 {
		return 0, 0, fmt.Errorf("bad perft line %q", s)
	}
	return d, n, nil
}

// RunPerftFile checks every case of a perft file against reg. Counts
// above maxNodes are skipped in -short mode, so that the race-detector
// run stays quick while a plain run checks everything.
func RunPerftFile(t *testing.T, reg *game.Registry, path string, maxNodes uint64) {
	t.Helper()
	cases, err := ReadPerftFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no perft cases", path)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			s, err := reg.New(c.ID, c.Position)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, c.Line, err)
			}
			if s.String() != c.Position && c.Position != "" {
				t.Errorf("position %q reads back as %q", c.Position, s.String())
			}
			for _, pc := range c.Counts {
				if testing.Short() && pc.Nodes > maxNodes {
					continue
				}
				if got := game.Perft(s, pc.Depth); got != pc.Nodes {
					t.Errorf("%s:%d: perft %d: got %d, want %d", path, c.Line, pc.Depth, got, pc.Nodes)
				}
			}
		})
	}
}
