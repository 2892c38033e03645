package bots_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/bots"
)

// memStore keeps events in memory, each bot, kind and ref once.
type memStore struct {
	events  []bots.Event
	touched int
	adds    int
}

func (m *memStore) AddBotEvent(_ context.Context, e bots.Event) error {
	m.adds++
	for _, o := range m.events {
		if o.Bot == e.Bot && o.Kind == e.Kind && o.Ref == e.Ref {
			return nil
		}
	}
	e.Seq = int64(len(m.events) + 1)
	m.events = append(m.events, e)
	return nil
}

func (m *memStore) BotEvents(_ context.Context, bot string, after int64, limit int) ([]bots.Event, error) {
	var out []bots.Event
	for _, e := range m.events {
		if e.Bot == bot && e.Seq > after && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}

func (m *memStore) TouchBot(context.Context, string, time.Time) error {
	m.touched++
	return nil
}

// stepClock moves on by each wait, and ends after waits waits.
type stepClock struct {
	now   time.Time
	waits int
}

func (c *stepClock) Now() time.Time { return c.now }

func (c *stepClock) Wait(_ context.Context, d time.Duration) error {
	if c.waits == 0 {
		return context.Canceled
	}
	c.waits--
	c.now = c.now.Add(d)
	return nil
}

// scans returns, at each scan, the next list of items (the last again).
func scans(lists ...[]bots.Item) func(context.Context) ([]bots.Item, error) {
	i := 0
	return func(context.Context) ([]bots.Item, error) {
		out := lists[min(i, len(lists)-1)]
		i++
		return out, nil
	}
}

func item(kind, ref string) bots.Item {
	return bots.Item{Kind: kind, Ref: ref, Body: json.RawMessage(fmt.Sprintf(`{"ref":%q}`, ref))}
}

// run runs a stream over st from cursor for waits polls; the lines sent
// ("" for a keep-alive).
func run(st *memStore, cursor int64, waits int, scan func(context.Context) ([]bots.Item, error)) []string {
	var got []string
	s := bots.Stream{Store: st, Clock: &stepClock{now: time.Unix(0, 0), waits: waits}, Bot: "b", Scan: scan,
		Poll: time.Second, KeepAlive: 3 * time.Second}
	s.Run(context.Background(), cursor, func(l *bots.Line) error { //nolint:errcheck // ends by the clock
		if l == nil {
			got = append(got, "")
		} else {
			got = append(got, fmt.Sprintf("%d %s %s", l.ID, l.Type, l.Data))
		}
		return nil
	})
	return got
}

// TestStreamOnceAndResume: each thing seen becomes one event, however
// often it is seen; a stream resumed after an event sends what follows
// it, and silence brings keep-alives.
func TestStreamOnceAndResume(t *testing.T) {
	st := &memStore{}
	scan := scans([]bots.Item{item(bots.KindChallenge, "s1")},
		[]bots.Item{item(bots.KindChallenge, "s1"), item(bots.KindGameStart, "g1")},
		[]bots.Item{item(bots.KindGameStart, "g1"), item(bots.KindGameFinish, "g1")})
	got := run(st, 0, 5, scan)
	want := []string{`1 challenge {"ref":"s1"}`, `2 gameStart {"ref":"g1"}`, `3 gameFinish {"ref":"g1"}`, ""}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	got = run(st, 1, 0, scans(nil))
	want = []string{`2 gameStart {"ref":"g1"}`, `3 gameFinish {"ref":"g1"}`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("resumed after 1: got %q, want %q", got, want)
	}
	if st.touched != 2 || st.adds != 3 {
		t.Errorf("got %d marks connected and %d writes, want 2 (one a stream within 20 s) and 3 (one a thing seen)", st.touched, st.adds)
	}
}

// TestGameStream: the whole game first, then each change once, until
// the game is over.
func TestGameStream(t *testing.T) {
	snaps := []bots.Snapshot{{Version: 1, View: json.RawMessage(`{"v":1}`)}, {Version: 1, View: json.RawMessage(`{"v":1}`)},
		{Version: 2, View: json.RawMessage(`{"v":2}`)}, {Version: 3, Over: true, View: json.RawMessage(`{"v":3}`)}}
	i := 0
	g := bots.GameStream{Clock: &stepClock{waits: 10}, Poll: time.Second, KeepAlive: time.Hour,
		Load: func(context.Context) (bots.Snapshot, error) { s := snaps[min(i, len(snaps)-1)]; i++; return s, nil }}
	var got []string
	err := g.Run(context.Background(), func(l *bots.Line) error {
		got = append(got, fmt.Sprintf("%s %d %s", l.Type, l.ID, l.Data))
		return nil
	})
	want := []string{`gameFull 1 {"v":1}`, `gameState 2 {"v":2}`, `gameState 3 {"v":3}`}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q %v, want %q", got, err, want)
	}
	g.Load = func(context.Context) (bots.Snapshot, error) { return bots.Snapshot{}, errors.New("gone") }
	if err := g.Run(context.Background(), func(*bots.Line) error { return nil }); err == nil {
		t.Error("a game that cannot load: got no error")
	}
}
