package lobby

import (
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/room"
)

// SeekJSON is seek k as the API shows it to me; its title is the game's
// in reg (the id of a game no longer offered).
func SeekJSON(reg *game.Registry, k Seek, me Player) api.Seek {
	title := k.Game
	if g, _, err := reg.Lookup(k.Game); err == nil {
		title = g.Title
	}
	out := api.Seek{ID: k.ID, Game: k.Game, Title: title, TimeControl: k.TimeControl, Rated: k.Rated,
		Colour: string(k.Colour), Kind: string(k.Kind), Owner: api.PlayerRef{ID: k.Owner.ID, Name: k.Owner.Name},
		Quick: k.Quick, Rating: k.Rating, Created: room.FormatTime(k.Created), Mine: k.Owner.ID == me.ID}
	if k.Challenge() {
		out.To = &api.PlayerRef{ID: k.To.ID, Name: k.To.Name}
	}
	if !k.Expires.IsZero() {
		out.Expires = room.FormatTime(k.Expires)
	}
	return out
}
