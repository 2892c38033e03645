package browsertest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/server/servertest"
	"github.com/plateau-games/plateau/web"
)

// notifyServer is a server of the games with notifications, which
// offers e-mail (through an SMTP server the test never reaches: nothing
// here is a player's turn).
func notifyServer(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	st := servertest.Store(t, "")
	n, err := notify.New(ctx, notify.Config{Store: st, SMTP: &notify.SMTP{Addr: "127.0.0.1:1", From: "plateau@play.example"}})
	if err != nil {
		t.Fatal(err)
	}
	return servertest.Start(t, server.Config{Registry: registry(), Store: st, Mover: firstMover{}, Static: web.FS(), Notifier: n}).URL
}

// TestNotifySettingsPage switches the channels on the settings page as
// a player does, from the header's bell: a webhook that is not https is
// refused in words, an e-mail digest and challenge notices switched off
// are kept across a reload, and the
// page is French in French, on a desktop and a phone.
func TestNotifySettingsPage(t *testing.T) {
	skipShort(t)
	url := notifyServer(t)
	b := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			p := newPage(t, b, url, true)
			p.use(l)
			p.open("/")
			p.run("bell", clickSel("a.nav-notify"))
			p.waitJS("settings", `!!document.querySelector('#notify-save')`)
			// (A phone's emulated window grows to fit the page: compare with the screen.)
			if w := evalJS[int64](p, `Math.ceil(document.querySelector('form.notify-form').getBoundingClientRect().right)`); w > l.w {
				t.Errorf("the settings reach %d pixels, wider than the screen's %d", w, l.w)
			}
			p.run("webhook", chromedp.SendKeys(chromedp.CSS("#webhook"), "http://hooks.example/x"), clickSel("#webhook-on"), clickSel("#notify-save"))
			p.waitJS("refusal", `document.querySelector('#notify-status').classList.contains('error')`)
			// The client's sentence for the refusal's code (issue 30: no
			// Go package prefix reaches a player).
			if msg := evalJS[string](p, `document.querySelector('#notify-status').textContent`); !strings.Contains(msg, "must start with https://") {
				t.Errorf("got %q, want the refusal of a URL that is not https", msg)
			}
			p.eval0(`document.querySelector('#webhook').value = ''`)
			p.run("e-mail", clickSel("#webhook-on"), chromedp.SendKeys(chromedp.CSS("#email"), "ada@example.org"), clickSel("#email-on"),
				chromedp.SetValue(chromedp.CSS("#email-hours"), "6"), clickSel("#challenges-on"), clickSel("#notify-save"))
			p.waitJS("saved", `document.querySelector('#notify-status').textContent === 'Saved.'`)
			p.fresh("/#/settings/notifications", `!!document.querySelector('#notify-save')`)
			got := evalJS[string](p, `[document.querySelector('#email').value, document.querySelector('#email-on').checked, document.querySelector('#email-hours').value,
				document.querySelector('#webhook-on').checked, document.querySelector('#challenges-on').checked].join(' ')`)
			if want := "ada@example.org true 6 false false"; got != want {
				t.Errorf("after a reload: got %q, want %q", got, want)
			}
			p.run("français", chooseLang("fr"))
			p.waitJS("French", `document.documentElement.lang === 'fr' && !!document.querySelector('#notify-save')`)
			newFrenchChecker(p).check(p, "notifications")
			p.noErrors()
		})
	}
}

// TestServiceWorkerPush registers the service worker as the settings
// page does and delivers it pushes through the DevTools protocol (no
// push service is reachable here): it shows their title and body, and
// keeps a link only on this site.
func TestServiceWorkerPush(t *testing.T) {
	skipShort(t)
	url := notifyServer(t)
	p := newPage(t, newBrowser(t), url, false)
	p.run("allow notifications", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: "notifications"}, Setting: browser.PermissionSettingGranted, Origin: url})
		return err
	}))
	p.open("/")
	if ok := evalJS[bool](p, `navigator.serviceWorker.register('/sw.js', {scope: '/'}).then(() => navigator.serviceWorker.ready).then(() => true)`); !ok {
		t.Fatal("the service worker did not register")
	}
	reg := pushRegistration(t, p, url+"/")
	push := func(data string) {
		t.Helper()
		p.run("push", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{
				Origin: url, RegistrationID: reg, Data: data})
			return err
		}))
	}
	shown := func() []string {
		t.Helper()
		return evalJS[[]string](p, `navigator.serviceWorker.ready.then((r) => r.getNotifications())
			.then((ns) => ns.map((n) => [n.title, n.body, n.tag, n.data.url].join('|')).sort())`)
	}
	// DevTools' delivery to a worker just activated is sometimes lost in
	// headless Chromium (the page's own showNotification works then):
	// a push whose notification does not come is delivered again. A
	// worker that does not show pushes fails every time.
	deliver := func(data, tag string) {
		t.Helper()
		for try := 0; try < 5; try++ {
			push(data)
			deadline := time.Now().Add(5 * time.Second)
			for time.Now().Before(deadline) {
				if strings.Contains(strings.Join(shown(), "\n"), "|"+tag+"|") {
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	}
	deliver(`{"title": "Your turn", "body": "It is your turn in game g1.", "url": "/#/game/g1", "tag": "plateau-g1"}`, "plateau-g1")
	deliver(`{"title": "Elsewhere", "body": "x", "url": "//evil.example/", "tag": "plateau-g2"}`, "plateau-g2")
	got := shown()
	want := []string{"Elsewhere|x|plateau-g2|/", "Your turn|It is your turn in game g1.|plateau-g1|/#/game/g1"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got notifications %q, want %q", got, want)
	}
	p.noErrors()
}

// pushRegistration returns the id of the page's service worker
// registration of scope, once its worker is activated, as DevTools'
// ServiceWorker domain tells it: a guessed id may name another
// registration, and a push to it is shown nowhere.
func pushRegistration(t *testing.T, p *page, scope string) serviceworker.RegistrationID {
	t.Helper()
	var mu sync.Mutex
	var id serviceworker.RegistrationID
	active := map[serviceworker.RegistrationID]bool{}
	if err := chromedp.Listen(p.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *serviceworker.EventWorkerRegistrationUpdated:
			for _, r := range e.Registrations {
				if r.ScopeURL == scope && !r.IsDeleted {
					id = r.RegistrationID
				}
			}
		case *serviceworker.EventWorkerVersionUpdated:
			for _, v := range e.Versions {
				if v.Status == serviceworker.VersionStatusActivated {
					active[v.RegistrationID] = true
				}
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	p.run("service worker events", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, serviceworker.Enable, cdp.Empty{})
		return err
	}))
	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		got, ok := id, id != "" && active[id]
		mu.Unlock()
		if ok {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("no activated service worker registration of %s (registration %q)", scope, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
