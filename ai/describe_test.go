package ai

import (
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game  string
		level int
		want  string
	}{
		{"abraxas", 1, "Beginner: plays at random."},
		{"oshi", 1, "Beginner: 50% of its moves at random, otherwise tries 10 lines of play a move."},
		{"oshi", 8, "Strongest: looks ahead through 60000 positions a move."},
		{"yoxii", 4, "Club player: tries 500 lines of play a move."},
	}
	for _, tt := range tests {
		got, err := Describe(tt.game, tt.level)
		if err != nil || got["en"] != tt.want || got.Check("level") != nil {
			t.Errorf("Describe(%s, %d): got %q, %v; want English %q and French", tt.game, tt.level, got, err, tt.want)
		}
	}
	if _, err := Describe("oshi", MaxLevel+1); err == nil || !strings.Contains(err.Error(), "level") {
		t.Errorf("Describe of level %d: got %v, want an error", MaxLevel+1, err)
	}
}

func TestDescribeTop(t *testing.T) {
	t.Parallel()
	got := DescribeTop(4)
	if err := got.Check("top"); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"en": "Strongest: searches for the whole time of a move on 4 cores.", "fr": "Le plus fort : cherche pendant tout le temps du coup sur 4 cœurs."} {
		if got[lang] != want {
			t.Errorf("%s: got %q, want %q", lang, got[lang], want)
		}
	}
}
