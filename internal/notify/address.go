package notify

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// maxURL bounds the length of a push endpoint or webhook URL.
const maxURL = 2048

// Resolver finds the addresses of a host name (net.DefaultResolver in
// production; tests give names the addresses they need).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// notPublic are the ranges no request of the server may reach, beyond
// what netip.Addr's own predicates (loopback, private, link-local,
// multicast, unspecified) cover: addresses that lead into the machine,
// its network or its provider's, or nowhere.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("100::/64"),        // discard
	// IPv4-compatible (deprecated, RFC 4291 2.5.5.1) and IPv4-translated
	// (RFC 2765) addresses: never a valid destination, and some stacks
	// reach the IPv4 address in their last 32 bits.
	netip.MustParsePrefix("::/96"),
	netip.MustParsePrefix("::ffff:0:0:0/96"),
}

// nat64 is the well-known NAT64 prefix: its addresses reach the IPv4
// address in their last 32 bits, which must be public in turn.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// Public reports whether a is an address the server may connect to on
// a player's behalf: not loopback, private (10/8, 172.16/12,
// 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), multicast,
// unspecified, or another special-purpose range.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	if nat64.Contains(a) {
		b := a.As16()
		return Public(netip.AddrFrom4([4]byte(b[12:])))
	}
	for _, p := range notPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// guard checks the URLs the server sends to, and makes the HTTP client
// whose connections it checks again.
type guard struct {
	resolver   Resolver
	allowLocal bool
}

// check refuses, with an error wrapping ErrUnsafeURL, a URL that is not
// https or whose host resolves to any address that is not Public.
func (g guard) check(ctx context.Context, raw string) (*url.URL, error) {
	if len(raw) > maxURL {
		return nil, fmt.Errorf("%w: longer than %d characters", ErrUnsafeURL, maxURL)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnsafeURL, err)
	}
	switch {
	case u.Scheme != "https":
		return nil, fmt.Errorf("%w: %q is not https", ErrUnsafeURL, u.Scheme+"://")
	case u.User != nil:
		return nil, fmt.Errorf("%w: a user name or password in the URL", ErrUnsafeURL)
	case u.Hostname() == "":
		return nil, fmt.Errorf("%w: no host", ErrUnsafeURL)
	}
	if err := g.checkHost(ctx, u.Hostname()); err != nil {
		return nil, err
	}
	return u, nil
}

// checkHost resolves host and refuses it if any of its addresses is not
// Public: a name with one internal address among public ones could be
// dialled on that one.
func (g guard) checkHost(ctx context.Context, host string) error {
	addrs := []netip.Addr{}
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = append(addrs, a)
	} else {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		addrs, err = g.resolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return fmt.Errorf("%w: host %q does not resolve: %w", ErrUnsafeURL, host, err)
		}
	}
	if len(addrs) == 0 {
		return fmt.Errorf("%w: host %q has no address", ErrUnsafeURL, host)
	}
	for _, a := range addrs {
		if !g.allowLocal && !Public(a) {
			return fmt.Errorf("%w: host %q is the internal address %s", ErrUnsafeURL, host, a)
		}
	}
	return nil
}

// control is the dialer's last word on every connection, on the address
// actually dialled: a name resolved afresh (DNS rebinding) reaches no
// internal address either.
func (g guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: dialling %q: %w", ErrUnsafeURL, address, err)
	}
	if !g.allowLocal && !Public(ap.Addr()) {
		return fmt.Errorf("%w: refusing to connect to the internal address %s", ErrUnsafeURL, ap.Addr())
	}
	return nil
}

// client returns the HTTP client of push and webhooks: no proxy (its
// address would be the one checked), no redirect (a 3xx is an answer,
// not a new destination), connections checked by control, and short
// deadlines, so a slow endpoint holds nothing for long.
func (g guard) client(roots *x509.CertPool) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, Control: g.control}
	t := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		TLSClientConfig:       &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 15 * time.Second,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       time.Minute,
		ForceAttemptHTTP2:     true,
	}
	return &http.Client{Transport: t, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// isUnsafe reports whether err is a refusal of an address.
func isUnsafe(err error) bool { return errors.Is(err, ErrUnsafeURL) }
