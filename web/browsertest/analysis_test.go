package browsertest

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
)

// enterMove enters a move on the analysis board by clicking its squares
// and options, and waits until the tree shows it as the current move.
func (p *page) enterMove(mv, path string) {
	p.t.Helper()
	steps := stepsOf(mv)
	if steps == nil {
		p.t.Fatalf("no clicks known for move %q", mv)
	}
	for _, s := range steps {
		if s.square != "" {
			p.run("click square "+s.square+" for "+mv, clickSquare(s.square))
			continue
		}
		sel := fmt.Sprintf(`#options button[data-opt=%q]`, s.option)
		if evalJS[bool](p, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			p.run("click option "+s.option+" for "+mv, clickSel(sel))
		}
	}
	p.waitCurrent(path)
}

// waitCurrent waits until the tree's current move is the one at path.
func (p *page) waitCurrent(path string) {
	p.t.Helper()
	p.waitJS("current move "+path, fmt.Sprintf(`document.querySelector('#tree .tree-move.current')?.dataset.path === %q`, path))
}

// tree reads the analysis board's tree: the paths of the moves of the
// main line, and those inside side lines.
func (p *page) tree() (main, side []string) {
	p.t.Helper()
	var got struct{ Main, Side []string }
	raw := evalJS[string](p, `JSON.stringify({
		main: [...document.querySelectorAll('#tree > .tree-move:not(.root)')].map((b) => b.dataset.path),
		side: [...document.querySelectorAll('#tree .variation .tree-move')].map((b) => b.dataset.path)})`)
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		p.t.Fatal(err)
	}
	return got.Main, got.Side
}

// after plays moves from pos and returns the position and its legal moves.
func after(t *testing.T, gameID, pos string, moves ...string) (string, []string) {
	t.Helper()
	s, err := registry().New(gameID, pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		if _, err := game.PlayChecked(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	return s.String(), game.MoveStrings(s)
}

// TestAnalysisBoard opens the analysis board from a replay's move, on a
// desktop and a phone screen, makes a main line and a side line by
// clicking, checks the tree, promotes the side line, checks that a click
// is handled while the engine searches, shares the line's link and opens
// it in another browser profile (same position, same line), opens a
// pasted position there, and deletes and undoes lines.
func TestAnalysisBoard(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			c := srv.createLocal(t, g, "")
			v := srv.get(t, c.ID)
			srv.playAPI(t, c, pick(v.Legal, 0))
			v = srv.get(t, c.ID)
			srv.playAPI(t, c, pick(v.Legal, 1))
			v = srv.get(t, c.ID)
			root, legal := after(t, g, v.Start, v.Moves[0])
			m1, a1 := pick(legal, 0), pick(legal, 2)
			_, legal2 := after(t, g, root, m1)
			m2 := pick(legal2, 1)

			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.open("/#/replay/" + c.ID + "/1")
			p.run("analyse", clickSel("#analyse"))
			p.waitJS("the analysis board", fmt.Sprintf(`document.querySelector('#position-string')?.value === %q`, root))
			p.waitJS("the engine's lines", `document.querySelectorAll('#pv-lines li').length === 3`)

			p.enterMove(m1, m1)
			p.enterMove(m2, m1+" "+m2)
			p.run("back", clickSel("#an-back"))
			p.waitCurrent(m1)
			p.run("back", clickSel("#an-back"))
			p.waitCurrent("")
			p.enterMove(a1, a1)
			if main, side := p.tree(); !slices.Equal(main, []string{m1, m1 + " " + m2}) || !slices.Equal(side, []string{a1}) {
				t.Errorf("tree: got main line %q and side lines %q, want %q and %q", main, side, []string{m1, m1 + " " + m2}, []string{a1})
			}
			p.checkResponsive()
			p.run("promote", clickSel("#an-promote"))
			p.waitJS("promoted", fmt.Sprintf(`document.querySelector('#tree > .tree-move:not(.root)')?.dataset.path === %q`, a1))
			if main, side := p.tree(); !slices.Equal(main, []string{a1}) || !slices.Equal(side, []string{m1, m1 + " " + m2}) {
				t.Errorf("after promote: got main line %q and side lines %q, want %q and %q", main, side, []string{a1}, []string{m1, m1 + " " + m2})
			}

			p.run("go to the side line's end", clickSel(fmt.Sprintf(`#tree .tree-move[data-path=%q]`, m1+" "+m2)))
			p.waitCurrent(m1 + " " + m2)
			p.eval0(`window.testCopied = null; navigator.clipboard.writeText = async (s) => { window.testCopied = s; }`)
			p.run("copy link", clickSel("#copy-link"))
			link := evalJS[string](p, `window.testCopied ?? ''`)
			p.checkShared(t, g, root, link, []string{m1, m2}, v)
			p.shot("analysis-" + l.name)

			p.run("delete line", clickSel("#an-delete"))
			p.waitCurrent("")
			if main, side := p.tree(); !slices.Equal(main, []string{a1}) || len(side) != 0 {
				t.Errorf("after delete: got main line %q and side lines %q, want %q alone", main, side, a1)
			}
			p.run("forward", clickSel("#an-forward"))
			p.waitCurrent(a1)
			p.run("undo", clickSel("#an-undo"))
			p.waitCurrent("")
			if main, side := p.tree(); len(main)+len(side) != 0 {
				t.Errorf("after undo: got main line %q and side lines %q, want no move", main, side)
			}
			p.noErrors()
		})
	}
}

// checkShared opens a shared link in another browser profile: the same
// position and line; then a pasted position string there, and a broken
// one, refused.
func (p *page) checkShared(t *testing.T, gameID, root, link string, line []string, v view) {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Fragment, "/analysis/") {
		t.Fatalf("shared link: got %q (%v), want an analysis link", link, err)
	}
	q, _ := url.ParseQuery(strings.SplitN(u.Fragment, "?", 2)[1])
	if q.Get("pos") != root || q.Get("line") != strings.Join(line, " ") {
		t.Errorf("shared link: got position %q and line %q, want %q and %q", q.Get("pos"), q.Get("line"), root, strings.Join(line, " "))
	}
	want, _ := after(t, gameID, root, line...)
	other := newPage(t, newBrowser(t), p.base, true)
	other.run("open the link", chromedp.Navigate(link))
	other.waitJS("the shared position", fmt.Sprintf(`document.querySelector('#position-string')?.value === %q`, want))
	other.waitCurrent(strings.Join(line, " "))
	if main, side := other.tree(); !slices.Equal(main, []string{line[0], strings.Join(line, " ")}) || len(side) != 0 {
		t.Errorf("shared line: got main line %q and side lines %q, want the line %q", main, side, line)
	}
	last, _ := after(t, gameID, v.Start, v.Moves...)
	other.run("paste a position", chromedp.SendKeys(chromedp.CSS("#paste-pos"), last))
	other.run("open it", clickSel("#open-pos"))
	other.waitJS("the pasted position", fmt.Sprintf(`document.querySelector('#position-string')?.value === %q && document.querySelector('#tree .tree-move.current')?.dataset.path === ''`, last))
	other.run("paste a broken position", chromedp.SendKeys(chromedp.CSS("#paste-pos"), "no such position"))
	other.run("open it", clickSel("#open-pos"))
	other.waitJS("the refusal", `document.querySelector('#analysis-error')?.textContent.startsWith('This position cannot be opened: ')`)
	other.noErrors()
}

// checkResponsive clicks the analysis board's back button while the
// engine searches: the click must be handled, the engine still busy.
func (p *page) checkResponsive() {
	p.t.Helper()
	p.waitJS("a search under way", `document.querySelector('#engine-status').dataset.busy === 'true'`)
	p.eval0(`window.testBusy = null; document.querySelector('#an-back').addEventListener('click', () => {
		window.testBusy = document.querySelector('#engine-status').dataset.busy; }, { once: true })`)
	p.run("back during the search", clickSel("#an-back"))
	p.waitCurrent("")
	if busy := evalJS[string](p, `String(window.testBusy)`); busy != "true" {
		p.t.Errorf("the click was handled with the engine busy %q, want during a search (true)", busy)
	}
	p.run("forward again", clickSel(fmt.Sprintf(`#tree .tree-move[data-path=%q]`, evalJS[string](p, `document.querySelector('#tree .variation .tree-move').dataset.path`))))
}

// TestProofBadge: on the analysis board, a position the engine proves
// within its budget shows who wins by force (issue 32: the WebAssembly
// engine's solve command). The Yoxii position, from a random game, is a
// forced win for the player to act (white) that the alpha-beta solver
// proves in under 5,000 nodes.
func TestProofBadge(t *testing.T) {
	skipShort(t)
	const pos = "3/2OIX/I4yx/oTYx2i/yy1Y1Yx/yOYIy/3 w"
	p := newPage(t, newBrowser(t), staticServer(t), true)
	p.open("/#/analysis/yoxii?pos=" + url.QueryEscape(pos))
	p.waitJS("the position", fmt.Sprintf(`document.querySelector('#position-string')?.value === %q`, pos))
	p.waitJS("the proof badge", `!document.querySelector('#proof-badge').hidden`)
	if got := evalJS[string](p, `document.querySelector('#proof-badge').dataset.result`); got != "win" {
		t.Errorf("proof badge result: got %q, want win", got)
	}
	if got := p.text("#proof-badge"); !strings.HasPrefix(got, "Proven: White wins in at most ") {
		t.Errorf("proof badge: got %q, want White's proven win and its length", got)
	}
	p.noErrors()
}
