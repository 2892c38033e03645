package tournaments

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// SwissPlayer is a player's history as a Swiss round sees it.
type SwissPlayer struct {
	ID     string
	Rating float64
	Score  float64
	Met    []string // opponents already played, withdrawn ones included
	// Colour is games started minus games played second; a
	// colour-swapped pair adds nothing.
	Colour    int
	LastFirst bool // started the last single game
	HadBye    bool
	// Avoid are the players this one blocked or was blocked by: they
	// meet only when no pairing, rematches allowed, keeps them apart.
	Avoid []string
}

// Pairing costs: a point of score difference outweighs any rating
// distance, a colour clash outweighs the rating distance too, and a
// rematch outweighs all of them (it is only paid when no pairing
// without one exists).
const (
	costScore   = 10000 // per point of score difference
	costColour  = 3000  // both would rather start (or play second)
	costAlter   = 50    // both started their last game
	costRematch = 1e9
	costBlock   = 1e11   // a block outweighs a rematch
	swissBudget = 200000 // search steps per strictness level
)

// strictness of a search: what a pairing may not do.
const (
	anything  = iota // rematches and colour clashes only cost
	noRematch        // no rematch; colour clashes cost
	strictest        // no rematch, nobody's colour balance beyond one
)

// Swiss pairs one round: players sorted by score then rating meet the
// closest player of their score group they have not met, by the
// cheapest pairing under costs for score difference, colour balance and
// rating distance: exactly (the minimum-cost perfect matching) in rounds
// of up to exactMax players, else by a search improved by exchanging
// partners.
// An odd player out gets a bye: the lowest-ranked player without one.
// A rematch or a colour balance beyond one happens only when no pairing
// avoids it; two players of whom one blocked the other meet only when
// no pairing at all keeps them apart. games is 1, or 2 for
// colour-swapped pairs.
func Swiss(players []SwissPlayer, games int) ([]Match, error) {
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: a Swiss round needs 2 players, got %d", ErrTooFewPlayers, len(players))
	}
	s := newSwiss(players, games)
	ps := s.ps
	for level := strictest; level >= anything; level-- {
		s.level, s.steps = level, 0
		if len(ps)+len(ps)%2 <= exactMax {
			if pairs, bye, ok := s.exact(); ok {
				return s.matches(pairs, bye), nil
			}
			continue
		}
		for _, bye := range s.byeCandidates() {
			if pairs, ok := s.search(bye); ok {
				return s.matches(s.improve(pairs), bye), nil
			}
			if s.steps > swissBudget {
				break
			}
		}
	}
	return nil, fmt.Errorf("tournaments: no Swiss pairing found for %d players", len(ps))
}

// newSwiss ranks the round's players by score, then rating, then id,
// and indexes their history.
func newSwiss(players []SwissPlayer, games int) *swiss {
	ps := slices.Clone(players)
	slices.SortStableFunc(ps, func(a, b SwissPlayer) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	s := &swiss{ps: ps, games: games, met: map[[2]int]bool{}, avoid: map[[2]int]bool{}}
	s.index()
	return s
}

type swiss struct {
	ps    []SwissPlayer
	games int
	met   map[[2]int]bool
	avoid map[[2]int]bool // blocks, either way
	level int
	steps int
}

func (s *swiss) index() {
	at := map[string]int{}
	for i, p := range s.ps {
		at[p.ID] = i
	}
	for i, p := range s.ps {
		for _, o := range p.Met {
			if j, ok := at[o]; ok {
				s.met[[2]int{i, j}], s.met[[2]int{j, i}] = true, true
			}
		}
		for _, o := range p.Avoid {
			if j, ok := at[o]; ok {
				s.avoid[[2]int{i, j}], s.avoid[[2]int{j, i}] = true, true
			}
		}
	}
}

// byeCandidates lists who may sit out, lowest-ranked first: players
// without a bye, then (when all had one) everyone; -1 for an even round.
func (s *swiss) byeCandidates() []int {
	if len(s.ps)%2 == 0 {
		return []int{-1}
	}
	var fresh, all []int
	for i := len(s.ps) - 1; i >= 0; i-- {
		all = append(all, i)
		if !s.ps[i].HadBye {
			fresh = append(fresh, i)
		}
	}
	if len(fresh) > 0 {
		return fresh
	}
	return all
}

// clash reports whether a single game between a and b must push one of
// them to a colour balance beyond one.
func (s *swiss) clash(a, b int) bool {
	ca, cb := s.ps[a].Colour, s.ps[b].Colour
	return s.games == 1 && ca == cb && ca != 0
}

func (s *swiss) allowed(a, b int) bool {
	switch {
	case s.level >= noRematch && (s.met[[2]int{a, b}] || s.avoid[[2]int{a, b}]):
		return false
	case s.level >= strictest && s.clash(a, b):
		return false
	}
	return true
}

func (s *swiss) cost(a, b int) float64 {
	pa, pb := s.ps[a], s.ps[b]
	c := costScore*math.Abs(pa.Score-pb.Score) + math.Abs(pa.Rating-pb.Rating)
	if s.clash(a, b) {
		c += costColour
	}
	if s.games == 1 && pa.LastFirst && pb.LastFirst {
		c += costAlter
	}
	if s.met[[2]int{a, b}] {
		c += costRematch
	}
	if s.avoid[[2]int{a, b}] {
		c += costBlock
	}
	return c
}
