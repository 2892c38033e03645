package browsertest

import (
	"fmt"
	"testing"
)

// TestRulesDiagrams loads each rules page and checks that every diagram
// has its game's squares and the pieces its position string holds.
func TestRulesDiagrams(t *testing.T) {
	t.Parallel()
	base := staticServer(t)
	browser := newBrowser(t)
	tests := []struct {
		game     string
		squares  int // squares of one board
		diagrams int
		pieces   []int // pieces drawn in each diagram, in page order
	}{
		{"yoxii", 37, 4, []int{1, 3, 2, 5}},
		{"oshi", 81, 3, []int{16, 2, 3}},
		{"oxford", 48, 3, []int{24, 24, 12}},
		{"abraxas", 81, 9, []int{0, 1, 3, 0, 0, 0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			p := newPage(t, browser, base, false)
			p.open("/#/rules/" + tt.game)
			p.waitJS("diagrams", `document.querySelectorAll('figure.diagram svg').length > 0`)
			if got := count(p, "figure.diagram"); got != tt.diagrams {
				t.Fatalf("got %d diagrams, want %d", got, tt.diagrams)
			}
			for i, want := range tt.pieces {
				fig := fmt.Sprintf("figure.diagram:nth-of-type(%d)", i+1)
				got := evalJS[int](p, fmt.Sprintf(`[...document.querySelectorAll('figure.diagram')][%d].querySelectorAll('.pc').length`, i))
				sq := evalJS[int](p, fmt.Sprintf(`[...document.querySelectorAll('figure.diagram')][%d].querySelectorAll('.hit').length`, i))
				if got != want {
					t.Errorf("%s: got %d pieces, want %d", fig, got, want)
				}
				if sq != tt.squares {
					t.Errorf("%s: got %d squares, want %d", fig, sq, tt.squares)
				}
			}
			p.shot("figure.diagram", "rules-"+tt.game+".png")
			p.noErrors()
		})
	}
}

// TestHomeAndLanguage checks the home page lists the four games with a
// New game button each, and that French can be switched on and kept.
func TestHomeAndLanguage(t *testing.T) {
	t.Parallel()
	base := staticServer(t)
	p := newPage(t, newBrowser(t), base, false)
	p.open("/")
	p.waitJS("cards", `document.querySelectorAll('.card').length === 4`)
	if got := count(p, "button[data-new]"); got != 4 {
		t.Errorf("got %d New game buttons, want 4", got)
	}
	p.run("switch language", clickSel("button.lang"))
	p.waitJS("french", `document.querySelector('button[data-new]').textContent === 'Nouvelle partie'`)
	p.open("/#/rules/oshi")
	p.waitJS("french rules", `document.querySelector('h1') && document.querySelector('h1').textContent === 'Règles de Oshi'`)
	if got := evalJS[string](p, `document.documentElement.lang`); got != "fr" {
		t.Errorf("got html lang %q, want fr", got)
	}
	p.noErrors()
}
