// Package metrics holds the Prometheus metrics a server counts (moves,
// refusals, answers, WebSockets, the AI queue), in a registry of its own
// rather than the global one, so that two servers in one process (as in
// the tests) count apart. GET /metrics serves them (docs/perf.md).
package metrics
