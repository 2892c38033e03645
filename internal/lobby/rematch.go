package lobby

// Rematch is a rematch after a finished game: the seat (of the finished
// game) that offered it, and the game it started once the other seat
// accepted (empty while it is only offered).
type Rematch struct {
	Of      string // the finished game's id
	By      int    // the offering seat, 0 or 1
	NewGame string
}

// RematchSeat is the seat of the new game for the player who sat at
// seat in the finished one: colours are swapped.
func RematchSeat(seat int) int { return 1 - seat }

// Accepts says whether a click by seat accepts r rather than repeating
// the offer: the other seat offered, and no game started yet.
func (r Rematch) Accepts(seat int) bool { return r.NewGame == "" && r.By != seat }
