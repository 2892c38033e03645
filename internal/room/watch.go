package room

import (
	"encoding/json"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/chat"
	"github.com/plateau-games/plateau/internal/seats"
)

// chatSentMax bounds the chat lines a room remembers having sent.
const chatSentMax = 64

// Subscriber receives a game's messages: the WebSocket code implements
// it. Both methods are called with the room locked and must not block.
type Subscriber interface {
	// View is sent each new view as a WebSocket message; only the
	// latest unsent one matters.
	View(msg []byte)
	// Line is sent each chat message, in order; one that cannot be
	// queued is dropped.
	Line(msg []byte)
}

// watch is what a room knows of one subscriber.
type watch struct {
	seat int  // -1 until the client names its seat
	chat bool // the client asked for the chat
}

// Watch subscribes sub to the game, seated in player's first seat if
// player holds one, and sends it the current view.
func (h *Room) Watch(sub Subscriber, player string) {
	w := &watch{seat: -1}
	h.watchers[sub] = w
	if mine := seats.Mine(h.seats(), player); len(mine) > 0 {
		w.seat = mine[0]
		h.seatCame(w.seat)
	}
	_, msg := h.current()
	sub.View(msg)
}

// Identify seats sub in the seat whose token it presents, if it has no
// seat yet. It locks the room itself.
func (h *Room) Identify(sub Subscriber, token string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	w, ok := h.watchers[sub]
	if !ok {
		return
	}
	if p, err := h.SeatOf(Caller{Token: token}, 0); err == nil && w.seat < 0 {
		w.seat = int(p)
		h.seatCame(w.seat)
	}
}

// Unwatch unsubscribes sub. It locks the room itself.
func (h *Room) Unwatch(sub Subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	w, ok := h.watchers[sub]
	if !ok {
		return
	}
	delete(h.watchers, sub)
	if w.seat >= 0 {
		h.seatLeft(w.seat)
	}
	h.lastUsed = time.Now()
}

// JoinChat marks sub as reading the chat and returns the channels it may
// read (after the game ended, the players may read the spectators'
// chat). It locks the room itself.
func (h *Room) JoinChat(sub Subscriber) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	w, ok := h.watchers[sub]
	if !ok {
		return nil
	}
	w.chat = true
	var channels []string
	for _, ch := range []string{chat.Players, chat.Spectators} {
		if chat.CanRead(ch, w.seat, h.over()) {
			channels = append(channels, ch)
		}
	}
	return channels
}

// ChatSent reports whether the chat line id was sent to the watchers.
// It locks the room itself.
func (h *Room) ChatSent(id int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.chatSent[id]
}

// SendChat sends a new line to the watchers who joined the chat and may
// read it, once.
func (h *Room) SendChat(l api.ChatLine) {
	if h.chatSent[l.ID] {
		return
	}
	if h.chatSent == nil || len(h.chatSent) >= chatSentMax {
		// The announcements of older lines are long past, and clients
		// drop a line they hold anyway.
		h.chatSent = map[int64]bool{}
	}
	h.chatSent[l.ID] = true
	msg, err := json.Marshal(api.WSMessage{Type: "chat", Chat: []api.ChatLine{l}})
	if err != nil {
		return
	}
	for sub, w := range h.watchers {
		if w.chat && chat.CanRead(l.Channel, w.seat, h.over()) {
			sub.Line(msg)
		}
	}
}

// Lock locks the room, for SendChat on a room from Hub.Held.
func (h *Room) Lock() { h.mu.Lock() }

// Unlock unlocks the room Lock locked.
func (h *Room) Unlock() { h.mu.Unlock() }
