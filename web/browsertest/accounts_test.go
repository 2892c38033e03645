package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/internal/api"
)

// localhost is the server's address by name: WebAuthn needs a domain for
// its relying party, and refuses 127.0.0.1.
func localhost(url string) string { return strings.Replace(url, "127.0.0.1", "localhost", 1) }

// me asks the server who this page's browser is, as the page would.
func (p *page) me() api.Me {
	p.t.Helper()
	return evalJS[api.Me](p, `fetch('/api/me').then((r) => r.json())`)
}

// fill types text into an input, as a person would, after emptying it
// (its value: chromedp.Clear empties the attribute only, and SetValue
// refuses an empty value).
func (p *page) fill(sel, text string) {
	p.t.Helper()
	p.eval0(fmt.Sprintf(`document.querySelector(%q).value = ''`, sel))
	p.run("fill "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
}

// headerName waits for the header to name the player and returns it.
func (p *page) headerName(want string) string {
	p.t.Helper()
	p.waitJS("header name "+want, fmt.Sprintf(`document.querySelector('#me .me-name') && document.querySelector('#me .me-name').textContent === %q`, want))
	return evalJS[string](p, `document.querySelector('#me .me-name').textContent`)
}

// accountPage opens the account page through the header's link.
func (p *page) accountPage() {
	p.t.Helper()
	p.run("header link", clickSel(`#me`))
	p.waitJS("account page", `document.querySelector('#acct-lead') !== null`)
}

// TestGuestBecomesAccount: a first visit plays as a guest; a reload keeps
// who it is; the guest renames itself, signs up, and a fresh browser
// context signs in to the same player; logging out makes a new guest.
func TestGuestBecomesAccount(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, true)
			p.run("viewport", vp.emulate())
			id := p.newGameFromHome(playedGames(srv)[0], "ai")
			guest := p.me()
			if !guest.Guest || guest.Name == "" {
				t.Fatalf("first visit: got %+v, want a named guest", guest)
			}
			v := srv.waitTurn(t, id, 0)
			p.playByClicks(pick(v.Legal, 0), len(v.Moves))
			srv.waitTurn(t, id, 0)
			p.run("reload", chromedp.Reload())
			p.headerName(guest.Name)
			if got := p.me(); got.ID != guest.ID {
				t.Fatalf("after a reload: got %s, want %s", got.ID, guest.ID)
			}
			p.accountPage()
			name := "Ada " + vp.name
			p.fill("#display-name", name)
			p.run("save name", clickSel(`#acct-name button[type=submit]`))
			p.headerName(name)
			user := "ada_" + vp.name
			p.fill("#signup-username", user)
			p.fill("#signup-password", "correct horse")
			p.run("sign up", clickSel(`#acct-signup button[type=submit]`))
			p.waitJS("signed up", `document.querySelector('#acct-done') !== null && document.querySelector('#acct-password') !== null`)
			if got := p.me(); got.ID != guest.ID || got.Guest || got.Username != user {
				t.Fatalf("after sign-up: got %+v, want %s as account %s", got, guest.ID, user)
			}
			p.noErrors()

			q := newPage(t, browser, srv.URL, true)
			q.run("viewport", vp.emulate())
			q.open("/")
			other := q.me()
			q.accountPage()
			q.fill("#signin-username", strings.ToUpper(user))
			q.fill("#signin-password", "wrong horse")
			q.run("wrong password", clickSel(`#acct-signin button[type=submit]`))
			q.waitJS("refusal", `document.querySelector('#acct-signin .acct-status.error') !== null`)
			q.fill("#signin-password", "correct horse")
			q.run("sign in", clickSel(`#acct-signin button[type=submit]`))
			q.headerName(name)
			if got := q.me(); got.ID != guest.ID {
				t.Fatalf("fresh context after sign-in: got %s, want %s (its guest was %s)", got.ID, guest.ID, other.ID)
			}
			q.run("log out", clickSel(`#acct-logout button[type=submit]`))
			q.waitJS("logged out", `document.querySelector('#acct-signup') !== null`)
			if got := q.me(); got.ID == guest.ID || !got.Guest {
				t.Errorf("after logging out: got %+v, want a new guest", got)
			}
			if got := p.me(); got.ID != guest.ID {
				t.Errorf("first browser after the other logged out: got %s, want %s", got.ID, guest.ID)
			}
			q.noErrors()
		})
	}
}

// virtualAuthenticator gives the page a platform authenticator that
// holds discoverable credentials and verifies its user at once.
func (p *page) virtualAuthenticator() {
	p.t.Helper()
	p.run("virtual authenticator", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{
			Options: &webauthn.VirtualAuthenticatorOptions{Protocol: webauthn.AuthenticatorProtocolCtap2,
				Ctap2version: webauthn.Ctap2versionCtap21, Transport: webauthn.AuthenticatorTransportInternal,
				HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true}})
		return err
	}))
}

// TestPasskeys: a guest signs up with a passkey, logs out, and signs in
// again with it; the passkey is listed, and being the only way to sign
// in, cannot be removed.
func TestPasskeys(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, browser, localhost(srv.URL), true)
			p.run("viewport", vp.emulate())
			p.virtualAuthenticator()
			p.open("/")
			guest := p.me()
			p.accountPage()
			user := "grace_" + vp.name
			p.fill("#signup-username", user)
			p.run("sign up with a passkey", clickSel(`#signup-passkey`))
			p.waitJS("signed up", `document.querySelector('#acct-passkeys') !== null`)
			if got := p.me(); got.ID != guest.ID || got.Username != user || got.Password {
				t.Fatalf("after a passkey sign-up: got %+v, want %s as %s without a password", got, guest.ID, user)
			}
			p.waitJS("passkey listed", `document.querySelectorAll('#passkey-list li.passkey').length === 1`)
			p.run("remove the only passkey", clickSel(`#passkey-list li.passkey button`))
			p.waitJS("refused", `document.querySelector('#acct-passkeys .acct-status.error') !== null`)
			if n := count(p, `#passkey-list li.passkey`); n != 1 {
				t.Errorf("after refusing to remove the last passkey: got %d listed, want 1", n)
			}
			p.run("log out", clickSel(`#acct-logout button[type=submit]`))
			p.waitJS("logged out", `document.querySelector('#signin-passkey') !== null`)
			if got := p.me(); got.ID == guest.ID {
				t.Fatalf("after logging out: still %s", got.ID)
			}
			p.run("sign in with the passkey", clickSel(`#signin-passkey`))
			p.waitJS("signed in", `document.querySelector('#acct-passkeys') !== null`)
			if got := p.me(); got.ID != guest.ID || got.Username != user {
				t.Errorf("after a passkey sign-in: got %+v, want %s", got, guest.ID)
			}
			p.noErrors()
		})
	}
}

// TestAccountInFrench: the account page, its refusals and its settings
// are all in French for a French reader.
func TestAccountInFrench(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, true)
			p.run("viewport", vp.emulate())
			p.open("/")
			p.run("français", chooseLang("fr"))
			p.waitJS("French", `document.documentElement.lang === 'fr'`)
			fc := newFrenchChecker(p)
			p.accountPage()
			fc.check(p, "guest's account page")
			p.fill("#display-name", "AI level 5")
			p.run("reserved name", clickSel(`#acct-name button[type=submit]`))
			p.waitJS("refusal", `document.querySelector('#acct-name .acct-status.error') !== null`)
			if got := evalJS[string](p, `document.querySelector('#acct-name .acct-status').textContent`); got != "Ce nom est réservé." {
				t.Errorf("reserved name: got %q, want the French refusal", got)
			}
			p.fill("#signin-username", "nobody")
			p.fill("#signin-password", "whatever1")
			p.run("unknown account", clickSel(`#acct-signin button[type=submit]`))
			p.waitJS("refusal", `document.querySelector('#acct-signin .acct-status.error') !== null`)
			fc.check(p, "refused sign-in")
			p.fill("#signup-username", "louise_"+vp.name)
			p.fill("#signup-password", "cheval correct")
			p.run("sign up", clickSel(`#acct-signup button[type=submit]`))
			p.waitJS("signed up", `document.querySelector('#acct-password') !== null && document.querySelectorAll('#passkey-list li').length > 0 && !document.querySelector('#passkey-list li').textContent.includes('…')`)
			p.eval0(`document.querySelector('details.acct-danger').open = true`)
			fc.check(p, "account settings")
			p.noErrors()
		})
	}
}
