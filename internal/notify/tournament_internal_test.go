package notify

import (
	"context"
	"errors"
	"testing"
)

// TestTournamentMessages: each tournament notice has its title and
// sentence in both languages, and opens the tournament or the game.
func TestTournamentMessages(t *testing.T) {
	tests := []struct {
		ev          Event
		lang, title string
		body, path  string
	}{
		{Event{Kind: KindTourRound, Game: "t1", Tournament: "t1", Version: 3}, "en", "Tournament round", "Round 3 of your tournament has started.", "/#/tournament/t1"},
		{Event{Kind: KindTourRound, Game: "t1", Tournament: "t1", Version: 3}, "fr", "Ronde de tournoi", "La ronde 3 de votre tournoi a commencé.", "/#/tournament/t1"},
		{Event{Kind: KindTourGame, Game: "g9", Tournament: "t1", Version: 1}, "fr", "Votre partie de tournoi est prête", "Votre partie g9 du tournoi est prête.", "/#/game/g9"},
		{Event{Kind: KindTourOver, Game: "t1", Tournament: "t1"}, "en", "Tournament over", "Your tournament is over: see the standings.", "/#/tournament/t1"},
	}
	for _, tt := range tests {
		title, body := message(tt.lang, tt.ev)
		if title != tt.title || body != tt.body || eventPath(tt.ev) != tt.path {
			t.Errorf("%s in %s: got %q %q %q, want %q %q %q", tt.ev.Kind, tt.lang, title, body, eventPath(tt.ev), tt.title, tt.body, tt.path)
		}
	}
	var n Notifier
	if err := n.Tournament(context.Background(), "party", "p", "t", "", 1); !errors.Is(err, ErrNoPlayer) {
		t.Errorf("an unknown kind: got %v, want ErrNoPlayer", err)
	}
}
