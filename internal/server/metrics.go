package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/plateau-games/plateau/internal/room/aipool"
)

// moveBuckets are the upper bounds, in seconds, of the move latency
// histogram: a commit is a few milliseconds, a slow disk hundreds.
var moveBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// aiBuckets are the upper bounds, in seconds, of the AI queue wait and
// search time: from a millisecond to five minutes, each a third above
// the last, so that a percentile read from them is good to a third.
var aiBuckets = prometheus.ExponentialBucketsRange(0.001, 300, 45)

// metrics are the server's Prometheus metrics, in a registry of the
// Server's own (no global state: two servers in one process, as in the
// tests, count apart), with the Go runtime's and the process's standard
// go_* and process_* metrics.
type metrics struct {
	reg          *prometheus.Registry
	gamesCreated prometheus.Counter
	wsClients    prometheus.Gauge
	moves        *prometheus.CounterVec
	rejected     *prometheus.CounterVec
	codes        *prometheus.CounterVec
	moveTime     prometheus.Histogram

	aiQueue    prometheus.Gauge
	aiSearches prometheus.Gauge
	aiWait     prometheus.Histogram
	aiSearch   prometheus.Histogram
	aiJobs     *prometheus.CounterVec
}

// newMetrics registers every metric; loaded reports the games in memory
// and workers is the AI pool's size.
func newMetrics(loaded func() float64, workers int) *metrics {
	m := &metrics{
		reg:          prometheus.NewRegistry(),
		gamesCreated: prometheus.NewCounter(prometheus.CounterOpts{Name: "plateau_games_created_total", Help: "Games created."}),
		wsClients:    prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_websocket_clients", Help: "Open WebSockets."}),
		moves:        prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_moves_total", Help: "Moves accepted."}, []string{"by"}),
		rejected:     prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_moves_rejected_total", Help: "Moves refused, by reason."}, []string{"reason"}),
		codes:        prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_http_requests_total", Help: "HTTP responses, by status code."}, []string{"code"}),
		moveTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_move_duration_seconds",
			Help: "Time to accept a move, commit included.", Buckets: moveBuckets}),
		aiQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_ai_queue_length",
			Help: "AI moves owed and due that no server is searching for, on the whole database, at the last poll."}),
		aiSearches: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_ai_searches", Help: "AI searches running in this process."}),
		aiWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_ai_queue_wait_seconds",
			Help: "Time from an AI move becoming due to a worker of this process taking it.", Buckets: aiBuckets}),
		aiSearch: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_ai_search_seconds",
			Help: "Time an AI worker spends choosing a move, least delay included.", Buckets: aiBuckets}),
		aiJobs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_ai_jobs_total",
			Help: "AI jobs this process ended, by outcome."}, []string{"outcome"}),
	}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.gamesCreated, m.wsClients, m.moves, m.rejected, m.codes, m.moveTime,
		m.aiQueue, m.aiSearches, m.aiWait, m.aiSearch, m.aiJobs,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_games_loaded", Help: "Games held in memory by this process."}, loaded),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_ai_workers", Help: "AI searches this process runs at most at once."},
			func() float64 { return float64(workers) }))
	for _, by := range []string{"human", "ai"} {
		m.moves.WithLabelValues(by)
	}
	for _, o := range aipool.Outcomes {
		m.aiJobs.WithLabelValues(o)
	}
	return m
}

func (m *metrics) countMove(by string, n int) {
	if by != "" {
		m.moves.WithLabelValues(by).Add(float64(n))
	}
}

func (m *metrics) reject(reason string) { m.rejected.WithLabelValues(reason).Inc() }

func (m *metrics) code(status int) { m.codes.WithLabelValues(strconv.Itoa(status)).Inc() }

func (m *metrics) observeMove(d time.Duration) { m.moveTime.Observe(d.Seconds()) }

func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	s.metricsHandler.ServeHTTP(w, r)
}

// slogPrinter hands promhttp's errors to the server's log.
type slogPrinter struct{ s *Server }

// Println implements promhttp.Logger.
func (p slogPrinter) Println(v ...any) { p.s.log.Error("metrics", "err", v) }

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
