package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game/record"
)

// TestHintIsLegal asks for a hint in a game of each kind against the AI:
// the engine in the page's worker proposes a move that is legal in the
// position, marks its squares without playing it, and the server counts
// the hint, which the game page and the games list then show.
func TestHintIsLegal(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	for _, g := range playedGames(srv) {
		id := p.newGameFromHome(g, "ai")
		v := srv.waitTurn(t, id, 0)
		p.waitJS(g+": hint button", `!!document.querySelector('#hint') && !document.querySelector('#hint').disabled`)
		p.run(g+": ask for a hint", clickSel("#hint"))
		p.waitJS(g+": the hint", `!!document.querySelector('section.game').dataset.hint`)
		hint := evalJS[string](p, `document.querySelector('section.game').dataset.hint`)
		if !slices.Contains(v.Legal, hint) {
			t.Errorf("%s: got hint %q, want one of the %d legal moves", g, hint, len(v.Legal))
		}
		if msg := p.text("#message"); msg != "Hint: "+hint {
			t.Errorf("%s: got message %q, want %q", g, msg, "Hint: "+hint)
		}
		// A hint is news, not an error (issue 30, stumble 12).
		if !evalJS[bool](p, `document.querySelector('#message').classList.contains('info') && document.querySelector('#message').getAttribute('role') === 'status'`) {
			t.Errorf("%s: the hint is shown as an error", g)
		}
		if n := count(p, ".board-wrap .hinted"); n == 0 {
			t.Errorf("%s: got no square of the hint marked on the board", g)
		}
		after := srv.get(t, id)
		if after.Hints != 1 || len(after.Moves) != len(v.Moves) {
			t.Errorf("%s: got %d hints and %d moves, want 1 hint and the %d moves before (the hint not played)", g, after.Hints, len(after.Moves), len(v.Moves))
		}
		p.waitJS(g+": the game marked", textOf("#hints-used")+` === 'Hints were used in this game (1).'`)
		p.open("/#/replay/" + id)
		p.waitJS(g+": the replay marked", textOf("#hints-used")+` === 'Hints were used in this game (1).'`)
	}
	p.open("/#/games")
	p.waitJS("the games list marks every game", fmt.Sprintf(`(document.querySelector('main').textContent.match(/hints used: 1/g) || []).length === %d`, len(playedGames(srv))))
	p.noErrors()
}

// TestNoHintBetweenPeople: a game of two people at one device offers no
// hint, and the server refuses one.
func TestNoHintBetweenPeople(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(playedGames(srv)[0], "local")
	p.waitJS("actions", `!!document.querySelector('#resign')`)
	if n := count(p, "#hint"); n != 0 {
		t.Errorf("got %d hint buttons, want none", n)
	}
	// The browser's player holds both seats: its session is its credential.
	st := evalJS[int](p, `(async () => {
		const res = await fetch('/api/games/`+id+`/hint', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		return res.status;
	})()`)
	if st != 409 {
		t.Errorf("hint between two people: got status %d, want 409", st)
	}
	if v := srv.get(t, id); v.Hints != 0 {
		t.Errorf("got %d hints, want 0", v.Hints)
	}
	p.noErrors()
}

// TestExportGameAndReplay downloads a game's record from the game page
// (a real download, to a directory) and reads it with game/record; copy
// position copies the view's position there, and on the replay page the
// position of the move shown.
func TestExportGameAndReplay(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	dir := t.TempDir()
	p.run("allow downloads", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}))
	g := playedGames(srv)[0]
	id := p.newGameFromHome(g, "ai")
	v := srv.waitTurn(t, id, 0)
	p.playByClicks(pick(v.Legal, 0), len(v.Moves))
	v = srv.waitTurn(t, id, 0)
	if len(v.Moves) < 2 {
		t.Fatalf("got %d moves, want the AI's answer too", len(v.Moves))
	}
	p.waitJS("the position field up to date", fmt.Sprintf(`document.querySelector('#position-string').value === %q`, v.Position))

	// The clipboard is the system's: record what the page writes to it.
	p.eval0(`window.testCopied = null; navigator.clipboard.writeText = async (s) => { window.testCopied = s; }`)
	p.run("copy position", clickSel("#copy-position"))
	if got := evalJS[string](p, `window.testCopied ?? ''`); got != v.Position {
		t.Errorf("copy position: got %q, want the view's position %q", got, v.Position)
	}

	p.run("download record", clickSel("#download-record"))
	rec := waitDownload(t, filepath.Join(dir, id+".ndjson"))
	if rec.ID != id || rec.Game != v.Game || rec.Start != v.Start || !slices.Equal(rec.Moves, v.Moves) {
		t.Errorf("downloaded record: got %+v, want game %s with moves %v", rec, v.Game, v.Moves)
	}
	if _, err := record.Play(srv.reg, rec); err != nil {
		t.Errorf("the downloaded record does not replay: %v", err)
	}

	p.open("/#/replay/" + id + "/1")
	p.waitJS("replay at move 1", `!!document.querySelector('#position-string') && document.querySelector('#ply').textContent.startsWith('Move 1 ')`)
	var pos struct{ Positions []string }
	raw := evalJS[string](p, `fetch('/api/games/`+id+`/positions').then((r) => r.text())`)
	if err := json.Unmarshal([]byte(raw), &pos); err != nil || len(pos.Positions) != len(v.Moves)+1 {
		t.Fatalf("positions: got %q (%v)", raw, err)
	}
	for _, step := range []struct {
		click string
		ply   int
	}{{"", 1}, {"#prev", 0}, {"#last", len(v.Moves)}} {
		if step.click != "" {
			p.run("replay "+step.click, clickSel(step.click))
		}
		p.eval0(`window.testCopied = null; navigator.clipboard.writeText = async (s) => { window.testCopied = s; }`)
		p.run("copy position", clickSel("#copy-position"))
		if got := evalJS[string](p, `window.testCopied ?? ''`); got != pos.Positions[step.ply] {
			t.Errorf("replay at ply %d: copied %q, want %q", step.ply, got, pos.Positions[step.ply])
		}
	}
	if href := evalJS[string](p, `document.querySelector('#download-record').getAttribute('href')`); href != "/api/games/"+id+"/records" {
		t.Errorf("replay's download link: got %q, want the game's record", href)
	}
	p.noErrors()
}

// waitDownload waits for a downloaded file to be complete and parses its
// one records line.
func waitDownload(t *testing.T, path string) record.Record {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil && strings.HasSuffix(string(b), "\n") {
			lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
			if len(lines) != 1 {
				t.Fatalf("download: got %d lines, want 1", len(lines))
			}
			rec, err := record.Parse(lines[0])
			if err != nil {
				t.Fatalf("download: %v", err)
			}
			return rec
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(filepath.Dir(path))
			t.Fatalf("download: %s never came (directory holds %v)", path, entries)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestHintInFrench: the hint, the game's mark and the list's mark are
// French on a French page.
func TestHintInFrench(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open("/")
	p.run("français", chooseLang("fr"))
	p.waitJS("French", `document.documentElement.lang === 'fr'`)
	id := p.newGameFromHome(playedGames(srv)[0], "ai")
	srv.waitTurn(t, id, 0)
	p.waitJS("hint button", textOf("#hint")+` === 'Indice'`)
	p.run("ask for a hint", clickSel("#hint"))
	p.waitJS("the hint", `!!document.querySelector('section.game').dataset.hint`)
	hint := evalJS[string](p, `document.querySelector('section.game').dataset.hint`)
	if msg := p.text("#message"); msg != "Indice : "+hint {
		t.Errorf("got message %q, want %q", msg, "Indice : "+hint)
	}
	p.waitJS("the game marked", textOf("#hints-used")+` === 'Des indices ont été utilisés dans cette partie (1).'`)
	for sel, want := range map[string]string{"#download-record": "Télécharger la partie", "#copy-position": "Copier la position"} {
		if got := p.text(sel); got != want {
			t.Errorf("%s: got %q, want %q", sel, got, want)
		}
	}
	p.open("/#/games")
	p.waitJS("the list marks the game", `document.querySelector('main').textContent.includes('indices utilisés : 1')`)
	p.noErrors()
}
