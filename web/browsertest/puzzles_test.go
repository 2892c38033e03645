package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/internal/puzzles"
)

// TestPuzzles solves a puzzle and fails the next one by clicking, as a
// player would, and sees the verdict and the player's puzzle rating go
// up, then down; on a desktop and on a phone, a game each. It starts
// from the home page's puzzle of the day.
func TestPuzzles(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	set, err := puzzles.Load(srv.reg)
	if err != nil {
		t.Fatal(err)
	}
	names := set.Games()
	for i, vp := range viewports {
		name := names[(i+1)%len(names)]
		t.Run(name+"/"+vp.name, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, false)
			p.run("viewport", vp.emulate())
			p.open("/")
			p.waitJS("puzzle of the day", `!!document.querySelector('#daily:not([hidden]) #daily-solve')`)
			p.shot("home-daily-" + vp.name)
			if !evalJS[bool](p, `document.querySelector('#daily').getBoundingClientRect().top >= document.querySelector('.cards').getBoundingClientRect().bottom`) {
				t.Errorf("the puzzle of the day is above the games: its late arrival moves their buttons")
			}
			daily := evalJS[string](p, `document.querySelector('#daily-solve').getAttribute('href')`)
			p.run("open the puzzle of the day", clickSel("#daily-solve"))
			p.waitJS("daily puzzle", fmt.Sprintf(`!!document.querySelector('.puzzle[data-puzzle=%q] .board-wrap .hit')`, daily[strings.LastIndex(daily, "/")+1:]))

			easy := set.Of(name)[0]
			p.open("/#/puzzles/" + name + "/" + easy.ID)
			p.waitJS("puzzle", fmt.Sprintf(`!!document.querySelector('.puzzle[data-puzzle=%q] .board-wrap .hit')`, easy.ID))
			p.waitJS("unrated", `document.querySelector('#puzzle-rating').textContent.includes('not rated yet')`)
			p.clickMove(easy.Solution)
			p.waitJS("solved", `!!document.querySelector('#puzzle-message.good')`)
			p.waitJS("rating up", `/Your puzzle rating: \d+\?? \(\+\d+\)/.test(document.querySelector('#puzzle-rating').textContent)`)
			p.shot("puzzle-" + name + "-" + vp.name + "-solved")

			p.run("next puzzle", clickSel("#puzzle-next"))
			p.waitJS("another puzzle", fmt.Sprintf(`!!document.querySelector('.puzzle[data-puzzle]:not([data-puzzle=%q]) .board-wrap .hit')`, easy.ID))
			id := evalJS[string](p, `document.querySelector('.puzzle').dataset.puzzle`)
			next, err := set.Get(id)
			if err != nil {
				t.Fatal(err)
			}
			wrong := wrongMove(t, srv, next)
			p.clickMove(wrong)
			p.waitJS("failed", fmt.Sprintf(`!!document.querySelector('#puzzle-message.bad') && document.querySelector('#puzzle-message').textContent.includes(%q)`, next.Solution))
			p.waitJS("rating down", `/Your puzzle rating: \d+\?? \(-\d+\)/.test(document.querySelector('#puzzle-rating').textContent)`)
			p.shot("puzzle-" + name + "-" + vp.name + "-failed")
			p.noErrors()
		})
	}
}

// wrongMove returns a legal move of a puzzle that is not its solution,
// one that clicks can enter.
func wrongMove(t *testing.T, srv *testServer, pz puzzles.Puzzle) string {
	t.Helper()
	s, err := srv.reg.New(pz.Game, pz.Position)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range s.Moves(nil) {
		if mv := s.FormatMove(m); mv != pz.Solution && stepsOf(mv) != nil {
			return mv
		}
	}
	t.Fatalf("puzzle %s has no other move", pz.ID)
	return ""
}

// TestSavePuzzle solves a "save the game" puzzle by clicking: the page
// asks for the only move that saves the game, not a win, and says the
// move saved it.
func TestSavePuzzle(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	set, err := puzzles.Load(srv.reg)
	if err != nil {
		t.Fatal(err)
	}
	pz, ok := clickableSave(set)
	if !ok {
		t.Fatal("got no save puzzle whose solution clicks can enter, want one in the shipped data")
	}
	p := newPage(t, newBrowser(t), srv.URL, false)
	name, _, _ := strings.Cut(pz.Game, ":")
	p.open("/#/puzzles/" + name + "/" + pz.ID)
	p.waitJS("puzzle", fmt.Sprintf(`!!document.querySelector('.puzzle[data-puzzle=%q] .board-wrap .hit')`, pz.ID))
	if got := evalJS[string](p, `document.querySelector('#puzzle-turn').textContent`); !strings.Contains(got, "find the only move that saves the game") {
		t.Errorf("prompt: got %q, want the only move that saves the game", got)
	}
	if got := evalJS[string](p, `document.querySelector('#puzzle-about').textContent`); got != "Every other move loses by force." {
		t.Errorf("about: got %q, want every other move loses", got)
	}
	p.clickMove(pz.Solution)
	p.waitJS("saved", fmt.Sprintf(`!!document.querySelector('#puzzle-message.good') && document.querySelector('#puzzle-message').textContent === %q`, "Right: "+pz.Solution+" saves the game!"))
	p.waitJS("themed", `document.querySelector('#puzzle-themes').textContent.includes('Save the game')`)
	p.shot("puzzle-" + name + "-save-solved")
	p.noErrors()
}

// clickableSave returns the first save puzzle of the set whose solution
// clicks can enter.
func clickableSave(set *puzzles.Set) (puzzles.Puzzle, bool) {
	for _, name := range set.Games() {
		for _, pz := range set.Of(name) {
			if pz.Kind == puzzles.KindSave && stepsOf(pz.Solution) != nil {
				return pz, true
			}
		}
	}
	return puzzles.Puzzle{}, false
}
