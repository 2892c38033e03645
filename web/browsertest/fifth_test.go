package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// TestFifthGame proves the client's and the server's part of
// DEVELOPERS.md's "Adding a game", that they need no edit: the test game,
// added to the list in its own package and nowhere else, is offered on
// the home page, started from the new-game dialog and played to its end
// by clicking, drawn by the generic board, with the title and colour
// names of its data in English and French.
func TestFifthGame(t *testing.T) {
	skipShort(t)
	srv := newServerOf(t, game.NewRegistry(append(registry().Games(), tictactoe.Game())...), firstMover{})
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open("/")
	p.waitJS("five cards", `document.querySelectorAll('.card').length === 5`)
	card := evalJS[string](p, `document.querySelector('#card-tictactoe').textContent`)
	if !strings.Contains(card, "Tic-tac-toe") || !strings.Contains(card, "Three in a row on a 3x3 grid") {
		t.Errorf("card %q, want the game's title and summary", card)
	}
	p.openNewGame("tictactoe")
	p.waitJS("dialog", `!!document.querySelector('dialog.newgame[open]')`)
	colours := evalJS[string](p, `document.querySelector('dialog.newgame').textContent`)
	if !strings.Contains(colours, "Crosses (first)") || !strings.Contains(colours, "Noughts (second)") {
		t.Errorf("dialog %q, want the colour names of the game's data", colours)
	}
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("game page", `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length === 9`)
	id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
	if got := evalJS[string](p, `document.title`); got != "Tic-tac-toe — Plateau" {
		t.Errorf("got page title %q, want Tic-tac-toe — Plateau", got)
	}
	if got := evalJS[string](p, `document.querySelector('.players').textContent`); !strings.Contains(got, "Crosses — you") || !strings.Contains(got, "Noughts — AI level 4") {
		t.Errorf("players %q, want Crosses (you) against Noughts (AI at the default level)", got)
	}
	// The AI plays the first legal move: a1, then a2; c1-b2-a3 wins.
	for _, mv := range []string{"b2", "c1", "a3"} {
		v := srv.waitTurn(t, id, 0)
		p.playByClicks(mv, len(v.Moves))
	}
	p.waitJS("game-over banner", `!document.querySelector('.banner').hidden`)
	banner := evalJS[string](p, `document.querySelector('.banner').textContent`)
	// The player is Crosses: "You win!" says who won without naming it again.
	if !strings.Contains(banner, "You win!") || strings.Contains(banner, "Crosses") || !strings.Contains(banner, "three in a row") {
		t.Errorf("banner %q, want \"You win!\" by three in a row, the winner not named again", banner)
	}
	if v := srv.get(t, id); v.Result != "first" || fmt.Sprint(v.Moves) != "[b2 a1 c1 a2 a3]" {
		t.Errorf("server has %s after %v, want first after [b2 a1 c1 a2 a3]", v.Result, v.Moves)
	}
	p.run("switch language", chooseLang("fr"))
	p.waitJS("french", `document.querySelector('.banner') && document.querySelector('.banner').textContent.includes('Vous avez gagné')`)
	if got := evalJS[string](p, `document.querySelector('.players').textContent`); !strings.Contains(got, "Croix") || !strings.Contains(got, "Ronds") {
		t.Errorf("players in French %q, want Croix and Ronds", got)
	}
	p.noErrors()
}
