package clock_test

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/clock"
)

func Example() {
	c, err := clock.Parse("5+3")
	if err != nil {
		panic(err)
	}
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	s := c.Start(0, t0)
	s = c.Turn(s, 0, 1, t0.Add(10*time.Second)) // a first turn is free
	s = c.Turn(s, 1, 0, t0.Add(40*time.Second)) // so is player 1's
	s = c.Turn(s, 0, 1, t0.Add(70*time.Second)) // 30 s used, 3 s added
	fmt.Println(c, c.Remaining(s, t0.Add(70*time.Second)))
	fmt.Println(c.Deadline(s).Sub(t0))

	_, err = clock.Parse("365d")
	fmt.Println(err)
	// Output:
	// 5+3 [4m33s 5m0s]
	// 6m10s
	// clock: time control out of bounds: 365 days per turn: want 1 to 30
}
