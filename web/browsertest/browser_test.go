package browsertest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const chromium = "/usr/bin/chromium"

var updateShots = flag.Bool("update-screenshots", false, "rewrite docs/screenshots/*.png")

// page is one browser tab on a test server, with the JavaScript errors it
// reported.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
	mu   sync.Mutex
	errs []string
	// offline: goOffline cut the page off, and each navigation must cut
	// it off again (Chromium 148 puts navigator.onLine back online in a
	// new document).
	offline bool
}

// skipShort skips the long browser tests under -short (CI's race pass);
// the full pass runs them.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browsertest: long browser test skipped in -short mode")
	}
}

// newBrowser starts a fresh headless Chromium with its own profile.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		msg := "browsertest: " + chromium + " is missing; install it with .ci/browser.sh (apt-get install -y chromium)"
		// CI installs Chromium and sets one of these, so a broken install
		// fails loudly instead of skipping every browser test.
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci || os.Getenv("PLATEAU_REQUIRE_BROWSER") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// A start can fail on a loaded machine (the process is slow to print
	// its DevTools address): each attempt gets a fresh profile, and the
	// third failure fails the test.
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		var ctx context.Context
		if ctx, err = startChromium(t); err == nil {
			return ctx
		}
		t.Logf("browsertest: start chromium, attempt %d: %v", attempt, err)
	}
	t.Fatalf("browsertest: start chromium: %v", err)
	return nil
}

// startChromium starts one headless Chromium, stopped when the test ends.
func startChromium(t *testing.T) (context.Context, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelB := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		cancelB()
		cancelA()
		return nil, err
	}
	t.Cleanup(func() { cancelB(); cancelA() })
	return bctx, nil
}

// newPage opens a tab in the browser of ctx on the server at base. An
// isolated tab gets its own browser context: its own localStorage and
// cookies, as another person's browser would have.
func newPage(t *testing.T, browser context.Context, base string, isolated bool) *page {
	t.Helper()
	var opts []chromedp.ContextOption
	if isolated {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	tctx, cancelT := chromedp.NewContext(browser, opts...)
	ctx, cancel := context.WithTimeout(tctx, 180*time.Second)
	p := &page{t: t, ctx: ctx, base: base}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("browsertest: open tab: %v", err)
	}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			// Browser log entries (no Args) include expected network
			// errors, such as a WebSocket dropped on purpose.
			// A Content-Security-Policy refusal is such an entry, and a
			// real defect: the page lost a style or a script it needs.
			csp := strings.Contains(m.Text, "Content Security Policy")
			if m.Type == chromedp.ConsoleException || (m.Type == chromedp.ConsoleError && (len(m.Args) > 0 || csp)) {
				p.addErr(m.Text)
			}
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			p.failShot()
		}
		cancel()
		cancelT()
	})
	return p
}

func (p *page) addErr(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errs = append(p.errs, s)
}

// noErrors fails the test if the page reported JavaScript errors.
func (p *page) noErrors() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errs {
		p.t.Errorf("javascript error: %s", e)
	}
	p.errs = nil
}

func (p *page) failShot() {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Logf("failure screenshot: %v", err)
		return
	}
	dir := os.Getenv("PLATEAU_FAILSHOTS")
	if dir == "" {
		dir = os.TempDir()
	}
	name := filepath.Join(dir, "plateau-"+strings.NewReplacer("/", "_", " ", "_").Replace(p.t.Name())+".png")
	if err := os.WriteFile(name, png, 0o644); err != nil {
		p.t.Logf("failure screenshot: %v", err)
		return
	}
	p.t.Logf("failure screenshot saved to %s", name)
}

// actionHang bounds one run of actions, which take well under a second,
// so that an action waiting for an element that never comes (a dialog
// that a missed click did not open) fails the test by name instead of
// holding the suite until its timeout.
const actionHang = 40 * time.Second

// run runs chromedp actions and fails the test on error or when they
// have not finished within actionHang.
func (p *page) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(p.ctx, actionHang)
		err := chromedp.Do(ctx, actions...)
		cancel()
		if err == nil {
			return
		}
		// A node the page replaced between the query and the action (a
		// view that redraws its buttons) fails before the action does
		// anything: one action is found again and done, as a person
		// would; a list of actions is not, since its first ones ran.
		if try == 4 || len(actions) != 1 || !strings.Contains(err.Error(), "Could not find node") {
			p.t.Fatalf("%s: %v", what, err)
		}
	}
}

// wait runs a poll, which bounds its own time: it is never cut short
// nor tried again as run's actions are.
func (p *page) wait(what string, poll chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, poll); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// evalJS evaluates JavaScript and returns its JSON result decoded as T.
func evalJS[T any](p *page, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("eval %s: %v", js, err)
	}
	return v
}

// eval0 evaluates JavaScript for its effect.
func (p *page) eval0(js string) {
	p.t.Helper()
	p.run("eval "+js, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("(() => { "+js+"; return true })()"))
		return err
	}))
}

// waitJS polls until a JavaScript expression is true.
func (p *page) waitJS(what, js string) {
	p.t.Helper()
	p.wait("wait for "+what, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(45*time.Second)))
}

// openSeat opens game c's page as the browser holding seat's token, as
// an invite link does, and waits for the board to be clickable.
func (p *page) openSeat(c created, seat int) {
	p.t.Helper()
	p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, seat, c.token(seat)))
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
}

// open navigates to a path of the server and waits for main to fill.
func (p *page) open(path string) {
	p.t.Helper()
	p.run("open "+path, chromedp.Navigate(p.base+path))
	if p.offline {
		p.emulateOffline()
	}
	p.waitJS("page "+path, `document.querySelector('main') && !document.querySelector('main noscript') && document.querySelector('main').children.length > 0`)
}

// staticServer serves the client for pages that play no game: a real
// server of the registry's games, since every page reads the catalog.
func staticServer(t *testing.T) string {
	t.Helper()
	return newServerOf(t, registry(), firstMover{}).URL
}

func count(p *page, sel string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}
