package oxford

import (
	"github.com/plateau-games/plateau/game"
)

// State is an Oxford position with its history. The zero value is not a
// position: build one with Game().Start, Game().Parse or Parse.
type State struct {
	game.Linear[evalTable] // EvalWeights, FeatureNames

	bb       [2][2]uint64 // [player][face]: squares of p's pieces showing that face
	side     game.Player
	beginner bool
	norep    bool // the third-repetition rule is off (perft)
	hash     uint64
	hist     []record
	// hashes[i] is the hash of the i-th position of this State's history,
	// the one it was created from first and the current one last.
	hashes []uint64
}

// record is what Undo needs beyond the move itself.
type record struct {
	move game.Move
	capt int8 // face of the captured piece, or -1
	face int8 // face the entering piece showed on the field (base entry)
}

func (s *State) own(p game.Player) uint64 { return s.bb[p][faceO] | s.bb[p][faceX] }

func (s *State) occupied() uint64 { return s.own(game.First) | s.own(game.Second) }

func (s *State) inPlay(p game.Player) int { return popcount(s.own(p) & fieldMask) }

func (s *State) setSize() int {
	if s.beginner {
		return setBeginner
	}
	return setStandard
}

// lost counts p's captured pieces: the set minus what is on the board.
func (s *State) lost(p game.Player) int { return s.setSize() - popcount(s.own(p)) }

// hasBothFaces tells whether p still has an O and an X in play.
func (s *State) hasBothFaces(p game.Player) bool {
	return s.bb[p][faceO]&fieldMask != 0 && s.bb[p][faceX]&fieldMask != 0
}

func (s *State) faceAt(p game.Player, b uint64) int {
	if s.bb[p][faceX]&b != 0 {
		return faceX
	}
	return faceO
}

func (s *State) toggle(p game.Player, face int, b uint64) {
	s.bb[p][face] ^= b
	s.hash ^= zobrist[p][face][lowSquare(b)]
}

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return s.side }

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p, o := s.side, s.side.Other()
	rec := record{move: m, capt: -1}
	switch {
	case m == movePass:
	case m&entryFlag != 0:
		from := uint64(1) << fromSq(m)
		rec.face = int8(s.faceAt(p, from))
		s.toggle(p, int(rec.face), from)
		s.toggle(p, faceO, 1<<oSq(m))
		s.toggle(p, faceX, 1<<xSq(m))
	default:
		from, to := uint64(1)<<fromSq(m), uint64(1)<<toSq(m)
		if s.own(o)&to != 0 {
			rec.capt = int8(s.faceAt(o, to))
			s.toggle(o, int(rec.capt), to)
		}
		face := s.faceAt(p, from)
		s.toggle(p, face, from)
		if from&fieldMask != 0 { // a base exit keeps its face
			face ^= 1
		}
		s.toggle(p, face, to)
	}
	s.side = o
	s.hash ^= sideKey
	s.hist = append(s.hist, rec)
	s.hashes = append(s.hashes, s.hash)
}

// Undo implements game.State. The hash comes back from the history, so
// the pieces are put back without touching it.
func (s *State) Undo() {
	rec := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.hashes = s.hashes[:len(s.hashes)-1]
	o := s.side
	p := o.Other()
	m := rec.move
	s.side = p
	switch {
	case m == movePass:
	case m&entryFlag != 0:
		s.bb[p][faceO] ^= 1 << oSq(m)
		s.bb[p][faceX] ^= 1 << xSq(m)
		s.bb[p][int(rec.face)] ^= 1 << fromSq(m)
	default:
		from, to := uint64(1)<<fromSq(m), uint64(1)<<toSq(m)
		face := s.faceAt(p, to)
		s.bb[p][face] ^= to
		if from&fieldMask != 0 {
			face ^= 1
		}
		s.bb[p][face] ^= from
		if rec.capt >= 0 {
			s.bb[o][int(rec.capt)] ^= to
		}
	}
	s.hash = s.hashes[len(s.hashes)-1]
}

// SetRepetition implements game.RepetitionSwitch.
func (s *State) SetRepetition(on bool) { s.norep = !on }

// Result implements game.State. Only the mover of the last move can have
// just lost a face, so the check is made from the position alone: the
// player not to act is the mover.
func (s *State) Result() game.Result {
	r, _ := s.outcome()
	return r
}

// Reason implements game.State.
func (s *State) Reason() string {
	_, why := s.outcome()
	return why
}

func (s *State) outcome() (game.Result, string) {
	mover := s.side.Other()
	if !s.hasBothFaces(mover) {
		return game.Win(s.side), playerName[mover] + " has lost a face"
	}
	if !s.hasBothFaces(s.side) {
		return game.Win(mover), playerName[s.side] + " has lost a face"
	}
	if n := len(s.hist); n >= 2 && s.hist[n-1].move == movePass && s.hist[n-2].move == movePass {
		return game.Draw, "two passes in a row"
	}
	if !s.norep && s.repeated() {
		return game.Draw, "third repetition"
	}
	return game.Ongoing, ""
}

// repeated tells whether the current position occurs for the third time.
// Every move, pass included, changes the side to act, so only every other
// position can match.
func (s *State) repeated() bool {
	h := s.hashes[len(s.hashes)-1]
	n := 1
	for i := len(s.hashes) - 3; i >= 0; i -= 2 {
		if s.hashes[i] == h {
			if n++; n == 3 {
				return true
			}
		}
	}
	return false
}

var playerName = [2]string{"red", "yellow"}

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]record(nil), s.hist...)
	c.hashes = append([]uint64(nil), s.hashes...)
	return &c
}

// Scores implements game.State: the opponent pieces each player has
// captured and not seen recovered.
func (s *State) Scores() [2]int {
	return [2]int{s.lost(game.Second), s.lost(game.First)}
}
