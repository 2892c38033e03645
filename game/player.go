package game

// Player is a seat: 0 for the first player, 1 for the second.
type Player int8

// The two players of every game.
const (
	First  Player = 0
	Second Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// String returns "first" or "second".
func (p Player) String() string {
	if p == First {
		return "first"
	}
	return "second"
}

// Result is the outcome of a game, or Ongoing while it lasts.
type Result int8

// The results, in the spec's order.
const (
	Ongoing Result = iota
	FirstWins
	SecondWins
	Draw
)

// String returns the spec's word: ongoing, first, second or draw.
func (r Result) String() string {
	switch r {
	case Ongoing:
		return "ongoing"
	case FirstWins:
		return "first"
	case SecondWins:
		return "second"
	case Draw:
		return "draw"
	}
	return "invalid"
}

// Win returns the result in which p wins.
func Win(p Player) Result {
	if p == First {
		return FirstWins
	}
	return SecondWins
}

// Winner reports the winning player of a decisive result.
func (r Result) Winner() (Player, bool) {
	switch r {
	case FirstWins:
		return First, true
	case SecondWins:
		return Second, true
	}
	return 0, false
}
