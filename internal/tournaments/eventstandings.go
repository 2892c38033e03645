package tournaments

import (
	"cmp"
	"slices"

	"github.com/plateau-games/plateau/internal/store"
)

// EventStandings ranks an event's players from its stored rows: arena
// points in an arena, else game points and tie-breaks (Standings). In an
// all-play-all, a withdrawn player's games are voided when they played
// fewer than half of theirs (Withdraw).
func EventStandings(c Config, players []store.TourPlayer, rows []store.TourPairing) []Standing {
	ps := make([]Player, len(players))
	for i, p := range players {
		ps[i] = Player{ID: p.PlayerID, Rating: float64(p.Rating)}
	}
	gs := gamesOf(rows)
	if c.Format == FormatRoundRobin || c.Format == FormatLeague {
		for _, p := range players {
			if !p.WithdrawnAt.IsZero() {
				gs = Withdraw(gs, p.PlayerID, scheduled(rows, p.PlayerID))
			}
		}
	}
	st := Standings(ps, gs)
	if c.Format != FormatArena {
		return st
	}
	e := &event{cfg: c, pairings: rows}
	res := e.arenaResults()
	for i := range st {
		st[i].Score = float64(ArenaPoints(res[st[i].ID], c.Streak))
	}
	slices.SortStableFunc(st, func(a, b Standing) int { return cmp.Compare(b.Score, a.Score) })
	for i := range st {
		st[i].Rank = i + 1
	}
	return st
}

// scheduled counts the games a player was paired for.
func scheduled(rows []store.TourPairing, id string) int {
	n := 0
	for _, p := range rows {
		if (p.First == id || p.Second == id) && p.Second != "" {
			n++
		}
	}
	return n
}

func (e *event) standings(out map[string]bool) []Standing {
	players := slices.Clone(e.players)
	for i := range players {
		if out[players[i].PlayerID] && players[i].WithdrawnAt.IsZero() {
			players[i].WithdrawnAt = e.now
		}
	}
	return EventStandings(e.cfg, players, e.pairings)
}

// nextKnockOut decides the boards of the round: a level board plays a
// colour-swapped tie-break pair in the same round; when every board is
// decided, the winners meet in the next round, or the last one wins.
func (e *event) nextKnockOut() ([]store.TourPairing, int, bool, error) {
	var winners []string
	var extra []store.TourPairing
	for _, b := range e.boards(e.t.Round) {
		if b.second == "" {
			winners = append(winners, b.first)
			continue
		}
		switch KnockOutWinner(b.a, b.b, max(0, b.legs-e.games)/2) {
		case FirstGoesThrough:
			winners = append(winners, b.first)
		case SecondGoesThrough:
			winners = append(winners, b.second)
		default:
			extra = append(extra, e.tieBreak(b)...)
		}
	}
	if len(extra) > 0 {
		return extra, e.t.Round, false, nil
	}
	if len(winners) < 2 {
		return nil, e.t.Round, true, nil
	}
	return e.rows(e.t.Round+1, 0, 0, NextKnockOut(winners, e.games)), e.t.Round + 1, false, nil
}

// board is one knock-out match: its sides (first of leg 0), points and
// games played.
type board struct {
	n             int
	first, second string
	a, b          float64
	legs          int
}

func (e *event) boards(round int) []board {
	var out []board
	at := map[int]int{}
	for _, p := range e.pairings {
		if p.Round != round {
			continue
		}
		i, ok := at[p.Board]
		if !ok {
			i = len(out)
			at[p.Board] = i
			out = append(out, board{n: p.Board, first: p.First, second: p.Second})
		}
		b := &out[i]
		s := map[string]float64{"first": 1, "draw": 0.5}[p.Result]
		if p.First != b.first {
			s = 1 - s
		}
		b.a, b.b, b.legs = b.a+s, b.b+1-s, b.legs+1
	}
	return out
}

func (e *event) tieBreak(b board) []store.TourPairing {
	var out []store.TourPairing
	for i, side := range [][2]string{{b.first, b.second}, {b.second, b.first}} {
		leg := b.legs + i
		out = append(out, store.TourPairing{TournamentID: e.t.ID, Round: e.t.Round, Board: b.n, Leg: leg,
			First: side[0], Second: side[1], PairedAt: e.now, GameID: e.gameID(e.t.Round, b.n, leg)})
	}
	return out
}
