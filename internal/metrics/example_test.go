package metrics_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/metrics"
)

// A server's metrics, counted and gathered.
func Example() {
	m := metrics.New(func() float64 { return 3 }, 2)
	m.CountMove("human", 1)
	m.Reject("illegal")
	families, err := m.Registry.Gather()
	if err != nil {
		panic(err)
	}
	for _, f := range families {
		if f.GetName() == "plateau_games_loaded" || f.GetName() == "plateau_moves_rejected_total" {
			fmt.Println(f.GetName(), f.GetMetric()[0].GetGauge().GetValue()+f.GetMetric()[0].GetCounter().GetValue())
		}
	}
	// Output:
	// plateau_games_loaded 3
	// plateau_moves_rejected_total 1
}
