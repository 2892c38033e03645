package records_test

import (
	"fmt"
	"os"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/records"
)

func Example() {
	g, err := records.Parse(`[Game "oshi"]
[First "Ada"]
[Second "level 5"]
[Result "*"]

1. e3e4 e7e6 {a quiet start} 2. d2d3 *`)
	if err != nil {
		panic(err)
	}
	s, err := g.Replay(games.Registry())
	if err != nil {
		panic(err)
	}
	fmt.Println(s.String())
	g.SetTag("Date", "2026.12.05")
	if err := records.Write(os.Stdout, g); err != nil {
		panic(err)
	}
	// Output:
	// t7t/2dsssd2/9/4s4/9/4S4/3S5/2D1SSD2/T7T w 0-0 -
	// [Date "2026.12.05"]
	// [Game "oshi"]
	// [First "Ada"]
	// [Second "level 5"]
	// [Result "*"]
	//
	// 1. e3e4 e7e6 {a quiet start} 2. d2d3 *
}
