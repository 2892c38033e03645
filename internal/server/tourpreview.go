package server

import (
	"net/http"
	"net/url"

	"github.com/plateau-games/plateau/internal/store"
)

// tourPreviewWords are the words of a tournament's link preview, with
// the format's name first filled in.
var tourPreviewWords = map[string]string{
	"roundrobin": "formatRoundRobin",
	"swiss":      "formatSwiss",
	"arena":      "formatArena",
	"knockout":   "formatKnockOut",
	"league":     "formatLeague",
}

// handleTournament previews a tournament's link: its name, its game and
// format, where it stands (entries open, round n of m, the winner), and
// the game's board.
func (v *previewService) handleTournament(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	route := "/tournament/" + url.PathEscape(id)
	ts, err := v.s.tours()
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	tv, err := v.s.tourView(r.Context(), ts, id, "")
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	gm, _, err := v.s.cfg.Registry.Lookup(tv.Game)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	format := tv.Format
	if k, ok := tourPreviewWords[tv.Format]; ok {
		format = word(lang, k)
	}
	var state string
	switch {
	case tv.State == store.TourRunning && tv.Rounds > 0:
		state = word(lang, "tourRound", tv.Round, tv.Rounds, tv.Players)
	case tv.State == store.TourRunning:
		state = word(lang, "tourRunning", tv.Players)
	case tv.State == store.TourFinished && tv.Winner != nil:
		state = word(lang, "tourWon", tv.Winner.Name, tv.Players)
	case tv.State == store.TourCancelled || tv.State == store.TourFinished:
		state = word(lang, "tourOver")
	default:
		state = word(lang, "tourOpen", tv.StartsAt.UTC().Format("2006-01-02 15:04 UTC"), tv.Players)
	}
	q := url.Values{"game": {tv.Game}, "lang": {lang}}
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "tourTitle", tv.Name, gm.Title, format),
		Description: state,
		Image:       v.base(r) + "/api/picture.png?" + q.Encode(),
		Redirect:    "/#" + route,
	})
}
