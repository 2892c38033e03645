package yoxii

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// Game returns the description of Yoxii for a registry.
func Game() game.Game {
	return game.Game{
		Name:    "yoxii",
		Title:   "Yoxii",
		Players: playerNames,
		Colours: [2]game.Text{texts("White"), texts("Red")},
		Summary: texts("Move the shared totem, then place a piece beside it. When the totem is stuck, the strongest neighbourhood wins."),
		Start:   func(game.Options) (game.State, error) { return New(), nil },
		Reasons: reasonText,
		Data:    game.Folder(data, "data"),
		Texts:   catalog,
		Parse: func(_ game.Options, pos string) (game.State, error) {
			s, err := Parse(pos)
			if err != nil {
				return nil, err
			}
			return s, nil
		},
	}
}

// ToAct implements game.State.
func (s *State) ToAct() game.Player { return s.side }

// Play implements game.State.
func (s *State) Play(m game.Move) {
	p, to, place, v := s.side, moveTo(m), movePlace(m), moveValue(m)
	s.hist = append(s.hist, uint32(m)|uint32(s.totem)<<16)
	s.hash ^= zobrist.totem[s.totem] ^ zobrist.totem[to] ^ zobrist.piece[p][v][place] ^ zobrist.red
	s.totem = to
	s.pieces[p][v] |= 1 << place
	s.occ[p] |= 1 << place
	s.hand[p][v]--
	if s.hand[p][v] == 0 {
		s.handMask[p] &^= 1 << v
	}
	s.side ^= 1
	s.cached = false
}

// Undo implements game.State.
func (s *State) Undo() {
	h := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	m, from := game.Move(h&0xFFFF), int(h>>16)
	p, place, v := s.side^1, movePlace(m), moveValue(m)
	s.hash ^= zobrist.totem[from] ^ zobrist.totem[s.totem] ^ zobrist.piece[p][v][place] ^ zobrist.red
	s.totem = from
	s.pieces[p][v] &^= 1 << place
	s.occ[p] &^= 1 << place
	s.hand[p][v]++
	s.handMask[p] |= 1 << v
	s.side = p
	s.cached = false
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]uint32(nil), s.hist...)
	return &c
}

// over reports whether the player to act cannot move the totem.
func (s *State) over() bool { return s.moveTargets() == 0 }

// Result implements game.State: once the totem is stuck for the player to
// act, the higher sum around it wins, then the more pieces around it.
func (s *State) Result() game.Result {
	if !s.over() {
		return game.Ongoing
	}
	sc, n := s.Scores(), s.adjacentCounts()
	switch {
	case sc[0] != sc[1]:
		return winner(sc[0] > sc[1])
	case n[0] != n[1]:
		return winner(n[0] > n[1])
	}
	return game.Draw
}

func winner(first bool) game.Result {
	if first {
		return game.FirstWins
	}
	return game.SecondWins
}

// Scores implements game.State: each player's sum of the values of their
// pieces next to the totem, also while the game goes on.
func (s *State) Scores() [2]int {
	nb := geo.neighbours[s.totem]
	var sc [2]int
	for p := range 2 {
		for v := 1; v <= 4; v++ {
			sc[p] += v * popcount(s.pieces[p][v]&nb)
		}
	}
	return sc
}

// adjacentCounts returns how many pieces each player has next to the
// totem: the tie-break.
func (s *State) adjacentCounts() [2]int {
	nb := geo.neighbours[s.totem]
	return [2]int{popcount(s.occ[0] & nb), popcount(s.occ[1] & nb)}
}

// Reason implements game.State.
func (s *State) Reason() string {
	if !s.over() {
		return ""
	}
	sc := s.Scores()
	if sc[0] != sc[1] {
		return fmt.Sprintf("totem blocked: white %d, red %d", sc[0], sc[1])
	}
	n := s.adjacentCounts()
	return fmt.Sprintf("totem blocked: white %d, red %d; pieces around it: white %d, red %d",
		sc[0], sc[1], n[0], n[1])
}
