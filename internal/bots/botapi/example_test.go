package botapi_test

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/bots/botapi"
)

// A bot's requests outside the bot API are looked at only on the paths
// where it may play as people do.
func ExampleGuarded() {
	for _, path := range []string{"/api/games", "/api/lobby/seeks", "/api/tournaments/t1/join", "/api/settings"} {
		fmt.Println(path, botapi.Guarded(path))
	}
	// Output:
	// /api/games true
	// /api/lobby/seeks true
	// /api/tournaments/t1/join true
	// /api/settings false
}
