package cert_test

import (
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/ai/solver/cert"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// A certificate that X, having taken a corner and the centre against
// two edge squares, wins: the strategy gives X's move in each position
// where X acts, and Check tries every reply of O.
func Example() {
	text := `plateau-certificate 1
game tictactoe
moves a1 b1 b2 c1
winner 1
`
	c, err := cert.Read(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	start, _ := tictactoe.Game().Start(nil)
	s := start.Clone()
	for _, m := range c.Moves {
		mv, _ := s.ParseMove(m)
		s.Play(mv)
	}
	c.Strategy[s.Hash()] = "c3" // three in a diagonal
	st, err := cert.Check(start, c)
	fmt.Println(st.Plies, err)
	c.Strategy[s.Hash()] = "b3" // O blocks c3, and X has no move written
	_, err = cert.Check(start, c)
	fmt.Println(err != nil)
	// Output:
	// 1 <nil>
	// true
}
