package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/plateau-games/plateau/games"
)

// TestRulesLab opens a rules page as a person would, on a computer and a
// phone, and reads the game lab's section: a chart with one point per
// level and a table with one column per level, for the first option
// combination; choosing another combination redraws both, in French too.
func TestRulesLab(t *testing.T) {
	t.Parallel()
	base := staticServer(t)
	browser := newBrowser(t)
	g, _, err := games.Registry().Lookup("abraxas") // 12 option combinations
	if err != nil {
		t.Fatal(err)
	}
	ids := g.IDs()
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, browser, base, true) // its own language setting
			p.run("viewport", vp.emulate())
			p.open("/#/rules/" + g.Name)
			p.waitJS("lab chart", `document.querySelectorAll('section.lab .lab-chart circle.point').length === 3`)
			if got := count(p, "section.lab .lab-table thead th[scope=col]"); got != 3 {
				t.Errorf("got %d columns, want one per level (3)", got)
			}
			if got := count(p, `section.lab select[name="lab-id"] option`); got != len(ids) {
				t.Errorf("got %d option combinations, want %d", got, len(ids))
			}
			first := evalJS[string](p, `document.querySelector('section.lab .lab-table tbody').textContent`)
			p.run("choose "+ids[len(ids)-1], chromedp.SetValue(chromedp.CSS(`section.lab select[name="lab-id"]`), ids[len(ids)-1]))
			p.waitJS("table redrawn", fmt.Sprintf(`document.querySelector('section.lab .lab-table tbody').textContent !== %q`, first))
			rates := evalJS[[]string](p, `[...document.querySelectorAll('section.lab .lab-chart circle.point')].map((c) => c.dataset.rate)`)
			if len(rates) != 3 {
				t.Errorf("got %d points after the change, want 3", len(rates))
			}
			p.shot("rules-lab-" + vp.name)
			p.run("switch language", chooseLang("fr"))
			p.waitJS("french lab", `!!document.querySelector('section.lab h2') && document.querySelector('section.lab h2').textContent === 'Le jeu mesuré' && !!document.querySelector('section.lab thead')`)
			if head := evalJS[string](p, `document.querySelector('section.lab thead').textContent`); !strings.Contains(head, "Niveau 8") {
				t.Errorf("got French columns %q, want Niveau 2, 5, 8", head)
			}
			p.noErrors()
		})
	}
}
