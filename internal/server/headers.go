package server

import (
	"net/http"
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
