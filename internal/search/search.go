package search

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/store"
)

// ErrBadSearch is wrapped by every refused search.
var ErrBadSearch = errors.New("search: bad search")

// Store runs searches.
type Store interface {
	SearchGames(ctx context.Context, q store.GameSearch) ([]store.Summary, error)
	SearchPlayers(ctx context.Context, prefix string, limit int) ([]store.PlayerHit, error)
}

// Limits of a search.
const (
	DefaultLimit = 20
	MaxLimit     = 100
	MaxPrefix    = 40
)

// The dates a games search may name: the site's life, give or take.
var (
	earliest = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	latest   = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
)

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadSearch}, args...)...)
}

// Prefix checks a player search's name prefix.
func Prefix(q string) (string, error) {
	q = strings.TrimSpace(q)
	if n := utf8.RuneCountInString(q); n == 0 || n > MaxPrefix || !utf8.ValidString(q) {
		return "", bad("a name to search is 1 to %d characters", MaxPrefix)
	}
	return q, nil
}

// Limit reads a page size: DefaultLimit when empty, 1 to MaxLimit.
func Limit(s string) (int, error) {
	if s == "" {
		return DefaultLimit, nil
	}
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err != nil || fmt.Sprint(n) != s || n < 1 || n > MaxLimit {
		return 0, bad("limit must be 1 to %d, not %.20q", MaxLimit, s)
	}
	return n, nil
}

// Resolver turns a player's name or id into their id.
type Resolver func(ctx context.Context, ref string) (string, error)

// Games reads a games search from parameters: game, player, opponent
// (names or ids, resolved), result (first, second, draw; win, loss with
// a player), rated (yes, no), control (a time control, or untimed),
// from and to (dates, YYYY-MM-DD, to included), limit.
func Games(ctx context.Context, v url.Values, resolve Resolver) (store.GameSearch, error) {
	var q store.GameSearch
	var err error
	if q.Limit, err = Limit(v.Get("limit")); err != nil {
		return q, err
	}
	if q.Game = v.Get("game"); len(q.Game) > 100 {
		return q, bad("game is at most 100 characters")
	}
	if err := players(ctx, v, resolve, &q); err != nil {
		return q, err
	}
	if err := result(v.Get("result"), &q); err != nil {
		return q, err
	}
	switch v.Get("rated") {
	case "":
	case "yes", "true":
		q.Rated = ptr(true)
	case "no", "false":
		q.Rated = ptr(false)
	default:
		return q, bad("rated must be yes or no, not %.20q", v.Get("rated"))
	}
	if err := control(v.Get("control"), &q); err != nil {
		return q, err
	}
	return q, dates(v.Get("from"), v.Get("to"), &q)
}

func ptr(b bool) *bool { return &b }

func players(ctx context.Context, v url.Values, resolve Resolver, q *store.GameSearch) error {
	for _, f := range []struct {
		key string
		to  *string
	}{{"player", &q.Player}, {"opponent", &q.Opponent}} {
		ref := v.Get(f.key)
		if ref == "" {
			continue
		}
		if len(ref) > 100 {
			return bad("%s is at most 100 characters", f.key)
		}
		id, err := resolve(ctx, ref)
		if err != nil {
			return bad("no player %.40q", ref)
		}
		*f.to = id
	}
	if q.Opponent != "" && q.Player == "" {
		return bad("an opponent needs a player")
	}
	return nil
}

func result(r string, q *store.GameSearch) error {
	switch r {
	case "", "first", "second", "draw":
	case "win", "loss":
		if q.Player == "" {
			return bad("result %s needs a player", r)
		}
	default:
		return bad("result must be first, second, draw, win or loss, not %.20q", r)
	}
	q.Result = r
	return nil
}

func control(c string, q *store.GameSearch) error {
	if c == "" {
		return nil
	}
	if c == "untimed" || c == "none" {
		q.Control = "none"
		return nil
	}
	ctl, err := clock.Parse(c)
	if err != nil {
		return bad("control %.40q: %v", c, err)
	}
	q.Control = ctl.String()
	return nil
}

// dates reads the date range; to is included.
func dates(from, to string, q *store.GameSearch) error {
	for _, f := range []struct {
		s    string
		into *time.Time
		add  int
	}{{from, &q.From, 0}, {to, &q.To, 1}} {
		if f.s == "" {
			continue
		}
		d, err := time.Parse("2006-01-02", f.s)
		if err != nil || d.Before(earliest) || !d.Before(latest) {
			return bad("dates are YYYY-MM-DD from %s to %s, not %.20q", earliest.Format("2006-01-02"), latest.AddDate(0, 0, -1).Format("2006-01-02"), f.s)
		}
		*f.into = d.AddDate(0, 0, f.add)
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return bad("the range ends before it starts")
	}
	return nil
}
