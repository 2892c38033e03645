package record_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	recs := []record.Record{
		{ID: "1", Game: "tictactoe", Start: "3/3/3 x", Moves: []string{"b2", "a1", "c3", "c1", "a3", "b1"}, Result: "second", Reason: "three in a row", First: "random", Second: "level:3"},
		{ID: "2", Game: "tictactoe", Start: "3/3/3 x", Moves: []string{}, Result: "ongoing"},
	}
	var buf bytes.Buffer
	for _, r := range recs {
		if err := record.Write(&buf, r); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Fatalf("got %d lines, want 2", n)
	}
	got, err := record.Read(&buf)
	if err != nil || !reflect.DeepEqual(got, recs) {
		t.Fatalf("got %+v, %v, want %+v", got, err, recs)
	}
	reg := game.NewRegistry(tictactoe.Game())
	s, err := record.Play(reg, got[0])
	if err != nil || s.Result() != game.SecondWins {
		t.Errorf("replay: got %v, %v, want second wins", s, err)
	}
}

func TestGolden(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := record.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for _, r := range recs {
		if err := record.Write(&buf, r); err != nil {
			t.Fatal(err)
		}
	}
	if buf.String() != string(data) {
		t.Errorf("got\n%s\nwant the file back byte for byte:\n%s", buf.String(), data)
	}
}

func TestBad(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(tictactoe.Game())
	for _, tc := range []struct{ name, line string }{
		{"not json", "id 1"},
		{"no id", `{"game":"tictactoe","start":"3/3/3 x","moves":[],"result":"draw"}`},
		{"no game", `{"id":"1","start":"3/3/3 x","moves":[],"result":"draw"}`},
		{"no start", `{"id":"1","game":"tictactoe","moves":[],"result":"draw"}`},
		{"bad result", `{"id":"1","game":"tictactoe","start":"3/3/3 x","moves":[],"result":"won"}`},
		{"unknown field", `{"id":"1","game":"tictactoe","start":"3/3/3 x","moves":[],"result":"draw","elo":3}`},
		{"two objects", `{"id":"1","game":"tictactoe","start":"3/3/3 x","moves":[],"result":"draw"} {}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := record.Parse(tc.line); !errors.Is(err, record.ErrBadRecord) {
				t.Errorf("got %v, want ErrBadRecord", err)
			}
		})
	}
	for _, tc := range []struct {
		name string
		r    record.Record
	}{
		{"illegal move", record.Record{ID: "1", Game: "tictactoe", Start: "3/3/3 x", Moves: []string{"b2", "b2"}, Result: "ongoing"}},
		{"wrong result", record.Record{ID: "1", Game: "tictactoe", Start: "XX1/OO1/3 x", Moves: []string{"c3"}, Result: "draw"}},
		{"unknown game", record.Record{ID: "1", Game: "chess", Start: "x", Result: "draw"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := record.Play(reg, tc.r); err == nil {
				t.Error("got no error, want one")
			}
		})
	}
	if _, err := record.Read(strings.NewReader("\n{}\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("got %v, want an error naming line 2", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`{"id":"1","game":"tictactoe","start":"3/3/3 x","moves":["b2"],"result":"ongoing"}`)
	f.Add(`{"id":"","moves":null}`)
	f.Add("{")
	f.Fuzz(func(t *testing.T, line string) {
		r, err := record.Parse(line)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := record.Write(&buf, r); err != nil {
			t.Fatal(err)
		}
		back, err := record.Parse(strings.TrimSuffix(buf.String(), "\n"))
		if err != nil || back.ID != r.ID || back.Result != r.Result || len(back.Moves) != len(r.Moves) {
			t.Fatalf("round trip of %q: got %+v, %v", line, back, err)
		}
	})
}
