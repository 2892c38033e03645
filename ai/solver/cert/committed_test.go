package cert_test

import (
	"compress/gzip"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/ai/solver/cert"
	"github.com/plateau-games/plateau/games"
)

// shortMoves is the most strategy moves of a certificate -short checks:
// the larger ones hold a million positions and more, minutes under the
// race detector, and the full run checks them all (abraxas-board5-start,
// 11 million positions: about a minute without it).
const shortMoves = 100_000

// TestCommittedCertificates verifies every gzipped certificate in testdata (the
// Abraxas proofs of docs/rules/abraxas.md) with the rules engine, and
// checks that each, corrupted, is rejected.
func TestCommittedCertificates(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.cert.gz")
	if err != nil || len(files) == 0 {
		t.Fatalf("got %d certificates (%v), want some", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			c := readCert(t, file)
			n := len(c.Strategy) + len(c.Sequence)
			if n > shortMoves && testing.Short() {
				t.Skipf("%d moves: checked by the full run", n)
			}
			if n <= shortMoves {
				t.Parallel() // the large ones one at a time: 2 GB each to check
			}
			start, err := games.Registry().New(c.Game, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cert.Check(start, c); err != nil {
				t.Fatalf("got %v, want the certificate verified", err)
			}
			for i, k := range slices.Sorted(maps.Keys(c.Strategy)) {
				if i == 20 {
					break
				}
				m := c.Strategy[k]
				c.Strategy[k] = "pass"
				if _, err := cert.Check(start, c); !errors.Is(err, cert.ErrBad) {
					t.Errorf("strategy move %s at %016x changed to pass: got %v, want rejected", m, k, err)
				}
				c.Strategy[k] = m
			}
			for _, i := range []int{0, len(c.Sequence) / 100} {
				if i >= len(c.Sequence) {
					continue
				}
				m := c.Sequence[i]
				c.Sequence[i] = "pass"
				if _, err := cert.Check(start, c); !errors.Is(err, cert.ErrBad) {
					t.Errorf("sequence move %d, %s, changed to pass: got %v, want rejected", i, m, err)
				}
				c.Sequence[i] = m
			}
		})
	}
}

// readCert reads a gzipped certificate.
func readCert(t *testing.T, file string) *cert.Certificate {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cert.Read(zr)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
