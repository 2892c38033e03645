package notify

import (
	"context"
	"fmt"

	"github.com/plateau-games/plateau/internal/i18n"
)

// Tournament event kinds (package tournaments' notices).
const (
	KindTourRound = "tournament-round" // a round started
	KindTourGame  = "tournament-game"  // the player's tournament game is ready
	KindTourOver  = "tournament-over"  // the event ended
)

func isTournament(kind string) bool {
	return kind == KindTourRound || kind == KindTourGame || kind == KindTourOver
}

// Tournament enqueues a tournament notice for player: a round of
// tournament started, their game gameID is ready, or the event is over.
// The note is keyed by kind, player, game (the tournament for a round or
// the end) and round: the same notice enqueued again, by any server, is
// one notification.
func (n *Notifier) Tournament(ctx context.Context, kind, player, tournament, gameID string, round int) error {
	if !isTournament(kind) {
		return fmt.Errorf("%w: kind %q", ErrNoPlayer, kind)
	}
	g := gameID
	if kind != KindTourGame || g == "" {
		g = tournament
	}
	return n.Enqueue(ctx, Event{Kind: kind, Player: player, Game: g, Version: int64(round), Tournament: tournament})
}

// tourWords are the sentences of the tournament notices, in English
// (internal/i18n says them in the other languages).
var tourWords = map[string][2]string{
	KindTourRound: {"Tournament round", "Round %d of your tournament has started."},
	KindTourGame:  {"Your tournament game is ready", "Your game %s of the tournament is ready."},
	KindTourOver:  {"Tournament over", "Your tournament is over: see the standings."},
}

// tourMessage is the title and body of a tournament notice.
func tourMessage(lang string, ev Event) (title, body string) {
	t := tourWords[ev.Kind]
	title = i18n.Say(lang, t[0])
	switch ev.Kind {
	case KindTourRound:
		return title, i18n.Say(lang, t[1], ev.Version)
	case KindTourGame:
		return title, i18n.Say(lang, t[1], ev.Game)
	}
	return title, i18n.Say(lang, t[1])
}

// eventPath is the page a notice opens: the game, or the tournament.
func eventPath(ev Event) string {
	if isTournament(ev.Kind) && ev.Kind != KindTourGame {
		return "/#/tournament/" + ev.Tournament
	}
	if ev.Kind == KindChallenge {
		return "/#/lobby"
	}
	return "/#/game/" + ev.Game
}
