package tournaments

import (
	"cmp"
	"slices"

	"github.com/plateau-games/plateau/internal/store"
)

// next returns the pairings a step adds, the round they make, and
// whether the event is over; errNoPairing when nothing changes.
func (e *event) next(out map[string]bool) ([]store.TourPairing, int, bool, error) {
	if e.cfg.Format == FormatArena {
		return e.nextArena(out)
	}
	if !e.complete(e.t.Round) {
		return nil, e.t.Round, false, errNoPairing
	}
	ps := e.active(out)
	switch e.cfg.Format {
	case FormatRoundRobin, FormatLeague:
		return nil, e.t.Round, true, nil
	case FormatKnockOut:
		return e.nextKnockOut()
	}
	if e.t.Round >= e.cfg.Rounds || len(ps) < 2 {
		return nil, e.t.Round, true, nil
	}
	ms, err := Swiss(e.swissPlayers(ps), e.games)
	if err != nil {
		return nil, e.t.Round, false, err
	}
	return e.rows(e.t.Round+1, 0, 0, ms), e.t.Round + 1, false, nil
}

// swissPlayers builds the history of each active player from the rows.
func (e *event) swissPlayers(ps []Player) []SwissPlayer {
	at := map[string]int{}
	out := make([]SwissPlayer, len(ps))
	for i, p := range ps {
		at[p.ID] = i
		out[i] = SwissPlayer{ID: p.ID, Rating: p.Rating, Avoid: e.blocks[p.ID]}
	}
	for _, p := range e.pairings {
		score := map[string]float64{"first": 1, "draw": 0.5}[p.Result]
		if i, ok := at[p.First]; ok {
			out[i].Score += score
			if p.Second == "" {
				out[i].HadBye = true
				continue
			}
			out[i].Met = append(out[i].Met, p.Second)
			out[i].Colour++
			out[i].LastFirst = true
		}
		if j, ok := at[p.Second]; ok {
			out[j].Score += 1 - score
			out[j].Met = append(out[j].Met, p.First)
			out[j].Colour--
			out[j].LastFirst = false
		}
	}
	return out
}

// nextArena pairs the arena's waiting players while it lasts, and ends
// it when its time is up and its last games are over.
func (e *event) nextArena(out map[string]bool) ([]store.TourPairing, int, bool, error) {
	if !e.now.Before(e.t.StartsAt.Add(e.cfg.RoundTime)) {
		return nil, e.t.Round, e.complete(e.t.Round), errIfNot(e.complete(e.t.Round))
	}
	busy := map[string]bool{}
	for _, p := range e.pairings {
		if p.Result == "" {
			busy[p.First], busy[p.Second] = true, true
		}
	}
	var waiting []Player
	for _, p := range e.active(out) {
		if !busy[p.ID] {
			waiting = append(waiting, p)
		}
	}
	ms := PairArena(e.arenaWaiting(waiting), len(busy), e.games)
	if len(ms) == 0 {
		return nil, e.t.Round, false, errNoPairing
	}
	return e.rows(e.t.Round+1, 0, 0, ms), e.t.Round + 1, false, nil
}

func errIfNot(ok bool) error {
	if ok {
		return nil
	}
	return errNoPairing
}

// arenaWaiting builds the arena view of players: points, last opponent
// and colour from the rows, in the order games were paired.
func (e *event) arenaWaiting(ps []Player) []ArenaPlayer {
	results := e.arenaResults()
	out := make([]ArenaPlayer, len(ps))
	for i, p := range ps {
		out[i] = ArenaPlayer{ID: p.ID, Rating: p.Rating, Score: ArenaPoints(results[p.ID], e.cfg.Streak), Avoid: e.blocks[p.ID]}
	}
	at := map[string]int{}
	for i, p := range out {
		at[p.ID] = i
	}
	for _, p := range e.pairings {
		if i, ok := at[p.First]; ok {
			out[i].Last, out[i].Colour = p.Second, out[i].Colour+1
		}
		if j, ok := at[p.Second]; ok {
			out[j].Last, out[j].Colour = p.First, out[j].Colour-1
		}
	}
	return out
}

// arenaResults lists each player's results in the order played.
func (e *event) arenaResults() map[string][]float64 {
	done := slices.Clone(e.pairings)
	slices.SortStableFunc(done, func(a, b store.TourPairing) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.Board, b.Board), cmp.Compare(a.Leg, b.Leg))
	})
	out := map[string][]float64{}
	for _, p := range done {
		if p.Result == "" || p.Second == "" {
			continue
		}
		s := map[string]float64{"first": 1, "draw": 0.5}[p.Result]
		out[p.First] = append(out[p.First], s)
		out[p.Second] = append(out[p.Second], 1-s)
	}
	return out
}
