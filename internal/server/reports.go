package server

import (
	"context"
	"net/http"
)

// chatRefusal is the chat's hook: why author may not post in a game
// whose seats hold seated, or nil (desk.Desk.ChatRefusal: a chat ban, a
// block with a player of the game).
func (s *Server) chatRefusal(ctx context.Context, author string, seated [2]string) error {
	return modRefusal(s.desk.ChatRefusal(ctx, author, seated))
}

// seeAddress records, as a keyed hash, the address player logs in or
// signs up from (the client key the rate limits use: behind a trusted
// proxy, X-Forwarded-For's). A failure is logged: it never stops a
// login.
func (s *Server) seeAddress(r *http.Request, player string) {
	s.desk.SeeAddress(r.Context(), player, s.limiter.client(r))
}
