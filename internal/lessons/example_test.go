package lessons_test

import (
	"fmt"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/lessons"
)

// A lesson's step says one rule, and a refused move is explained by it.
func Example() {
	reg := games.Registry()
	ls, err := lessons.Load(reg)
	if err != nil {
		panic(err)
	}
	l, _ := lessons.Find(ls, "oshi")
	st := l.Steps[len(l.Steps)-1]
	s, _ := reg.New(l.GameID(st), st.Position)
	fmt.Println(st.Rule, st.Accepts("e4d4"))
	fmt.Println(lessons.Explain(s, st, "e4e5").In("en"))
	// Output:
	// impasse true
	// e4 cannot go back to e5 this turn: impasse (a piece pushed last turn may not return to the square it was pushed from).
}
