package server

import (
	"net"
	"net/http"
	"strings"
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
