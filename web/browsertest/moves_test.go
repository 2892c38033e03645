package browsertest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/chromedp/chromedp"
)

// step is one thing a person does to enter part of a move: click a square,
// or press an option button if the page asks (the page skips buttons for
// forced choices).
type step struct {
	square string
	option string
}

var (
	reYoxii   = regexp.MustCompile(`^([a-g][1-7]),([1-4])@([a-g][1-7])$`)
	reTwoSq   = regexp.MustCompile(`^([a-i][1-9])([a-i][1-9])$`)
	reOxEntry = regexp.MustCompile(`^([a-f][1-8])([a-f][1-8])=([a-f][1-8])([a-f][1-8])$`)
	reCorner  = regexp.MustCompile(`^@(bl|br|tl|tr)$`)
	reRed     = regexp.MustCompile(`^([a-i][1-9])@(bl|br|tl|tr)$`)
	reLift    = regexp.MustCompile(`^([a-i][1-9])([a-i][1-9])@(bl|br|tl|tr)$`)
	reStop    = regexp.MustCompile(`^!([a-i][1-9])(?:@(bl|br|tl|tr))?$`)
	reTake    = regexp.MustCompile(`^x(.+)$`)
	reOneSq   = regexp.MustCompile(`^[a-i][1-9]$`)
)

// stepsOf turns a move string into the clicks a person makes for it.
func stepsOf(mv string) []step {
	sq := func(s string) step { return step{square: s} }
	opt := func(s string) step { return step{option: s} }
	switch m := []string(nil); {
	case mv == "pass":
		return []step{opt("pass")}
	case reOneSq.MatchString(mv):
		return []step{sq(mv)}
	case func() bool { m = reYoxii.FindStringSubmatch(mv); return m != nil }():
		return []step{sq(m[1]), sq(m[3]), opt(m[2])}
	case func() bool { m = reOxEntry.FindStringSubmatch(mv); return m != nil }():
		return []step{sq(m[1]), sq(m[2]), sq(m[3]), sq(m[4])}
	case func() bool { m = reTwoSq.FindStringSubmatch(mv); return m != nil }():
		return []step{sq(m[1]), sq(m[2])}
	case func() bool { m = reCorner.FindStringSubmatch(mv); return m != nil }():
		return []step{opt(mv)}
	case func() bool { m = reRed.FindStringSubmatch(mv); return m != nil }():
		// A red pawn is what a click on a hole places.
		return []step{sq(m[1]), opt("@" + m[2])}
	case func() bool { m = reLift.FindStringSubmatch(mv); return m != nil }():
		return []step{sq(m[1]), sq(m[2]), opt("@" + m[3])}
	case func() bool { m = reStop.FindStringSubmatch(mv); return m != nil }():
		// A stop pawn is chosen on purpose, before its hole.
		if m[2] == "" {
			return []step{opt("stop"), sq(m[1]), opt("nopush")}
		}
		return []step{opt("stop"), sq(m[1]), opt("@" + m[2])}
	case func() bool { m = reTake.FindStringSubmatch(mv); return m != nil }():
		var out []step
		for _, s := range strings.Split(m[1], ",") {
			out = append(out, sq(s))
		}
		return append(out, opt("confirm"))
	}
	return nil
}

// playByClicks enters a move on the game page by clicking, then waits
// until the page's move list has grown past seen.
func (p *page) playByClicks(mv string, seen int) {
	p.t.Helper()
	p.clickMove(mv)
	p.waitJS(fmt.Sprintf("move %s played", mv), fmt.Sprintf(`document.querySelectorAll('#movelist li').length > %d`, seen))
}

// clickMove makes a move's clicks on the page's board, and its option
// buttons when the page asks; it waits for nothing after.
func (p *page) clickMove(mv string) {
	p.t.Helper()
	steps := stepsOf(mv)
	if steps == nil {
		p.t.Fatalf("no clicks known for move %q", mv)
	}
	for _, s := range steps {
		if s.square != "" {
			p.run("click square "+s.square+" for "+mv, clickSquare(s.square))
			continue
		}
		sel := fmt.Sprintf(`#options button[data-opt=%q]`, s.option)
		// Forced choices are taken by the page itself: click only if asked.
		if evalJS[bool](p, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			p.run("click option "+s.option+" for "+mv, clickSel(sel))
		}
	}
}

// pieceKinds maps a position character to the data-kind the page gives
// the piece, per game.
func pieceKind(gameName string, ch byte) string {
	upper := ch >= 'A' && ch <= 'Z'
	owner := "1"
	if upper {
		owner = "0"
	}
	lc := strings.ToLower(string(ch))
	switch gameName {
	case "yoxii":
		if ch == 'T' {
			return "T"
		}
		return owner + ":" + map[string]string{"o": "1", "i": "2", "y": "3", "x": "4"}[lc]
	case "oshi":
		return owner + ":" + map[string]string{"s": "1", "d": "2", "t": "3"}[lc]
	case "oxford":
		return owner + "/" + strings.ToUpper(lc)
	}
	return string(ch)
}

// rowFiles lists the files present on each rank (0-based) of a game.
func rowFiles(gameName string, rank int) []int {
	all := func(n int) []int {
		f := make([]int, n)
		for i := range f {
			f[i] = i
		}
		return f
	}
	switch gameName {
	case "yoxii":
		return [][]int{{2, 3, 4}, {1, 2, 3, 4, 5}, all(7), all(7), all(7), {1, 2, 3, 4, 5}, {2, 3, 4}}[rank]
	case "oxford":
		return all(6)
	}
	return all(9)
}

// expectedPieces lists "square=kind" for every piece of a position string.
func expectedPieces(gameName, pos string) []string {
	rows := strings.Split(strings.Fields(pos)[0], "/")
	var out []string
	for i, row := range rows {
		rank := len(rows) - 1 - i
		files := rowFiles(gameName, rank)
		k := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				k += int(c - '0')
				continue
			}
			out = append(out, fmt.Sprintf("%c%d=%s", 'a'+files[k], rank+1, pieceKind(gameName, c)))
			k++
		}
	}
	sort.Strings(out)
	return out
}

// boardPieces reads "square=kind" for every piece the page's board draws.
func (p *page) boardPieces(gameName string) []string {
	js := `[...document.querySelectorAll('.board-wrap .pc:not(.leave)')].map(e => e.dataset.sq + '=' + e.dataset.kind + (e.dataset.look ? '/' + e.dataset.look : ''))`
	got := evalJS[[]string](p, js)
	if gameName != "oxford" {
		for i, s := range got {
			got[i] = strings.TrimSuffix(s, "/")
		}
	}
	sort.Strings(got)
	return got
}

// checkBoard compares the page's board with a position string.
func (p *page) checkBoard(gameName, pos string) {
	p.t.Helper()
	want := expectedPieces(gameName, pos)
	// The page redraws on the view it receives; give it a moment.
	js := fmt.Sprintf(`JSON.stringify([...document.querySelectorAll('.board-wrap .pc:not(.leave)')].map(e => e.dataset.sq + '=' + e.dataset.kind + (e.dataset.look ? '/' + e.dataset.look : '')).sort()) === %q`, mustJSON(want))
	if err := chromedp.Do(p.ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(10_000_000_000))); err != nil {
		got := p.boardPieces(gameName)
		p.t.Fatalf("board does not show %s\n got %v\nwant %v", pos, got, want)
	}
}

func mustJSON(v []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range v {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q", s)
	}
	b.WriteByte(']')
	return b.String()
}
