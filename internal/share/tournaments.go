package share

import (
	"context"
	"net/url"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// formatWords are the words of a tournament's format, by its name.
var formatWords = map[string]string{
	"roundrobin": "formatRoundRobin",
	"swiss":      "formatSwiss",
	"arena":      "formatArena",
	"knockout":   "formatKnockOut",
	"league":     "formatLeague",
}

// TournamentPreview is the preview of /tournament/{id}: its name, its
// game and format, where it stands (entries open, round n of m, the
// winner), and the game's board.
func (s *Service) TournamentPreview(ctx context.Context, q Query) (Answer, error) {
	route := "/tournament/" + url.PathEscape(q.ID)
	tv, err := s.cfg.Tournament(ctx, q.ID)
	if err != nil {
		return s.notFound(q, route)
	}
	gm, _, err := s.cfg.Registry.Lookup(tv.Game)
	if err != nil {
		return s.notFound(q, route)
	}
	lang := q.Lang
	format := tv.Format
	if k, ok := formatWords[tv.Format]; ok {
		format = Word(lang, k)
	}
	v := url.Values{"game": {tv.Game}, "lang": {lang}}
	return s.render(q, preview{
		Title:       Word(lang, "tourTitle", tv.Name, gm.Title, format),
		Description: tourState(tv, lang),
		Image:       q.Base + "/api/picture.png?" + v.Encode(),
		Redirect:    "/#" + route,
	}, false)
}

// tourState says where a tournament stands.
func tourState(tv api.TournamentView, lang string) string {
	switch {
	case tv.State == store.TourRunning && tv.Rounds > 0:
		return Word(lang, "tourRound", tv.Round, tv.Rounds, tv.Players)
	case tv.State == store.TourRunning:
		return Word(lang, "tourRunning", tv.Players)
	case tv.State == store.TourFinished && tv.Winner != nil:
		return Word(lang, "tourWon", tv.Winner.Name, tv.Players)
	case tv.State == store.TourCancelled || tv.State == store.TourFinished:
		return Word(lang, "tourOver")
	}
	return Word(lang, "tourOpen", tv.StartsAt.UTC().Format("2006-01-02 15:04 UTC"), tv.Players)
}
