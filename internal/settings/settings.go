package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/plateau-games/plateau/game"
)

// ErrBad is a settings document refused: an unknown value or a volume
// out of range. Nothing is changed.
var ErrBad = errors.New("settings: not allowed")

// Confirmation choices: when a move waits for a second click.
const (
	ConfirmOff            = "off"
	ConfirmCorrespondence = "correspondence"
	ConfirmAlways         = "always"
)

// Animation speeds of the pieces.
const (
	AnimationOff    = "off"
	AnimationFast   = "fast"
	AnimationNormal = "normal"
	AnimationSlow   = "slow"
)

// Settings are what a player sets once for every browser they use.
type Settings struct {
	// Confirm is when a move is sent only after a second click.
	Confirm string `json:"confirm"`
	// Flip shows the board from the other side, whichever seat.
	Flip bool `json:"flip"`
	// Premove lets a move be entered while the opponent is to act in a
	// real-time game, played as soon as the turn comes back.
	Premove bool `json:"premove"`
	// Coordinates shows the board's files and ranks.
	Coordinates bool `json:"coordinates"`
	// Animation is the pieces' speed.
	Animation string `json:"animation"`
	// Zen hides all but the board, the players and the clocks in a game.
	Zen bool `json:"zen"`
	// Volume of the sounds, 0 (silent) to 100.
	Volume int `json:"volume"`
	// Lang is the language of the interface, one of game.Languages; ""
	// follows each browser's own languages.
	Lang string `json:"lang"`
}

// Default are a player's settings before they change any.
func Default() Settings {
	return Settings{Confirm: ConfirmOff, Premove: true, Coordinates: true, Animation: AnimationNormal, Volume: 70}
}

// Check returns ErrBad, wrapped with the reason, for settings no page
// can honour.
func (s Settings) Check() error {
	switch {
	case !slices.Contains([]string{ConfirmOff, ConfirmCorrespondence, ConfirmAlways}, s.Confirm):
		return fmt.Errorf("%w: move confirmation %q: want off, correspondence or always", ErrBad, s.Confirm)
	case !slices.Contains([]string{AnimationOff, AnimationFast, AnimationNormal, AnimationSlow}, s.Animation):
		return fmt.Errorf("%w: animation %q: want off, fast, normal or slow", ErrBad, s.Animation)
	case s.Volume < 0 || s.Volume > 100:
		return fmt.Errorf("%w: volume %d: want 0 to 100", ErrBad, s.Volume)
	case s.Lang != "" && !slices.Contains(game.Languages(), s.Lang):
		return fmt.Errorf("%w: language %q: want one of %v, or none", ErrBad, s.Lang, game.Languages())
	}
	return nil
}

// Store is the slice of the store settings need.
type Store interface {
	PlayerSettings(ctx context.Context, player string) (doc string, ok bool, err error)
	SetPlayerSettings(ctx context.Context, player, doc string, at time.Time) error
}

// Service reads and saves players' settings.
type Service struct {
	store Store
	now   func() time.Time
}

// New returns the settings service over st; now is its clock.
func New(st Store, now func() time.Time) *Service {
	return &Service{store: st, now: now}
}

// Get returns a player's settings: the defaults, overlaid with what they
// saved. A saved document from a newer or older version keeps what it
// names and takes the defaults for the rest; one no longer valid is
// ignored rather than breaking the player's pages.
func (s *Service) Get(ctx context.Context, player string) (Settings, error) {
	doc, ok, err := s.store.PlayerSettings(ctx, player)
	if err != nil || !ok {
		return Default(), err
	}
	out := Default()
	if json.Unmarshal([]byte(doc), &out) != nil || out.Check() != nil {
		return Default(), nil
	}
	return out, nil
}

// Set checks and saves a player's settings.
func (s *Service) Set(ctx context.Context, player string, v Settings) error {
	if err := v.Check(); err != nil {
		return err
	}
	doc, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return s.store.SetPlayerSettings(ctx, player, string(doc), s.now())
}
