package server

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// moveBuckets are the upper bounds, in seconds, of the move latency
// histogram: a commit is a few milliseconds, a slow disk hundreds.
var moveBuckets = [...]float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// metrics are the server's counters, written in Prometheus text format by
// hand: a few atomics do not need a client library.
type metrics struct {
	gamesCreated atomic.Int64
	gamesLoaded  atomic.Int64
	movesHuman   atomic.Int64
	movesAI      atomic.Int64
	wsClients    atomic.Int64

	mu       sync.Mutex
	rejected map[string]int64
	codes    map[int]int64
	buckets  [len(moveBuckets)]int64 // not cumulative; summed when written
	moveN    int64
	moveSum  float64
}

func newMetrics() *metrics {
	return &metrics{rejected: map[string]int64{}, codes: map[int]int64{}}
}

func (m *metrics) countMove(by string, n int) {
	switch by {
	case "human":
		m.movesHuman.Add(int64(n))
	case "ai":
		m.movesAI.Add(int64(n))
	}
}

func (m *metrics) reject(reason string) {
	m.mu.Lock()
	m.rejected[reason]++
	m.mu.Unlock()
}

func (m *metrics) code(status int) {
	m.mu.Lock()
	m.codes[status]++
	m.mu.Unlock()
}

func (m *metrics) observeMove(d time.Duration) {
	sec := d.Seconds()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.moveN++
	m.moveSum += sec
	for i, le := range moveBuckets {
		if sec <= le {
			m.buckets[i]++
			return
		}
	}
}

// write prints every metric in Prometheus text format 0.0.4.
func (m *metrics) write(w io.Writer) {
	gauge := func(name, help, typ string, v int64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	gauge("plateau_games_created_total", "Games created.", "counter", m.gamesCreated.Load())
	gauge("plateau_games_loaded", "Games held in memory by this process.", "gauge", m.gamesLoaded.Load())
	gauge("plateau_websocket_clients", "Open WebSockets.", "gauge", m.wsClients.Load())
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	gauge("plateau_go_heap_bytes", "Bytes of allocated heap objects.", "gauge", int64(ms.HeapAlloc))
	gauge("plateau_go_goroutines", "Goroutines.", "gauge", int64(runtime.NumGoroutine()))
	if rss, ok := residentBytes(); ok {
		gauge("process_resident_memory_bytes", "Resident memory size in bytes.", "gauge", rss)
	}
	fmt.Fprint(w, "# HELP plateau_moves_total Moves accepted.\n# TYPE plateau_moves_total counter\n")
	fmt.Fprintf(w, "plateau_moves_total{by=\"human\"} %d\nplateau_moves_total{by=\"ai\"} %d\n", m.movesHuman.Load(), m.movesAI.Load())
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprint(w, "# HELP plateau_moves_rejected_total Moves refused, by reason.\n# TYPE plateau_moves_rejected_total counter\n")
	for _, k := range sortedKeys(m.rejected) {
		fmt.Fprintf(w, "plateau_moves_rejected_total{reason=%q} %d\n", k, m.rejected[k])
	}
	fmt.Fprint(w, "# HELP plateau_http_requests_total HTTP responses, by status code.\n# TYPE plateau_http_requests_total counter\n")
	codes := make([]int, 0, len(m.codes))
	for c := range m.codes {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	for _, c := range codes {
		fmt.Fprintf(w, "plateau_http_requests_total{code=\"%d\"} %d\n", c, m.codes[c])
	}
	fmt.Fprint(w, "# HELP plateau_move_duration_seconds Time to accept a move, commit included.\n# TYPE plateau_move_duration_seconds histogram\n")
	var cum int64
	for i, le := range moveBuckets {
		cum += m.buckets[i]
		fmt.Fprintf(w, "plateau_move_duration_seconds_bucket{le=\"%s\"} %d\n", strconv.FormatFloat(le, 'g', -1, 64), cum)
	}
	fmt.Fprintf(w, "plateau_move_duration_seconds_bucket{le=\"+Inf\"} %d\n", m.moveN)
	fmt.Fprintf(w, "plateau_move_duration_seconds_sum %g\nplateau_move_duration_seconds_count %d\n", m.moveSum, m.moveN)
}

// residentBytes reads the process's resident set size on Linux.
func residentBytes() (int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}

func sortedKeys(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	s.metrics.gamesLoaded.Store(int64(s.loaded()))
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.write(w)
}

// statusWriter remembers the status a handler answered with.
type statusWriter struct {
	http.ResponseWriter
	status int
}

// WriteHeader records the status for the request metrics.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write records an implicit 200 before the first body byte.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket's hijack)
// reach the real writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

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
		s.metrics.code(sw.status)
		s.log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", sw.status, "dur", time.Since(start))
	})
}

// MetricsHandler serves /metrics alone, for an address of its own (see
// Config.MetricsPrivate).
func (s *Server) MetricsHandler() http.Handler { return http.HandlerFunc(s.handleMetrics) }
