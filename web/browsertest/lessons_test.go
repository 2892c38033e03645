package browsertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/lessons"
)

// TestLessons completes each game's lesson by clicking, as a learner
// would: on the first step, first a move the rules refuse, whose
// explanation (the game's, from the step's data) must be shown; then at
// every step the first move it accepts, and the next step; at the end,
// the lesson is done. Each game on a desktop and on a phone.
func TestLessons(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	ls, err := lessons.Load(srv.reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range srv.reg.Names() {
		want, err := lessons.Find(ls, name)
		if err != nil {
			t.Fatal(err)
		}
		served := getJSON[api.Lesson](t, srv.URL+"/api/lessons/"+name)
		for _, vp := range viewports {
			t.Run(name+"/"+vp.name, func(t *testing.T) {
				p := newPage(t, browser, srv.URL, false)
				p.run("viewport", vp.emulate())
				p.open("/#/lessons/" + name)
				p.waitJS("first step", `document.querySelectorAll('.lesson .board-wrap .hit').length > 0`)
				wrong := want.Steps[0].Wrong[0]
				for _, s := range stepsOf(wrong.Move) {
					p.run("refused click "+s.square, clickSquare(s.square))
				}
				p.waitJS("the rule that refuses "+wrong.Move, fmt.Sprintf(`document.querySelector('#lesson-message').textContent === %q`, wrong.Why["en"]))
				p.shot(name + "-" + vp.name + "-refused")
				// The piece chosen before the refused click stays chosen: start again.
				if evalJS[bool](p, `!!document.querySelector('#options button[data-opt=cancel]')`) {
					p.run("cancel", clickSel("#options button[data-opt=cancel]"))
				}
				// A legal move that is not the one asked for is said so, and tried again.
				if miss := missOf(served.Steps[0]); miss != "" {
					p.clickMove(miss)
					p.waitJS("miss "+miss, fmt.Sprintf(`!!document.querySelector('#lesson-retry') && document.querySelector('#lesson-message').textContent === %q`, served.Steps[0].Miss["en"]))
					p.run("try again", clickSel("#lesson-retry"))
				}
				for i, st := range served.Steps {
					p.waitJS(fmt.Sprintf("step %d", i+1), fmt.Sprintf(`document.querySelector('#lesson-progress').textContent === 'Step %d of %d'`, i+1, len(served.Steps)))
					p.clickMove(st.Accept[0])
					if i == len(served.Steps)-1 {
						p.waitJS("lesson done", `!!document.querySelector('#lesson-done')`)
						break
					}
					p.waitJS("step "+st.Rule+" done", `!!document.querySelector('#lesson-next') && document.querySelector('#lesson-message').textContent.startsWith('Right!')`)
					p.run("next step", clickSel("#lesson-next"))
				}
				p.shot(name + "-" + vp.name + "-done")
				p.noErrors()
			})
		}
	}
}

// TestLessonInFrench checks that a lesson speaks French: the rule, the
// task and a refused move's explanation.
func TestLessonInFrench(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	ls, err := lessons.Load(srv.reg)
	if err != nil {
		t.Fatal(err)
	}
	name := srv.reg.Names()[1]
	l, _ := lessons.Find(ls, name)
	p := newPage(t, browser, srv.URL, false)
	p.open("/")
	p.eval0(`localStorage.setItem('plateau:lang', 'fr')`)
	p.open("/?fr#/lessons/" + name) // another address: the page loads again, in French
	st := l.Steps[0]
	p.waitJS("la règle", fmt.Sprintf(`document.querySelector('#lesson-rule')?.textContent === %q && document.querySelector('#lesson-task')?.textContent === %q`, st.Says["fr"], st.Task["fr"]))
	for _, s := range stepsOf(st.Wrong[0].Move) {
		p.run("refused click "+s.square, clickSquare(s.square))
	}
	p.waitJS("la règle qui refuse", fmt.Sprintf(`document.querySelector('#lesson-message').textContent === %q`, st.Wrong[0].Why["fr"]))
	p.shot(name + "-fr-refused")
	p.noErrors()
}

// missOf returns a legal move of a step that it does not accept, one
// entered by clicking squares, or "".
func missOf(st api.LessonStep) string {
	for _, mv := range st.Legal {
		if !slices.Contains(st.Accept, mv) && !strings.HasPrefix(mv, "!") && stepsOf(mv) != nil {
			return mv
		}
	}
	return ""
}

// shot saves a screenshot into $PLATEAU_SHOTS, when set, for a person to
// look at.
func (p *page) shot(name string) {
	dir := os.Getenv("PLATEAU_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
	}
}

func getJSON[T any](t *testing.T, url string) T {
	t.Helper()
	var out T
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return out
}
