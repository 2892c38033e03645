package tournaments

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// event is one event as a step sees it.
type event struct {
	t        store.Tournament
	cfg      Config
	players  []store.TourPlayer
	pairings []store.TourPairing
	games    int // per pairing
	now      time.Time
	blocks   map[string][]string // for Swiss and arena pairings: who avoids whom
}

// active lists the players still in, in entry order.
func (e *event) active(also map[string]bool) []Player {
	var out []Player
	for _, p := range e.players {
		if p.WithdrawnAt.IsZero() && !also[p.PlayerID] {
			out = append(out, Player{ID: p.PlayerID, Rating: float64(p.Rating)})
		}
	}
	return out
}

// step takes an event one step on and returns when it is next due.
func (r *Runner) step(ctx context.Context, t store.Tournament, now time.Time) (time.Time, error) {
	cfg, err := DecodeConfig(t.Settings)
	if err != nil {
		return now.Add(time.Hour), err
	}
	if t.State == store.TourOpen && now.Before(t.StartsAt) {
		return t.StartsAt, nil
	}
	e := &event{t: t, cfg: cfg, now: now, games: GamesPerPairing(r.Registry, t.Game, cfg.Games)}
	if e.players, err = r.Store.TournamentPlayers(ctx, t.ID); err != nil {
		return now, err
	}
	if e.pairings, err = r.Store.TournamentPairings(ctx, t.ID); err != nil {
		return now, err
	}
	if e.blocks, err = r.blocksOf(ctx, e); err != nil {
		return now, err
	}
	if t.State == store.TourOpen {
		return r.start(ctx, e)
	}
	if err := r.createGames(ctx, e); err != nil {
		return now, err
	}
	if err := r.collect(ctx, e); err != nil {
		return now, err
	}
	return r.advance(ctx, e)
}

// blocksOf reads the blocks between an event's players when its format
// pairs as it goes (Swiss, arena): round robins and knock-out draws are
// fixed, and a block there hides only the chat.
func (r *Runner) blocksOf(ctx context.Context, e *event) (map[string][]string, error) {
	if r.Blocks == nil || (e.cfg.Format != FormatSwiss && e.cfg.Format != FormatArena) {
		return nil, nil
	}
	ids := make([]string, 0, len(e.players))
	for _, p := range e.players {
		if p.WithdrawnAt.IsZero() {
			ids = append(ids, p.PlayerID)
		}
	}
	pairs, err := r.Blocks.BlocksAmong(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, b := range pairs {
		out[b[0]], out[b[1]] = append(out[b[0]], b[1]), append(out[b[1]], b[0])
	}
	return out, nil
}

// start begins an event at its start time, or cancels it when too few
// players came.
func (r *Runner) start(ctx context.Context, e *event) (time.Time, error) {
	t := e.t
	ps := e.active(nil)
	if len(ps) < max(2, e.cfg.MinPlayers) {
		t.State, t.FinishedAt, t.Due = store.TourCancelled, e.now, e.now
		return e.now, r.Store.AdvanceTournament(ctx, store.TourAdvance{T: t, At: e.now})
	}
	rows, rounds, err := e.firstRound(ps)
	if err != nil {
		return e.now, err
	}
	t.State, t.Round, t.RoundEnds, t.Due = store.TourRunning, rounds, e.roundEnds(), e.now
	if err := r.Store.AdvanceTournament(ctx, store.TourAdvance{T: t, Pairings: rows, At: e.now}); err != nil {
		return e.now, err
	}
	r.notify(ctx, roundNotices(t.ID, t.Round, rows))
	return e.now, nil
}

// gameID is a pairing's game id, the same on every server.
func (e *event) gameID(round, board, leg int) string {
	return fmt.Sprintf("%st%db%dl%d", e.t.ID, round, board, leg)
}

func (e *event) roundEnds() time.Time { return e.now.Add(e.cfg.RoundTime) }

// firstRound pairs the start: every round of every division at once in
// an all-play-all, the first round elsewhere.
func (e *event) firstRound(ps []Player) ([]store.TourPairing, int, error) {
	switch e.cfg.Format {
	case FormatRoundRobin, FormatLeague:
		return e.allPlayAll(ps)
	case FormatKnockOut:
		ms, err := KnockOut(ps, e.games)
		return e.rows(1, 0, 0, ms), 1, err
	case FormatArena:
		return e.rows(1, 0, 0, PairArena(e.arenaWaiting(ps), 0, e.games)), 1, nil
	}
	ms, err := Swiss(e.swissPlayers(ps), e.games)
	return e.rows(1, 0, 0, ms), 1, err
}

func (e *event) allPlayAll(ps []Player) ([]store.TourPairing, int, error) {
	divs, err := Divisions(ps, e.cfg.Division)
	if e.cfg.Format == FormatLeague {
		divs, err = e.leagueDivisions(ps)
	}
	if err != nil {
		return nil, 0, err
	}
	var rows []store.TourPairing
	most := 0
	for d, div := range divs {
		rounds, err := RoundRobin(div, e.games)
		if err != nil {
			return nil, 0, err
		}
		most = max(most, len(rounds))
		for r, ms := range rounds {
			rows = append(rows, e.rows(r+1, d, d*MaxDivision, ms)...)
		}
	}
	return rows, most, nil
}

// rows turns a round's matches into pairing rows: one per game, the
// second leg of a pair with colours swapped, a bye's legs won at once.
func (e *event) rows(round, division, board0 int, ms []Match) []store.TourPairing {
	var out []store.TourPairing
	for i, m := range ms {
		for leg := range max(1, m.Games) {
			p := store.TourPairing{TournamentID: e.t.ID, Round: round, Board: board0 + i, Leg: leg, Division: division,
				First: m.First, Second: m.Second, PairedAt: e.now}
			if leg == 1 && !m.Bye() {
				p.First, p.Second = m.Second, m.First
			}
			if m.Bye() {
				p.Created, p.Result = true, "first"
			} else {
				p.GameID = e.gameID(round, p.Board, leg)
			}
			out = append(out, p)
		}
	}
	return out
}

// createGames creates the games paired but not yet created: after a
// kill between pairing and creation, the next runner finishes the job.
func (r *Runner) createGames(ctx context.Context, e *event) error {
	var notes []Notice
	for i, p := range e.pairings {
		if p.Created || p.Second == "" || p.Round > e.t.Round || e.waitsForLeg(p) {
			continue
		}
		g := NewGame{ID: p.GameID, Game: e.t.Game, TimeControl: e.cfg.TimeControl, TournamentID: e.t.ID,
			First: p.First, Second: p.Second, Rated: !e.cfg.Casual}
		if err := r.Games.CreateTournamentGame(ctx, g); err != nil {
			return fmt.Errorf("create game %s: %w", p.GameID, err)
		}
		if err := r.Store.MarkTourGameCreated(ctx, p); err != nil {
			return err
		}
		e.pairings[i].Created = true
		for _, id := range []string{p.First, p.Second} {
			notes = append(notes, Notice{Kind: NoticeGame, TournamentID: e.t.ID, Round: p.Round, Player: id, GameID: p.GameID})
		}
	}
	r.notify(ctx, notes)
	return nil
}

// waitsForLeg reports whether p, a later game of a pair played live,
// waits for the game before it: nobody plays two live games at once.
// Correspondence pairs are played side by side.
func (e *event) waitsForLeg(p store.TourPairing) bool {
	if p.Leg == 0 || !(e.cfg.Format == FormatArena || strings.Contains(e.cfg.TimeControl, "+")) {
		return false
	}
	for _, q := range e.pairings {
		if q.Round == p.Round && q.Board == p.Board && q.Leg == p.Leg-1 {
			return q.Result == ""
		}
	}
	return false
}

func (r *Runner) notify(ctx context.Context, ns []Notice) {
	if r.Notes == nil || len(ns) == 0 {
		return
	}
	if err := r.Notes.TournamentNotices(ctx, ns); err != nil && r.Log != nil {
		r.Log.Warn("tournaments: notices", "err", err)
	}
}

func roundNotices(tid string, round int, rows []store.TourPairing) []Notice {
	seen := map[string]bool{}
	var out []Notice
	for _, p := range rows {
		for _, id := range []string{p.First, p.Second} {
			if id != "" && !seen[id] {
				seen[id] = true
				out = append(out, Notice{Kind: NoticeRound, TournamentID: tid, Round: round, Player: id})
			}
		}
	}
	return out
}

var errNoPairing = errors.New("tournaments: nothing to pair")
