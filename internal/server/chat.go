package server

import (
	"context"
	"math"
	"net/http"
	"strconv"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

// routesChat adds the chat endpoints (the service is New's, as the
// WebSocket reads chats too). A player's mutes: GET reads them, POST
// mutes or unmutes a chat or a person and answers them.
func (s *Server) routesChat(m *http.ServeMux) {
	m.HandleFunc("POST /api/games/{id}/chat", s.handleChatPost)
	m.HandleFunc("GET /api/chat/mutes", serveCall(s, func(r *http.Request) (api.ChatMutes, error) {
		who, err := s.playerOf(r)
		if err != nil {
			return api.ChatMutes{}, err
		}
		return s.chat.Mutes(r.Context(), who.player)
	}))
	m.HandleFunc("POST /api/chat/mutes", serveBody(s, func(r *http.Request, req api.MuteRequest) (api.ChatMutes, error) {
		who, err := s.playerOf(r)
		if err != nil {
			return api.ChatMutes{}, err
		}
		return s.chat.Mute(r.Context(), who.player, req)
	}))
}

// handleChatPost serves POST /api/games/{id}/chat: a seat's token writes in
// the players' chat, no token in the spectators'.
func (s *Server) handleChatPost(w http.ResponseWriter, r *http.Request) {
	var req api.ChatRequest
	if !s.decodedBody(w, r, &req) {
		return
	}
	p, err := s.chatPost(r, req)
	if err != nil {
		s.fail(w, r, serviceRefusal(err))
		return
	}
	line, wait, err := s.chat.Send(r.Context(), p)
	if wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	}
	if err != nil {
		s.fail(w, r, serviceRefusal(err))
		return
	}
	s.withHub(context.WithoutCancel(r.Context()), p.GameID, func(h *room.Room) error { //nolint:errcheck // the line is stored; a game gone has no one to tell
		h.SendChat(line)
		return nil
	})
	s.reply(w, http.StatusOK, line)
}

// chatPost reads a line's text, sender and seat from the request and the
// game's room.
func (s *Server) chatPost(r *http.Request, req api.ChatRequest) (chat.Post, error) {
	text, err := chat.Clean(req.Text)
	if err != nil {
		return chat.Post{}, err
	}
	who, err := s.callerOf(r, req.Token)
	if err != nil {
		return chat.Post{}, err
	}
	p := chat.Post{GameID: r.PathValue("id"), Text: text, Seat: -1, Client: s.limiter.Client(r)}
	err = s.withHub(r.Context(), p.GameID, func(h *room.Room) error {
		rec := h.Record()
		p.Seated = [2]string{rec.Seats[0].Player, rec.Seats[1].Player}
		// A player seated here writes in the players' chat, with or
		// without the seat's token; a token of no seat is refused.
		seat, err := h.SeatOf(who.who(), 0)
		switch {
		case err == nil:
			p.Seat = int(seat)
		case who.token != "":
			return err
		}
		return nil
	})
	if err != nil {
		return chat.Post{}, err
	}
	p.Author, p.Name = s.chatAuthor(r, who)
	return p, nil
}

// chatAuthor returns the player id and name of a request's sender: the
// session's player, or an API key's (named from the store); "" for a
// program that is neither.
func (s *Server) chatAuthor(r *http.Request, who caller) (id, name string) {
	if p, ok := players.FromContext(r.Context()); ok && p.ID == who.player {
		return p.ID, p.Name
	}
	if who.player == "" {
		return "", ""
	}
	return who.player, s.refOf(r.Context(), who.player).Name
}

// relayChat sends the watchers of a game this process holds a chat line
// that a server (this one or another sharing the database) announced.
func (s *Server) relayChat(c store.Change) {
	h, ok := s.rooms.Held(c.ID)
	if !ok {
		return // nobody here watches the game
	}
	if h.ChatSent(c.Chat) {
		return
	}
	l, err := s.chat.Line(s.ctx, c.ID, c.Chat)
	if err != nil {
		s.log.Warn("relaying a chat line", "game", c.ID, "line", c.Chat, "err", err)
		return
	}
	h.Lock()
	defer h.Unlock()
	h.SendChat(l)
}
