package room

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// Describe returns a game id's title and colour names, or the id itself
// for a game this binary no longer offers.
func Describe(reg *game.Registry, id string) (string, [2]string) {
	g, _, err := reg.Lookup(id)
	if err != nil {
		return id, [2]string{"first", "second"}
	}
	return g.Title, g.Players
}

// Summarize is a stored game as lists show it, its players named by
// names (the player ids of its seats; a missing one is left out).
func Summarize(reg *game.Registry, sm store.Summary, names map[string]*api.PlayerRef) api.Summary {
	title, players := Describe(reg, sm.Game)
	g, _, _ := reg.Lookup(sm.Game) // a game no longer offered: its reason stays English
	js := api.Summary{ID: sm.ID, Game: sm.Game, Title: title, Players: players, Result: sm.Result, Reason: sm.Reason,
		ReasonText: ReasonText(g, sm.Reason),
		Plies:      sm.Plies, Hints: sm.Hints, Rated: sm.Rated, Private: sm.Private, CreatedAt: FormatTime(sm.CreatedAt), UpdatedAt: FormatTime(sm.UpdatedAt)}
	for _, seat := range sm.Seats {
		js.Seats = append(js.Seats, api.Seat{Kind: seat.Kind, Level: seat.Level, Player: names[seat.Player]})
	}
	return js
}

// ToRecord turns a stored game into a line of the match runner's records
// format (docs/records.md), so that `plateau replay` reads an export.
func ToRecord(g store.Game) record.Record {
	rec := record.Record{ID: g.ID, Game: g.Game, Start: g.Start, Moves: make([]string, len(g.Moves)),
		Result: g.Result, Reason: g.Reason}
	for i, m := range g.Moves {
		rec.Moves[i] = m.Text
	}
	who := [2]*string{&rec.First, &rec.Second}
	for i, seat := range g.Seats {
		*who[i] = seat.Kind
		if seat.Kind == store.AI {
			*who[i] = fmt.Sprintf("level:%d", seat.Level)
		}
	}
	return rec
}
