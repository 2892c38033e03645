package chat

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// Store is the store as the chat service uses it: the lines and the
// players' mutes.
type Store interface {
	AddChat(ctx context.Context, l store.ChatLine) (store.ChatLine, error)
	ChatLines(ctx context.Context, gameID string, channels []string, limit int) ([]store.ChatLine, error)
	ChatLine(ctx context.Context, gameID string, id int64) (store.ChatLine, error)
	Mutes(ctx context.Context, player string) ([]store.Mute, error)
	SetMute(ctx context.Context, player string, m store.Mute, on bool) error
}

// Service writes and reads the games' chats and the players' mutes; the
// rooms tell the watchers (this package knows no room).
type Service struct {
	Store Store
	Limit *Limiter
	Now   func() time.Time
	// Format writes a time as the API does (the rooms' format).
	Format func(time.Time) string
	// Blocked returns the players who blocked player or whom player
	// blocked (moderation): they read as muted authors.
	Blocked func(ctx context.Context, player string) map[string]bool
	// Refuse is moderation's word on an author's line in a game between
	// the seated players (nil: allowed).
	Refuse func(ctx context.Context, author string, seated [2]string) error
}

var (
	// ErrBadMute is the reason of a mute request that names no chat
	// or person of the asking player's.
	ErrBadMute = errors.New("chat: bad mute")
	// ErrNoGame is a line written to a game that does not exist.
	ErrNoGame = errors.New("chat: no such game")
)

// noGame tells the client the game does not exist, and is ErrNoGame and
// the store's error.
type noGame struct{ cause error }

// Error implements error.
func (noGame) Error() string { return "no such game" }

// Unwrap returns the errors it is, for errors.Is.
func (e noGame) Unwrap() []error { return []error{ErrNoGame, e.cause} }

// badMute tells the client what a mute names, and is ErrBadMute.
type badMute struct{}

// Error implements error.
func (badMute) Error() string {
	return "want kind channel (players or spectators) or author (another player's id)"
}

// Is reports the sentinel it stands for.
func (badMute) Is(target error) bool { return target == ErrBadMute }

// Mutes returns a player's mutes as the API shows them.
func (s *Service) Mutes(ctx context.Context, player string) (api.ChatMutes, error) {
	out := api.ChatMutes{Channels: []string{}, Authors: []string{}}
	ms, err := s.Store.Mutes(ctx, player)
	for id := range s.Blocked(ctx, player) { // moderation hook: blocked players read as muted
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

// Mute mutes or unmutes a chat or a person for player, and returns the
// player's mutes.
func (s *Service) Mute(ctx context.Context, player string, req api.MuteRequest) (api.ChatMutes, error) {
	switch {
	case req.Kind == "channel" && req.Target != Players && req.Target != Spectators,
		req.Kind == "author" && (req.Target == "" || len(req.Target) > 64 || req.Target == player),
		req.Kind != "channel" && req.Kind != "author":
		return api.ChatMutes{}, badMute{}
	}
	if err := s.Store.SetMute(ctx, player, store.Mute{Kind: req.Kind, Target: req.Target}, req.Muted); err != nil {
		return api.ChatMutes{}, err
	}
	return s.Mutes(ctx, player)
}

// Post is a line to write: its text already Clean, its sender's seat
// (-1: a spectator) and player ("" when unknown), and Client, the
// sender's address, which paces a sender known by neither.
type Post struct {
	GameID, Text string
	Seat         int
	Author, Name string
	Client       string
	Seated       [2]string // the game's players, for moderation
}

// Send writes a line in its chat, if moderation and the sender's pace
// allow it; a sender too fast is told the wait.
func (s *Service) Send(ctx context.Context, p Post) (api.ChatLine, time.Duration, error) {
	if err := s.Refuse(ctx, p.Author, p.Seated); err != nil { // moderation hook
		return api.ChatLine{}, 0, err
	}
	if wait, err := s.Limit.Allow(sender(p), s.Now()); err != nil {
		return api.ChatLine{}, wait, err
	}
	line, err := s.Store.AddChat(ctx, store.ChatLine{GameID: p.GameID, Channel: ChannelOf(p.Seat), Seat: p.Seat,
		Author: p.Author, Name: p.Name, Text: p.Text, At: s.Now()})
	if errors.Is(err, store.ErrNotFound) {
		return api.ChatLine{}, 0, noGame{err}
	}
	return s.line(line), 0, err
}

// sender is the key a sender's pace is counted under: the player when
// known, else the seat, else the client's address.
func sender(p Post) string {
	switch {
	case p.Author != "":
		return "player " + p.Author
	case p.Seat >= 0:
		return "seat " + p.GameID + " " + strconv.Itoa(p.Seat)
	}
	return "client " + p.Client
}

// line is a stored line as the API shows it.
func (s *Service) line(l store.ChatLine) api.ChatLine {
	return api.ChatLine{ID: l.ID, Channel: l.Channel, Seat: l.Seat, Author: l.Author, Name: l.Name, Text: l.Text, At: s.Format(l.At)}
}

// Line is line id of a game's chat, as the API shows it.
func (s *Service) Line(ctx context.Context, gameID string, id int64) (api.ChatLine, error) {
	l, err := s.Store.ChatLine(ctx, gameID, id)
	return s.line(l), err
}

// History is the message a watcher joining a game's chat receives: the
// last limit lines of the channels it may read.
func (s *Service) History(ctx context.Context, gameID string, channels []string, limit int) (api.WSMessage, error) {
	lines, err := s.Store.ChatLines(ctx, gameID, channels, limit)
	out := api.WSMessage{Type: "chat", History: true, Chat: []api.ChatLine{}}
	for _, l := range lines {
		out.Chat = append(out.Chat, s.line(l))
	}
	return out, err
}
