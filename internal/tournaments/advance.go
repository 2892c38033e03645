package tournaments

import (
	"context"
	"errors"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// advance decides what follows the results: withdrawals for two
// forfeits, the next round, more arena pairings, or the end.
func (r *Runner) advance(ctx context.Context, e *event) (time.Time, error) {
	out := map[string]bool{}
	var withdraw []string
	games := gamesOf(e.pairings)
	for _, p := range e.active(nil) {
		if Forfeits(games, p.ID) >= MaxForfeits {
			out[p.ID] = true
			withdraw = append(withdraw, p.ID)
		}
	}
	rows, round, done, err := e.next(out)
	if errors.Is(err, errNoPairing) && len(withdraw) == 0 {
		return e.wait(), nil
	}
	if err != nil && !errors.Is(err, errNoPairing) {
		return e.now, err
	}
	t := e.t
	t.Round, t.Due = max(t.Round, round), e.now
	if len(rows) > 0 {
		t.RoundEnds = e.roundEnds()
	}
	if done {
		t.State, t.FinishedAt = store.TourFinished, e.now
		if st := e.standings(out); len(st) > 0 {
			t.Winner = st[0].ID
		}
	}
	if err := r.Store.AdvanceTournament(ctx, store.TourAdvance{T: t, Pairings: rows, Withdraw: withdraw, At: e.now}); err != nil {
		return e.now, err
	}
	r.after(ctx, e, t, rows)
	return e.now, nil
}

// after sends a step's notices and, when an edition of a series ended,
// creates the next one (once: the series and edition are unique).
func (r *Runner) after(ctx context.Context, e *event, t store.Tournament, rows []store.TourPairing) {
	if t.State != store.TourFinished {
		if t.Round > e.t.Round && e.cfg.Format != FormatArena {
			r.notify(ctx, roundNotices(t.ID, t.Round, rows))
		}
		return
	}
	var ns []Notice
	for _, p := range e.players {
		ns = append(ns, Notice{Kind: NoticeOver, TournamentID: t.ID, Player: p.PlayerID})
	}
	r.notify(ctx, ns)
	if t.SeriesID != "" && e.cfg.Every > 0 {
		n := NextEdition(t, e.cfg, e.now)
		err := r.Store.CreateTournament(ctx, n)
		if (err == nil || errors.Is(err, store.ErrTourExists)) && e.cfg.Format == FormatLeague {
			err = r.nextSeason(ctx, e, n, r.Store.JoinNextSeason)
		}
		if err != nil && !errors.Is(err, store.ErrTourExists) && r.Log != nil {
			r.Log.Warn("tournaments: next edition", "series", t.SeriesID, "err", err)
		}
	}
}

// wait is when a running event with nothing to do is next due: at the
// next poll, as game ends are learned by reading the games table.
func (e *event) wait() time.Time {
	return e.now
}

// NextEdition is the edition after t of its series, starting Every
// after t's start (or after now, if that is past).
func NextEdition(t store.Tournament, c Config, now time.Time) store.Tournament {
	start := t.StartsAt.Add(c.Every)
	for !start.After(now) {
		start = start.Add(c.Every)
	}
	c.StartsAt = start
	return store.Tournament{ID: SeriesEditionID(t.SeriesID, t.Edition+1), Game: t.Game, Format: t.Format, Name: t.Name,
		Description: t.Description, Settings: EncodeConfig(c), Owner: t.Owner, SeriesID: t.SeriesID, Edition: t.Edition + 1,
		State: store.TourOpen, StartsAt: start, CreatedAt: now, Due: start}
}

// SeriesEditionID is the id of an edition of a series: the same on every
// server, so an edition is created once.
func SeriesEditionID(series string, edition int) string {
	return series + "e" + itoa(edition)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// complete reports whether every game of rounds up to round has a result.
func (e *event) complete(round int) bool {
	for _, p := range e.pairings {
		if p.Round <= round && p.Result == "" {
			return false
		}
	}
	return true
}
