package main

import (
	"net/netip"
	"testing"

	"github.com/plateau-games/plateau/internal/server"
)

// TestConnLimits: each client's share of --max-conns, which the trusted
// proxies and exempt clients do not have, and --limits off drops.
func TestConnLimits(t *testing.T) {
	t.Parallel()
	proxy := netip.MustParsePrefix("10.0.0.1/32")
	tester := netip.MustParsePrefix("192.0.2.7/32")
	for _, tc := range []struct {
		o      edgeOpts
		share  int
		exempt int
	}{
		{edgeOpts{maxConns: 4096, limits: defaultLimits}, 512, 2},
		{edgeOpts{maxConns: 40, limits: defaultLimits}, 8, 2},
		{edgeOpts{maxConns: 4096, connsPerClient: 100, limits: defaultLimits}, 100, 2},
		{edgeOpts{maxConns: 4096, limits: "off"}, -1, 2},
		{edgeOpts{maxConns: 4096, connsPerClient: 50, limits: "off"}, 50, 2},
	} {
		got := tc.o.connLimits(server.Limits{TrustedProxies: []netip.Prefix{proxy}, Exempt: []netip.Prefix{tester}})
		if got.Max != tc.o.maxConns || got.PerClient != tc.share || len(got.Exempt) != tc.exempt {
			t.Errorf("%+v: got %+v, want a share of %d and %d exempt", tc.o, got, tc.share, tc.exempt)
		}
	}
}
