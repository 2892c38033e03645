package share

import (
	"context"
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/store"
)

// words are the words of images, link previews and embeds, in
// English and French; %s and %d are filled in order.
var words = map[string]game.Text{
	"level":      {"en": "level %d", "fr": "niveau %d"},
	"open":       {"en": "open seat", "fr": "place libre"},
	"anonymous":  {"en": "anonymous", "fr": "anonyme"},
	"move":       {"en": "move %d", "fr": "coup %d"},
	"inMoves":    {"en": "%s in %d moves", "fr": "%s en %d coups"},
	"vs":         {"en": "%s vs %s", "fr": "%s contre %s"},
	"gameTitle":  {"en": "%s: %s, %s", "fr": "%s : %s, %s"},
	"gameDesc":   {"en": "A game of %s on Plateau. Watch it, replay it, analyse it.", "fr": "Une partie de %s sur Plateau. Regardez-la, rejouez-la, analysez-la."},
	"invite":     {"en": "%s invites you to play %s", "fr": "%s vous invite à jouer à %s"},
	"inviteAnon": {"en": "You are invited to play %s", "fr": "Vous êtes invité à jouer à %s"},
	"inviteDesc": {"en": "Open the link to take your seat: %s, in the browser, nothing to install.", "fr": "Ouvrez le lien pour prendre votre place : %s, dans le navigateur, rien à installer."},
	"replay":     {"en": "Replay of %s", "fr": "Rejouer %s"},
	"analysis":   {"en": "%s: a position to analyse", "fr": "%s : une position à analyser"},
	"analysisDesc": {"en": "Explore this position of %s with the engine on Plateau.",
		"fr": "Explorez cette position de %s avec le moteur sur Plateau."},
	"puzzle":           {"en": "%s puzzle: %s to play and win", "fr": "Problème de %s : %s joue et gagne"},
	"puzzleDesc":       {"en": "Find the winning line. Puzzles of %s on Plateau.", "fr": "Trouvez la suite gagnante. Problèmes de %s sur Plateau."},
	"player":           {"en": "%s on Plateau", "fr": "%s sur Plateau"},
	"playerDesc":       {"en": "Games and ratings of %s at Oxford, Oshi, Yoxii and Abraxas.", "fr": "Parties et classements de %s à Oxford, Oshi, Yoxii et Abraxas."},
	"rules":            {"en": "Rules of %s", "fr": "Règles de %s"},
	"tourTitle":        {"en": "%s: a tournament of %s (%s)", "fr": "%s : un tournoi de %s (%s)"},
	"tourOpen":         {"en": "Entries open, starts %s. %d players so far.", "fr": "Inscriptions ouvertes, début le %s. %d joueurs pour l'instant."},
	"tourRound":        {"en": "Round %d of %d under way, %d players.", "fr": "Ronde %d sur %d en cours, %d joueurs."},
	"tourRunning":      {"en": "Under way, %d players.", "fr": "En cours, %d joueurs."},
	"tourWon":          {"en": "Won by %s among %d players.", "fr": "Gagné par %s parmi %d joueurs."},
	"tourOver":         {"en": "This tournament is over.", "fr": "Ce tournoi est terminé."},
	"formatRoundRobin": {"en": "round robin", "fr": "toutes rondes"},
	"formatSwiss":      {"en": "Swiss", "fr": "système suisse"},
	"formatArena":      {"en": "arena", "fr": "arène"},
	"formatKnockOut":   {"en": "knock-out", "fr": "élimination directe"}, //nolint:misspell // "élimination" is French
	"formatLeague":     {"en": "league", "fr": "ligue"},
	"embed":            {"en": "Open on Plateau", "fr": "Ouvrir sur Plateau"},
	"start":            {"en": "Start", "fr": "Début"},
	"prev":             {"en": "Previous move", "fr": "Coup précédent"},
	"next":             {"en": "Next move", "fr": "Coup suivant"},
	"end":              {"en": "Last position", "fr": "Dernière position"},
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
