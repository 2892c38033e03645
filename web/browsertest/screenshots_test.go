package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// shotsWanted tells whether screenshots are to be retaken.
func shotsWanted() bool { return *updateShots || os.Getenv("PLATEAU_SCREENSHOTS") != "" }

// shotWanted tells whether the picture name is to be written: all of
// them, or with PLATEAU_SCREENSHOTS_ONLY=a,b only those whose name
// holds one of the parts (a retake of the pages a change touched keeps
// the others' files, and the repository, as they are).
func shotWanted(name string) bool {
	only := os.Getenv("PLATEAU_SCREENSHOTS_ONLY")
	if only == "" {
		return true
	}
	for _, part := range strings.Split(only, ",") {
		if part != "" && strings.Contains(name, part) {
			return true
		}
	}
	return false
}

// capture saves what the screen shows to docs/screenshots/name.
func (p *page) capture(name string) {
	p.t.Helper()
	if !shotWanted(name) {
		return
	}
	time.Sleep(600 * time.Millisecond) // let the transitions settle before the picture
	// The top of the page, whatever scrolled it (the move list follows
	// the last move).
	p.eval0(`window.scrollTo({top: 0, behavior: 'instant'})`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join("..", "..", "docs", "screenshots", name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// playSome plays n moves of a game against the AI through the API, the
// human's picked away from the edges of the legal list, so that a
// screenshot shows a game under way.
func (s *testServer) playSome(t *testing.T, c created, me, n int) {
	t.Helper()
	for i := range n {
		v := s.waitTurn(t, c.ID, me)
		if v.Result != "ongoing" {
			return
		}
		st, err := httpPostJSON(s.URL+"/api/games/"+c.ID+"/moves", map[string]any{"move": pick(v.Legal, i), "seen": len(v.Moves), "token": c.token(me)})
		if err != nil || st != 200 {
			t.Fatalf("move %d of %s: status %d, %v; the game is now %+v", i, c.ID, st, err, s.get(t, c.ID))
		}
	}
	s.waitTurn(t, c.ID, me)
}

// TestScreenshots retakes the screenshots of docs/screenshots: on a
// desktop and a phone screen, in the light and the dark theme, the home
// page, the new-game dialog, every game under way and every rules page.
// It runs only when asked:
//
//	PLATEAU_SCREENSHOTS=1 go test -run TestScreenshots ./web/browsertest/
//
// (or -update-screenshots), and names files <screen>-<theme>-<page>.png;
// PLATEAU_SCREENSHOTS_ONLY=game-oxford,settings writes only the pictures
// whose names hold one of those parts.
func TestScreenshots(t *testing.T) {
	if !shotsWanted() {
		t.Skip("browsertest: screenshots are retaken only with PLATEAU_SCREENSHOTS=1 or -update-screenshots")
	}
	srv := newServer(t)
	browser := newBrowser(t)
	games := srv.reg.Names()
	ids := map[string]created{}
	for _, g := range games {
		c := srv.create(t, g, "", 0)
		srv.playSome(t, c, 0, 6)
		ids[g] = c
	}
	notifyURL := notifyServer(t)
	finished := srv.create(t, games[0], "", 0)
	srv.playSome(t, finished, 0, 6)
	srv.resign(t, finished.ID, finished.token(0))
	for _, l := range layouts {
		for _, scheme := range []string{"light", "dark"} {
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.scheme(scheme)
			name := func(what string) string { return fmt.Sprintf("%s-%s-%s.png", l.name, scheme, what) }
			p.open("/")
			p.waitJS("cards", `document.querySelectorAll('.card svg').length > 0`)
			p.capture(name("home"))
			p.openNewGame("oshi")
			p.waitJS("dialog", `!!document.querySelector('dialog.newgame[open]')`)
			p.capture(name("new-game"))
			for _, g := range games {
				c := ids[g]
				p.fresh(fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)), `document.querySelectorAll('.board-wrap .hit').length > 0`)
				p.capture(name("game-" + g))
				p.fresh("/#/rules/"+g, `document.querySelectorAll('figure.diagram').length > 0`)
				p.capture(name("rules-" + g))
			}
			if scheme == "light" {
				capturePages(p, name, games[0], finished.ID, notifyURL)
			}
			p.noErrors()
		}
	}
}

// capturePages shows the pages beyond the game: the lobby, the lists,
// the player's settings, a game's leaderboard, lesson and puzzles, the
// review of a finished game and the analysis board, each once its data
// is on the page.
func capturePages(p *page, name func(string) string, g, finished, notifyURL string) {
	pages := []struct{ what, path, ready string }{
		{"lobby", "/#/lobby", `!!document.querySelector('#lobby-seeks')`},
		{"my-games", "/#/games", `!!document.querySelector('#finished li, #finished p')`},
		{"account", "/#/account", `!!document.querySelector('#acct-lead')`},
		{"keys", "/#/keys", `!!document.querySelector('main h1')`},
		{"leaderboard-" + g, "/#/leaderboard/" + g, `!!document.querySelector('main h1') && !document.querySelector('main .loading')`},
		{"lesson-" + g, "/#/lessons/" + g, `!!document.querySelector('#lesson-rule') && document.querySelectorAll('.board-wrap .hit').length > 0`},
		{"puzzles-" + g, "/#/puzzles/" + g, `document.querySelectorAll('.puzzle .board-wrap .hit').length > 0`},
		{"review-" + g, "/#/review/" + finished, `document.querySelector('#review-progress')?.dataset.done === 'true'`},
		{"analysis-" + g, "/#/analysis/" + g, `document.querySelectorAll('#pv-lines li').length > 0`},
		{"settings", "/#/settings", `!!document.querySelector('#settings-form')`},
		{"friends", "/#/friends", `!!document.querySelector('#friends')`},
		{"tournaments", "/#/tournaments", `!!document.querySelector('main h1') && !document.querySelector('main .loading')`},
	}
	for _, pg := range pages {
		p.fresh(pg.path, pg.ready)
		p.capture(name(pg.what))
	}
	// The settings are those of a server that sends notifications.
	p.run("notifications", chromedp.Navigate(notifyURL+"/#/settings/notifications"))
	p.waitJS("notification settings", `!!document.querySelector('#notify-save')`)
	p.capture(name("notifications"))
}
