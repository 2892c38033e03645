package server

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
)

const (
	// chatBuffer bounds the chat messages queued for one WebSocket: a
	// client that far behind loses lines, not the server memory (it reads
	// them all again on its next connection).
	chatBuffer = 64
	// chatHistory is how many of a game's last lines a client receives
	// when it joins the chat.
	chatHistory = 200
)

// chatRoom serves the games' chats; limit paces each sender.
type chatRoom struct {
	s     *Server
	limit *chat.Limiter
}

// routesChat adds the chat endpoints. A sender may post 5 lines at once,
// then one every 3 seconds.
func (s *Server) routesChat(m *http.ServeMux) {
	c := &chatRoom{s: s, limit: &chat.Limiter{Burst: 5, Every: 3 * time.Second}}
	m.HandleFunc("POST /api/games/{id}/chat", c.handlePost)
	m.HandleFunc("GET /api/chat/mutes", s.handleMutes)
	m.HandleFunc("POST /api/chat/mutes", s.handleMute)
}

// mutesOf returns a player's mutes as the API shows them.
func (s *Server) mutesOf(r *http.Request, player string) (api.ChatMutes, error) {
	out := api.ChatMutes{Channels: []string{}, Authors: []string{}}
	ms, err := s.cfg.Store.Mutes(r.Context(), player)
	for id := range s.blockedWith(r.Context(), player) { // moderation hook: blocked players read as muted
		out.Authors = append(out.Authors, id)
	}
	for _, m := range ms {
		if m.Kind == "channel" {
			out.Channels = append(out.Channels, m.Target)
		} else {
			out.Authors = append(out.Authors, m.Target)
		}
	}
	return out, err
}

// handleMutes serves GET /api/chat/mutes: the asking player's mutes.
func (s *Server) handleMutes(w http.ResponseWriter, r *http.Request) {
	who, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.mutesOf(r, who.player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// handleMute serves POST /api/chat/mutes: mute or unmute a chat or a
// person for the asking player; the answer is the player's mutes.
func (s *Server) handleMute(w http.ResponseWriter, r *http.Request) {
	var req api.MuteRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	who, err := s.playerOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	player := who.player
	switch {
	case req.Kind == "channel" && req.Target != chat.Players && req.Target != chat.Spectators,
		req.Kind == "author" && (req.Target == "" || len(req.Target) > 64 || req.Target == player),
		req.Kind != "channel" && req.Kind != "author":
		s.fail(w, r, refuse(ErrMalformed, "want kind channel (players or spectators) or author (another player's id)"))
		return
	}
	if err := s.cfg.Store.SetMute(r.Context(), player, store.Mute{Kind: req.Kind, Target: req.Target}, req.Muted); err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.mutesOf(r, player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusOK, out)
}

// handlePost serves POST /api/games/{id}/chat: a seat's token writes in
// the players' chat, no token in the spectators'.
func (c *chatRoom) handlePost(w http.ResponseWriter, r *http.Request) {
	s := c.s
	var req api.ChatRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	text, err := chat.Clean(req.Text)
	if err != nil {
		s.fail(w, r, refuseFor(ErrMalformed, err))
		return
	}
	who, err := s.callerOf(r, req.Token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id, seat := r.PathValue("id"), -1
	var seated [2]string
	err = s.withHub(r.Context(), id, func(h *room.Room) error {
		rec := h.Record()
		seated = [2]string{rec.Seats[0].Player, rec.Seats[1].Player}
		// A player seated here writes in the players' chat, with or
		// without the seat's token; a token of no seat is refused.
		p, err := h.SeatOf(who.who(), 0)
		switch {
		case err == nil:
			seat = int(p)
		case who.token != "":
			return err
		}
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	author, name := s.chatAuthor(r, who)
	if err := s.chatRefusal(r.Context(), author, seated); err != nil { // moderation hook
		s.fail(w, r, err)
		return
	}
	if wait, err := c.limit.Allow(c.sender(r, id, seat, author), s.now()); err != nil {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		s.fail(w, r, refuseFor(ErrRateLimited, err))
		return
	}
	line, err := s.cfg.Store.AddChat(r.Context(), store.ChatLine{GameID: id, Channel: chat.ChannelOf(seat), Seat: seat,
		Author: author, Name: name, Text: text, At: s.now()})
	if errors.Is(err, store.ErrNotFound) {
		err = errNoGame
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := chatLine(line)
	s.withHub(context.WithoutCancel(r.Context()), id, func(h *room.Room) error { //nolint:errcheck // the line is stored; a game gone has no one to tell
		h.SendChat(out)
		return nil
	})
	s.reply(w, http.StatusOK, out)
}

// sender is the key a sender's pace is counted under: the player when
// known, else the seat, else the client's address.
func (c *chatRoom) sender(r *http.Request, id string, seat int, author string) string {
	switch {
	case author != "":
		return "player " + author
	case seat >= 0:
		return "seat " + id + " " + strconv.Itoa(seat)
	}
	return "client " + c.s.limiter.client(r)
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

func chatLine(l store.ChatLine) api.ChatLine {
	return api.ChatLine{ID: l.ID, Channel: l.Channel, Seat: l.Seat, Author: l.Author, Name: l.Name, Text: l.Text, At: formatTime(l.At)}
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
	l, err := s.cfg.Store.ChatLine(s.ctx, c.ID, c.Chat)
	if err != nil {
		s.log.Warn("relaying a chat line", "game", c.ID, "line", c.Chat, "err", err)
		return
	}
	h.Lock()
	defer h.Unlock()
	h.SendChat(chatLine(l))
}

// joinChat marks a watcher as reading the chat and sends it the lines it
// may read. Asked again (after the game ended, the players may read the
// spectators' chat), it sends them again; clients order lines by id and
// drop those they hold.
func (s *Server) joinChat(ctx context.Context, h *room.Room, wt *watcher) {
	channels := h.JoinChat(wt)
	lines, err := s.cfg.Store.ChatLines(ctx, h.ID(), channels, chatHistory)
	if err != nil {
		s.log.Error("reading a chat", "game", h.ID(), "err", err)
		return
	}
	out := api.WSMessage{Type: "chat", History: true, Chat: []api.ChatLine{}}
	for _, l := range lines {
		out.Chat = append(out.Chat, chatLine(l))
	}
	msg, err := json.Marshal(out)
	if err != nil {
		return
	}
	wt.Line(msg)
}
