package browsertest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// axeDir holds the committed package.json and package-lock.json that pin
// axe-core; the package itself is installed with npm ci into a cache
// folder named after the lock file's hash, never committed.
const axeDir = "testdata/axe"

// axeRequired tells whether a missing axe-core must fail the test: under
// CI, as for Chromium, a broken install must never pass as a skip.
func axeRequired() bool {
	ci, _ := strconv.ParseBool(os.Getenv("CI"))
	return ci || os.Getenv("PLATEAU_REQUIRE_BROWSER") != ""
}

// axeSource returns the text of axe.min.js, installing the pinned
// axe-core with npm ci when the cache lacks it. Without npm or the
// registry it skips, or fails under CI.
func axeSource(t *testing.T) string {
	t.Helper()
	miss := func(format string, args ...any) string {
		t.Helper()
		msg := "browsertest: axe-core is missing: " + fmt.Sprintf(format, args...) + " (install node and npm: .ci/node.sh)"
		if axeRequired() {
			t.Fatal(msg)
		}
		t.Skip(msg)
		return ""
	}
	lock, err := os.ReadFile(filepath.Join(axeDir, "package-lock.json"))
	if err != nil {
		return miss("%v", err)
	}
	sum := sha256.Sum256(lock)
	cache := os.Getenv("PLATEAU_AXE_CACHE")
	if cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		cache = filepath.Join(base, "plateau", "axe-"+hex.EncodeToString(sum[:6]))
	}
	file := filepath.Join(cache, "node_modules", "axe-core", "axe.min.js")
	if src, err := os.ReadFile(file); err == nil {
		return string(src)
	}
	if err := npmCI(cache); err != nil {
		return miss("%v", err)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return miss("%v", err)
	}
	return string(src)
}

// npmCI installs the pinned axe-core into dir with npm ci.
func npmCI(dir string) error {
	if _, err := exec.LookPath("npm"); err != nil {
		return fmt.Errorf("browsertest: npm: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("browsertest: axe cache: %w", err)
	}
	for _, f := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(axeDir, f))
		if err != nil {
			return fmt.Errorf("browsertest: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			return fmt.Errorf("browsertest: axe cache: %w", err)
		}
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("browsertest: npm ci in %s: %w\n%s", dir, err, out)
	}
	return nil
}

// axeRun is the check run in the page: WCAG 2.0, 2.1 and 2.2, levels A
// and AA, with target-size (24 px, WCAG 2.2) forced on. It resolves to
// one line per violation: the rule, its impact and the elements.
const axeRun = `(async () => {
  const r = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'target-size': { enabled: true } },
    resultTypes: ['violations'],
  });
  return r.violations.map((v) => v.id + ' (' + v.impact + '): ' +
    v.nodes.slice(0, 6).map((n) => n.target.join(' ') + (n.failureSummary ? ' [' + n.failureSummary.replace(/\s+/g, ' ').slice(0, 160) + ']' : '')).join('; '));
})()`

// axeColours are the rules whose outcome a colour scheme can change:
// the same page in the other scheme has the same elements, names and
// sizes, so only these are run again there.
const axeColours = `['color-contrast', 'link-in-text-block']`

// axeCheck runs axe-core in the page as it is now and fails the test on
// every violation, named with what: the page, the screen and the theme.
// With colours set, only the rules of colours run.
func (p *page) axeCheck(src, what string, colours bool) {
	p.t.Helper()
	if !evalJS[bool](p, `typeof axe === 'object'`) {
		evalJS[bool](p, src+";\ntrue")
	}
	run := axeRun
	if colours {
		run = strings.Replace(axeRun, `runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] }`,
			`runOnly: { type: 'rule', values: `+axeColours+` }`, 1)
		if run == axeRun {
			p.t.Fatal("axe: the colour rules were not put in the check")
		}
	}
	for _, v := range evalJS[[]string](p, run) {
		p.t.Errorf("%s: %s", what, v)
	}
}

// settled waits until the page's animations and transitions (a theme's
// colours fading in) have ended, so that colours are measured as shown.
const settled = `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
  Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))).then(() => done(true)))))`

// axeState is one state of a page to check: where to go, what says it is
// ready, and what to do there first (open a dialog).
type axeState struct {
	what, path, ready, then string
}

// TestAxe runs axe-core (WCAG 2.2 A and AA, target-size on) on every
// page: home, the new-game dialog, each game under way and finished, its
// rules, lesson, puzzles, leaderboard and analysis board, a review, a
// replay, the lobby, My games, Watch, a player's page, the account, API
// keys and the notification settings; in the light and dark themes, on
// a desktop and a phone. No violation is allowed. Each state is loaded
// once per screen: every rule runs in the light theme, then the page is
// switched to the dark one and the colour rules run again.
func TestAxe(t *testing.T) {
	skipShort(t)
	src := axeSource(t)
	srv := newServer(t)
	browser := newBrowser(t)
	notifyURL := notifyServer(t)
	states := axeStates(t, srv)
	checked := 0
	for _, l := range layouts {
		if only := os.Getenv("PLATEAU_AXE_ONLY"); only != "" && only != l.name {
			continue
		}
		t.Run(l.name, func(t *testing.T) {
			for _, s := range states {
				if only := os.Getenv("PLATEAU_AXE_STATE"); only != "" && !strings.Contains(s.what, only) {
					continue
				}
				// A tab per state, closed after it: a tab's context lasts 180 s.
				t.Run(s.what, func(t *testing.T) {
					base := srv.URL
					if s.what == "notifications" {
						base = notifyURL
					}
					p := newPage(t, browser, base, true)
					p.use(l)
					p.scheme("light")
					if s.then == "" {
						p.fresh(s.path, s.ready)
					} else {
						p.fresh(s.path, "true")
						p.eval0(s.then)
						p.waitJS(s.what+" opened", s.ready)
					}
					p.axeCheck(src, l.name+" light "+s.what, false)
					p.scheme("dark")
					if !evalJS[bool](p, `matchMedia('(prefers-color-scheme: dark)').matches`) || !evalJS[bool](p, settled) {
						t.Fatal("the page did not turn dark")
					}
					p.axeCheck(src, l.name+" dark "+s.what, true)
					p.noErrors()
					checked += 2
				})
			}
		})
	}
	t.Logf("axe-core %s: %d states checked", axeVersion(), checked)
}

// axeStates makes the games the pages show and lists the states.
func axeStates(t *testing.T, srv *testServer) []axeState {
	t.Helper()
	board := `document.querySelectorAll('.board-wrap .hit').length > 0`
	states := []axeState{
		{"home", "/", `document.querySelectorAll('.card svg').length > 0`, ""},
		{"new-game dialog", "/#/new/" + srv.reg.Names()[0], `!!document.querySelector('dialog.newgame[open]')`, ""},
		{"lobby", "/#/lobby", `!!document.querySelector('#lobby-seeks')`, ""},
		{"my games", "/#/games", `!!document.querySelector('#finished li, #finished p')`, ""},
		{"watch", "/#/watch", `!!document.querySelector('main h1') && !document.querySelector('main .loading')`, ""},
		{"account", "/#/account", `!!document.querySelector('#acct-lead')`, ""},
		{"api keys", "/#/keys", `!!document.querySelector('main h1')`, ""},
		{"notifications", "/#/settings/notifications", `!!document.querySelector('#notify-save')`, ""},
	}
	var finished created
	for _, g := range srv.reg.Names() {
		c := srv.create(t, g, "", 0)
		srv.playSome(t, c, 0, 4)
		f := srv.create(t, g, "", 0)
		srv.playSome(t, f, 0, 2)
		srv.resign(t, f.ID, f.token(0))
		finished = f
		states = append(states,
			axeState{"game " + g, fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)), board, ""},
			// The text mode, turned on by its link: the same tab, now in it.
			axeState{"text mode game " + g, fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)), `!!document.querySelector('#text-cmd') && document.querySelectorAll('#text-log p').length > 0`,
				`document.querySelector('#textmode').click()`},
			axeState{"finished " + g, fmt.Sprintf("/g/%s#seat=0&token=%s", f.ID, f.token(0)), `!!document.querySelector('.board-wrap svg') && document.querySelector('.banner')?.hidden === false`, ""},
			axeState{"rules " + g, "/#/rules/" + g, `document.querySelectorAll('figure.diagram').length > 0`, ""},
			axeState{"lesson " + g, "/#/lessons/" + g, `!!document.querySelector('#lesson-rule') && ` + board, ""},
			axeState{"puzzles " + g, "/#/puzzles/" + g, `document.querySelectorAll('.puzzle .board-wrap .hit').length > 0`, ""},
			axeState{"leaderboard " + g, "/#/leaderboard/" + g, `!!document.querySelector('main h1') && !document.querySelector('main .loading')`, ""},
			axeState{"analysis " + g, "/#/analysis/" + g, `document.querySelectorAll('#pv-lines li').length > 0`, ""},
		)
	}
	return append(states,
		axeState{"review", "/#/review/" + finished.ID, `document.querySelector('#review-progress')?.dataset.done === 'true'`, ""},
		axeState{"replay", "/#/replay/" + finished.ID, `!!document.querySelector('.board-wrap svg')`, ""},
		axeState{"player", "/#/games", `!!document.querySelector('main h1') && !document.querySelector('main .loading') && location.hash.startsWith('#/player/')`,
			`fetch('/api/me').then((r) => r.json()).then((m) => { location.hash = '#/player/' + m.id })`},
	)
}

// axeVersion reads the pinned version from package.json, for the log.
func axeVersion() string {
	b, err := os.ReadFile(filepath.Join(axeDir, "package.json"))
	if err != nil {
		return "?"
	}
	_, v, _ := strings.Cut(string(b), `"axe-core": "`)
	v, _, _ = strings.Cut(v, `"`)
	return v
}
