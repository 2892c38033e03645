package share

import (
	"context"
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/store"
)

// words are the words of images, link previews and embeds, in every
// language (internal/i18n's catalog); %s and %d are filled in order.
var words = map[string]game.Text{
	"level":            i18n.T("level %d"),
	"open":             i18n.T("open seat"),
	"anonymous":        i18n.T("anonymous"),
	"move":             i18n.T("move %d"),
	"inMoves":          i18n.T("%s in %d moves"),
	"vs":               i18n.T("%s vs %s"),
	"gameTitle":        i18n.T("%s: %s, %s"),
	"gameDesc":         i18n.T("A game of %s on Plateau. Watch it, replay it, analyse it."),
	"invite":           i18n.T("%s invites you to play %s"),
	"inviteAnon":       i18n.T("You are invited to play %s"),
	"inviteDesc":       i18n.T("Open the link to take your seat: %s, in the browser, nothing to install."),
	"replay":           i18n.T("Replay of %s"),
	"analysis":         i18n.T("%s: a position to analyse"),
	"analysisDesc":     i18n.T("Explore this position of %s with the engine on Plateau."),
	"puzzle":           i18n.T("%s puzzle: %s to play and win"),
	"puzzleDesc":       i18n.T("Find the winning line. Puzzles of %s on Plateau."),
	"player":           i18n.T("%s on Plateau"),
	"playerDesc":       i18n.T("Games and ratings of %s at Oxford, Oshi, Yoxii and Abraxas."),
	"rules":            i18n.T("Rules of %s"),
	"tourTitle":        i18n.T("%s: a tournament of %s (%s)"),
	"tourOpen":         i18n.T("Entries open, starts %s. %d players so far."),
	"tourRound":        i18n.T("Round %d of %d under way, %d players."),
	"tourRunning":      i18n.T("Under way, %d players."),
	"tourWon":          i18n.T("Won by %s among %d players."),
	"tourOver":         i18n.T("This tournament is over."),
	"formatRoundRobin": i18n.T("round robin"),
	"formatSwiss":      i18n.T("Swiss"),
	"formatArena":      i18n.T("arena"),
	"formatKnockOut":   i18n.T("knock-out"), //nolint:misspell // "élimination" is French
	"formatLeague":     i18n.T("league"),
	"embed":            i18n.T("Open on Plateau"),
	"start":            i18n.T("Start"),
	"prev":             i18n.T("Previous move"),
	"next":             i18n.T("Next move"),
	"end":              i18n.T("Last position"),
}

// Word returns a word of images, link previews and embeds in lang
// (en or fr), filled with args.
func Word(lang, key string, args ...any) string {
	return fmt.Sprintf(words[key].In(lang), args...)
}

// seatName names a seat for people: the player's name, the AI's level,
// an anonymous player once the game has begun, or an open seat.
func seatName(ref string, seat store.Seat, started bool, lang string) string {
	switch {
	case seat.Kind == store.AI:
		return Word(lang, "level", seat.Level)
	case ref != "":
		return ref
	case seat.Player != "" || started:
		return Word(lang, "anonymous")
	}
	return Word(lang, "open")
}

// seatNames names both seats of a stored game, whose players refs
// names.
func seatNames(refs [2]*api.PlayerRef, sg store.Game, lang string) [2]string {
	var out [2]string
	for i, seat := range sg.Seats {
		name := ""
		if refs[i] != nil {
			name = refs[i].Name
		}
		out[i] = seatName(name, seat, len(sg.Moves) > 0, lang)
	}
	return out
}

// names names both seats of a stored game in lang.
func (s *Service) names(ctx context.Context, sg store.Game, lang string) [2]string {
	return seatNames(s.cfg.Names(ctx, sg.Seats), sg, lang)
}

// resultWords says how a game stands after ply n of its moves: "1-0 in
// 41 moves · seven points" at its end, "move 12" before.
func resultWords(sg store.Game, gm game.Game, n int, lang string) string {
	score := map[string]string{"first": "1-0", "second": "0-1", "draw": "½-½"}[sg.Result]
	if score == "" || n < len(sg.Moves) {
		return Word(lang, "move", n)
	}
	out := Word(lang, "inMoves", score, len(sg.Moves))
	if gm.Reasons != nil {
		if t := gm.Reasons(sg.Reason); t != nil {
			out += " · " + t.In(lang)
		}
	}
	return out
}

// caption is an image's caption of a stored game after n plies.
func (s *Service) caption(ctx context.Context, sg store.Game, gm game.Game, n int, lang string) pictures.Caption {
	return pictures.Caption{Title: gm.Title, Names: s.names(ctx, sg, lang), Result: resultWords(sg, gm, n, lang)}
}

// gameTitle is a link preview's title of a stored game: "Oxford: Ada vs
// level 5, 1-0 in 41 moves".
func (s *Service) gameTitle(ctx context.Context, sg store.Game, gm game.Game, n int, lang string) string {
	names := s.names(ctx, sg, lang)
	res := resultWords(sg, gm, n, lang)
	if i := strings.Index(res, " · "); i >= 0 {
		res = res[:i]
	}
	return Word(lang, "gameTitle", gm.Title, Word(lang, "vs", names[0], names[1]), res)
}
