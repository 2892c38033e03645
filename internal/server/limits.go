package server

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/limits"
)

// The per-client limits and the connection caps are package limits';
// these names keep the server's API (cmd/plateau's flags).
type (
	// Limits bound what one client may ask (limits.Limits).
	Limits = limits.Limits
	// Rate is a token bucket (limits.Rate).
	Rate = limits.Rate
	// ConnLimits bound the connections a listener holds (limits.ConnLimits).
	ConnLimits = limits.ConnLimits
)

// The rates an endpoint draws on.
const (
	limitCreate  = limits.Create
	limitMove    = limits.Move
	limitRequest = limits.Request
	limitExport  = limits.Export
)

// ParseRate reads "N/s", "N/min" or "N/h" ("off" or "" is no limit).
func ParseRate(s string) (Rate, error) { return limits.ParseRate(s) }

// LimitListener caps a listener's connections (limits.Listener).
func LimitListener(l net.Listener, n int) net.Listener { return limits.Listener(l, n) }

// LimitConns caps a listener's connections, in all and per client
// (limits.Conns).
func LimitConns(l net.Listener, c ConnLimits) net.Listener { return limits.Conns(l, c) }

// DefaultShare is one client's share of a cap of n connections
// (limits.DefaultShare).
func DefaultShare(n int) int { return limits.DefaultShare(n) }

// errRateLimited is answered with 429 and a Retry-After header.
var errRateLimited = refuse(ErrRateLimited, "too many requests: slow down")

// errTooManySockets refuses a WebSocket beyond its client's share.
var errTooManySockets = refuse(ErrRateLimited, "too many live connections from your address: close a tab, or try again later")

// errGuestsLimited refuses a new guest to a client that made too many.
var errGuestsLimited = refuse(ErrRateLimited, "too many new players from your address: try again later, or keep your session cookie")

// bodyRead lifts the body's deadline once it is read whole.
func bodyRead(w http.ResponseWriter) {
	http.NewResponseController(w).SetReadDeadline(time.Time{})
}

// guestRefused says why a guest was not made: GET /api/me is answered
// 429 with Retry-After (a program or a page learns why it has no
// player); a page load goes on without a player (nil).
func guestRefused(w http.ResponseWriter, r *http.Request, wait time.Duration) error {
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		return nil
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	return errGuestsLimited
}
