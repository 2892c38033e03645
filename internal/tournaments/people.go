package tournaments

import (
	"errors"
	"fmt"
	"time"
)

// Entry conditions an organiser may set, BGA's and lichess's answer to
// players who vanish.
type Entry struct {
	AccountAge time.Duration // the account's age at least
	Finished   int           // finished rated games at least
	Timeouts   int           // at most this many losses on time in the last 30 days; -1: no limit
}

// Entrant is what the entry conditions look at.
type Entrant struct {
	AccountAge time.Duration
	Finished   int
	Timeouts   int
}

// Refusals of a join, each a sentence the server shows.
var (
	ErrYoung    = errors.New("tournaments: account too young")
	ErrFewGames = errors.New("tournaments: too few finished games")
	ErrTimeouts = errors.New("tournaments: too many recent time-outs")
	ErrJoined   = errors.New("tournaments: already joined")
	ErrFull     = errors.New("tournaments: event full")
	ErrStarted  = errors.New("tournaments: event started")
	ErrFinished = errors.New("tournaments: event finished")
	ErrNotIn    = errors.New("tournaments: not a participant")
)

// Admits checks an entrant against the conditions.
func (e Entry) Admits(x Entrant) error {
	switch {
	case e.AccountAge > 0 && x.AccountAge < e.AccountAge:
		return fmt.Errorf("%w: %s", ErrYoung, x.AccountAge)
	case x.Finished < e.Finished:
		return fmt.Errorf("%w: %d", ErrFewGames, x.Finished)
	case e.Timeouts >= 0 && x.Timeouts > e.Timeouts:
		return fmt.Errorf("%w: %d", ErrTimeouts, x.Timeouts)
	}
	return nil
}

// CanJoin says whether a player may join an event of this format that
// has played round rounds (0 before the start; for an arena, whether it
// is over is the runner's to say): a Swiss takes late joiners before
// round LateRounds+1, an arena while it runs, other formats only before
// the start.
func (s Settings) CanJoin(round int) error {
	switch {
	case round == 0:
		return nil
	case s.Format == FormatArena:
		return nil
	case s.Format == FormatSwiss && round < s.LateRounds:
		return nil
	}
	return ErrStarted
}

// MaxForfeits is how many forfeits withdraw a player: a player who does
// not start a game or lets its clock run out twice is withdrawn.
const MaxForfeits = 2

// Forfeits counts the games id lost by forfeit.
func Forfeits(games []Game, id string) int {
	n := 0
	for _, g := range games {
		if g.Forfeit && ((g.First == id && g.Score == 0) || (g.Second == id && g.Score == 1)) {
			n++
		}
	}
	return n
}

// Withdraw applies the withdrawal rule to an all-play-all division
// (round robin, league) where id was due to play scheduled games: if id
// played fewer than half of them, all of id's games are voided (removed,
// as if id had never entered); otherwise the played games stand and the
// remaining ones are lost by forfeit (the runner records them as the
// pairings come). In Swiss, arena and knock-out, played games always
// stand and id is simply no longer paired.
func Withdraw(games []Game, id string, scheduled int) []Game {
	played := 0
	for _, g := range games {
		if (g.First == id || g.Second == id) && g.Second != "" && !g.Forfeit {
			played++
		}
	}
	if 2*played >= scheduled {
		return games
	}
	out := make([]Game, 0, len(games))
	for _, g := range games {
		if g.First != id && g.Second != id {
			out = append(out, g)
		}
	}
	return out
}
