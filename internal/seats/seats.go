package seats

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Sentinel errors, checked with errors.Is.
var (
	// ErrTaken means the seat an invite named is someone else's now.
	ErrTaken = errors.New("seats: the seat was taken")
	// ErrOwnInvite means the creator opened their own game's invite:
	// it is for someone else.
	ErrOwnInvite = errors.New("seats: this invite is for your opponent")
	// ErrNoSeat means none of the tokens is a seat of the game.
	ErrNoSeat = errors.New("seats: no seat of this game has that token")
	// ErrNoInvite means the game has no unclaimed invite to cancel or
	// re-issue.
	ErrNoInvite = errors.New("seats: no open invite")
	// ErrNotYours means the request needs a seat of the game.
	ErrNotYours = errors.New("seats: not your game")
	// ErrNoPlayer means the request comes from no player: a program
	// without an API key.
	ErrNoPlayer = errors.New("seats: who are you? send a session cookie or an API key")
	// ErrTooManyKeys means the player has as many API keys as allowed.
	ErrTooManyKeys = errors.New("seats: too many API keys")
)

// Seat is what the decisions need to know of a seat.
type Seat struct {
	Human     bool
	Player    string // "" while nobody sits there
	TokenHash []byte // nil: no token
}

// Change seats Player in Seat and sets its token hash (nil: none).
type Change struct {
	Seat      int
	Player    string
	TokenHash []byte
}

// Mine returns the seats player sits in, in order.
func Mine(seats [2]Seat, player string) []int {
	var out []int
	for i, s := range seats {
		if player != "" && s.Human && s.Player == player {
			out = append(out, i)
		}
	}
	return out
}

// Claim decides what presenting tokens does for player: the seats they
// take (the changes to write) and the seats they then hold. A seat
// already theirs is kept; one another player holds is ErrTaken (with
// the seat, to say who took it). One token for the seat opposite the
// player's own is the creator opening their invite: ErrOwnInvite. Two
// tokens, for both seats, are a game at one device from before
// players, which becomes the player's, both seats. A claim drops the
// token: the link it came in only watches afterwards.
func Claim(seats [2]Seat, player string, tokens []string) ([]Change, []int, error) {
	if player == "" {
		return nil, nil, ErrNoPlayer
	}
	var named []int
	for i, s := range seats {
		if s.Human && slices.ContainsFunc(tokens, func(t string) bool { return Matches(t, s.TokenHash) }) {
			named = append(named, i)
		}
	}
	if len(named) == 0 {
		return nil, Mine(seats, player), ErrNoSeat
	}
	var changes []Change
	for _, i := range named {
		s := seats[i]
		switch {
		case s.Player == player:
		case s.Player != "":
			return nil, Mine(seats, player), &TakenError{Seat: i, Player: s.Player}
		case len(named) == 1 && seats[1-i].Player == player:
			return nil, Mine(seats, player), ErrOwnInvite
		default:
			changes = append(changes, Change{Seat: i, Player: player, TokenHash: s.TokenHash})
		}
	}
	mine := Mine(seats, player)
	for _, c := range changes {
		mine = append(mine, c.Seat)
	}
	slices.Sort(mine)
	return changes, mine, nil
}

// TakenError is ErrTaken with the seat and the player who holds it.
type TakenError struct {
	Seat   int
	Player string
}

func (e *TakenError) Error() string {
	return fmt.Sprintf("seats: seat %d was taken by another player", e.Seat)
}

// Unwrap makes a TakenError ErrTaken.
func (e *TakenError) Unwrap() error { return ErrTaken }

// Acts reports whether token acts for seat s: a program's token, or one
// from before players, for a seat nobody sits in. A seated player acts
// as themselves (a session, an API key), never by a token that may have
// travelled in a link.
func Acts(s Seat, token string) bool {
	return s.Human && s.Player == "" && Matches(token, s.TokenHash)
}

// Invite returns the seat of the open invite of a game that player
// created: a human seat nobody holds, opposite theirs. ErrNotYours
// when player has no seat; ErrNoInvite when there is no such seat.
func Invite(seats [2]Seat, player string) (int, error) {
	mine := Mine(seats, player)
	if len(mine) != 1 {
		if len(mine) == 0 {
			return 0, ErrNotYours
		}
		return 0, ErrNoInvite
	}
	other := 1 - mine[0]
	if !seats[other].Human || seats[other].Player != "" {
		return 0, ErrNoInvite
	}
	return other, nil
}

// NewToken returns a seat token (128 random bits as hex) and the hash
// the store keeps instead of it.
func NewToken() (token string, hash []byte) {
	var b [16]byte
	rand.Read(b[:])
	token = hex.EncodeToString(b[:])
	return token, Hash(token)
}

// Hash returns the SHA-256 kept instead of a token or a key: they are
// random and long, so a plain hash is as good as a slow one.
func Hash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Matches compares in constant time, so that response times tell
// nothing about a guessed token.
func Matches(token string, hash []byte) bool {
	return token != "" && len(hash) == sha256.Size && subtle.ConstantTimeCompare(Hash(token), hash) == 1
}

// KeyPrefix starts every API key, so that a server tells a key from a
// seat token without a lookup, and a leaked key is recognisable.
const KeyPrefix = "plateau_"

// MaxKeys bounds the API keys of one player.
const MaxKeys = 20

// NewKey returns a new API key, its public id (to list and revoke it)
// and the hash the store keeps.
func NewKey() (key, id string, hash []byte) {
	var b [24]byte
	rand.Read(b[:])
	key = KeyPrefix + hex.EncodeToString(b[:])
	return key, strings.ToLower(rand.Text()[:10]), Hash(key)
}

// IsKey tells an API key from a seat token.
func IsKey(token string) bool { return strings.HasPrefix(token, KeyPrefix) }

// CheckLabel checks the name a player gives a key: optional, short,
// printable.
func CheckLabel(label string) error {
	if len(label) > 60 {
		return fmt.Errorf("seats: key label over 60 bytes")
	}
	for _, r := range label {
		if r < ' ' || r == 0x7f {
			return fmt.Errorf("seats: key label with a control character")
		}
	}
	return nil
}
