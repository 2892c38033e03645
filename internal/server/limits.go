package server

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
		return Rate{}, fmt.Errorf("server: bad rate %q: want N/s, N/min, N/h or off", s)
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

// limitKind names the rate an endpoint draws on.
type limitKind int

const (
	limitCreate limitKind = iota
	limitMove
	limitRequest
	limitExport
	limitKinds
)

// errRateLimited is answered with 429 and a Retry-After header.
var errRateLimited = refuse(ErrRateLimited, "too many requests: slow down")

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

// limiter holds the buckets of every rate.
type limiter struct {
	kinds   [limitKinds]*buckets
	trusted []netip.Prefix
	exempt  []netip.Prefix
	sockets *connShare // nil: no bound
}

func newLimiter(l Limits) *limiter {
	max := l.MaxClients
	if max <= 0 {
		max = 10000
	}
	lim := &limiter{trusted: l.TrustedProxies, exempt: l.Exempt}
	if l.SocketsPerClient > 0 {
		lim.sockets = &connShare{max: l.SocketsPerClient, exempt: l.Exempt, open: map[string]int{}}
	}
	for k, r := range [limitKinds]Rate{l.Create, l.Move, l.Request, l.Export} {
		lim.kinds[k] = newBuckets(r, max)
	}
	return lim
}

// client returns the key a request is counted under.
func (l *limiter) client(r *http.Request) string {
	addr := remoteAddr(r)
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

func (l *limiter) isTrusted(a netip.Addr) bool {
	for _, p := range l.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// remoteAddr is the address of the peer, the zero Addr if unknown.
func remoteAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// isWebSocket reports a WebSocket handshake: its connection outlives the
// request, so no request deadline applies to it.
func isWebSocket(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// bodyRead lifts the body's deadline once it is read whole.
func bodyRead(w http.ResponseWriter) {
	http.NewResponseController(w).SetReadDeadline(time.Time{})
}

// LimitListener accepts at most n connections at once (n <= 0: no cap),
// and at most DefaultShare(n) from one client address (LimitConns).
// A connection beyond the cap is answered 503 at once and closed, rather
// than left waiting: the client learns to come back, or a load balancer
// to try another server, and no file descriptor is held for it.
func LimitListener(l net.Listener, n int) net.Listener {
	return LimitConns(l, ConnLimits{Max: n})
}

type limitListener struct {
	net.Listener
	slots chan struct{}
	share *connShare
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
			return &limitConn{Conn: c, release: func() { <-l.slots; l.share.give(key) }}, nil
		default:
			l.share.give(key)
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
