package lobby

import (
	"slices"
	"time"
)

// Want is what a player pressing "Play now" asks for: a game, their
// rating in it (0: none yet) and the rating distance they accept (0: any).
type Want struct {
	Player Player
	Game   string
	Rating int
	Range  int
}

// Match picks the seek quick play accepts for w among open: same game,
// not w's own, not a challenge, untimed or not alike (quick play takes
// any time control the seek offers), and each player's rating within the
// other's range. The oldest such seek wins, so that the longest wait ends
// first. ok is false when none fits: quick play then posts a seek.
func Match(open []Seek, w Want) (s Seek, ok bool) {
	var fits []Seek
	for _, s := range open {
		if s.Game != w.Game || s.Owner.ID == w.Player.ID || s.Challenge() {
			continue
		}
		if !within(w.Rating, s.Rating, s.Range) || !within(s.Rating, w.Rating, w.Range) {
			continue
		}
		fits = append(fits, s)
	}
	if len(fits) == 0 {
		return Seek{}, false
	}
	return slices.MinFunc(fits, func(a, b Seek) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return compareStrings(a.ID, b.ID)
	}), true
}

// within says whether rating r is acceptable to someone rated mine who
// accepts distance rng; an unknown rating (0) or range (0) accepts all.
func within(r, mine, rng int) bool {
	if rng == 0 || r == 0 || mine == 0 {
		return true
	}
	d := r - mine
	return d <= rng && -d <= rng
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// OfferAI says whether quick play should now offer the AI to the owner
// of the quick seek s: once wait has passed since it was posted without
// anybody accepting it. It offers; the player chooses.
func OfferAI(s Seek, now time.Time, wait time.Duration) bool {
	return s.Quick && !now.Before(s.Created.Add(wait))
}

// QuickPost is the seek quick play posts for w when nothing matches:
// real time, random colour, rated (quick play is how ratings are made).
func QuickPost(w Want) Seek {
	return Seek{Game: w.Game, Colour: Random, Kind: RealTime, Owner: w.Player, Quick: true,
		Rating: w.Rating, Range: w.Range, Rated: true, TimeControl: QuickControl}
}

// QuickControl is the clock of quick play's games: rated games are timed
// (an untimed game is casual), and a quick game is a live one, so a
// short real-time control, as lichess's quick pairing offers.
const QuickControl = "5+3"
