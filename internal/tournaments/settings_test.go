package tournaments

import (
	"errors"
	"testing"
	"time"
)

func TestValidateAbsurd(t *testing.T) {
	now := time.Date(2026, 12, 5, 1, 0, 0, 0, time.UTC)
	good := Settings{Format: FormatSwiss, Name: "Friday Swiss", Rounds: 5, MinPlayers: 4, RoundTime: 72 * time.Hour, StartsAt: now.Add(time.Hour)}
	if err := good.Validate(now); err != nil {
		t.Fatalf("good settings: %v", err)
	}
	tests := []struct {
		name string
		edit func(*Settings)
		want error
	}{
		{"0 rounds", func(s *Settings) { s.Rounds = 0 }, ErrRounds},
		{"1 player", func(s *Settings) { s.MinPlayers = 1 }, ErrPlayerCap},
		{"10000 in a division", func(s *Settings) { s.Format, s.Division = FormatRoundRobin, 10000 }, ErrPlayerCap},
		{"0-second round", func(s *Settings) { s.RoundTime = 0 }, ErrRoundTime},
		{"0-second arena", func(s *Settings) { s.Format, s.RoundTime = FormatArena, 0 }, ErrRoundTime},
		{"start in the past", func(s *Settings) { s.StartsAt = now.Add(-time.Minute) }, ErrStart},
		{"empty name", func(s *Settings) { s.Name = "  " }, ErrName},
		{"bidi override", func(s *Settings) { s.Name = "a\u202eb" }, ErrName},
		{"long name", func(s *Settings) { s.Name = string(make([]rune, 81)) }, ErrName},
		{"bad utf-8", func(s *Settings) { s.Description = "\xff" }, ErrDescription},
		{"3 games", func(s *Settings) { s.Games = 3 }, ErrGames},
		{"no format", func(s *Settings) { s.Format = "chaos" }, ErrFormat},
		{"too many players", func(s *Settings) { s.MaxPlayers = 100000 }, ErrPlayerCap},
	}
	for _, tt := range tests {
		s := good
		tt.edit(&s)
		if err := s.Validate(now); !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestEntryAdmits(t *testing.T) {
	e := Entry{AccountAge: 7 * 24 * time.Hour, Finished: 10, Timeouts: 1}
	tests := []struct {
		x    Entrant
		want error
	}{
		{Entrant{AccountAge: 8 * 24 * time.Hour, Finished: 10, Timeouts: 1}, nil},
		{Entrant{AccountAge: time.Hour, Finished: 10}, ErrYoung},
		{Entrant{AccountAge: 8 * 24 * time.Hour, Finished: 9}, ErrFewGames},
		{Entrant{AccountAge: 8 * 24 * time.Hour, Finished: 10, Timeouts: 2}, ErrTimeouts},
	}
	for _, tt := range tests {
		if err := e.Admits(tt.x); !errors.Is(err, tt.want) {
			t.Errorf("Admits(%+v): got %v, want %v", tt.x, err, tt.want)
		}
	}
}

func TestCanJoinLate(t *testing.T) {
	tests := []struct {
		s     Settings
		round int
		ok    bool
	}{
		{Settings{Format: FormatSwiss, LateRounds: 2}, 1, true},
		{Settings{Format: FormatSwiss, LateRounds: 2}, 2, false},
		{Settings{Format: FormatArena}, 7, true},
		{Settings{Format: FormatRoundRobin}, 1, false},
		{Settings{Format: FormatKnockOut}, 0, true},
	}
	for _, tt := range tests {
		if err := tt.s.CanJoin(tt.round); (err == nil) != tt.ok {
			t.Errorf("%s round %d: got %v, want ok %v", tt.s.Format, tt.round, err, tt.ok)
		}
	}
}

func TestWithdrawAndForfeits(t *testing.T) {
	games := []Game{
		{First: "w", Second: "a", Score: 1},
		{First: "b", Second: "w", Score: 1, Forfeit: true},
		{First: "a", Second: "b", Score: 0.5},
	}
	if got := Forfeits(games, "w"); got != 1 {
		t.Errorf("Forfeits: got %d, want 1", got)
	}
	if got := Withdraw(games, "w", 3); len(got) != 1 || got[0].First != "a" {
		t.Errorf("1 of 3 played: got %v, want only a-b left", got)
	}
	if got := Withdraw(games, "w", 2); len(got) != 3 {
		t.Errorf("1 of 2 played: got %d games, want all 3 to stand", len(got))
	}
}
