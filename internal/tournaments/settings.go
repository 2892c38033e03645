package tournaments

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Format is a kind of event.
type Format string

// The formats.
const (
	FormatRoundRobin Format = "roundrobin" // all-play-all in divisions of at most ten
	FormatSwiss      Format = "swiss"
	FormatArena      Format = "arena"
	FormatKnockOut   Format = "knockout"
	FormatLeague     Format = "league" // round-robin divisions, promotion and relegation
)

// Limits of an event's settings.
const (
	MaxName        = 80   // runes
	MaxDescription = 2000 // runes
	MaxPlayers     = 4000 // lichess's cap on a Swiss
	MaxRounds      = 50
	MinRoundTime   = time.Minute
	MaxRoundTime   = 60 * 24 * time.Hour
	MinArena       = 10 * time.Minute
	MaxArena       = 24 * time.Hour
)

// Errors of settings, each a sentence the server shows in the player's
// language (internal/server/tournaments.go).
var (
	ErrFormat      = errors.New("tournaments: unknown format")
	ErrName        = errors.New("tournaments: bad name")
	ErrDescription = errors.New("tournaments: bad description")
	ErrRounds      = errors.New("tournaments: bad number of rounds")
	ErrPlayerCap   = errors.New("tournaments: bad player limits")
	ErrRoundTime   = errors.New("tournaments: bad round time")
	ErrStart       = errors.New("tournaments: start in the past")
	ErrGames       = errors.New("tournaments: bad games per pairing")
)

// Settings are what an organiser chooses.
type Settings struct {
	Format      Format
	Name        string
	Description string
	Rounds      int           // Swiss: the number of rounds
	MinPlayers  int           // below this at the start, the event is cancelled
	MaxPlayers  int           // 0: no cap below MaxPlayers
	Division    int           // round robin and league: players per division, at most 10
	RoundTime   time.Duration // hard deadline of a round (correspondence), or the arena's length
	StartsAt    time.Time
	Games       int  // 0: from the lab's edge; 1 or 2 (a colour-swapped pair)
	Casual      bool // unrated games
	Streak      bool // arena: streak bonus
	LateRounds  int  // Swiss: joining allowed before this round (0: before the first)
	Entry       Entry
}

// Validate checks the settings at now and returns the first problem,
// wrapping one of the Err sentinels.
func (s Settings) Validate(now time.Time) error {
	if err := checkText(s.Name, MaxName, false); err != nil || strings.TrimSpace(s.Name) == "" {
		return fmt.Errorf("%w: %q", ErrName, s.Name)
	}
	if err := checkText(s.Description, MaxDescription, true); err != nil {
		return fmt.Errorf("%w: %w", ErrDescription, err)
	}
	if s.MinPlayers < 2 || (s.MaxPlayers != 0 && s.MaxPlayers < s.MinPlayers) || s.MaxPlayers > MaxPlayers {
		return fmt.Errorf("%w: %d to %d", ErrPlayerCap, s.MinPlayers, s.MaxPlayers)
	}
	if s.Games < 0 || s.Games > 2 {
		return fmt.Errorf("%w: %d", ErrGames, s.Games)
	}
	if !s.StartsAt.After(now) {
		return fmt.Errorf("%w: %s", ErrStart, s.StartsAt.Format(time.RFC3339))
	}
	return s.validateFormat()
}

func (s Settings) validateFormat() error {
	switch s.Format {
	case FormatSwiss:
		if s.Rounds < 1 || s.Rounds > MaxRounds || s.LateRounds < 0 || s.LateRounds > s.Rounds {
			return fmt.Errorf("%w: %d", ErrRounds, s.Rounds)
		}
	case FormatRoundRobin, FormatLeague:
		if s.Division < 2 || s.Division > MaxDivision {
			return fmt.Errorf("%w: divisions of %d", ErrPlayerCap, s.Division)
		}
	case FormatArena:
		if s.RoundTime < MinArena || s.RoundTime > MaxArena {
			return fmt.Errorf("%w: an arena of %s", ErrRoundTime, s.RoundTime)
		}
		return nil
	case FormatKnockOut:
	default:
		return fmt.Errorf("%w: %q", ErrFormat, s.Format)
	}
	if s.RoundTime < MinRoundTime || s.RoundTime > MaxRoundTime {
		return fmt.Errorf("%w: %s", ErrRoundTime, s.RoundTime)
	}
	return nil
}

// checkText refuses untrusted text that is not valid UTF-8, too long,
// or holds control or format characters (bidirectional overrides that
// reorder a page); newlines only where lines allows them.
func checkText(s string, maxRunes int, lines bool) error {
	if !utf8.ValidString(s) {
		return errors.New("not UTF-8")
	}
	if utf8.RuneCountInString(s) > maxRunes {
		return fmt.Errorf("longer than %d characters", maxRunes)
	}
	for _, r := range s {
		if r == '\n' && lines {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return fmt.Errorf("control character %U", r)
		}
	}
	return nil
}
