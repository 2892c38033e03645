package limits_test

import (
	"fmt"
	"net/http/httptest"
	"time"

	"github.com/plateau-games/plateau/internal/limits"
)

// A client may create two games at once, then one a minute.
func Example() {
	r, err := limits.ParseRate("2/min")
	if err != nil {
		panic(err)
	}
	l := limits.New(limits.Limits{Create: r})
	req := httptest.NewRequest("POST", "/api/games", nil)
	req.RemoteAddr = "192.0.2.7:4242"
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	for range 3 {
		wait, ok := l.Take(limits.Create, req, now)
		fmt.Println(ok, wait)
	}
	fmt.Println(l.Client(req), r)
	// Output:
	// true 0s
	// true 0s
	// false 30s
	// 192.0.2.7 2/min
}
