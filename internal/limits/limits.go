package limits

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is a token bucket: at most N requests at once, refilled at N per
// Per. The zero Rate limits nothing.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads "N/s", "N/min" or "N/h" ("off" or "" is no limit).
func ParseRate(s string) (Rate, error) {
	if s == "" || s == "off" {
		return Rate{}, nil
	}
	num, unit, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(num)
	per := map[string]time.Duration{"s": time.Second, "min": time.Minute, "h": time.Hour}[unit]
	if !ok || err != nil || n < 1 || per == 0 {
		return Rate{}, fmt.Errorf("limits: bad rate %q: want N/s, N/min, N/h or off", s)
	}
	return Rate{N: n, Per: per}, nil
}

// String writes r as ParseRate reads it.
func (r Rate) String() string {
	if r.N == 0 {
		return "off"
	}
	unit := map[time.Duration]string{time.Second: "s", time.Minute: "min", time.Hour: "h"}[r.Per]
	if unit == "" {
		return fmt.Sprintf("%d/%s", r.N, r.Per)
	}
	return fmt.Sprintf("%d/%s", r.N, unit)
}

// Limits bound what one client may ask. A client is an IP address (an
// IPv6 /64, which one subscriber usually holds whole); behind a reverse
// proxy, name it in TrustedProxies so that the client is read from
// X-Forwarded-For. The zero value limits nothing.
type Limits struct {
	Create  Rate // POST /api/games
	Move    Rate // POST .../moves
	Request Rate // draw offers and answers, undo requests
	Export  Rate // the records endpoints
	// TrustedProxies are the reverse proxies whose X-Forwarded-For is
	// believed; a request from anyone else is keyed by its own address.
	TrustedProxies []netip.Prefix
	// Exempt are the clients the per-client limits skip: an operator's
	// own load-testing machine (plateau loadtest plays hundreds of games
	// from one address).
	Exempt []netip.Prefix
	// SocketsPerClient bounds the WebSockets one client holds open at
	// once (0: no bound).
	SocketsPerClient int
	// MaxClients bounds the clients remembered per rate (default 10000);
	// beyond it, clients whose bucket is full again are forgotten first.
	MaxClients int
	// BodyTimeout bounds the time to receive a request body (0: none).
	BodyTimeout time.Duration
	// WriteTimeout bounds the time to send an answer, WebSockets apart
	// (0: none).
	WriteTimeout time.Duration
}

// Kind names the rate an endpoint draws on.
type Kind int

const (
	Create Kind = iota
	Move
	Request
	Export
	kinds
)

// buckets holds one token bucket per client for one rate, at most max of
// them: a flood from many addresses costs bounded memory.
type buckets struct {
	rate    Rate
	max     int
	mu      sync.Mutex
	clients map[string]*rate.Limiter
}

func newBuckets(r Rate, max int) *buckets {
	return &buckets{rate: r, max: max, clients: map[string]*rate.Limiter{}}
}

// take spends one token of key's bucket at now; when none is left it
// spends nothing and says how long until one is.
func (b *buckets) take(key string, now time.Time) (wait time.Duration, ok bool) {
	if b.rate.N == 0 {
		return 0, true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	lim, found := b.clients[key]
	if !found {
		b.makeRoom(now)
		lim = rate.NewLimiter(rate.Limit(float64(b.rate.N)/b.rate.Per.Seconds()), b.rate.N)
		b.clients[key] = lim
	}
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

// makeRoom forgets clients when the map is full: first those whose
// bucket is full again (forgetting them changes nothing), then, if that
// frees less than a tenth, any, so that the cost stays amortised.
func (b *buckets) makeRoom(now time.Time) {
	if len(b.clients) < b.max {
		return
	}
	for k, lim := range b.clients {
		if lim.TokensAt(now) >= float64(b.rate.N) {
			delete(b.clients, k)
		}
	}
	for k := range b.clients {
		if len(b.clients) <= b.max*9/10 {
			break
		}
		delete(b.clients, k)
	}
}

// Limiter holds the buckets of every rate.
type Limiter struct {
	kinds   [kinds]*buckets
	trusted []netip.Prefix
	exempt  []netip.Prefix
	Sockets *Share // nil: no bound
}

// New returns the limiter of l.
func New(l Limits) *Limiter {
	max := l.MaxClients
	if max <= 0 {
		max = 10000
	}
	lim := &Limiter{trusted: l.TrustedProxies, exempt: l.Exempt}
	if l.SocketsPerClient > 0 {
		lim.Sockets = &Share{max: l.SocketsPerClient, exempt: l.Exempt, open: map[string]int{}}
	}
	for k, r := range [kinds]Rate{l.Create, l.Move, l.Request, l.Export} {
		lim.kinds[k] = newBuckets(r, max)
	}
	return lim
}

// Client returns the key a request is counted under.
func (l *Limiter) Client(r *http.Request) string {
	addr := RemoteAddr(r)
	if l.isTrusted(addr) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break
			}
			addr = hop.Unmap()
			if !l.isTrusted(addr) {
				break
			}
		}
	}
	return clientKey(addr)
}

// isTrusted reports an address of a trusted proxy.
func (l *Limiter) isTrusted(a netip.Addr) bool {
	for _, p := range l.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// RemoteAddr is the address of the peer, the zero Addr if unknown.
func RemoteAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// IsWebSocket reports a WebSocket handshake: its connection outlives the
// request, so no request deadline applies to it.
func IsWebSocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// Listener accepts at most n connections at once (n <= 0: no cap),
// and at most DefaultShare(n) from one client address (Conns).
// A connection beyond the cap is answered 503 at once and closed, rather
// than left waiting: the client learns to come back, or a load balancer
// to try another server, and no file descriptor is held for it.
func Listener(l net.Listener, n int) net.Listener {
	return Conns(l, ConnLimits{Max: n})
}

// limitListener is a listener with its caps (Conns).
type limitListener struct {
	net.Listener
	slots chan struct{}
	share *Share
}

// tooManyConns is the body of the answer to a connection over the cap.
const tooManyConns = `{"error":"too many connections"}` + "\n"

// Accept implements net.Listener.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key, ok := l.share.take(c.RemoteAddr())
		if !ok {
			refuseConn(c, tooManyFromYou)
			continue
		}
		select {
		case l.slots <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.slots; l.share.Give(key) }}, nil
		default:
			l.share.Give(key)
			refuseConn(c, tooManyConns)
		}
	}
}

// refuseConn answers a connection 503 with body, and closes it.
func refuseConn(c net.Conn, body string) {
	c.SetWriteDeadline(time.Now().Add(time.Second)) //nolint:errcheck // best effort: refused either way
	fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"+
		"Connection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	c.Close() //nolint:errcheck // best effort: refused either way
}

// limitConn gives its slot back when it is closed.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close implements net.Conn, freeing the slot once.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// ConnLimits bound the connections a listener holds (Conns): in
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

// Conns is Listener with every bound of c.
func Conns(l net.Listener, c ConnLimits) net.Listener {
	if c.Max <= 0 {
		return l
	}
	if c.PerClient == 0 {
		c.PerClient = DefaultShare(c.Max)
	}
	ll := &limitListener{Listener: l, slots: make(chan struct{}, c.Max)}
	if c.PerClient > 0 {
		ll.share = &Share{max: c.PerClient, exempt: c.Exempt, open: map[string]int{}}
	}
	return ll
}

// tooManyFromYou is the body of the answer to a connection over its
// client's share.
const tooManyFromYou = `{"error":"too many connections from your address","code":"too_many_connections"}` + "\n"

// Share counts the connections (or WebSockets) each client holds.
type Share struct {
	max    int
	exempt []netip.Prefix
	mu     sync.Mutex
	open   map[string]int
}

// take counts one more connection of addr's client, and reports its key
// and whether it is within its share; an exempt client, or an address
// that is not IP, is not counted (key "").
func (s *Share) take(addr net.Addr) (string, bool) {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return "", true
	}
	return s.TakeKey(clientKey(ap.Addr().Unmap()))
}

// TakeKey is take for a client key (clientKey).
func (s *Share) TakeKey(key string) (string, bool) {
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

// Give forgets one connection of key's client.
func (s *Share) Give(key string) {
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

// Take spends one token of the request's client's bucket of kind; a
// client of Limits.Exempt spends none.
func (l *Limiter) Take(kind Kind, r *http.Request, now time.Time) (time.Duration, bool) {
	key := l.Client(r)
	if l.isExempt(key) {
		return 0, true
	}
	return l.kinds[kind].take(key, now)
}

// isExempt reports a client key (an address, or an IPv6 /64) that
// Limits.Exempt names.
func (l *Limiter) isExempt(key string) bool { return exempted(l.exempt, key) }
