package lobby_test

import (
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/lobby"
)

// Quick play: Bea presses "Play now" for tic-tac-toe; Ann's older seek
// for it is taken, not Carl's challenge nor the other game's seek.
func Example() {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	ann := lobby.Player{ID: "p1", Name: "Ann"}
	carl := lobby.Player{ID: "p3", Name: "Carl"}
	bea := lobby.Player{ID: "p2", Name: "Bea"}
	open := []lobby.Seek{
		{ID: "s1", Game: "oshi", Owner: ann, Created: now},
		{ID: "s2", Game: "tictactoe", Owner: carl, To: lobby.Player{ID: "p9"}, Created: now},
		{ID: "s3", Game: "tictactoe", Owner: ann, Created: now.Add(time.Second)},
	}
	s, ok := lobby.Match(open, lobby.Want{Player: bea, Game: "tictactoe"})
	fmt.Println(s.ID, ok)

	mine := lobby.QuickPost(lobby.Want{Player: bea, Game: "yoxii"})
	if err := mine.Check(now); err != nil {
		fmt.Println(err)
	}
	fmt.Println(lobby.OfferAI(mine, now.Add(10*time.Second), lobby.QuickPlayWait))
	fmt.Println(lobby.OfferAI(mine, now.Add(30*time.Second), lobby.QuickPlayWait))
	// Output:
	// s3 true
	// false
	// true
}
