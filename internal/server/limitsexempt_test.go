package server_test

import (
	"net/netip"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/server"
)

// TestGuestRefusedSaysWhy: a client past its rate of new players asking
// GET /api/me is told so (429, rate_limited, Retry-After), not "no
// session" (audit 2026-11-27, point 5); an exempt client is not limited.
func TestGuestRefusedSaysWhy(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *server.Config) {
		c.Limits = server.Limits{Create: server.Rate{N: 2, Per: time.Minute},
			TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			Exempt:         []netip.Prefix{netip.MustParsePrefix("198.51.100.0/24")}}
	})
	for i, tc := range []struct {
		client string
		want   int
		retry  string
	}{
		{"203.0.113.1", 200, ""},
		{"203.0.113.1", 200, ""},
		{"203.0.113.1", 429, "30"},
		{"198.51.100.7", 200, ""},
		{"198.51.100.7", 200, ""},
		{"198.51.100.7", 200, ""},
		{"198.51.100.7", 201, ""}, // a game too
	} {
		method, path, body := "GET", "/api/me", ""
		if tc.want == 201 {
			method, path, body = "POST", "/api/games", createBody
		}
		if st, retry := e.callFrom(tc.client, method, path, body); st != tc.want || retry != tc.retry {
			t.Errorf("request %d from %s: got %d Retry-After %q, want %d %q", i, tc.client, st, retry, tc.want, tc.retry)
		}
	}
}
