package search_test

import (
	"context"
	"fmt"
	"net/url"

	"github.com/plateau-games/plateau/internal/search"
)

func Example() {
	byName := func(_ context.Context, ref string) (string, error) { return "p-" + ref, nil }
	q, err := search.Games(context.Background(), url.Values{"game": {"oxford"}, "player": {"ada"}, "result": {"win"}}, byName)
	fmt.Println(q.Game, q.Player, q.Result, q.Limit, err)
	_, err = search.Games(context.Background(), url.Values{"from": {"2026-05-01"}, "to": {"2026-04-01"}}, byName)
	fmt.Println(err)
	// Output:
	// oxford p-ada win 20 <nil>
	// search: bad search: the range ends before it starts
}
