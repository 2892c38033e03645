package browsertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
)

// goOffline cuts the page off twice over: DevTools' network emulation
// (the page and its service worker see no network) and the server's
// listener closed, so that nothing a page asks can reach a server.
func (p *page) goOffline(srv *testServer) {
	p.t.Helper()
	p.offline = true
	p.emulateOffline()
	srv.off()
}

// emulateOffline takes the page's network offline in DevTools.
func (p *page) emulateOffline() {
	p.t.Helper()
	p.run("network emulation: offline", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, offlineByRule, offlineRule()); err != nil {
			return err
		}
		// navigator.onLine follows the older, global command in Chromium
		// 148, which the rules do not change.
		if _, err := cdp.Call(ctx, tg, offlineGlobal, offlineGlobalParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
}

// offlineByRule is Network.emulateNetworkConditionsByRule with the
// parameters of Chromium before 148 and from 148 together: "offline"
// moved from each condition to the command, which now requires it, and
// the service worker's own switch went (the browser ignores parameters
// it does not know). cdproto's typed params know only the older shape.
var offlineByRule = cdp.Command[offlineParams, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}

// offlineGlobal is Network.emulateNetworkConditions, deprecated but the
// one that takes navigator.onLine offline in Chromium 148.
var offlineGlobal = cdp.Command[offlineGlobalParams, struct{}]{Method: "Network.emulateNetworkConditions"}

// offlineGlobalParams are offlineGlobal's parameters.
type offlineGlobalParams struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// offlineParams are offlineByRule's parameters.
type offlineParams struct {
	Offline                     bool               `json:"offline"`
	EmulateOfflineServiceWorker bool               `json:"emulateOfflineServiceWorker"`
	MatchedNetworkConditions    []offlineCondition `json:"matchedNetworkConditions"`
}

// offlineCondition is one rule: every request (no URL pattern) offline.
type offlineCondition struct {
	URLPattern         string  `json:"urlPattern"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
	Offline            bool    `json:"offline"`
}

// offlineRule takes every request, the service worker's included, offline.
func offlineRule() offlineParams {
	return offlineParams{Offline: true, EmulateOfflineServiceWorker: true,
		MatchedNetworkConditions: []offlineCondition{{DownloadThroughput: -1, UploadThroughput: -1, Offline: true}}}
}

// TestOfflineApp visits the app once, goes offline, and still finds
// the home page, a rules page and a whole new game against the AI on
// this device, whose AI answers from the worker.
func TestOfflineApp(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.open("/")
	p.waitJS("the service worker in control", `navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller || new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', () => ok(true))))`)
	p.waitJS("the app kept", `caches.open('plateau-v1').then((c) => c.match('/engine/plateau.wasm')).then((r) => !!r)`)
	if !evalJS[bool](p, `!!document.querySelector('link[rel=manifest]')`) {
		t.Errorf("no web manifest linked from the page: the app cannot be installed")
	}
	p.goOffline(srv)
	p.open("/")
	p.waitJS("the home page offline", fmt.Sprintf(`!!document.querySelector('button[data-new=%q]')`, g))
	p.waitJS("told it is offline", textOf("#toast")+` === 'You are offline: games on this device, the rules, lessons and puzzles still work.'`)
	p.open("/#/rules/" + g)
	p.waitJS("the rules offline", `document.querySelector('main h1')?.textContent.length > 0 && !document.querySelector('main .error')`)
	p.open("/#/lessons/" + g)
	p.waitJS("a lesson offline", textOf("#lesson-rule")+` !== ''`)
	pz := firstPuzzle(t, srv, g)
	p.open("/#/puzzles/" + g)
	p.waitJS("a puzzle offline", fmt.Sprintf(`document.querySelector('article.puzzle')?.dataset.puzzle === %q`, pz.ID))
	p.clickMove(pz.Solution)
	p.waitJS("the answer checked offline", textOf("#puzzle-message")+fmt.Sprintf(` !== '' && %s.includes(%q)`, textOf("#puzzle-message"), pz.Solution))
	if got := p.text("#puzzle-rating"); got != "Offline: this answer is checked on this device and not rated." {
		t.Errorf("offline puzzle rating line: got %q", got)
	}
	p.open("/")
	p.openNewGame(g)
	// Offline, the dialog offers the game that can start (issue 30,
	// stumble 7): on this device, already ticked.
	if !evalJS[bool](p, `document.querySelector('#ng-device').checked`) {
		t.Errorf("offline new-game dialog: got 'On this device' unticked, want it ticked")
	}
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("game page", `location.hash.startsWith('#/game/d-') && document.querySelectorAll('.board-wrap .hit').length > 0`)
	id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
	r, st := p.waitDeviceTurn(srv.reg, id)
	for i := 0; i < 2 && st.Result() == game.Ongoing; i++ {
		p.playByClicks(pick(game.MoveStrings(st), i), len(r.Moves))
		r, st = p.waitDeviceTurn(srv.reg, id)
	}
	if len(r.Moves) < 3 {
		t.Errorf("offline: got moves %v, want the person's and the AI's", r.Moves)
	}
	p.noErrors()
}

// firstPuzzle is a game's first shipped puzzle: offline, the page starts
// from the first of the pack.
func firstPuzzle(t *testing.T, srv *testServer, g string) puzzles.Puzzle {
	t.Helper()
	set, err := puzzles.Load(srv.reg)
	if err != nil || len(set.Of(g)) == 0 {
		t.Fatalf("puzzles of %s: %v", g, err)
	}
	return set.Of(g)[0]
}
