package server

import (
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/store"
)

// puzzleRoutes serves the shipped puzzles (internal/puzzles) and keeps
// the ratings of players and puzzles in the store.
type puzzleRoutes struct {
	s   *Server
	set *puzzles.Set
}

func (s *Server) routesPuzzles(m *http.ServeMux) {
	p := &puzzleRoutes{s: s}
	set, err := puzzles.Load(s.cfg.Registry)
	if err != nil {
		s.log.Error("puzzles not served", "err", err)
		set, _ = puzzles.Load(game.NewRegistry())
	}
	p.set = set
	m.HandleFunc("GET /api/puzzles", p.handleGames)
	m.HandleFunc("GET /api/puzzles/daily", p.handleDaily)
	m.HandleFunc("GET /api/puzzles/{game}/next", p.handleNext)
	m.HandleFunc("GET /api/puzzles/{game}/pack", p.handlePack)
	m.HandleFunc("GET /api/puzzles/{game}/{id}", p.handleOne)
	m.HandleFunc("POST /api/puzzles/{game}/{id}/answer", s.limit(limitMove, p.handleAnswer))
}

func (p *puzzleRoutes) handleGames(w http.ResponseWriter, r *http.Request) {
	out := api.PuzzleGames{Games: []api.PuzzleGame{}}
	for _, name := range p.set.Games() {
		g := api.PuzzleGame{Game: name, Count: len(p.set.Of(name)), Themes: []api.PuzzleTheme{}}
		for _, t := range p.set.Themes(name) {
			g.Themes = append(g.Themes, api.PuzzleTheme{Tag: "theme:" + t.Name, Title: t.Title})
		}
		out.Games = append(out.Games, g)
	}
	if d, err := p.daily(r); err == nil {
		out.Daily = &d
	}
	p.s.reply(w, http.StatusOK, out)
}

func (p *puzzleRoutes) handleDaily(w http.ResponseWriter, r *http.Request) {
	d, err := p.daily(r)
	if err != nil {
		p.s.fail(w, r, refuseFor(ErrNotFound, err))
		return
	}
	p.s.reply(w, http.StatusOK, d)
}

// daily is the puzzle of the server's UTC day.
func (p *puzzleRoutes) daily(r *http.Request) (api.Puzzle, error) {
	now := p.s.cfg.Now().UTC()
	pz, err := p.set.Daily(now)
	if err != nil {
		return api.Puzzle{}, err
	}
	out, err := p.view(r, pz)
	out.Day = now.Format(time.DateOnly)
	return out, err
}

func (p *puzzleRoutes) handleOne(w http.ResponseWriter, r *http.Request) {
	pz, err := p.find(r)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	out, err := p.view(r, pz)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	p.s.reply(w, http.StatusOK, out)
}

// find returns the puzzle of the path's game and id.
func (p *puzzleRoutes) find(r *http.Request) (puzzles.Puzzle, error) {
	pz, err := p.set.Get(r.PathValue("id"))
	if err != nil {
		return puzzles.Puzzle{}, refuseFor(ErrNotFound, err)
	}
	if name, _, _ := strings.Cut(pz.Game, ":"); name != r.PathValue("game") {
		return puzzles.Puzzle{}, refuse(ErrNotFound, "puzzle %s is not a puzzle of %s", pz.ID, r.PathValue("game"))
	}
	return pz, nil
}

// handleNext picks the next puzzle of a game: for a player with a
// rating, the untried one nearest to it; otherwise the one after ?after=
// in the list, easiest first.
// handlePack serves every puzzle of a game with its solution, for the
// offline app (web/static/sw.js keeps it).
func (p *puzzleRoutes) handlePack(w http.ResponseWriter, r *http.Request) {
	list := p.set.Of(r.PathValue("game"))
	if len(list) == 0 {
		p.s.fail(w, r, refuse(ErrNotFound, "no puzzles for %q", r.PathValue("game")))
		return
	}
	out := api.PuzzlePack{Puzzles: make([]api.PackedPuzzle, len(list))}
	for i, pz := range list {
		out.Puzzles[i] = api.PackedPuzzle{ID: pz.ID, Game: pz.Game, Position: pz.Position, Solution: pz.Solution, Plies: pz.Plies}
	}
	p.s.reply(w, http.StatusOK, out)
}

func (p *puzzleRoutes) handleNext(w http.ResponseWriter, r *http.Request) {
	list := p.set.Of(r.PathValue("game"))
	if len(list) == 0 {
		p.s.fail(w, r, refuse(ErrNotFound, "no puzzles for %q", r.PathValue("game")))
		return
	}
	pz, err := p.next(r, list)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	out, err := p.view(r, pz)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	p.s.reply(w, http.StatusOK, out)
}

func (p *puzzleRoutes) next(r *http.Request, list []puzzles.Puzzle) (puzzles.Puzzle, error) {
	after := r.URL.Query().Get("after")
	i := slices.IndexFunc(list, func(pz puzzles.Puzzle) bool { return pz.ID == after })
	player, ok := p.player(r)
	if !ok {
		return list[(i+1)%len(list)], nil
	}
	rating, _, err := p.s.cfg.Store.PlayerPuzzleRating(r.Context(), player, r.PathValue("game"))
	if err != nil {
		return puzzles.Puzzle{}, err
	}
	tried, err := p.s.cfg.Store.TriedPuzzles(r.Context(), player, r.PathValue("game"))
	if err != nil {
		return puzzles.Puzzle{}, err
	}
	target := rating.R
	if rating.Attempts == 0 {
		target = list[0].Rating // a newcomer starts with the easiest
	}
	best, dist := list[(i+1)%len(list)], math.Inf(1)
	for _, pz := range list {
		if d := math.Abs(pz.Rating - target); !tried[pz.ID] && pz.ID != after && d < dist {
			best, dist = pz, d
		}
	}
	return best, nil
}

// view shows a puzzle to a solver, with its current rating and the
// player's.
func (p *puzzleRoutes) view(r *http.Request, pz puzzles.Puzzle) (api.Puzzle, error) {
	s, err := p.s.cfg.Registry.New(pz.Game, pz.Position)
	if err != nil {
		return api.Puzzle{}, err
	}
	out := api.Puzzle{ID: pz.ID, Game: pz.Game, Position: pz.Position, ToAct: int(s.ToAct()), Plies: pz.Plies,
		Tags: pz.Tags, Themes: p.themes(pz), Rating: math.Round(pz.Rating), Legal: game.MoveStrings(s), After: map[string]string{}}
	for _, mv := range out.Legal {
		c := s.Clone()
		if _, err := game.PlayChecked(c, mv); err == nil {
			out.After[mv] = c.String()
		}
	}
	if rt, ok, err := p.s.cfg.Store.PuzzleRatingOf(r.Context(), pz.ID); err != nil {
		return api.Puzzle{}, err
	} else if ok {
		out.Rating = math.Round(rt.R)
	}
	if player, ok := p.player(r); ok {
		name, _, _ := strings.Cut(pz.Game, ":")
		rt, ok, err := p.s.cfg.Store.PlayerPuzzleRating(r.Context(), player, name)
		if err != nil {
			return api.Puzzle{}, err
		}
		if ok {
			out.Player = shownRating(rt)
		}
	}
	return out, nil
}

func (p *puzzleRoutes) themes(pz puzzles.Puzzle) []api.PuzzleTheme {
	name, _, _ := strings.Cut(pz.Game, ":")
	out := []api.PuzzleTheme{}
	for _, t := range p.set.Themes(name) {
		if slices.Contains(pz.Tags, "theme:"+t.Name) {
			out = append(out, api.PuzzleTheme{Tag: "theme:" + t.Name, Title: t.Title})
		}
	}
	return out
}

func shownRating(r store.PuzzleRating) *api.PuzzleRating {
	return &api.PuzzleRating{Rating: math.Round(r.R), RD: math.Round(r.RD), Provisional: r.RD > provisionalRD,
		Attempts: r.Attempts, Solved: r.Solved}
}

// handleAnswer checks an answer and, for a known player's first attempt
// at the puzzle, updates both ratings.
func (p *puzzleRoutes) handleAnswer(w http.ResponseWriter, r *http.Request) {
	var req api.PuzzleAnswer
	if err := decode(w, r, &req); err != nil {
		p.s.fail(w, r, err)
		return
	}
	pz, err := p.find(r)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	s, err := p.s.cfg.Registry.New(pz.Game, pz.Position)
	if err != nil {
		p.s.fail(w, r, err)
		return
	}
	mv := strings.ToLower(strings.TrimSpace(req.Move))
	if !slices.Contains(game.MoveStrings(s), mv) {
		p.s.fail(w, r, refuseExplained(ErrIllegal, game.ErrIllegalMove, game.Explain(s, mv)))
		return
	}
	out := api.PuzzleResult{Correct: mv == pz.Solution, Solution: pz.Solution}
	if _, err := game.PlayChecked(s, pz.Solution); err == nil {
		out.After = s.String()
	}
	if err := p.rate(r, pz, &out); err != nil {
		p.s.fail(w, r, err)
		return
	}
	p.s.reply(w, http.StatusOK, out)
}

func (p *puzzleRoutes) rate(r *http.Request, pz puzzles.Puzzle, out *api.PuzzleResult) error {
	name, _, _ := strings.Cut(pz.Game, ":")
	player, ok := p.player(r)
	if !ok {
		rt, found, err := p.s.cfg.Store.PuzzleRatingOf(r.Context(), pz.ID)
		out.Puzzle = api.PuzzleRating{Rating: math.Round(pz.Rating)}
		if found {
			out.Puzzle = *shownRating(rt)
		}
		return err
	}
	before, had, err := p.s.cfg.Store.PlayerPuzzleRating(r.Context(), player, name)
	if err != nil {
		return err
	}
	a := store.PuzzleAttempt{Player: player, Game: name, Puzzle: pz.ID, Solved: out.Correct, At: p.s.cfg.Now(),
		PlayerStart: playerStart(), PuzzleStart: puzzleStart(pz.Rating)}
	pl, pr, first, err := p.s.cfg.Store.RatePuzzle(r.Context(), a, ratePuzzle)
	if err != nil {
		return err
	}
	if !had {
		before = a.PlayerStart
	}
	out.Rated, out.Player, out.Before, out.Puzzle = first, shownRating(pl), shownRating(before), *shownRating(pr)
	return nil
}
