// Package limits bounds what one client may ask of a server: token
// buckets per client and per kind of request (Limiter), WebSockets per
// client (Share), and connections in all and per client address at the
// listener (Conns). A client is an IP address, or an IPv6 /64, read
// from X-Forwarded-For only behind a trusted proxy.
//
// It decides and counts; the HTTP edge (internal/server) answers the
// refusals (429 with Retry-After, 503 at the listener).
package limits
