package lobby

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/plateau-games/plateau/internal/store"
)

// Sentinel errors, checked with errors.Is. The server maps them to HTTP
// statuses at its edge.
var (
	// ErrBadSeek means a seek or challenge asks for something invalid.
	ErrBadSeek = errors.New("lobby: bad seek")
	// ErrKindClash means a seek whose kind contradicts its clock: real
	// time with days a move, or correspondence with minutes. It is a
	// bad seek too.
	ErrKindClash = fmt.Errorf("%w: a real-time game has a clock in minutes, a correspondence game one in days a move", ErrBadSeek)
	// ErrRatedUntimed means a rated seek without a clock. It is a bad
	// seek too.
	ErrRatedUntimed = fmt.Errorf("%w: an untimed game is casual: a rated seek needs a time control", ErrBadSeek)
	// ErrGone means the seek was accepted, cancelled or expired before
	// the request: somebody else came first, or its owner left. It is
	// the store's error, which says so.
	ErrGone = store.ErrGone
	// ErrOwnSeek means a player tried to accept their own seek.
	ErrOwnSeek = errors.New("lobby: own seek")
	// ErrNotForYou means a challenge addressed to another player.
	ErrNotForYou = errors.New("lobby: challenge for another player")
	// ErrNoRematch means a rematch asked of a game that cannot have one:
	// not finished, not between two people, or not the caller's.
	ErrNoRematch = errors.New("lobby: no rematch")
)

// Kind says how long a seek lives.
type Kind string

const (
	// RealTime seeks live while their owner has the lobby open on some
	// server: they die with the owner's last lobby connection.
	RealTime Kind = "realtime"
	// Correspondence seeks live for CorrespondenceTTL, connection or not.
	Correspondence Kind = "correspondence"
)

// Colour is the colour the seek's owner asks to play.
type Colour string

// The colours a seek may ask for.
const (
	First  Colour = "first"
	Second Colour = "second"
	Random Colour = "random"
)

// CorrespondenceTTL is how long an unanswered correspondence seek stays.
const CorrespondenceTTL = 7 * 24 * time.Hour

// QuickPlayWait is how long quick play waits for a person before it
// offers a game against the AI.
const QuickPlayWait = 30 * time.Second

// Limits of what a seek may carry.
const (
	maxGame        = 200
	maxTimeControl = 32
)

// Player is someone in the lobby: a stable id and the name others see.
type Player = store.LobbyPlayer

// Seek is an open offer to play: in the lobby for anyone (To empty) or a
// challenge to one player (To set). Accepting it starts a game.
type Seek struct {
	ID          string
	Game        string // canonical game id with options
	TimeControl string // "" is untimed
	Rated       bool
	Colour      Colour // the owner's
	Kind        Kind
	Owner       Player
	To          Player // a challenge's addressee; zero for an open seek
	// Quick marks a seek posted by quick play, which waits for a match
	// and then offers the AI.
	Quick bool
	// Rating is the owner's rating in Game when posted (0: unrated), and
	// Range the rating distance the owner accepts (0: any).
	Rating, Range int
	Created       time.Time
	// Expires is when a correspondence seek dies; zero for real time.
	Expires time.Time
}

// Check validates a seek and fills in what it may leave out: colour
// random, kind real time, the expiry of a correspondence seek.
func (s *Seek) Check(now time.Time) error {
	switch {
	case s.Game == "" || len(s.Game) > maxGame:
		return fmt.Errorf("%w: game id of 1 to %d bytes wanted", ErrBadSeek, maxGame)
	case len(s.TimeControl) > maxTimeControl || !utf8.ValidString(s.TimeControl):
		return fmt.Errorf("%w: time control over %d bytes", ErrBadSeek, maxTimeControl)
	case s.Owner.ID == "":
		return fmt.Errorf("%w: no owner", ErrBadSeek)
	case s.To.ID == s.Owner.ID:
		return fmt.Errorf("%w: a challenge to oneself", ErrBadSeek)
	case s.Range < 0:
		return fmt.Errorf("%w: negative rating range", ErrBadSeek)
	}
	if s.Colour == "" {
		s.Colour = Random
	}
	if s.Colour != First && s.Colour != Second && s.Colour != Random {
		return fmt.Errorf("%w: colour %q: want first, second or random", ErrBadSeek, s.Colour)
	}
	if s.Kind == "" {
		s.Kind = RealTime
	}
	switch s.Kind {
	case RealTime:
		s.Expires = time.Time{}
	case Correspondence:
		s.Expires = now.Add(CorrespondenceTTL)
	default:
		return fmt.Errorf("%w: kind %q: want realtime or correspondence", ErrBadSeek, s.Kind)
	}
	s.Created = now
	return nil
}

// CanAccept says whether p may accept s: not their own, and a challenge
// only by its addressee.
func (s Seek) CanAccept(p Player) error {
	if s.Owner.ID == p.ID {
		return ErrOwnSeek
	}
	if s.To.ID != "" && s.To.ID != p.ID {
		return ErrNotForYou
	}
	return nil
}

// OwnerSeat is the seat (0 plays first) of the seek's owner in the game
// its acceptance starts; coin decides a random colour.
func (s Seek) OwnerSeat(coin func() bool) int {
	switch s.Colour {
	case First:
		return 0
	case Second:
		return 1
	}
	if coin() {
		return 0
	}
	return 1
}

// Challenge says whether s is addressed to one player.
func (s Seek) Challenge() bool { return s.To.ID != "" }
