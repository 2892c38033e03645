package settings_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/settings"
	"github.com/plateau-games/plateau/internal/store"
)

// memStore keeps documents in a map, as the store keeps rows.
type memStore map[string]string

func (m memStore) PlayerSettings(_ context.Context, p string) (string, bool, error) {
	d, ok := m[p]
	return d, ok, nil
}

func (m memStore) SetPlayerSettings(_ context.Context, p, d string, _ time.Time) error {
	m[p] = d
	return nil
}

func TestCheck(t *testing.T) {
	t.Parallel()
	ok := settings.Default()
	for _, tc := range []struct {
		name string
		edit func(*settings.Settings)
		bad  bool
	}{
		{"defaults", func(*settings.Settings) {}, false},
		{"always confirm, zen, silent", func(s *settings.Settings) { s.Confirm, s.Zen, s.Volume = "always", true, 0 }, false},
		{"unknown confirmation", func(s *settings.Settings) { s.Confirm = "sometimes" }, true},
		{"unknown animation", func(s *settings.Settings) { s.Animation = "" }, true},
		{"volume too loud", func(s *settings.Settings) { s.Volume = 101 }, true},
		{"negative volume", func(s *settings.Settings) { s.Volume = -1 }, true},
		{"German", func(s *settings.Settings) { s.Lang = "de" }, false},
		{"Polish", func(s *settings.Settings) { s.Lang = "pl" }, false},
		{"a language without a catalog", func(s *settings.Settings) { s.Lang = "ja" }, true},
		{"a region, not a language", func(s *settings.Settings) { s.Lang = "de-DE" }, true},
	} {
		s := ok
		tc.edit(&s)
		if err := s.Check(); (err != nil) != tc.bad || (err != nil && !errors.Is(err, settings.ErrBad)) {
			t.Errorf("%s: got %v, want refused: %v", tc.name, err, tc.bad)
		}
	}
}

func TestGetSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := memStore{}
	s := settings.New(m, time.Now)
	if got, err := s.Get(ctx, "p"); err != nil || got != settings.Default() {
		t.Errorf("nothing saved: got %+v %v, want the defaults", got, err)
	}
	want := settings.Settings{Confirm: "correspondence", Flip: true, Animation: "slow", Zen: true, Volume: 20}
	if err := s.Set(ctx, "p", want); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(ctx, "p"); got != want {
		t.Errorf("saved: got %+v, want %+v", got, want)
	}
	bad := want
	bad.Volume = 500
	if err := s.Set(ctx, "p", bad); !errors.Is(err, settings.ErrBad) {
		t.Errorf("bad volume: got %v, want ErrBad", err)
	}
	if got, _ := s.Get(ctx, "p"); got != want {
		t.Errorf("after a refusal: got %+v, want %+v unchanged", got, want)
	}
	// An older document names fewer settings: the rest are the defaults.
	m["old"] = `{"flip":true}`
	if got, _ := s.Get(ctx, "old"); !got.Flip || got.Confirm != "off" || got.Volume != 70 || !got.Premove {
		t.Errorf("older document: got %+v, want flip and the defaults (premoves on)", got)
	}
	m["nopremove"] = `{"premove":false}`
	if got, _ := s.Get(ctx, "nopremove"); got.Premove {
		t.Errorf("premoves turned off: got %+v, want premove false", got)
	}
	m["broken"] = `{"volume":9000}`
	if got, _ := s.Get(ctx, "broken"); got != settings.Default() {
		t.Errorf("invalid document: got %+v, want the defaults", got)
	}
}

// TestOverSQLite saves and reads settings through the real store.
func TestOverSQLite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "p.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	p := store.Player{ID: "ada", Name: "Ada", Kind: store.PlayerGuest, JoinedAt: now, UpdatedAt: now}
	if err := st.CreateGuest(ctx, p, store.Session{TokenHash: []byte("hash of ada's token"), PlayerID: p.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	s := settings.New(st, time.Now)
	want := settings.Default()
	want.Zen = true
	if err := s.Set(ctx, p.ID, want); err != nil {
		t.Fatal(err)
	}
	want.Volume = 5
	if err := s.Set(ctx, p.ID, want); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, p.ID); err != nil || got != want {
		t.Errorf("got %+v %v, want %+v", got, err, want)
	}
}
