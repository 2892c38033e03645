package lobby

import "github.com/plateau-games/plateau/internal/store"

// Record returns s as the store keeps it.
func (s Seek) Record() store.Seek {
	return store.Seek{ID: s.ID, Game: s.Game, TimeControl: s.TimeControl, Rated: s.Rated, Colour: string(s.Colour),
		Kind: string(s.Kind), Owner: s.Owner, To: s.To, Quick: s.Quick, Rating: s.Rating, Range: s.Range,
		Created: s.Created, Expires: s.Expires}
}

// SeekOf returns the seek a stored record keeps.
func SeekOf(r store.Seek) Seek {
	return Seek{ID: r.ID, Game: r.Game, TimeControl: r.TimeControl, Rated: r.Rated, Colour: Colour(r.Colour),
		Kind: Kind(r.Kind), Owner: r.Owner, To: r.To, Quick: r.Quick, Rating: r.Rating, Range: r.Range,
		Created: r.Created, Expires: r.Expires}
}

// SeeksOf returns the seeks stored records keep.
func SeeksOf(rs []store.Seek) []Seek {
	out := make([]Seek, len(rs))
	for i, r := range rs {
		out[i] = SeekOf(r)
	}
	return out
}

// RematchOf returns the rematch a stored record keeps.
func RematchOf(r store.Rematch) Rematch { return Rematch{Of: r.Of, By: r.By, NewGame: r.NewGame} }
