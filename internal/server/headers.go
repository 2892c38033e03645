package server

import (
	"net/http"
	"strings"
)

// contentSecurityPolicy lets the page run only the server's own scripts
// and styles, connect only to its own origin (WebSockets included), and
// be framed by nobody: an injected script or a clickjacking frame gets
// nowhere. The client has no inline script, style or handler.
// 'wasm-unsafe-eval' lets the engine's worker compile its WebAssembly
// (fetched from the server, like every script); it allows no eval of
// JavaScript.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
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

// unprovenOrigin reports an unsafe request that carries a session cookie
// but says nothing of where it comes from: browsers send Origin with
// every unsafe request (and Sec-Fetch-Site on secure origins), so such a
// request is a program replaying a cookie, or a browser old enough to
// be tricked. Acting in a player's name needs the proof; programs
// without a cookie are not concerned.
func unprovenOrigin(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	if _, err := r.Cookie(sessionCookie); err != nil {
		return false
	}
	return r.Header.Get("Origin") == "" && r.Header.Get("Sec-Fetch-Site") == ""
}
