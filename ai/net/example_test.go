package net_test

import (
	"fmt"

	"github.com/plateau-games/plateau/ai/net"
)

// A network learns that the player to act wins when exactly one of two
// features is set, which no weighted sum of them can say.
func Example() {
	xs, ys := xor(800, 1)
	m, _, err := net.Train(xs, ys, net.TrainConfig{Hidden: []int{8, 8}, Rate: 0.01, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	m.K = 100 // evaluation units per unit of log-odds
	for _, x := range [][]float64{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		fmt.Printf("%v wins: %v\n", x, m.Value(x) > 0)
	}
	// Output:
	// [0 0] wins: false
	// [0 1] wins: true
	// [1 0] wins: true
	// [1 1] wins: false
}
