package browsertest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/plateau-games/plateau/game"
)

// layout is a screen the tests play on.
type layout struct {
	name   string
	w, h   int64
	mobile bool
}

// layouts are a desktop and a phone screen.
var layouts = []layout{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}}

// use sets the page's screen to the layout.
func (p *page) use(l layout) {
	p.t.Helper()
	if l.mobile {
		p.run("screen "+l.name, chromedp.EmulateViewport(l.w, l.h, chromedp.EmulateMobile))
		return
	}
	p.run("screen "+l.name, chromedp.EmulateViewport(l.w, l.h))
}

// scheme makes the page see the system's colour scheme as light or dark.
func (p *page) scheme(s string) {
	p.t.Helper()
	p.run("colour scheme "+s, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
		return err
	}))
}

// text returns an element's text content, "" when there is none.
func (p *page) text(sel string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel))
}

// oshiImpasse plays seeded random Oshi moves until the side to act has
// a piece under the impasse rule that has some legal move; it returns
// the position, the piece's square, the square the rule forbids and the
// player to act.
func oshiImpasse(t *testing.T, reg *game.Registry) (pos, from, back string, me int) {
	t.Helper()
	r := newRand(5)
	for range 100 {
		s, err := reg.New("oshi", "")
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 300 && s.Result() == game.Ongoing; ply++ {
			f := strings.Fields(s.String())
			if f[3] != "-" && ply > 2 {
				// The forbidden square must not hold a piece that could
				// move itself: a click there would select it instead.
				e := strings.Split(f[3], ",")[0]
				legal := game.MoveStrings(s)
				if slices.ContainsFunc(legal, func(mv string) bool { return strings.HasPrefix(mv, e[:2]) }) &&
					!slices.ContainsFunc(legal, func(mv string) bool { return strings.HasPrefix(mv, e[2:]) }) {
					return s.String(), e[:2], e[2:], int(s.ToAct())
				}
			}
			moves := game.MoveStrings(s)
			if _, err := game.PlayChecked(s, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no Oshi impasse reached")
	return "", "", "", 0
}

// TestRefusalNamesRule reaches an Oshi impasse and tries the forbidden
// move by clicking and by typing, on a desktop and a phone, in English
// and French: the refusal names the impasse rule, and the typed move's
// suggestions are the selected piece's moves.
func TestRefusalNamesRule(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	pos, from, back, me := oshiImpasse(t, srv.reg)
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			c := srv.create(t, "oshi", pos, me)
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)))
			p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			p.run("select "+from, clickSquare(from))
			p.run("click "+back, clickSquare(back))
			p.waitJS("the impasse named", fmt.Sprintf(`(m => m.includes('impasse') && m.includes(%q) && m.includes(%q))(document.querySelector('#message').textContent)`, from+" cannot go back to "+back, "impasse"))

			p.run("type the move", chromedp.SendKeys(chromedp.CSS("#notation"), from+back+kb.Enter))
			p.waitJS("typed refusal", `document.querySelector('#message').textContent.includes('impasse') && document.querySelector('#message').textContent.includes('Moves from')`)
			msg := p.text("#message")
			_, list, _ := strings.Cut(msg, "Moves from "+from+": ")
			moves := strings.Split(strings.TrimSuffix(list, "."), ", ")
			legal := srv.get(t, c.ID).Legal
			for _, mv := range moves {
				if !strings.HasPrefix(mv, from) || !slices.Contains(legal, mv) {
					t.Errorf("suggested %q in %q, want legal moves of %s only", mv, msg, from)
				}
			}

			p.run("français", chooseLang("fr"))
			p.waitJS("board again", `document.documentElement.lang === 'fr' && document.querySelectorAll('.board-wrap .hit').length > 0`)
			p.run("select "+from, clickSquare(from))
			p.run("click "+back, clickSquare(back))
			p.waitJS("the impasse named in French", fmt.Sprintf(`document.querySelector('#message').textContent.includes(%q)`, from+" ne peut pas revenir en "+back))
			if v := srv.get(t, c.ID); len(v.Moves) != 0 {
				t.Errorf("refused moves changed the game: %v", v.Moves)
			}
			p.eval0(`localStorage.setItem('plateau:lang', 'en')`)
			p.noErrors()
		})
	}
}

// TestSpectatorWatches opens a game as a spectator: no move form, no
// "not your turn" on a click, and a line saying they are watching.
func TestSpectatorWatches(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			c := srv.create(t, "oshi", "", 0)
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.open("/#/game/" + c.ID)
			p.waitJS("spectator's board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			if n := count(p, "#notation, form.notation"); n != 0 {
				t.Errorf("spectator sees %d move forms, want none", n)
			}
			if got := p.text("#turn"); !strings.Contains(got, "You are watching") {
				t.Errorf("spectator's turn line %q, want that they are watching", got)
			}
			v := srv.get(t, c.ID)
			p.run("click a piece", clickSquare(firstSquare(v.Legal)))
			if got := p.text("#message"); got != "" {
				t.Errorf("spectator's click says %q, want nothing", got)
			}
			if n := count(p, ".board-wrap .selected, .board-wrap .target"); n != 0 {
				t.Errorf("spectator's click marked %d squares, want none", n)
			}
			p.noErrors()
		})
	}
}

// TestAnnouncements plays against the AI: the AI's move and then the
// result are said in the live region, and pieces are labelled in
// English a person would write.
func TestAnnouncements(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			c := srv.create(t, "oshi", "", 0)
			p := newPage(t, browser, srv.URL, true)
			p.use(l)
			p.openSeat(c, 0)
			if live := evalJS[string](p, `document.querySelector('#announce').getAttribute('aria-live')`); live != "polite" {
				t.Errorf("announcements' aria-live %q, want polite", live)
			}
			labels := evalJS[[]string](p, `[...document.querySelectorAll('.board-wrap [aria-label]')].map(e => e.getAttribute('aria-label'))`)
			joined := strings.Join(labels, "\n")
			if strings.Contains(joined, "tiers") || !strings.Contains(joined, "Red one-tier piece") {
				t.Errorf("piece labels %q, want \"Red one-tier piece\" and never \"of N tiers\"", joined)
			}
			v := srv.get(t, c.ID)
			p.playByClicks(pick(v.Legal, 0), 0)
			after := srv.waitTurn(t, c.ID, 0)
			want := fmt.Sprintf("White played %s.", after.Moves[1])
			p.waitJS("AI's move announced", fmt.Sprintf(`document.querySelector('#announce').textContent.includes(%q)`, want))

			pos, mv := nearEnd(t, srv.reg, "oshi")
			s, _ := srv.reg.New("oshi", pos)
			me := int(s.ToAct())
			end := srv.create(t, "oshi", pos, me)
			p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", end.ID, me, end.token(me)))
			p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			p.playByClicks(mv, 0)
			p.waitJS("result announced", `(a => a.includes('Game over') && a.includes('You win') && a.includes('seven points'))(document.querySelector('#announce').textContent)`)
			p.noErrors()
		})
	}
}

// sounds returns the sounds the page asked for: name and whether played.
func (p *page) sounds() []string {
	p.t.Helper()
	return evalJS[[]string](p, `(window.plateauSounds || []).map(s => s.name + ':' + s.played)`)
}

// TestFeel checks the move and capture sounds and their remembered off
// switch, the dark theme that follows the system, and the AI level
// picker's words.
func TestFeel(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	p := newPage(t, browser, srv.URL, true)
	p.use(layouts[0])

	// A capture: the winning push takes pieces off the board.
	pos, mv := nearEnd(t, srv.reg, "oshi")
	s, _ := srv.reg.New("oshi", pos)
	me := int(s.ToAct())
	end := srv.create(t, "oshi", pos, me)
	p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", end.ID, me, end.token(me)))
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	p.playByClicks(mv, 0)
	p.waitJS("capture sound", `(window.plateauSounds || []).some(s => s.name === 'capture' && s.played)`)

	// A plain move, then the switch turned off and kept over a reload.
	c := srv.create(t, "oshi", "", 0)
	p.openSeat(c, 0)
	v := srv.get(t, c.ID)
	p.playByClicks(pick(v.Legal, 0), 0)
	p.waitJS("move sound", `(window.plateauSounds || []).some(s => s.name === 'move' && s.played)`)
	p.run("sound off", clickSel("#sound"))
	p.run("reload", chromedp.Reload())
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	if got := evalJS[string](p, `document.querySelector('#sound').getAttribute('aria-pressed')`); got != "false" {
		t.Errorf("sound switch after a reload: aria-pressed %q, want false", got)
	}
	v = srv.waitTurn(t, c.ID, 0)
	p.playByClicks(pick(v.Legal, 1), len(v.Moves))
	p.waitJS("muted move", `(window.plateauSounds || []).length > 0`)
	for _, snd := range p.sounds() {
		if strings.HasSuffix(snd, ":true") {
			t.Errorf("sound %s played with sounds off", snd)
		}
	}

	// The theme follows the system's colour scheme.
	for _, tt := range []struct {
		scheme string
		dark   bool
	}{{"dark", true}, {"light", false}} {
		p.scheme(tt.scheme)
		p.open("/")
		lum := evalJS[float64](p, `(() => { const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number); return (0.2126*r + 0.7152*g + 0.0722*b) / 255; })()`)
		if (lum < 0.3) != tt.dark {
			t.Errorf("%s scheme: page background luminance %.2f, want dark %v", tt.scheme, lum, tt.dark)
		}
	}

	// The level picker says what each level does, in both languages.
	p.openNewGame("oshi")
	p.waitJS("dialog", `!!document.querySelector('dialog.newgame #level-about')`)
	opts := evalJS[[]string](p, `[...document.querySelectorAll('#ng-level option')].map(o => o.textContent)`)
	if len(opts) != 8 || !strings.Contains(opts[0], "Beginner") || !strings.Contains(opts[7], "Strongest") {
		t.Errorf("level options %q, want 8 levels from Beginner to Strongest", opts)
	}
	if got := p.text("#level-about"); !strings.Contains(got, "Club player") || !strings.Contains(got, "lines of play") {
		t.Errorf("default level's description %q, want the club player's", got)
	}
	p.run("level 1", chromedp.SetValue(chromedp.CSS("#ng-level"), "1"))
	p.eval0(`document.querySelector('#ng-level').dispatchEvent(new Event('change'))`)
	if got := p.text("#level-about"); !strings.HasPrefix(got, "Beginner") {
		t.Errorf("level 1's description %q, want the beginner's", got)
	}
	p.noErrors()
}
