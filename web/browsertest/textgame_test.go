package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// within is true once the expression js holds, false after seconds.
func (p *page) within(js string, seconds int) bool {
	p.t.Helper()
	return evalJS[bool](p, fmt.Sprintf(`new Promise((done) => { const t0 = Date.now(); const f = () => { if (%s) done(true); else if (Date.now() - t0 > %d) done(false); else setTimeout(f, 50); }; f(); })`, js, seconds*1000))
}

// axRegion returns the lines a screen reader has of the live region
// with the given role and accessible name ("log", "Game events"): the
// texts of its accessibility subtree, read from Chromium's accessibility
// tree, not from the DOM.
func (p *page) axRegion(name, role string) []string {
	p.t.Helper()
	var lines []string
	p.run("accessibility tree of "+name, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		tree, err := cdp.Call(ctx, tg, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			return err
		}
		byID := map[accessibility.NodeID]*accessibility.Node{}
		var region *accessibility.Node
		for _, n := range tree.Nodes {
			byID[n.NodeID] = n
			if axString(n.Role) == role && axString(n.Name) == name && hasProperty(n, "live") && region == nil {
				region = n
			}
		}
		if region == nil {
			return fmt.Errorf("no live %s region %q in the accessibility tree", role, name)
		}
		var walk func(n *accessibility.Node)
		walk = func(n *accessibility.Node) {
			if n == nil || n.Ignored && len(n.ChildIDs) == 0 {
				return
			}
			if axString(n.Role) == "StaticText" {
				lines = append(lines, axString(n.Name))
				return
			}
			for _, c := range n.ChildIDs {
				walk(byID[c])
			}
		}
		walk(region)
		return nil
	}))
	return lines
}

func axString(v *accessibility.Value) string {
	if v == nil {
		return ""
	}
	var s string
	if json.Unmarshal(v.Value, &s) != nil {
		return ""
	}
	return s
}

func hasProperty(n *accessibility.Node, name string) bool {
	for _, pr := range n.Properties {
		if string(pr.Name) == name {
			return true
		}
	}
	return false
}

// TestTextModeWholeGame plays a whole game of each game, from the start
// position to its end, against the computer, with the text mode alone:
// each turn the player asks for the legal moves (a), types one (each
// step of an Abraxas turn), and learns of the computer's moves, its own
// turn and the result from the live log as the accessibility tree gives
// it to a screen reader.
func TestTextModeWholeGame(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.open("/")
	p.eval0(`localStorage.setItem('plateau:textmode', '1')`)
	for _, g := range srv.reg.Names() {
		t.Run(g, func(t *testing.T) {
			p.t = t
			c := srv.create(t, g, "", 0) // the computer at level 1 plays second
			p.fresh(fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)), `!!document.querySelector('#text-cmd') && document.querySelectorAll('#text-log p').length > 0`)
			moves := p.playToTheEnd(g, 400)
			log := p.axRegion("Game events", "log")
			over := 0
			for _, l := range log {
				if strings.HasPrefix(l, "Game over") {
					over++
				}
			}
			if over != 1 {
				t.Errorf("%s: the result was said %d times, want once; the log ends %q", g, over, log[max(0, len(log)-3):])
			}
			t.Logf("%s: %d moves typed, %d lines announced, last %q", g, moves, len(log), log[len(log)-1])
			p.noErrors()
		})
	}
}

// playToTheEnd types legal moves until the log says the game is over;
// it returns how many it typed, and fails the test past limit. The log
// keeps its last lines only, so a line is known as new by a mark on the
// lines already read, not by their count.
func (p *page) playToTheEnd(g string, limit int) int {
	p.t.Helper()
	const fresh = `(() => { const ps = document.querySelectorAll('#text-log p'); const l = ps[ps.length - 1]; return !!l && !l.dataset.read; })()`
	const mark = `document.querySelectorAll('#text-log p').forEach((x) => { x.dataset.read = '1'; })`
	for typed := 0; ; typed++ {
		p.waitJS("my turn or the end", `[...document.querySelectorAll('#text-log p')].some((x) => x.textContent.startsWith('Game over')) || (`+fresh+` && [...document.querySelectorAll('#text-log p')].pop().textContent.startsWith('Your turn'))`)
		log := p.axRegion("Game events", "log")
		if over(log) {
			return typed
		}
		if typed >= limit {
			p.t.Fatalf("%s: still going after %d moves typed; the log ends %q", g, typed, log[max(0, len(log)-3):])
		}
		legal := strings.TrimSuffix(strings.TrimPrefix(p.textCmd("a"), "Legal moves: "), ".")
		ms := strings.Split(legal, ", ")
		mv := ms[typed*7%len(ms)] // varied, and the same on every run
		p.eval0(mark)
		if got := p.textCmd(mv); !strings.Contains(got, "You play") {
			p.t.Fatalf("%s: typing %q: got %q", g, mv, got)
		}
		if !p.within(fresh, 20) {
			p.t.Fatalf("%s: after %q nothing was announced; the log ends %q", g, mv, p.textLog())
		}
	}
}

func over(log []string) bool {
	for _, l := range log {
		if strings.HasPrefix(l, "Game over") {
			return true
		}
	}
	return false
}
