package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// tourStore is the store as the tournament endpoints and runner use it:
// the SQL stores implement it; a store that does not serves none.
type tourStore interface {
	tournaments.Store
	LoadTournament(ctx context.Context, id string) (store.Tournament, error)
	ListTournaments(ctx context.Context, game string, states []string, limit int) ([]store.Tournament, error)
	TournamentsWon(ctx context.Context, player string, limit int) ([]store.Tournament, error)
	RecentTimeouts(ctx context.Context, player string, since time.Time) (int, error)
	JoinTournament(ctx context.Context, p store.TourPlayer, rule store.TourJoin) error
	WithdrawTournament(ctx context.Context, tid, player string, at time.Time) error
}

// routesTournaments serves the events (docs/tournaments.md).
func (s *Server) routesTournaments(m *http.ServeMux) {
	m.HandleFunc("GET /api/tournaments", s.handleTournaments)
	m.HandleFunc("POST /api/tournaments", s.limit(limitCreate, s.handleTournamentCreate))
	m.HandleFunc("GET /api/tournaments/{id}", s.handleTournament)
	m.HandleFunc("POST /api/tournaments/{id}/join", s.limit(limitRequest, s.handleTournamentJoin))
	m.HandleFunc("POST /api/tournaments/{id}/withdraw", s.limit(limitRequest, s.handleTournamentWithdraw))
}

// tourWords are the refusals of the tournament endpoints, in every
// language, with the reason they are answered with.
var tourWords = []struct {
	err  error
	why  error
	text game.Text
}{
	{tournaments.ErrFormat, ErrMalformed, game.Text{"en": "Unknown tournament format.", "fr": "Format de tournoi inconnu."}},
	{tournaments.ErrName, ErrMalformed, game.Text{"en": "The name must be 1 to 80 characters of plain text.", "fr": "Le nom doit faire de 1 à 80 caractères de texte simple."}},
	{tournaments.ErrDescription, ErrMalformed, game.Text{"en": "The description must be at most 2000 characters of plain text.", "fr": "La description doit faire au plus 2000 caractères de texte simple."}},
	{tournaments.ErrRounds, ErrMalformed, game.Text{"en": "A Swiss needs 1 to 50 rounds, and late entries before one of them.", "fr": "Un système suisse demande de 1 à 50 rondes, et des inscriptions tardives avant l'une d'elles."}},
	{tournaments.ErrPlayerCap, ErrMalformed, game.Text{"en": "A tournament needs at least 2 players, at most 4000, and divisions of 2 to 10.", "fr": "Un tournoi demande au moins 2 joueurs, au plus 4000, et des poules de 2 à 10."}},
	{tournaments.ErrRoundTime, ErrMalformed, game.Text{"en": "A round lasts 1 minute to 60 days; an arena 10 minutes to 24 hours.", "fr": "Une ronde dure de 1 minute à 60 jours ; une arène de 10 minutes à 24 heures."}},
	{tournaments.ErrStart, ErrMalformed, game.Text{"en": "The start must be in the future.", "fr": "Le début doit être dans le futur."}},
	{tournaments.ErrGames, ErrMalformed, game.Text{"en": "A pairing plays 1 game or a pair of 2.", "fr": "Un appariement joue 1 partie ou une paire de 2."}},
	{tournaments.ErrYoung, ErrForbidden, game.Text{"en": "Your account is too young for this tournament.", "fr": "Votre compte est trop récent pour ce tournoi."}},
	{tournaments.ErrFewGames, ErrForbidden, game.Text{"en": "You have not finished enough games for this tournament.", "fr": "Vous n'avez pas terminé assez de parties pour ce tournoi."}},
	{tournaments.ErrTimeouts, ErrForbidden, game.Text{"en": "You lost too many games on time lately for this tournament.", "fr": "Vous avez perdu trop de parties au temps récemment pour ce tournoi."}},
	{store.ErrTourJoined, ErrStale, game.Text{"en": "You are already in this tournament.", "fr": "Vous êtes déjà inscrit à ce tournoi."}},
	{store.ErrTourFull, ErrStale, game.Text{"en": "This tournament is full.", "fr": "Ce tournoi est complet."}},
	{store.ErrTourClosed, ErrStale, game.Text{"en": "This tournament takes no more entries.", "fr": "Ce tournoi n'accepte plus d'inscriptions."}},
	{store.ErrTourNotIn, ErrStale, game.Text{"en": "You are not in this tournament.", "fr": "Vous n'êtes pas inscrit à ce tournoi."}},
	{store.ErrTourOver, ErrStale, game.Text{"en": "This tournament is over.", "fr": "Ce tournoi est terminé."}},
	{store.ErrTourNotFound, ErrNotFound, game.Text{"en": "No such tournament.", "fr": "Ce tournoi n'existe pas."}},
	{errTourAccount, ErrForbidden, game.Text{"en": "Only accounts take part in tournaments: sign up first.", "fr": "Seuls les comptes participent aux tournois : inscrivez-vous d'abord."}}, //nolint:misspell // "participent" is French
	{errTourOff, ErrNotFound, game.Text{"en": "This server runs no tournaments.", "fr": "Ce serveur n'organise pas de tournois."}},
}

var (
	errTourAccount = errors.New("server: tournaments are for accounts")
	errTourOff     = errors.New("server: no tournaments here")
)

// tourRefusal turns a tournament error into the client's sentence.
func tourRefusal(err error) error {
	for _, w := range tourWords {
		if errors.Is(err, w.err) {
			return refuseExplained(w.why, err, w.text)
		}
	}
	return err
}

func (s *Server) tours() (tourStore, error) {
	ts, ok := s.cfg.Store.(tourStore)
	if !ok {
		return nil, tourRefusal(errTourOff)
	}
	return ts, nil
}

// tourAccount is the request's player if it is an account.
func (s *Server) tourAccount(r *http.Request) (players.Player, error) {
	p, ok := players.FromContext(r.Context())
	if !ok || p.Guest || p.Deleted {
		return p, tourRefusal(errTourAccount)
	}
	return p, nil
}

func (s *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var states []string
	if st := r.URL.Query().Get("state"); st != "" {
		states = []string{st}
	}
	list, err := ts.ListTournaments(r.Context(), r.URL.Query().Get("game"), states, 200)
	if winner := r.URL.Query().Get("winner"); winner != "" {
		list, err = ts.TournamentsWon(r.Context(), winner, 50)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]api.Tournament, 0, len(list))
	for _, t := range list {
		out = append(out, s.tourOf(r.Context(), t, -1))
	}
	s.reply(w, http.StatusOK, out)
}

// tourOf is the client's view of an event; players < 0 leaves the count
// out (a list does not count every event's entries).
func (s *Server) tourOf(ctx context.Context, t store.Tournament, players int) api.Tournament {
	c, _ := tournaments.DecodeConfig(t.Settings)
	out := api.Tournament{ID: t.ID, Game: t.Game, Format: t.Format, Name: t.Name, Description: t.Description, State: t.State,
		Round: t.Round, Rounds: c.Rounds, StartsAt: t.StartsAt, Players: max(players, 0),
		Games: tournaments.GamesPerPairing(s.cfg.Registry, t.Game, c.Games), Rated: !c.Casual, TimeControl: c.TimeControl,
		Series: t.SeriesID, Edition: t.Edition}
	if t.State == store.TourRunning {
		out.RoundEnds = t.RoundEnds
	}
	if t.Winner != "" {
		ref := s.refOf(ctx, t.Winner)
		out.Winner = &ref
	}
	return out
}
