package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/seats"
)

// keyMePlayer names the player of a GET /api/me that carries an API key
// and no session: the key's, instead of a new guest. It reports false
// for any other request; an unknown or revoked key (one of a deleted
// account included) is refused.
func (s *Server) keyMePlayer(r *http.Request) (players.Player, bool, error) {
	if r.Method != http.MethodGet || r.URL.Path != "/api/me" || !seats.IsKey(bearer(r, "")) {
		return players.Player{}, false, nil
	}
	c, err := s.callerOf(r, "")
	if err != nil {
		return players.Player{}, false, err
	}
	p, err := s.accounts().Player(r.Context(), c.player)
	return p, err == nil, err
}
