package lobby_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/store"
)

// TestSeekRecordKeepsEveryField checks that a seek survives the trip to
// the store's record and back, every field set, and that the two types
// have the same fields: one added to one of them only fails here.
func TestSeekRecordKeepsEveryField(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	k := lobby.Seek{ID: "s1", Game: "oshi", TimeControl: "5+3", Rated: true, Colour: lobby.Second, Kind: lobby.Correspondence,
		Owner: lobby.Player{ID: "p1", Name: "Ann"}, To: lobby.Player{ID: "p2", Name: "Bea"}, Quick: true, Rating: 1500, Range: 200,
		Created: at, Expires: at.Add(time.Hour)}
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("field %s is zero: set every field", v.Type().Field(i).Name)
		}
	}
	if got := lobby.SeekOf(k.Record()); got != k {
		t.Errorf("round trip: got %+v, want %+v", got, k)
	}
	if got, want := reflect.TypeFor[store.Seek]().NumField(), v.NumField(); got != want {
		t.Errorf("store.Seek has %d fields, lobby.Seek %d: want the same", got, want)
	}
	r := store.Rematch{Of: "g1", By: 1, NewGame: "g2"}
	if got, want := lobby.RematchOf(r), (lobby.Rematch{Of: "g1", By: 1, NewGame: "g2"}); got != want {
		t.Errorf("rematch: got %+v, want %+v", got, want)
	}
}
