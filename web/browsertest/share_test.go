package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// childFrameURLs lists the URLs of the frames inside the page: a frame
// its server refuses to be framed in shows Chromium's error page.
func childFrameURLs(p *page) []string {
	p.t.Helper()
	var tree *cdppage.FrameTree
	p.run("frame tree", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, cdppage.GetFrameTree, cdp.Empty{})
		if err == nil {
			tree = res.FrameTree
		}
		return err
	}))
	var out []string
	for _, c := range tree.ChildFrames {
		out = append(out, c.Frame.URL+c.Frame.URLFragment)
	}
	return out
}

// TestEmbedFramedElsewhere frames a game's embed in a page of another
// origin: it shows, while the game's own page, framed the same way, is
// refused (only /embed/ relaxes frame-ancestors).
func TestEmbedFramedElsewhere(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	c := srv.create(t, "oshi", "", 0)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		src := srv.URL + "/embed/game/" + c.ID + "?theme=dark"
		if r.URL.Path == "/app" {
			src = srv.URL + "/"
		}
		fmt.Fprintf(w, `<!doctype html><title>other site</title><iframe id="f" src="%s" width="480" height="560"></iframe>`, src)
	}))
	t.Cleanup(other.Close)
	browser := newBrowser(t)
	p := newPage(t, browser, other.URL, true)
	p.run("open the other site", chromedp.Navigate(other.URL+"/"))
	p.waitJS("frame loaded", `document.readyState === 'complete'`)
	if got := childFrameURLs(p); len(got) != 1 || !strings.Contains(got[0], "/embed/game/"+c.ID) {
		t.Errorf("embed: got frames %q, want the embed shown", got)
	}
	q := newPage(t, browser, other.URL, true)
	q.run("open the other site framing the app", chromedp.Navigate(other.URL+"/app"))
	q.waitJS("frame loaded", `document.readyState === 'complete'`)
	if got := childFrameURLs(q); len(got) != 1 || strings.HasPrefix(got[0], srv.URL) {
		t.Errorf("the app framed: got frames %q, want it refused", got)
	}
}

// TestShareDialogAndImport opens the Share dialog of a game and imports
// a readable record into the analysis board, then a bad one.
func TestShareDialogAndImport(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	c := srv.create(t, "oshi", "", 0)
	browser := newBrowser(t)
	p := newPage(t, browser, srv.URL, true)
	p.openSeat(c, 0)
	p.run("open share", clickSel("#share-open"))
	p.waitJS("share dialog", `!!document.querySelector('dialog.share-dialog[open] #share-link')`)
	link := evalJS[string](p, `document.querySelector('#share-link').value`)
	embed := evalJS[string](p, `document.querySelector('#share-embed').value`)
	if link != srv.URL+"/game/"+c.ID || !strings.Contains(embed, `<iframe src="`+srv.URL+"/embed/game/"+c.ID+`"`) {
		t.Errorf("got link %q and embed %q", link, embed)
	}
	png := evalJS[string](p, `document.querySelector('#share-png').href`)
	res, err := http.Get(png)
	if err == nil {
		res.Body.Close()
	}
	if err != nil || res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
		t.Errorf("the PNG link %s does not answer an image", png)
	}
	p.run("close share", clickSel("#share-close"))

	p.open("/#/analysis/oshi")
	p.waitJS("import form", `!!document.querySelector('#import-text')`)
	record := "[Game \"oshi\"]\n[Result \"*\"]\n\n1. e3e4 e7e6 *\n"
	p.eval0(fmt.Sprintf(`document.querySelector('#import-text').value = %q`, record))
	p.run("import", clickSel("#import-go"))
	p.waitJS("imported line", `decodeURIComponent(location.hash).includes('line=e3e4 e7e6') || location.hash.includes('line=e3e4+e7e6')`)
	p.waitJS("import form again", `!!document.querySelector('#import-text')`)
	p.eval0(fmt.Sprintf(`document.querySelector('#import-text').value = %q`, strings.Replace(record, "e7e6", "e7e1", 1)))
	p.run("import a bad record", clickSel("#import-go"))
	p.waitJS("import error", `document.querySelector('#import-error').textContent.includes('move 2 (e7e1)')`)
	p.noErrors()
}

// TestPlayerGameSearch searches a player's games from their page: the
// lost game is found, and not among the wins.
func TestPlayerGameSearch(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(g, "ai")
	p.run("resign", clickSel("#resign"))
	p.run("confirm", clickSel("#resign"))
	p.waitJS("over", `!document.querySelector('.banner').hidden`)
	me := evalJS[string](p, `fetch('/api/me').then((r) => r.json()).then((m) => m.id)`)
	p.run("to my page", chromedp.Navigate(srv.URL+"/#/player/"+me))
	p.waitJS("search form", `!!document.querySelector('#gs-go')`)
	p.run("search", clickSel("#gs-go"))
	p.waitJS("the game found", fmt.Sprintf(`!!document.querySelector('#gs-results li[data-id=%q]')`, id))
	p.eval0(`document.querySelector('#gs-result').value = 'win'`)
	p.run("search wins", clickSel("#gs-go"))
	p.waitJS("no win", `document.querySelectorAll('#gs-results li[data-id]').length === 0 && document.querySelector('#gs-results').textContent !== ''`)
	if href := evalJS[string](p, `document.querySelector('#export-txt').getAttribute('href')`); href != "/api/players/"+me+"/export?format=txt" {
		t.Errorf("got export link %q", href)
	}

	// The same search on one's own games list, with the options, rated
	// and time-control filters.
	p.open("/#/games")
	p.waitJS("my search form", `!!document.querySelector('#gs-go')`)
	p.eval0(fmt.Sprintf(`const s = document.querySelector('#gs-game'); s.value = %q; s.dispatchEvent(new Event('change'));
		document.querySelector('#gs-rated').value = 'no'; document.querySelector('#gs-control').value = 'untimed'`, g))
	if n := evalJS[int](p, `document.querySelector('#gs-variant').options.length`); n < 1 {
		t.Errorf("got %d options of the variant select, want at least 1", n)
	}
	p.run("search casual untimed", clickSel("#gs-go"))
	p.waitJS("the game found again", fmt.Sprintf(`!!document.querySelector('#gs-results li[data-id=%q]')`, id))
	p.eval0(`document.querySelector('#gs-rated').value = 'yes'`)
	p.run("search rated", clickSel("#gs-go"))
	p.waitJS("no rated game", `document.querySelectorAll('#gs-results li[data-id]').length === 0 && document.querySelector('#gs-results').textContent !== ''`)
	p.noErrors()
}

// TestPlayerSearchBox finds the page's own player from the Watch page.
func TestPlayerSearchBox(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open("/#/watch")
	name := p.meName()
	p.waitJS("search box", `!!document.querySelector('#ps-q')`)
	p.eval0(fmt.Sprintf(`document.querySelector('#ps-q').value = %q`, strings.ToLower(name[:3])))
	p.run("search", clickSel("#ps-go"))
	p.waitJS("found", fmt.Sprintf(`[...document.querySelectorAll('#ps-results a')].some((a) => a.textContent === %q)`, name))
	p.eval0(`document.querySelector('#ps-q').value = ''`)
	p.run("search nothing", clickSel("#ps-go"))
	p.waitJS("refused", `document.querySelector('#ps-error').textContent.includes('1 to 40 characters')`)
	p.noErrors()
}
