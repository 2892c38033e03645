package server

import (
	"net"
	"net/netip"
	"sync"
)

// ConnLimits bound the connections a listener holds (LimitConns): in
// all, and from one client, so that no client can hold every
// connection and leave the others a 503 (audit 2026-11-27, D2).
type ConnLimits struct {
	// Max is the most connections open at once, WebSockets included
	// (<= 0: no cap, and no share either).
	Max int
	// PerClient is the most one client address (an IPv6 /64) may hold;
	// 0 is DefaultShare(Max), below 0 no share.
	PerClient int
	// Exempt are the addresses without a share: the reverse proxies
	// every client comes through (Limits.TrustedProxies), an operator's
	// load tester (Limits.Exempt).
	Exempt []netip.Prefix
}

// DefaultShare is one client's share of a cap of n connections: an
// eighth, at least 8 (a browser opens up to 6 connections and a
// WebSocket or two), so that one address leaves seven eighths to the
// others, and a household or a school behind one address still fits.
func DefaultShare(n int) int { return max(8, n/8) }

// LimitConns is LimitListener with every bound of c.
func LimitConns(l net.Listener, c ConnLimits) net.Listener {
	if c.Max <= 0 {
		return l
	}
	if c.PerClient == 0 {
		c.PerClient = DefaultShare(c.Max)
	}
	ll := &limitListener{Listener: l, slots: make(chan struct{}, c.Max)}
	if c.PerClient > 0 {
		ll.share = &connShare{max: c.PerClient, exempt: c.Exempt, open: map[string]int{}}
	}
	return ll
}

// tooManyFromYou is the body of the answer to a connection over its
// client's share.
const tooManyFromYou = `{"error":"too many connections from your address","code":"too_many_connections"}` + "\n"

// connShare counts the connections (or WebSockets) each client holds.
type connShare struct {
	max    int
	exempt []netip.Prefix
	mu     sync.Mutex
	open   map[string]int
}

// take counts one more connection of addr's client, and reports its key
// and whether it is within its share; an exempt client, or an address
// that is not IP, is not counted (key "").
func (s *connShare) take(addr net.Addr) (string, bool) {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return "", true
	}
	return s.takeKey(clientKey(ap.Addr().Unmap()))
}

// takeKey is take for a client key (clientKey).
func (s *connShare) takeKey(key string) (string, bool) {
	if s == nil || exempted(s.exempt, key) {
		return "", true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key] >= s.max {
		return "", false
	}
	s.open[key]++
	return key, true
}

// give forgets one connection of key's client.
func (s *connShare) give(key string) {
	if s == nil || key == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key]--; s.open[key] <= 0 {
		delete(s.open, key)
	}
}

// clientKey is the key a client is counted under: its address, or its
// IPv6 /64 (which one subscriber usually holds whole).
func clientKey(a netip.Addr) string {
	if a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

// exempted reports a client key that one of prefixes names.
func exempted(prefixes []netip.Prefix, key string) bool {
	a, err := netip.ParseAddr(trimPrefixLen(key))
	if err != nil {
		return false
	}
	for _, p := range prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// trimPrefixLen drops the "/64" of an IPv6 client key.
func trimPrefixLen(key string) string {
	if p, err := netip.ParsePrefix(key); err == nil {
		return p.Addr().String()
	}
	return key
}

// errTooManySockets refuses a WebSocket beyond its client's share.
var errTooManySockets = refuse(ErrRateLimited, "too many live connections from your address: close a tab, or try again later")
