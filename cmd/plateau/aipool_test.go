package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
)

// BenchmarkAIPool measures what one server's AI pool delivers: 200
// games between two AI seats of one level are kept going (a finished
// game is replaced), so 200 AI moves are always owed, as with 200 people
// who answer the AI at once. It reports the AI moves played per second
// (and per CPU second of the process, which a loaded machine distorts
// less) and the 99th percentile of their wait in the queue, from the
// server's histogram (its bucket's bound, at most a third above), once
// b.N is at least the number of games, after a warm-up of as many moves.
// b.N is AI moves. Figures and commands: docs/perf.md.
func BenchmarkAIPool(b *testing.B) {
	for _, g := range []string{"oxford", "oshi", "yoxii", "abraxas"} {
		for _, level := range []int{1, 5, 8} {
			b.Run(fmt.Sprintf("%s/level=%d", g, level), func(b *testing.B) { aiPoolRun(b, g, level, 200) })
		}
	}
}

func aiPoolRun(b *testing.B, gameID string, level, games int) {
	b.StopTimer()
	ts := servertest.Start(b, server.Config{Registry: registry(), Mover: agent.LevelMover{}})
	spec := fmt.Sprintf(`{"game":%q,"seats":[{"kind":"ai","level":%d},{"kind":"ai","level":%d}]}`, gameID, level, level)
	topUp := func() {
		for n := ongoing(b, ts.URL); n < games; n++ {
			resp, err := http.Post(ts.URL+"/api/games", "application/json", strings.NewReader(spec))
			if err != nil || resp.StatusCode != http.StatusCreated {
				b.Fatalf("create: %v %v", resp.Status, err)
			}
			resp.Body.Close()
		}
	}
	// The queue is in its steady state once every game has waited its
	// turn once: only then are the waits measured (b.N >= games).
	warm := b.N >= games
	if warm {
		untilPlayed(b, ts.URL, nil, games, topUp)
	}
	before := scrape(b, ts.URL)
	start := time.Now()
	b.StartTimer()
	m := untilPlayed(b, ts.URL, before, b.N, topUp)
	b.StopTimer()
	moves := played(m) - played(before)
	b.ReportMetric(moves/time.Since(start).Seconds(), "moves/s")
	// Per second of CPU the process used: on a shared machine, what a
	// core of its own would give (the benchmark's polling included).
	b.ReportMetric(moves/(m["process_cpu_seconds_total"]-before["process_cpu_seconds_total"]), "moves/cpu-s")
	if warm {
		b.ReportMetric(waitQuantile(before, m, 0.99), "wait-p99-s")
	}
	b.ReportMetric(0, "ns/op")
}

// untilPlayed keeps the games going until n AI moves were played since
// the scrape before (nil: since the start), and returns the last scrape.
func untilPlayed(b *testing.B, url string, before map[string]float64, n int, topUp func()) map[string]float64 {
	for {
		m := scrape(b, url)
		if played(m)-played(before) >= float64(n) {
			return m
		}
		time.Sleep(50 * time.Millisecond)
		topUp()
	}
}

// ongoing counts the server's games still being played.
func ongoing(b *testing.B, url string) int {
	resp, err := http.Get(url + "/api/games?status=ongoing&limit=500")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct{ Games []json.RawMessage }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		b.Fatal(err)
	}
	return len(list.Games)
}

// scrape reads every sample of /metrics, labels included in the name.
func scrape(b *testing.B, url string) map[string]float64 {
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	out := map[string]float64{}
	for _, line := range strings.Split(string(body), "\n") {
		if i := strings.LastIndexByte(line, ' '); i > 0 && !strings.HasPrefix(line, "#") {
			if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
				out[line[:i]] = v
			}
		}
	}
	return out
}

func played(m map[string]float64) float64 { return m[`plateau_ai_jobs_total{outcome="played"}`] }

var waitBucket = regexp.MustCompile(`^plateau_ai_queue_wait_seconds_bucket\{le="([^"]+)"\}$`)

// waitQuantile reads the q-quantile of the queue waits observed between
// two scrapes: the upper bound of the bucket it falls in.
func waitQuantile(before, after map[string]float64, q float64) float64 {
	type bucket struct{ le, n float64 }
	var bs []bucket
	for k, v := range after {
		if m := waitBucket.FindStringSubmatch(k); m != nil {
			le, _ := strconv.ParseFloat(m[1], 64)
			bs = append(bs, bucket{le, v - before[k]})
		}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].le < bs[j].le })
	if len(bs) == 0 || bs[len(bs)-1].n == 0 {
		return math.NaN()
	}
	total := bs[len(bs)-1].n
	for _, bk := range bs {
		if bk.n >= q*total {
			return bk.le
		}
	}
	return math.Inf(1)
}
