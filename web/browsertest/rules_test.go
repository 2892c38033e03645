package browsertest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
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
		{"oshi", 81, 3, []int{16, 16, 16}},
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
			checkDiagrams(t, p)
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
	missing := evalJS[[]string](p, `import('/js/i18n.js').then(async (m) => {
  const cats = await Promise.all(m.LANGUAGES.map(([l]) => m.fetchCatalog(l).then((c) => [l, Object.keys(c)], (e) => [l, null, String(e)])));
  const en = cats[0][1], out = [];
  for (const [l, keys, err] of cats) {
    if (!keys) { out.push(l + ': ' + err); continue; }
    out.push(...en.filter((k) => !keys.includes(k)).map((k) => l + ' lacks ' + k), ...keys.filter((k) => !en.includes(k)).map((k) => 'en lacks ' + l + "'s " + k));
  }
  return out;
})`)
	for _, m := range missing {
		t.Errorf("translations: %s", m)
	}
	p.openNewGame("abraxas")
	p.waitJS("dialog", `!!document.querySelector('dialog.newgame[open]')`)
	if got := count(p, `dialog.newgame select[name="opt-board"] option`); got != 6 {
		t.Errorf("got %d Abraxas boards in the dialog, want 6", got)
	}
	p.run("close dialog", clickSel(`dialog.newgame button[type=button]`))
	p.run("switch language", chooseLang("fr"))
	p.waitJS("french", `document.querySelector('button[data-new]').textContent === 'Nouvelle partie'`)
	p.open("/#/rules/oshi")
	p.waitJS("french rules", `document.querySelector('h1') && document.querySelector('h1').textContent === 'Règles : Oshi'`)
	if got := evalJS[string](p, `document.documentElement.lang`); got != "fr" {
		t.Errorf("got html lang %q, want fr", got)
	}
	p.noErrors()
}

// TestFirstLoadTransfer measures what a first visit to the home page
// downloads, as the browser counts it, against the 150 KB budget
// (the server sends the files uncompressed, so this is the raw size).
func TestFirstLoadTransfer(t *testing.T) {
	t.Parallel()
	base := staticServer(t)
	p := newPage(t, newBrowser(t), base, false)
	p.open("/")
	p.waitJS("cards", `document.querySelectorAll('.card').length === 4`)
	n := evalJS[int](p, `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0)`)
	files := evalJS[int](p, `performance.getEntriesByType('resource').length + 1`)
	t.Logf("first load: %d bytes in %d requests", n, files)
	if n == 0 || n > 150*1024 {
		t.Errorf("got %d bytes on first load, want 1 to %d", n, 150*1024)
	}
	p.noErrors()
}

// figure is what a rules diagram shows, as read from the page.
type figure struct {
	ID       string   `json:"id"`
	Pos      string   `json:"pos"`
	Selected string   `json:"selected"`
	Targets  []string `json:"targets"`
}

// checkDiagrams checks every diagram of a rules page against the real
// rules: its position must parse, and the squares it marks as targets
// must be exactly the legal ones (of the selected piece, if any).
func checkDiagrams(t *testing.T, p *page) {
	t.Helper()
	reg := registry()
	figs := evalJS[[]figure](p, `[...document.querySelectorAll('figure.diagram')].map(f => ({
		id: f.dataset.id, pos: f.dataset.pos,
		selected: (f.querySelector('.selected') || {dataset: {}}).dataset.sq || '',
		targets: [...f.querySelectorAll('.target')].map(e => e.dataset.sq).sort()}))`)
	for _, f := range figs {
		s, err := reg.New(f.ID, f.Pos)
		if err != nil {
			t.Errorf("diagram %s %q: %v", f.ID, f.Pos, err)
			continue
		}
		if len(f.Targets) == 0 {
			continue
		}
		want := map[string]bool{}
		for _, mv := range game.MoveStrings(s) {
			steps := stepsOf(mv)
			switch {
			case strings.HasPrefix(mv, "x"):
				for _, st := range steps {
					if st.square != "" {
						want[st.square] = true
					}
				}
			case f.Selected == "":
				want[steps[0].square] = true
			case steps[0].square == f.Selected:
				want[steps[1].square] = true
			}
		}
		var w []string
		for k := range want {
			w = append(w, k)
		}
		sort.Strings(w)
		if !slices.Equal(f.Targets, w) {
			t.Errorf("diagram %q marks %v, want the legal targets %v", f.Pos, f.Targets, w)
		}
	}
}
