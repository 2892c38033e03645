package api_test

import (
	"encoding/json"
	"fmt"

	"github.com/plateau-games/plateau/internal/api"
)

// A client reads a view from the WebSocket and answers with the first
// legal move, saying how many moves it has seen.
func Example() {
	data := []byte(`{"type":"view","view":{"id":"k3v9x2m7qa4t","game":"tictactoe","toAct":1,` +
		`"result":"ongoing","moves":["b2"],"legal":["a1","a2"],"version":2}}`)
	var msg api.WSMessage
	if err := json.Unmarshal(data, &msg); err != nil || msg.Type != "view" {
		fmt.Println("not a view:", err)
		return
	}
	var v api.View
	if err := json.Unmarshal(msg.View, &v); err != nil {
		fmt.Println(err)
		return
	}
	seen := len(v.Moves)
	body, _ := json.Marshal(api.MoveRequest{Move: v.Legal[0], Seen: &seen, Token: "0f3a"})
	fmt.Println(v.ID, "player to act:", v.ToAct)
	fmt.Println("POST /api/games/" + v.ID + "/moves " + string(body))
	// Output:
	// k3v9x2m7qa4t player to act: 1
	// POST /api/games/k3v9x2m7qa4t/moves {"move":"a1","seen":1,"token":"0f3a"}
}

// A game against the AI at level 3: optional fields left empty are not
// sent.
func ExampleCreateRequest() {
	body, _ := json.Marshal(api.CreateRequest{Game: "oshi",
		Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "ai", Level: 3}}})
	fmt.Println(string(body))
	// Output:
	// {"game":"oshi","seats":[{"kind":"human"},{"kind":"ai","level":3}]}
}
