package server

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/limits"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Errors of the edge, before any endpoint runs.
var (
	errMisdirected = refuse(ErrMisdirected, "this server does not answer for this host name")
	errCrossOrigin = refuse(ErrCrossOrigin, "cross-origin request refused")
)

// edge wraps every endpoint: security headers, the host check, the
// drain, cross-site request protection and the request deadlines.
func (s *Server) edge(next http.Handler) http.Handler {
	inner := s.deadlines(s.crossOrigin(next))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		if r.URL.Path != "/healthz" && !s.hostAllowed(r.Host) {
			s.fail(w, r, errMisdirected)
			return
		}
		if s.closing.Load() && r.URL.Path != "/healthz" {
			// Answer, and close the connection, so that the client (or a
			// load balancer) tries again elsewhere or later.
			w.Header().Set("Connection", "close")
			w.Header().Set("Retry-After", "1")
			s.fail(w, r, errClosing)
			return
		}
		inner.ServeHTTP(w, r)
	})
}

// Drain makes the server answer 503 to every new request, /healthz
// included, while those in progress finish: call it at shutdown, some
// time before closing the listener, so that load balancers and clients
// learn to go elsewhere instead of finding the door shut.
func (s *Server) Drain() { s.closing.Store(true) }

// hostAllowed reports whether a request's Host names this server: any
// does without a public URL.
func (s *Server) hostAllowed(host string) bool {
	u := s.cfg.PublicURL
	if u == nil {
		return true
	}
	return strings.EqualFold(withoutDefaultPort(host, u.Scheme), withoutDefaultPort(u.Host, u.Scheme))
}

// withoutDefaultPort drops ":80" from an http host, ":443" from https.
func withoutDefaultPort(host, scheme string) string {
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		return host
	}
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		if strings.Contains(h, ":") {
			return "[" + h + "]"
		}
		return h
	}
	return host
}

// limit wraps the handler of an endpoint drawing on kind's rate.
func (s *Server) limit(kind limits.Kind, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		wait, ok := s.limiter.Take(kind, r, s.now())
		if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
			if kind == limitMove { // the rejection metrics count moves
				s.metrics.Reject("rate_limited")
			}
			s.fail(w, r, errRateLimited)
			return
		}
		next(w, r)
	}
}

// deadlines bounds the time to receive a request's body and to send its
// answer. The read deadline is set only on requests with a body and
// cleared once it is read (see decode): a deadline passing while a
// handler runs would cancel its context.
func (s *Server) deadlines(next http.Handler) http.Handler {
	lim := s.cfg.Limits
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		switch {
		case limits.IsWebSocket(r):
			rc.SetWriteDeadline(time.Time{}) // an earlier request's, on this connection
		default:
			if lim.BodyTimeout > 0 && r.Body != nil && r.Body != http.NoBody {
				rc.SetReadDeadline(time.Now().Add(lim.BodyTimeout))
			}
			if lim.WriteTimeout > 0 {
				rc.SetWriteDeadline(time.Now().Add(lim.WriteTimeout))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// socketShare bounds the WebSockets each client (its address, or the
// address a trusted proxy forwards) holds open at once, with
// Limits.SocketsPerClient: the listener's share sees only the proxy's
// address behind a reverse proxy, and a WebSocket holds its connection
// as long as it answers pings.
func (s *Server) socketShare(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !limits.IsWebSocket(r) || s.limiter.Sockets == nil {
			next.ServeHTTP(w, r)
			return
		}
		key, ok := s.limiter.Sockets.TakeKey(s.limiter.Client(r))
		if !ok {
			w.Header().Set("Retry-After", "10")
			s.fail(w, r, errTooManySockets)
			return
		}
		defer s.limiter.Sockets.Give(key)
		next.ServeHTTP(w, r)
	})
}

// MetricsHandler serves the metrics in Prometheus's formats. The main
// handler serves them at /metrics too; this one is for a private address.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.Registry, promhttp.HandlerOpts{ErrorLog: slogPrinter{s}})
}

// instrument counts responses by status and logs each request at debug
// level: method, path and status only, so no token is ever logged (they
// travel in bodies and URL fragments).
func (s *Server) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusSwitchingProtocols
		}
		s.metrics.Code(sw.status)
		s.log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", sw.status, "dur", time.Since(start))
	})
}

// crossOrigin refuses unsafe requests (POST...) sent by a browser from
// another site, so that no foreign page can create games or act in a
// visitor's name, and those carrying a session cookie without saying
// where they come from (unprovenOrigin). Programs, which send no Origin
// or Sec-Fetch-Site header and no cookie, are not concerned. The development origins allowed to open
// WebSockets are trusted here too.
func (s *Server) crossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	for _, o := range s.cfg.WSOriginPatterns {
		if strings.ContainsAny(o, "*?[") {
			continue // a pattern, not an origin
		}
		trusted := []string{o}
		if !strings.Contains(o, "://") {
			trusted = []string{"http://" + o, "https://" + o}
		}
		for _, t := range trusted {
			if err := cop.AddTrustedOrigin(t); err != nil {
				s.log.Warn("not a trusted origin", "origin", t, "err", err)
			}
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, errCrossOrigin)
	}))
	inner := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if unprovenOrigin(r) {
			s.fail(w, r, errCrossOrigin)
			return
		}
		inner.ServeHTTP(w, r)
	})
}
