package notify

import (
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/i18n"
)

// words holds every sentence the notifications say, in English; the
// services' catalog (internal/i18n) says them in the other languages.
var words = map[string]string{
	"turn.title":      "Your turn",
	"turn.body":       "It is your turn in %s (game %s).",
	"turn.against":    "It is your turn in %s against %s (game %s).",
	"low.title":       "You are about to time out",
	"low.body":        "%s left on your clock in %s (game %s).",
	"digest.subject":  "Plateau: games waiting for your move (%d)",
	"digest.intro":    "Games waiting for your move:",
	"low.subject":     "Plateau: you are about to time out",
	"mail.footer":     "You get these e-mails because you switched them on in Plateau's notification settings; switch them off there.",
	"game":            "a game",
	"webhook.turn":    "Plateau: it is %s's turn in %s: %s",
	"webhook.you":     "Plateau: your turn in %s: %s",
	"webhook.nolink":  "game %s",
	"challenge.title": "A challenge",
	"challenge.mail":  "Plateau: a challenge",
	"challenge.body":  "%s challenges you to %s.",
	"challenge.hook":  "Plateau: %s challenges %s to %s: %s",
	"challenge.you":   "Plateau: %s challenges you to %s: %s",
	"challenge.link":  "see the lobby",
	"duration.minute": "%d min",
	"duration.hour":   "%d h %02d min",
	"duration.day":    "%d d %d h",
}

// say returns the sentence of key in lang (English if lang is unknown).
func say(lang, key string, args ...any) string {
	return i18n.Say(lang, words[key], args...)
}

// gameName is the game's title, or "a game".
func gameName(lang string, ev Event) string {
	if ev.Title != "" {
		return ev.Title
	}
	return say(lang, "game")
}

// message is the title and body of a push notification.
func message(lang string, ev Event) (title, body string) {
	if isTournament(ev.Kind) {
		return tourMessage(lang, ev)
	}
	name := gameName(lang, ev)
	if ev.Kind == KindChallenge {
		return say(lang, "challenge.title"), say(lang, "challenge.body", ev.Opponent, name)
	}
	if ev.Kind == KindLowTime {
		return say(lang, "low.title"), say(lang, "low.body", duration(lang, ev.Left), name, ev.Game)
	}
	if ev.Opponent != "" {
		return say(lang, "turn.title"), say(lang, "turn.against", name, ev.Opponent, ev.Game)
	}
	return say(lang, "turn.title"), say(lang, "turn.body", name, ev.Game)
}

// duration says a time left in minutes, hours or days.
func duration(lang string, d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	switch {
	case m < 60:
		return say(lang, "duration.minute", max(m, 0))
	case m < 24*60:
		return say(lang, "duration.hour", m/60, m%60)
	default:
		return say(lang, "duration.day", m/(24*60), m/60%24)
	}
}

// letter is an e-mail before it is encoded.
type letter struct{ subject, body string }

// digestMail lists the games waiting for the player.
func digestMail(lang string, evs []Event, link func(string) string) letter {
	var b strings.Builder
	b.WriteString(say(lang, "digest.intro") + "\n\n")
	for _, ev := range evs {
		_, line := message(lang, ev)
		fmt.Fprintf(&b, "- %s\n  %s\n", line, link(ev.Game))
	}
	b.WriteString("\n-- \n" + say(lang, "mail.footer") + "\n")
	return letter{subject: say(lang, "digest.subject", len(evs)), body: b.String()}
}

// noticeMail is the e-mail of one notice sent at once: a clock about to
// run out, a tournament's notice, a challenge.
func noticeMail(lang string, ev Event, link string) letter {
	title, line := message(lang, ev)
	subject := say(lang, "low.subject")
	switch {
	case ev.Kind == KindChallenge:
		subject = say(lang, "challenge.mail")
	case isTournament(ev.Kind):
		subject = "Plateau: " + title
	}
	return letter{subject: subject, body: line + "\n" + link + "\n\n-- \n" + say(lang, "mail.footer") + "\n"}
}

// webhookContent is the Discord message of a turn: it may be read by
// others in the channel, so it names the game and the player's public
// name only.
func webhookContent(lang string, ev Event, link string) string {
	where := link
	if !strings.HasPrefix(link, "http") {
		where = say(lang, "webhook.nolink", ev.Game)
	}
	if ev.Kind == KindChallenge {
		return challengeContent(lang, ev, link)
	}
	if ev.Name != "" {
		return say(lang, "webhook.turn", ev.Name, gameName(lang, ev), where)
	}
	return say(lang, "webhook.you", gameName(lang, ev), where)
}

// challengeContent is the webhook message of a challenge.
func challengeContent(lang string, ev Event, link string) string {
	where := link
	if !strings.HasPrefix(link, "http") {
		where = say(lang, "challenge.link")
	}
	if ev.Name != "" {
		return say(lang, "challenge.hook", ev.Opponent, ev.Name, gameName(lang, ev), where)
	}
	return say(lang, "challenge.you", ev.Opponent, gameName(lang, ev), where)
}
