package abraxas

import "github.com/plateau-games/plateau/game"

const (
	poolSize  = 24 // red pawns in the game
	stopsEach = 3  // stop pawns per player
	winTaken  = 11 // pawns a player must take to win
)

// Phases, in the order of the phase key table.
const (
	phaseCorner    = iota // player 2 chooses the plate's corner
	phasePlay             // a red turn or a stop turn
	phaseTake             // the player who just acted takes from a line
	phaseInterrupt        // the opponent of a replaying player may stop
)

var phaseNames = [4]string{"corner", "play", "take", "interrupt"}

// Flags, bits of position.flags.
const (
	flagNoStop    = 1 // n: the player answers a stop turn, no stop allowed
	flagAfterStop = 2 // s: the takes follow a stop turn, no replay
	// r (option replay=once): a replay is under way, and a red turn
	// made in it earns no further replay. In phase play the player to
	// act replays; in phase take the takes follow the replay's red turn,
	// or, with s, a stop turn that interrupted the replay, which comes
	// next.
	flagReplay = 4
)

// flagNames are the flags field's values, indexed by the flags; "" for
// combinations that cannot occur. The letters are in alphabetical order.
var flagNames = [8]string{"-", "n", "s", "", "r", "nr", "rs", ""}

// Corners in counter-clockwise order, so that the next one is c+1 mod 4.
const (
	cornerBL = iota
	cornerBR
	cornerTR
	cornerTL
	noCorner
)

var cornerNames = [5]string{"bl", "br", "tr", "tl", "-"}

// cornerOffset is how far the plate's a1-hole is from a1.
var cornerOffset = [4]int{0, 1, stride + 1, stride}

// plateAt holds the 64 holes of the plate at each corner.
var plateAt = buildPlates()

func buildPlates() [4]bitset {
	var base bitset
	for r := range 8 {
		for f := range 8 {
			base = base.or(sqBit(r*stride + f))
		}
	}
	var out [4]bitset
	for c, off := range cornerOffset {
		out[c] = base.shift(off)
	}
	return out
}

// Line directions as bit steps: along a rank, a file, and the diagonals.
var directions = [4]uint{1, stride, stride + 1, stride - 1}

// position is every field of the position string, plus what the history
// needs. Play saves a copy of it, so Undo is a copy back.
type position struct {
	red, stop bitset
	hash      uint64
	irrev     int32 // index in State.hist of the last irreversible move
	corner    int8
	toAct     int8
	phase     int8
	flags     int8
	taken     [2]int8
	stops     [2]int8
	result    game.Result
}

// State is an Abraxas position with its history; it implements
// game.State and the optional interfaces of package game.
type State struct {
	game.Linear[evalTable] // EvalWeights, FeatureNames

	p      position
	dots   bitset
	layout int8 // 1..6
	free   bool // push=free
	once   bool // replay=once: a replay earns no further replay
	norep  bool // repetition rule switched off
	undo   []position
	hist   []uint64 // hash of every position since the State was made
}

// redSquares returns the red squares: red pawns, and dots under no stop
// pawn (the dots off the plate included).
func (p *position) redSquares(dots bitset) bitset {
	return p.red.or(dots.andNot(p.stop))
}

// runs returns the squares of every run of at least four red squares
// along the direction step d.
func runs(red bitset, d uint) bitset {
	two := red.and(red.shr(d))
	w := two.and(two.shr(2 * d)) // starts of four in a row
	w2 := w.or(w.shl(d))
	return w2.or(w2.shl(2 * d))
}

// hasLine reports whether a line exists: a run of four or more red
// squares holding a red pawn.
func (s *State) hasLine() bool {
	red := s.p.redSquares(s.dots)
	for _, d := range directions {
		if !runs(red, d).and(s.p.red).empty() {
			return true
		}
	}
	return false
}

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return game.Player(s.p.toAct) }

// Result implements game.State.
func (s *State) Result() game.Result { return s.p.result }

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.p.hash }

// SetRepetition implements game.RepetitionSwitch.
func (s *State) SetRepetition(on bool) { s.norep = !on }

// Scores implements game.State: the pawns each player has taken.
func (s *State) Scores() [2]int { return [2]int{int(s.p.taken[0]), int(s.p.taken[1])} }

// Reason implements game.State.
func (s *State) Reason() string {
	switch s.p.result {
	case game.Ongoing:
		return ""
	case game.Draw:
		return "third repetition"
	}
	return "eleven pawns taken"
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.undo = append([]position(nil), s.undo...)
	c.hist = append([]uint64(nil), s.hist...)
	return &c
}

// pool returns the red pawns neither on the plate nor taken.
func (p *position) pool() int {
	return poolSize - p.red.count() - int(p.taken[0]) - int(p.taken[1])
}

// judge returns the result of the position just reached.
func (s *State) judge() game.Result {
	p := &s.p
	switch {
	case p.taken[0] >= winTaken:
		return game.FirstWins
	case p.taken[1] >= winTaken:
		return game.SecondWins
	case s.norep:
		return game.Ongoing
	}
	seen := 0
	for _, h := range s.hist[p.irrev:] {
		if h == p.hash {
			seen++
		}
	}
	if seen >= 3 {
		return game.Draw
	}
	return game.Ongoing
}
