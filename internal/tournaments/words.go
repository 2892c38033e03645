package tournaments

import (
	"errors"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/store"
)

var (
	// ErrNotAccount refuses a guest (or a deleted account) taking part:
	// only accounts enter events.
	ErrNotAccount = errors.New("tournaments: tournaments are for accounts")
	// ErrOff answers every request of a server whose store keeps no
	// events.
	ErrOff = errors.New("tournaments: no tournaments here")
)

// Refusal is the kind of a refusal, which the edge turns into its
// status: the client reads the same sentence whatever the transport.
type Refusal int

// The kinds of refusal.
const (
	Malformed Refusal = iota + 1
	Forbidden
	Stale
	NotFound
)

// Explain returns the kind and the sentence, in every language, of a
// refusal of the tournament endpoints; 0 and nil for any other error.
func Explain(err error) (Refusal, game.Text) {
	for _, w := range words() {
		if errors.Is(err, w.err) {
			return w.kind, w.text
		}
	}
	return 0, nil
}

// word is a refusal with its kind and sentence.
type word struct {
	err  error
	kind Refusal
	text game.Text
}

// words are the refusals of the endpoints (a function, not a variable:
// nothing may change them).
func words() []word {
	return []word{
		{ErrFormat, Malformed, game.Text{"en": "Unknown tournament format.", "fr": "Format de tournoi inconnu."}},
		{ErrName, Malformed, game.Text{"en": "The name must be 1 to 80 characters of plain text.", "fr": "Le nom doit faire de 1 à 80 caractères de texte simple."}},
		{ErrDescription, Malformed, game.Text{"en": "The description must be at most 2000 characters of plain text.", "fr": "La description doit faire au plus 2000 caractères de texte simple."}},
		{ErrRounds, Malformed, game.Text{"en": "A Swiss needs 1 to 50 rounds, and late entries before one of them.", "fr": "Un système suisse demande de 1 à 50 rondes, et des inscriptions tardives avant l'une d'elles."}},
		{ErrPlayerCap, Malformed, game.Text{"en": "A tournament needs at least 2 players, at most 4000, and divisions of 2 to 10.", "fr": "Un tournoi demande au moins 2 joueurs, au plus 4000, et des poules de 2 à 10."}},
		{ErrRoundTime, Malformed, game.Text{"en": "A round lasts 1 minute to 60 days; an arena 10 minutes to 24 hours.", "fr": "Une ronde dure de 1 minute à 60 jours ; une arène de 10 minutes à 24 heures."}},
		{ErrStart, Malformed, game.Text{"en": "The start must be in the future.", "fr": "Le début doit être dans le futur."}},
		{ErrGames, Malformed, game.Text{"en": "A pairing plays 1 game or a pair of 2.", "fr": "Un appariement joue 1 partie ou une paire de 2."}},
		{ErrYoung, Forbidden, game.Text{"en": "Your account is too young for this tournament.", "fr": "Votre compte est trop récent pour ce tournoi."}},
		{ErrFewGames, Forbidden, game.Text{"en": "You have not finished enough games for this tournament.", "fr": "Vous n'avez pas terminé assez de parties pour ce tournoi."}},
		{ErrTimeouts, Forbidden, game.Text{"en": "You lost too many games on time lately for this tournament.", "fr": "Vous avez perdu trop de parties au temps récemment pour ce tournoi."}},
		{store.ErrTourJoined, Stale, game.Text{"en": "You are already in this tournament.", "fr": "Vous êtes déjà inscrit à ce tournoi."}},
		{store.ErrTourFull, Stale, game.Text{"en": "This tournament is full.", "fr": "Ce tournoi est complet."}},
		{store.ErrTourClosed, Stale, game.Text{"en": "This tournament takes no more entries.", "fr": "Ce tournoi n'accepte plus d'inscriptions."}},
		{store.ErrTourNotIn, Stale, game.Text{"en": "You are not in this tournament.", "fr": "Vous n'êtes pas inscrit à ce tournoi."}},
		{store.ErrTourOver, Stale, game.Text{"en": "This tournament is over.", "fr": "Ce tournoi est terminé."}},
		{store.ErrTourNotFound, NotFound, game.Text{"en": "No such tournament.", "fr": "Ce tournoi n'existe pas."}},
		{ErrNotAccount, Forbidden, game.Text{"en": "Only accounts take part in tournaments: sign up first.", "fr": "Seuls les comptes participent aux tournois : inscrivez-vous d'abord."}}, //nolint:misspell // "participent" is French
		{ErrOff, NotFound, game.Text{"en": "This server runs no tournaments.", "fr": "Ce serveur n'organise pas de tournois."}},
	}
}
