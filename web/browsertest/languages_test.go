package browsertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
)

// keysShownJS lists visible texts that look like a catalog's key
// ("lobby.title"): a key missing from the language's catalog is shown
// as itself.
const keysShownJS = `(() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const s = n.textContent.trim();
    if (/^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/.test(s) && n.parentElement && n.parentElement.getClientRects().length) out.push(s);
  }
  for (const el of document.querySelectorAll('[aria-label]')) {
    const s = el.getAttribute('aria-label');
    if (/^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/.test(s)) out.push(s);
  }
  return out.slice(0, 5);
})()`

// TestLanguagesOnPhone loads each language's catalog and renders the
// home page, the new-game dialog, a game, the lobby and a rules page on
// a phone: the page says which language it is in, shows no key in
// place of a text, and nothing sticks out past the screen's right edge
// (German's long words, Polish's long forms).
func TestLanguagesOnPhone(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	names := srv.reg.Names()
	c := srv.create(t, names[0], "", 0)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.run("viewport", phone.emulate())
	p.fresh("/", `document.querySelectorAll('.card').length > 0`)
	for i, lang := range game.Languages() {
		p.run("choose "+lang, chooseLang(lang))
		p.waitJS(lang+" chosen", fmt.Sprintf(`document.documentElement.lang === %q && localStorage.getItem('plateau:lang') === %q`, lang, lang))
		rules := names[i%len(names)]
		pages := []struct{ path, ready string }{
			{"/", `document.querySelectorAll('.card svg').length > 0`},
			{"/#/game/" + c.ID, `document.querySelectorAll('.board-wrap .hit').length > 0`},
			{"/#/lobby", `!!document.querySelector('#seek-form')`},
			{"/#/rules/" + rules, `document.querySelectorAll('figure.diagram').length > 0`},
		}
		for _, pg := range pages {
			p.fresh(pg.path, pg.ready)
			p.check(lang, pg.path)
		}
		p.fresh("/", pages[0].ready)
		p.openNewGame(names[i%len(names)])
		p.check(lang, "the new-game dialog")
		p.shot("lang-" + lang)
	}
}

// check judges a page shown in lang.
func (p *page) check(lang, what string) {
	p.t.Helper()
	if got := evalJS[string](p, `document.documentElement.lang`); got != lang {
		p.t.Errorf("%s: %s: got the page in %q, want %q", lang, what, got, lang)
	}
	if got := evalJS[string](p, `document.getElementById('lang') ? document.getElementById('lang').value : ''`); got != lang {
		p.t.Errorf("%s: %s: the picker shows %q, want %q", lang, what, got, lang)
	}
	if keys := evalJS[[]string](p, keysShownJS); len(keys) > 0 {
		p.t.Errorf("%s: %s: got keys shown in place of texts %v, want none", lang, what, keys)
	}
	if out := evalJS[[]string](p, fmt.Sprintf(overflowJS, phone.w)); len(out) > 0 {
		p.t.Errorf("%s: %s on a phone: got %v past the screen's right edge, want nothing", lang, what, out)
	}
}

// TestLanguageChosen: a browser that asks for Polish first (its
// Accept-Language, navigator.languages) gets Polish; a language picked
// in the header is saved with the player's settings, so that the same
// player in a browser that has forgotten it (its storage cleared) gets
// it back from the account, not from the browser's own languages.
func TestLanguageChosen(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.run("ask for Polish", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/148 Safari/537.36", AcceptLanguage: "pl-PL,pl;q=0.9,en;q=0.5"})
		return err
	}))
	home := `document.querySelectorAll('.card').length > 0`
	p.fresh("/", home)
	if got := evalJS[string](p, `document.documentElement.lang + ' ' + document.querySelector('button[data-new]').textContent`); got != "pl Nowa partia" {
		t.Errorf("a browser asking for Polish: got %q, want pl Nowa partia", got)
	}
	p.run("pick German", chooseLang("de"))
	p.waitJS("German", `document.documentElement.lang === 'de' && document.querySelector('button[data-new]') && document.querySelector('button[data-new]').textContent === 'Neue Partie'`)
	p.waitJS("saved with the settings", `fetch('/api/settings').then((r) => r.json()).then((s) => s.lang === 'de')`)
	p.eval0(`localStorage.clear()`)
	p.fresh("/", home)
	p.waitJS("German from the account", `document.documentElement.lang === 'de' && document.querySelector('button[data-new]').textContent === 'Neue Partie'`)
	p.noErrors()
}

// TestPluralForms: a plural text takes the form the language's CLDR
// rules give the number in {0}, in the browser (Intl.PluralRules).
func TestPluralForms(t *testing.T) {
	skipShort(t)
	p := newPage(t, newBrowser(t), staticServer(t), true)
	p.fresh("/", `document.querySelectorAll('.card').length > 0`)
	tests := []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 move"}, {"en", 2, "2 moves"}, {"en", 0, "0 moves"},
		{"fr", 0, "0 coup"}, {"fr", 1, "1 coup"}, {"fr", 2, "2 coups"},
		{"pl", 1, "1 ruch"}, {"pl", 3, "3 ruchy"}, {"pl", 5, "5 ruchów"}, {"pl", 22, "22 ruchy"}, {"pl", 12, "12 ruchów"},
	}
	for _, tt := range tests {
		got := evalJS[string](p, fmt.Sprintf(`import('/js/i18n.js').then(async (m) => { await m.setLang(%q); return m.t('plies', %d); })`, tt.lang, tt.n))
		if got != tt.want {
			t.Errorf("plies(%d) in %s: got %q, want %q", tt.n, tt.lang, got, tt.want)
		}
	}
}
