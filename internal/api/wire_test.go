package api_test

import (
	"encoding/json"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// TestWireFormat pins the names and order of every document's fields, as
// docs/api.md shows them: clients in the browser read these names.
func TestWireFormat(t *testing.T) {
	t.Parallel()
	one, zero := 1, 0
	for _, tc := range []struct {
		name string
		doc  any
		want string
	}{
		{"view", api.View{ID: "g1", Game: "tictactoe", Title: "Tic-tac-toe", Players: [2]string{"x", "o"}, Start: "3/3/3 x",
			Position: "3/1X1/3 o", ToAct: 1, Result: "ongoing", Scores: [2]int{0, 0}, Moves: []string{"b2"}, Movers: []int{0},
			Legal: []string{"a1"}, Seats: []api.Seat{{Kind: "human", Connected: true}, {Kind: "ai", Level: 3}},
			DrawOffer: &zero, TakeBack: &zero, Declined: &api.Declined{Offer: "draw", By: 1}, AIThinking: true, Version: 2, CreatedAt: "2026-11-26T01:02:03.456Z", UpdatedAt: "2026-11-26T01:02:04.000Z"},
			`{"id":"g1","game":"tictactoe","title":"Tic-tac-toe","players":["x","o"],"start":"3/3/3 x","position":"3/1X1/3 o",` +
				`"toAct":1,"result":"ongoing","reason":"","scores":[0,0],"moves":["b2"],"movers":[0],"legal":["a1"],` +
				`"seats":[{"kind":"human","connected":true},{"kind":"ai","level":3,"connected":false}],"drawOffer":0,` +
				`"takeBack":0,"declined":{"offer":"draw","by":1},"aiThinking":true,"version":2,"createdAt":"2026-11-26T01:02:03.456Z","updatedAt":"2026-11-26T01:02:04.000Z"}`},
		{"create request", api.CreateRequest{Game: "oshi", Position: "p", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "ai", Level: 3}}, Local: true, Me: &zero},
			`{"game":"oshi","position":"p","seats":[{"kind":"human"},{"kind":"ai","level":3}],"local":true,"me":0}`},
		{"create response", api.CreateResponse{ID: "g1", Game: "oshi", Seats: []api.CreatedSeat{{Player: 0, Kind: "human", Token: "t0"}, {Player: 1, Kind: "ai", Level: 3}},
			Invite: "/g/g1#seat=1&token=t1", View: json.RawMessage(`{"id":"g1"}`)},
			`{"id":"g1","game":"oshi","seats":[{"player":0,"kind":"human","token":"t0"},{"player":1,"kind":"ai","level":3}],` +
				`"invite":"/g/g1#seat=1\u0026token=t1","view":{"id":"g1"}}`},
		{"move", api.MoveRequest{Move: "e3e5", Seen: &one, Token: "t"}, `{"move":"e3e5","seen":1,"token":"t"}`},
		{"move without seen", api.MoveRequest{Move: "e3e5"}, `{"move":"e3e5","seen":null,"token":""}`},
		{"token", api.TokenRequest{Token: "t"}, `{"token":"t"}`},
		{"draw", api.DrawRequest{Token: "t", Action: "offer"}, `{"token":"t","action":"offer"}`},
		{"whoami", api.Whoami{Player: 1}, `{"player":1}`},
		{"error", api.Error{Error: "no such game"}, `{"error":"no such game"}`},
		{"ws view", api.WSMessage{Type: "view", View: json.RawMessage(`{"id":"g1"}`)}, `{"type":"view","view":{"id":"g1"}}`},
		{"ws error", api.WSMessage{Type: "error", Error: "no such game"}, `{"type":"error","error":"no such game"}`},
		{"ws hello", api.WSHello{Token: "t"}, `{"token":"t"}`},
		{"positions", api.Positions{Positions: []string{"a", "b"}, Version: 2}, `{"positions":["a","b"],"version":2}`},
		{"list", api.GameList{Games: []api.Summary{{ID: "g1", Game: "oshi", Title: "Oshi", Players: [2]string{"white", "black"},
			Result: "first", Reason: "seven points", Plies: 12, Seats: []api.Seat{{Kind: "human"}}, CreatedAt: "c", UpdatedAt: "u"}}},
			`{"games":[{"id":"g1","game":"oshi","title":"Oshi","players":["white","black"],"result":"first","reason":"seven points",` +
				`"plies":12,"seats":[{"kind":"human","connected":false}],"createdAt":"c","updatedAt":"u"}]}`},
		{"catalog", api.Catalog{Games: []api.CatalogGame{{Name: "oshi", Title: "Oshi", Players: [2]string{"white", "black"},
			Colours: [2]game.Text{{"en": "Red"}, {"en": "White"}}, Summary: game.Text{"en": "Push"}, FixedBoard: true,
			Start: "s", Starts: map[string]string{"oshi": "s"}, Board: "/js/games/oshi.js",
			Options: []api.Option{{Name: "variant", Default: "standard", Values: []string{"standard", "beginner"}, Doc: "d",
				Label: game.Text{"en": "Variant"}, Labels: map[string]game.Text{"beginner": {"en": "Beginner"}}}}}},
			Levels: api.Levels{Min: 1, Max: 8, Default: 4}, AI: "random stand-in"},
			`{"games":[{"name":"oshi","title":"Oshi","players":["white","black"],"colours":[{"en":"Red"},{"en":"White"}],` +
				`"summary":{"en":"Push"},"fixedBoard":true,"start":"s","starts":{"oshi":"s"},"board":"/js/games/oshi.js",` +
				`"options":[{"name":"variant","default":"standard","values":["standard","beginner"],"doc":"d",` +
				`"label":{"en":"Variant"},"labels":{"beginner":{"en":"Beginner"}}}]}],"levels":{"min":1,"max":8,"default":4},"ai":"random stand-in"}`},
		{"phase", api.Phase{Name: "interrupt", About: game.Text{"en": "Stop!"}, Prompt: game.Text{"en": "{0}: stop or pass"},
			Hint: &api.Hint{Label: game.Text{"en": "Stop!"}, Text: game.Text{"en": "Click a hole"}}},
			`{"name":"interrupt","about":{"en":"Stop!"},"prompt":{"en":"{0}: stop or pass"},"hint":{"label":{"en":"Stop!"},"text":{"en":"Click a hole"}}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := json.Marshal(tc.doc)
			if err != nil || string(got) != tc.want {
				t.Errorf("got %s (%v)\nwant %s", got, err, tc.want)
			}
		})
	}
}
