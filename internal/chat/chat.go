package chat

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"
)

// The two chats of a game.
const (
	Players    = "players"
	Spectators = "spectators"
)

// MaxRunes bounds a message's length, in characters: a chat line, not a
// letter.
const MaxRunes = 300

// Sentinel errors, checked with errors.Is.
var (
	// ErrEmpty is a message with nothing to read.
	ErrEmpty = errors.New("chat: empty message")
	// ErrTooLong is a message over MaxRunes characters.
	ErrTooLong = errors.New("chat: message too long")
	// ErrTooFast is a sender over the Limiter's rate.
	ErrTooFast = errors.New("chat: too many messages")
	// ErrBadChannel names a chat that does not exist.
	ErrBadChannel = errors.New("chat: no such chat")
)

// Message is one chat line of a game.
type Message struct {
	ID      int64
	Game    string
	Channel string // Players or Spectators
	Seat    int    // the sender's seat in the players' chat; -1 in the spectators'
	Author  string // the sender's player id ("" when unknown)
	Name    string // the sender's name as shown
	Text    string
	At      time.Time
}

// Clean returns a message's text trimmed, with control characters (line
// breaks included) turned into spaces, or ErrEmpty, ErrTooLong, or an
// error for text that is not UTF-8.
func Clean(text string) (string, error) {
	if !utf8.ValidString(text) {
		return "", fmt.Errorf("%w: not UTF-8", ErrEmpty)
	}
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text))
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return "", ErrEmpty
	case n > MaxRunes:
		return "", fmt.Errorf("%w: %d characters, at most %d", ErrTooLong, n, MaxRunes)
	}
	return text, nil
}

// CanRead reports whether a watcher may read a chat: seat is the
// watcher's seat in the game, or -1 for a spectator; over says the game
// has ended. The players' chat is the players' alone; the spectators'
// chat opens to the players once the game is over.
func CanRead(channel string, seat int, over bool) bool {
	switch channel {
	case Players:
		return seat >= 0
	case Spectators:
		return seat < 0 || over
	}
	return false
}

// ChannelOf is the chat a sender writes in: a seat writes in the
// players' chat, anyone else (seat -1) in the spectators'.
func ChannelOf(seat int) string {
	if seat >= 0 {
		return Players
	}
	return Spectators
}

// Limiter allows each sender (a key: a player id, a seat of a game)
// Burst messages at once, then one every Every. Senders whose bucket is
// full again are forgotten, so memory follows the active senders.
type Limiter struct {
	Burst int
	Every time.Duration

	mu      sync.Mutex
	senders map[string]*rate.Limiter
}

// Allow spends one message of key's allowance at now, or returns
// ErrTooFast with the wait until the next one.
func (l *Limiter) Allow(key string, now time.Time) (time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.senders == nil {
		l.senders = map[string]*rate.Limiter{}
	}
	lim, ok := l.senders[key]
	if !ok {
		if len(l.senders) >= 10000 {
			l.forget(now)
		}
		lim = rate.NewLimiter(rate.Every(l.Every), l.Burst)
		l.senders[key] = lim
	}
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, fmt.Errorf("%w: wait %v", ErrTooFast, d.Round(time.Second))
	}
	return 0, nil
}

// forget drops the senders whose allowance is whole again. The caller
// holds l.mu.
func (l *Limiter) forget(now time.Time) {
	for k, lim := range l.senders {
		if lim.TokensAt(now) >= float64(l.Burst) {
			delete(l.senders, k)
		}
	}
}
