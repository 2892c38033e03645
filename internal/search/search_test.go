package search

import (
	"context"
	"errors"
	"net/url"
	"testing"
	"time"
)

func resolve(_ context.Context, ref string) (string, error) {
	if ref == "ada" || ref == "bob" {
		return "id-" + ref, nil
	}
	return "", errors.New("no such player")
}

// TestGames reads good searches into store searches.
func TestGames(t *testing.T) {
	q, err := Games(context.Background(), url.Values{"game": {"oshi"}, "player": {"ada"}, "opponent": {"bob"}, "result": {"win"},
		"rated": {"yes"}, "control": {"5+3"}, "from": {"2026-01-01"}, "to": {"2026-01-31"}, "limit": {"7"}}, resolve)
	if err != nil {
		t.Fatal(err)
	}
	if q.Game != "oshi" || q.Player != "id-ada" || q.Opponent != "id-bob" || q.Result != "win" || q.Rated == nil || !*q.Rated ||
		q.Control != "5+3" || q.Limit != 7 || !q.From.Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) || !q.To.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("got %+v", q)
	}
	if q, _ := Games(context.Background(), url.Values{"control": {"untimed"}}, resolve); q.Control != "none" || q.Limit != DefaultLimit {
		t.Errorf("untimed: got %+v", q)
	}
}

// TestBad refuses absurd searches with ErrBadSearch.
func TestBad(t *testing.T) {
	for _, v := range []url.Values{
		{"from": {"1999-12-31"}}, {"to": {"2100-01-01"}}, {"from": {"2026-02-01"}, "to": {"2026-01-01"}}, {"from": {"yesterday"}},
		{"limit": {"0"}}, {"limit": {"101"}}, {"limit": {"1e3"}}, {"result": {"win"}}, {"result": {"tie"}},
		{"player": {"nobody"}}, {"opponent": {"bob"}}, {"rated": {"maybe"}}, {"control": {"5+999999"}},
	} {
		if _, err := Games(context.Background(), v, resolve); !errors.Is(err, ErrBadSearch) {
			t.Errorf("%v: got %v, want ErrBadSearch", v, err)
		}
	}
	for _, p := range []string{"", "   ", "12345678901234567890123456789012345678901"} {
		if _, err := Prefix(p); !errors.Is(err, ErrBadSearch) {
			t.Errorf("prefix %q: got %v, want ErrBadSearch", p, err)
		}
	}
}
