package server

import (
	"time"

	"golang.org/x/time/rate"
)

// A WebSocket asks for the chat's history ({"chat": true}) at most
// historyBurst times at once, then once per historyEvery: a page asks
// once, and again when its seat changes; more is ignored. Each request
// reads up to chatHistory lines from the store and sends them all, so
// an unlimited socket could make the server read and send some 24
// times what it receives (audit 2026-11-27, D11).
const (
	historyBurst = 4
	historyEvery = 5 * time.Second
)

// historyLimit returns one socket's limit of history requests.
func historyLimit() *rate.Limiter { return rate.NewLimiter(rate.Every(historyEvery), historyBurst) }
