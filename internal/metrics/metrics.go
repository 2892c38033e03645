package metrics

import (
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

// Metrics are the server's Prometheus metrics, in a registry of the
// Server's own (no global state: two servers in one process, as in the
// tests, count apart), with the Go runtime's and the process's standard
// go_* and process_* metrics.
type Metrics struct {
	// Registry holds them all; the rest are its collectors, by name:
	// plateau_games_created_total, plateau_websocket_clients, ...
	Registry     *prometheus.Registry
	GamesCreated prometheus.Counter
	WSClients    prometheus.Gauge
	Moves        *prometheus.CounterVec
	Rejected     *prometheus.CounterVec
	Codes        *prometheus.CounterVec
	MoveTime     prometheus.Histogram

	AIQueue    prometheus.Gauge
	AISearches prometheus.Gauge
	AIWait     prometheus.Histogram
	AISearch   prometheus.Histogram
	AIJobs     *prometheus.CounterVec
}

// New registers every metric; loaded reports the games in memory
// and workers is the AI pool's size.
func New(loaded func() float64, workers int) *Metrics {
	m := &Metrics{
		Registry:     prometheus.NewRegistry(),
		GamesCreated: prometheus.NewCounter(prometheus.CounterOpts{Name: "plateau_games_created_total", Help: "Games created."}),
		WSClients:    prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_websocket_clients", Help: "Open WebSockets."}),
		Moves:        prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_moves_total", Help: "Moves accepted."}, []string{"by"}),
		Rejected:     prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_moves_rejected_total", Help: "Moves refused, by reason."}, []string{"reason"}),
		Codes:        prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_http_requests_total", Help: "HTTP responses, by status code."}, []string{"code"}),
		MoveTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_move_duration_seconds",
			Help: "Time to accept a move, commit included.", Buckets: moveBuckets}),
		AIQueue: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_ai_queue_length",
			Help: "AI moves owed and due that no server is searching for, on the whole database, at the last poll."}),
		AISearches: prometheus.NewGauge(prometheus.GaugeOpts{Name: "plateau_ai_searches", Help: "AI searches running in this process."}),
		AIWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_ai_queue_wait_seconds",
			Help: "Time from an AI move becoming due to a worker of this process taking it.", Buckets: aiBuckets}),
		AISearch: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "plateau_ai_search_seconds",
			Help: "Time an AI worker spends choosing a move, least delay included.", Buckets: aiBuckets}),
		AIJobs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "plateau_ai_jobs_total",
			Help: "AI jobs this process ended, by outcome."}, []string{"outcome"}),
	}
	m.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.GamesCreated, m.WSClients, m.Moves, m.Rejected, m.Codes, m.MoveTime,
		m.AIQueue, m.AISearches, m.AIWait, m.AISearch, m.AIJobs,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_games_loaded", Help: "Games held in memory by this process."}, loaded),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "plateau_ai_workers", Help: "AI searches this process runs at most at once."},
			func() float64 { return float64(workers) }))
	for _, by := range []string{"human", "ai"} {
		m.Moves.WithLabelValues(by)
	}
	for _, o := range aipool.Outcomes {
		m.AIJobs.WithLabelValues(o)
	}
	return m
}

// CountMove counts a change (by "human" or "ai"; "" counts nothing) of n plies.
func (m *Metrics) CountMove(by string, n int) {
	if by != "" {
		m.Moves.WithLabelValues(by).Add(float64(n))
	}
}

// Reject counts a request refused for reason.
func (m *Metrics) Reject(reason string) { m.Rejected.WithLabelValues(reason).Inc() }

// Code counts an answer of status.
func (m *Metrics) Code(status int) { m.Codes.WithLabelValues(strconv.Itoa(status)).Inc() }

// ObserveMove records the time a move took to be accepted.
func (m *Metrics) ObserveMove(d time.Duration) { m.MoveTime.Observe(d.Seconds()) }

// Queue implements aipool.Metrics.
func (m *Metrics) Queue(n int) { m.AIQueue.Set(float64(n)) }

// Waited implements aipool.Metrics.
func (m *Metrics) Waited(d time.Duration) { m.AIWait.Observe(d.Seconds()) }

// Searching implements aipool.Metrics.
func (m *Metrics) Searching(delta int) { m.AISearches.Add(float64(delta)) }

// Searched implements aipool.Metrics.
func (m *Metrics) Searched(d time.Duration) { m.AISearch.Observe(d.Seconds()) }

// Ended implements aipool.Metrics.
func (m *Metrics) Ended(outcome string) { m.AIJobs.WithLabelValues(outcome).Inc() }
