package tournaments

import (
	"fmt"
	"testing"
)

func TestBracket(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{2, "[[1 2]]"},
		{4, "[[1 4] [2 3]]"},
		{5, "[[1 0] [4 5] [2 0] [3 0]]"},
		{8, "[[1 8] [4 5] [2 7] [3 6]]"},
	}
	for _, tt := range tests {
		b, err := Bracket(tt.n)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(b); got != tt.want {
			t.Errorf("Bracket(%d): got %s, want %s", tt.n, got, tt.want)
		}
	}
	if _, err := Bracket(1); err == nil {
		t.Error("Bracket(1): got no error")
	}
}

// TestKnockOutToTheEnd plays a seeded knock-out of 13 where the higher
// rating always wins: the top seed wins, and it takes four rounds.
func TestKnockOutToTheEnd(t *testing.T) {
	var ps []Player
	rating := map[string]float64{}
	for i := range 13 {
		p := Player{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + 37*i%13*10)}
		ps = append(ps, p)
		rating[p.ID] = p.Rating
	}
	ms, err := KnockOut(ps, 2)
	if err != nil {
		t.Fatal(err)
	}
	rounds := 0
	for len(ms) > 0 {
		rounds++
		var winners []string
		for _, m := range ms {
			switch {
			case m.Bye():
				winners = append(winners, m.First)
			case KnockOutWinner(1, 1, 0) != PlayTieBreak:
				t.Fatal("a level match: got a winner without tie-break")
			case rating[m.First] > rating[m.Second]:
				winners = append(winners, m.First)
			default:
				winners = append(winners, m.Second)
			}
		}
		if len(winners) == 1 {
			if winners[0] != "p12" && rating[winners[0]] != 1120 {
				t.Errorf("winner: got %s, want the top seed", winners[0])
			}
			break
		}
		ms = NextKnockOut(winners, 2)
	}
	if rounds != 4 {
		t.Errorf("got %d rounds, want 4", rounds)
	}
}

func TestKnockOutWinner(t *testing.T) {
	tests := []struct {
		a, b  float64
		pairs int
		want  int
	}{{2, 0, 0, FirstGoesThrough}, {0.5, 1.5, 0, SecondGoesThrough}, {1, 1, 0, PlayTieBreak}, {2, 2, 1, FirstGoesThrough}, {2, 2.5, 1, SecondGoesThrough}}
	for _, tt := range tests {
		if got := KnockOutWinner(tt.a, tt.b, tt.pairs); got != tt.want {
			t.Errorf("KnockOutWinner(%v, %v, %d): got %d, want %d", tt.a, tt.b, tt.pairs, got, tt.want)
		}
	}
}

func TestNextSeason(t *testing.T) {
	divs := [][]string{{"a1", "a2", "a3", "a4"}, {"b1", "b2", "b3", "b4"}, {"c1", "c2", "c3", "c4"}}
	tests := []struct {
		name      string
		withdrawn map[string]bool
		newcomers []string
		want      string
	}{
		{"promotion and relegation", nil, nil, "[[a1 a2 a3 b1] [a4 b2 b3 c1] [b4 c2 c3 c4]]"},
		{"leavers and newcomers", map[string]bool{"a2": true, "c3": true}, []string{"n1", "n2", "n3"},
			"[[a1 a3 b1] [a4 b2 b3 c1] [b4 c2 c4 n1 n2 n3]]"},
		{"a new division", nil, []string{"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"},
			"[[a1 a2 a3 b1] [a4 b2 b3 c1] [b4 c2 c3 c4 n1 n2 n3] [n4 n5 n6 n7 n8 n9]]"},
	}
	for _, tt := range tests {
		got, err := NextSeason(divs, tt.withdrawn, tt.newcomers, 1, 10)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != tt.want {
			t.Errorf("%s: got %v, want %s", tt.name, got, tt.want)
		}
	}
	if _, err := NextSeason(divs, nil, nil, 1, 10000); err == nil {
		t.Error("divisions of 10000: got no error")
	}
}
