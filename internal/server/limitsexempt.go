package server

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// errGuestsLimited refuses a new guest to a client that made too many.
var errGuestsLimited = refuse(ErrRateLimited, "too many new players from your address: try again later, or keep your session cookie")

// take spends one token of the request's client's bucket of kind; a
// client of Limits.Exempt spends none.
func (l *limiter) take(kind limitKind, r *http.Request, now time.Time) (time.Duration, bool) {
	key := l.client(r)
	if l.isExempt(key) {
		return 0, true
	}
	return l.kinds[kind].take(key, now)
}

// isExempt reports a client key (an address, or an IPv6 /64) that
// Limits.Exempt names.
func (l *limiter) isExempt(key string) bool { return exempted(l.exempt, key) }

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
