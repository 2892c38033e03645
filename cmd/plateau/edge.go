package main

import (
	"flag"
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/server"
)

// defaultLimits are the per-client rate limits of "plateau serve": far
// above what a person playing does, far below a flood.
const defaultLimits = "create=30/min,move=10/s,request=30/min,export=30/min"

// edgeOpts are the flags of how the server meets the network.
type edgeOpts struct {
	publicURL, trusted, limits, metricsAddr string
	exempt                                  string
	maxConns, connsPerClient                int
	bodyTimeout, writeTimeout, drain        time.Duration
	expireAfter                             time.Duration
}

func (o *edgeOpts) define(fs *flag.FlagSet) {
	fs.StringVar(&o.publicURL, "public-url", "", "the address people reach the server at, e.g. https://play.example: invite links use it, and requests for another host are refused (421)")
	fs.StringVar(&o.trusted, "trusted-proxy", "", "comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names the client")
	fs.StringVar(&o.limits, "limits", defaultLimits, `per-client rate limits, "kind=N/s|min|h|off" for create, move, request (draw, undo), export (kinds not named keep their default); "off" for none`)
	fs.StringVar(&o.exempt, "limits-exempt", "", "comma-separated addresses or CIDR ranges of clients the per-client limits skip: your own load-testing machine (plateau loadtest)")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "if set, serve /metrics on this address only (keep it private), not on --addr")
	fs.IntVar(&o.maxConns, "max-conns", defaultMaxConns(), "most connections open at once, WebSockets included (0: no cap); beyond it, 503")
	fs.IntVar(&o.connsPerClient, "conns-per-client", 0, "most connections, and most WebSockets, one client address may hold (0: an eighth of --max-conns, at least 8; none with --limits off); beyond it, 503 (429 for a WebSocket)")
	fs.DurationVar(&o.bodyTimeout, "body-timeout", 10*time.Second, "most time to receive a request body")
	fs.DurationVar(&o.writeTimeout, "write-timeout", time.Minute, "most time to send an answer (WebSockets apart)")
	fs.DurationVar(&o.drain, "drain", 2*time.Second, "at shutdown, how long to answer 503 before closing the listener")
	fs.DurationVar(&o.expireAfter, "expire-after", 24*time.Hour, "delete games a human never moved in after this long untouched (0: never)")
}

// config turns the flags into the server's configuration.
func (o *edgeOpts) config() (server.Config, error) {
	var cfg server.Config
	if o.publicURL != "" {
		u, err := url.Parse(o.publicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
			return cfg, fmt.Errorf("plateau: bad --public-url %q: want http(s)://host[:port]", o.publicURL)
		}
		cfg.PublicURL = u
	}
	lim, err := parseRateLimits(o.limits)
	if err != nil {
		return cfg, err
	}
	if lim.TrustedProxies, err = parsePrefixes(o.trusted, "--trusted-proxy"); err != nil {
		return cfg, err
	}
	if lim.Exempt, err = parsePrefixes(o.exempt, "--limits-exempt"); err != nil {
		return cfg, err
	}
	lim.BodyTimeout, lim.WriteTimeout = o.bodyTimeout, o.writeTimeout
	lim.SocketsPerClient = max(0, o.connLimits(lim).PerClient)
	cfg.Limits = lim
	cfg.MetricsPrivate = o.metricsAddr != ""
	cfg.ExpireAfter = o.expireAfter
	if o.expireAfter <= 0 {
		cfg.ExpireAfter = -1
	}
	if o.maxConns < 0 || o.connsPerClient < 0 || o.drain < 0 || o.bodyTimeout < 0 || o.writeTimeout < 0 {
		return cfg, fmt.Errorf("plateau: --max-conns, --conns-per-client, --drain and the timeouts cannot be negative")
	}
	return cfg, nil
}

// parseRateLimits reads --limits: the kinds it names change, the others
// keep their default; "off" alone turns every limit off.
func parseRateLimits(s string) (server.Limits, error) {
	var lim server.Limits
	if s == "off" {
		return lim, nil
	}
	rates := map[string]*server.Rate{"create": &lim.Create, "move": &lim.Move, "request": &lim.Request, "export": &lim.Export}
	for _, item := range append(splitList(defaultLimits), splitList(s)...) {
		kind, spec, _ := strings.Cut(item, "=")
		r, ok := rates[kind]
		if !ok {
			return lim, fmt.Errorf("plateau: bad --limits item %q: want create, move, request or export=N/s|min|h|off", item)
		}
		v, err := server.ParseRate(spec)
		if err != nil {
			return lim, fmt.Errorf("plateau: bad --limits: %w", err)
		}
		*r = v
	}
	return lim, nil
}

// parsePrefixes reads a flag's comma-separated addresses and CIDR ranges.
func parsePrefixes(list, flagName string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range splitList(list) {
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			addr, aerr := netip.ParseAddr(p)
			if aerr != nil {
				return nil, fmt.Errorf("plateau: bad %s %q: want an address or a CIDR range", flagName, p)
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		out = append(out, prefix)
	}
	return out, nil
}

// connLimits are the listener's bounds: --max-conns in all, and each
// client's share, which the reverse proxies every client comes through
// and the exempt clients do not have.
func (o *edgeOpts) connLimits(lim server.Limits) server.ConnLimits {
	share := o.connsPerClient
	switch {
	case share == 0 && strings.TrimSpace(o.limits) == "off":
		share = -1 // no per-client limit at all, unless asked for
	case share == 0 && o.maxConns > 0:
		share = server.DefaultShare(o.maxConns)
	}
	return server.ConnLimits{Max: o.maxConns, PerClient: share,
		Exempt: append(slices.Clone(lim.TrustedProxies), lim.Exempt...)}
}
