package browsertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// englishWords are common English words of the interface that are not
// French words: any of them on a French page is a string left in
// English. Words French shares (points, score, stop, page, face, or,
// second, positions...) are left out.
var englishWords = strings.Fields(`the is are not your you move moves moved game games win wins won lose lost
	taken blocked has have level plays played random lines turn of and with to from piece pieces watching
	board draw resign back new rules home start cancel loading none yet copy link offer accept decline waiting
	online offline thinking player players looks ahead eleven seven two three third repetition agreed
	resignation this that here there it which who what click enter press legal illegal cannot may must
	sound off by at be can each every red white yellow pawn pawns hole pushed something wrong went could
	load found replay forward end computer friend device people human really withdraw waiting beginner
	strongest casual master server error such seat token request`)

// pageTexts returns what a page shows or says: its visible text nodes,
// the texts screen readers hear (live regions, aria-labels) and the
// options of its lists. Move notation is not words, and what is marked
// as written in another language (the switch to English) is meant so.
const pageTexts = `(() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const el = n.parentElement;
    const t = n.textContent.trim();
    if (!t || !el || el.closest('code, script, style, #movelist a, input, body [lang]:not([lang=fr])')) continue;
    if (!el.getClientRects().length && !el.closest('.sr-only, option')) continue;
    out.push(t);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (el.closest('body [lang]:not([lang=fr])')) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
})()`

// dictionaries returns the client's English and French words (the
// interface's and every board module's, all in the catalogs) as pairs
// of templates with {0} placeholders, paired by key; a plural text
// gives a pair for each form.
const dictionaries = `(async () => {
  const i18n = await import('/js/i18n.js');
  const [en, fr] = await Promise.all([i18n.fetchCatalog('en'), i18n.fetchCatalog('fr')]);
  const pairs = [];
  for (const [k, v] of Object.entries(en)) {
    if (typeof v === 'string') { pairs.push([v, typeof fr[k] === 'string' ? fr[k] : '']); continue; }
    for (const f of Object.keys(v)) pairs.push([v[f], fr[k]?.[f] ?? fr[k]?.other ?? '']);
  }
  return pairs;
})()`

// frenchChecker finds English on a French page.
type frenchChecker struct {
	templates []*regexp.Regexp // English strings whose French differs, as whole-text patterns
	words     map[string]bool
	wordRe    *regexp.Regexp
}

func newFrenchChecker(p *page) *frenchChecker {
	p.t.Helper()
	fc := &frenchChecker{words: map[string]bool{}, wordRe: regexp.MustCompile(`[A-Za-z']+`)}
	for _, w := range englishWords {
		fc.words[w] = true
	}
	for _, pair := range evalJS[[][2]string](p, dictionaries) {
		en, fr := pair[0], pair[1]
		if en == fr || len(en) < 4 {
			continue
		}
		parts := regexp.MustCompile(`\{\d\}`).Split(en, -1)
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		fc.templates = append(fc.templates, regexp.MustCompile(`^`+strings.Join(parts, `.+`)+`$`))
	}
	if len(fc.templates) < 50 {
		p.t.Fatalf("only %d English strings in the dictionaries, want the client's", len(fc.templates))
	}
	return fc
}

// english returns the texts of the page that are English.
func (fc *frenchChecker) english(p *page) []string {
	p.t.Helper()
	var bad []string
	for _, t := range evalJS[[]string](p, pageTexts) {
		if w := fc.englishWord(t); w != "" {
			bad = append(bad, fmt.Sprintf("%q (the word %q)", t, w))
			continue
		}
		for _, re := range fc.templates {
			if re.MatchString(t) {
				bad = append(bad, fmt.Sprintf("%q (the English of %s)", t, re))
				break
			}
		}
	}
	return bad
}

func (fc *frenchChecker) englishWord(t string) string {
	for _, w := range fc.wordRe.FindAllString(t, -1) {
		if fc.words[strings.ToLower(w)] {
			return w
		}
	}
	return ""
}

// check fails the test on any English on the page, naming the step.
func (fc *frenchChecker) check(p *page, step string) {
	p.t.Helper()
	if lang := evalJS[string](p, `document.documentElement.lang`); lang != "fr" {
		p.t.Fatalf("%s: page language %q, want fr", step, lang)
	}
	for _, b := range fc.english(p) {
		p.t.Errorf("%s: English on a French page: %s", step, b)
	}
}

// fresh loads a path of the server as a new page load, even when only
// the fragment differs from the page shown.
func (p *page) fresh(path, ready string) {
	p.t.Helper()
	p.run("blank", chromedp.Navigate("about:blank"))
	p.open(path)
	p.waitJS(path+" ready", ready)
}

// TestFrenchEverywhere switches to French and walks through the pages a
// player sees: home, the new-game dialog, a game and its refusals, each
// game played to its end, its replay, a server error, the game lists
// and the rules. Any English shown fails the test; the checker is first
// shown to catch English put on the page.
func TestFrenchEverywhere(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.open("/")
			p.run("français", chooseLang("fr"))
			p.waitJS("French", `document.documentElement.lang === 'fr'`)
			fc := newFrenchChecker(p)

			// The checker must be able to fail.
			p.eval0(`document.querySelector('main').append(Object.assign(document.createElement('p'), {id: 'leak', textContent: 'Waiting for Rouge'}))`)
			if bad := fc.english(p); len(bad) == 0 {
				t.Fatalf("an English sentence on the page went unnoticed")
			}
			p.eval0(`document.querySelector('#leak').textContent = 'totem blocked: blanc 3, rouge 8'`)
			if bad := fc.english(p); len(bad) == 0 {
				t.Fatalf("an English reason on the page went unnoticed")
			}
			p.eval0(`document.querySelector('#leak').remove()`)
			fc.check(p, "home")

			p.openNewGame("oshi")
			p.waitJS("dialog", `!!document.querySelector('dialog.newgame[open]')`)
			fc.check(p, "new game")
			p.run("start", clickSel(`dialog.newgame button[type=submit]`))
			p.waitJS("game page", `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length > 0`)
			fc.check(p, "game")
			p.run("type nonsense", chromedp.SendKeys(chromedp.CSS("#notation"), "zz9"+kb.Enter))
			p.waitJS("refusal", `document.querySelector('#message').textContent.includes('zz9')`)
			fc.check(p, "typed refusal")

			for _, g := range srv.reg.Names() {
				pos, mv := nearEnd(t, srv.reg, g)
				s, _ := srv.reg.New(g, pos)
				me := int(s.ToAct())
				c := srv.create(t, g, pos, me)
				p.fresh(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)), `document.querySelectorAll('.board-wrap .hit').length > 0`)
				fc.check(p, g+" before the end")
				p.playByClicks(mv, 0)
				p.waitJS("banner", `!document.querySelector('.banner').hidden`)
				fc.check(p, g+" at the end")
				p.fresh("/#/replay/"+c.ID, `document.querySelectorAll('.board-wrap .hit, svg.board').length > 0`)
				fc.check(p, g+" replay")
			}

			p.fresh("/#/game/nosuchgame", `!!document.querySelector('main h1')`)
			fc.check(p, "unknown game")

			beginner := srv.create(t, "oxford:variant=beginner", "", 0)
			srv.resign(t, beginner.ID, beginner.token(0))
			p.fresh("/#/games", `!document.querySelector('main').textContent.includes('Chargement')`)
			fc.check(p, "game lists")

			for _, g := range srv.reg.Names() {
				p.fresh("/#/rules/"+g, `document.querySelectorAll('figure.diagram').length > 0`)
				fc.check(p, g+" rules")
			}
			p.noErrors()
		})
	}
}

// resign resigns a seat of a game through the API.
func (s *testServer) resign(t *testing.T, id, token string) {
	t.Helper()
	res, err := httpPostJSON(s.URL+"/api/games/"+id+"/resign", map[string]string{"token": token})
	if err != nil || res != 200 {
		t.Fatalf("resign %s: status %d, %v", id, res, err)
	}
}

// httpPostJSON posts v as JSON and returns the answer's status.
func httpPostJSON(url string, v any) (int, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return 0, err
	}
	res, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}
