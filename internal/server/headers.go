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
// visitor's name. Programs, which send no Origin or Sec-Fetch-Site
// header, are not concerned. The development origins allowed to open
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
	return cop.Handler(next)
}
