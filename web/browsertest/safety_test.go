package browsertest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/web"
)

// newSafetyServer starts a server of every game and returns its store,
// where the test gives roles as plateau admin does.
func newSafetyServer(t *testing.T) (*testServer, store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "plateau.db"), nil)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	srv, err := server.New(server.Config{Registry: registry(), Store: st, Mover: firstMover{}, MoverName: "first legal move", Static: web.FS(),
		Lobby: server.LobbyConfig{Poll: 50 * time.Millisecond}})
	if err != nil {
		t.Fatalf("new server: %v", err)
	}
	if err := srv.Start(ctx); err != nil {
		t.Fatalf("start server: %v", err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return &testServer{URL: hs.URL, reg: registry()}, st
}

// playerID is the page's player id.
func (p *page) playerID() string {
	p.t.Helper()
	return evalJS[string](p, `fetch('/api/me').then((r) => r.json()).then((m) => m.id)`)
}

// status posts body to path from the page and returns the answer's
// status and error sentence, "status sentence".
func (p *page) status(method, path, body string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`fetch(%q, {method: %q, headers: {'Content-Type': 'application/json'}, body: %q})
		.then(async (r) => r.status + ' ' + ((await r.json().catch(() => ({}))).error || ''))`, path, method, body))
}

// TestBlockAndReport, with three people: Ann blocks Bea from Bea's page,
// after which Bea's challenge is refused as "not available" and Ann's
// seek is hidden from her; Ann reports Bea with a reason and a note; the
// moderators' page refuses Bea, and shows the report to Mo, a moderator,
// who warns Bea; Bea reads the warning, Ann sees her report acted upon
// and unblocks Bea.
func TestBlockAndReport(t *testing.T) {
	skipShort(t)
	srv, st := newSafetyServer(t)
	browser := newBrowser(t)
	ann, bea, mo := newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true), newPage(t, browser, srv.URL, true)
	for _, p := range []*page{ann, bea, mo} {
		p.open("/")
	}
	annID, beaID, moID := ann.playerID(), bea.playerID(), mo.playerID()

	ann.open("/#/player/" + beaID)
	ann.waitJS("the block button", `document.querySelector('.block-player')?.textContent === 'Block'`)
	ann.eval0(`window.confirm = () => true`)
	ann.run("block", clickSel(".block-player"))
	ann.waitJS("blocked", `document.querySelector('.block-player').textContent === 'Unblock'`)
	if got := bea.status("POST", "/api/lobby/seeks", fmt.Sprintf(`{"game":"oshi","to":%q}`, annID)); got != "403 this player is not available" {
		t.Errorf("Bea challenges Ann: got %q, want 403 not available", got)
	}
	ann.status("POST", "/api/lobby/seeks", `{"game":"oshi"}`)
	if n := evalJS[int](bea, `fetch('/api/lobby').then((r) => r.json()).then((l) => l.seeks.length)`); n != 0 {
		t.Errorf("Bea's lobby: got %d seeks, want Ann's hidden", n)
	}

	ann.run("report", clickSel(".report-player"))
	ann.run("reason", chromedp.SetValue(chromedp.CSS(".report-reason"), "offensive_name"), chromedp.SendKeys(chromedp.CSS(".report-note"), "rude name"))
	ann.run("send", clickSel(".report-send"))
	ann.waitJS("thanked", `document.querySelector('.safety-msg').textContent.includes('moderators')`)

	bea.open("/#/mod")
	bea.waitJS("refused", `!!document.querySelector('#mod-refused')`)
	if err := st.(store.Moderation).SetRole(context.Background(), moID, moderation.Moderator, "test", time.Now()); err != nil {
		t.Fatal(err)
	}
	mo.open("/#/mod")
	mo.waitJS("the report", `!!document.querySelector('#mod-queue .mod-report') && document.querySelector('#mod-queue .mod-report').textContent.includes('rude name')`)
	modPowers(t, mo)
	mo.run("warn", chromedp.SetValue(chromedp.CSS(".mod-action"), "warn"), chromedp.SendKeys(chromedp.CSS(".mod-why"), "please choose another name"))
	mo.run("apply", clickSel(".mod-form button[type=submit]"))
	mo.waitJS("logged", `document.querySelector('#mod-log')?.textContent.includes('please choose another name')`)
	adminPowers(t, mo, st, moID)

	bea.open("/#/safety")
	bea.waitJS("the warning", `document.querySelector('#warnings')?.textContent.includes('please choose another name')`)
	ann.open("/#/safety")
	ann.waitJS("the report acted upon", `!!document.querySelector('#my-reports li[data-status=actioned]')`)
	ann.waitJS("Bea in the block list", fmt.Sprintf(`!!document.querySelector('#block-list li[data-player=%q]')`, beaID))
	ann.run("unblock", clickSel("#block-list .unblock"))
	ann.waitJS("unblocked", `!document.querySelector('#block-list li[data-player]')`)
	for _, p := range []*page{ann, bea, mo} {
		p.noErrors()
	}
}

// offers reads whether the moderation page offers the roles form and
// the close action.
const offers = `[!!document.querySelector('.mod-role-form'), [...document.querySelectorAll('.mod-action option')].some((o) => o.value === 'close')]`

// modPowers: a moderator's page offers neither closing accounts nor
// roles, and shows the reported player's accounts sharing addresses.
func modPowers(t *testing.T, mo *page) {
	t.Helper()
	if got := evalJS[[]bool](mo, offers); got[0] || got[1] {
		t.Errorf("a moderator's page: got roles form, close = %v, want neither", got)
	}
	mo.run("history", clickSel("#mod-queue .mod-report button.link"))
	mo.waitJS("the accounts sharing addresses", `!!document.querySelector('.mod-history .mod-sharing')`)
}

// adminPowers: an administrator's page offers both.
func adminPowers(t *testing.T, mo *page, st store.Store, moID string) {
	t.Helper()
	if err := st.(store.Moderation).SetRole(context.Background(), moID, moderation.Admin, "test", time.Now()); err != nil {
		t.Fatal(err)
	}
	mo.open("/#/safety") // away and back: the page asks the server again
	mo.open("/#/mod")
	mo.waitJS("the roles form", `!!document.querySelector('.mod-role-form')`)
	if got := evalJS[[]bool](mo, offers); !got[0] {
		t.Errorf("an administrator's page: got roles form, close = %v, want the form", got)
	}
}
