package browsertest

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/game"
)

var reSquare = regexp.MustCompile(`[a-i][1-9]`)

// plateOffset is where each corner puts the plate's first hole.
var plateOffset = map[string][2]int{"bl": {0, 0}, "br": {1, 0}, "tl": {0, 1}, "tr": {1, 1}}

// cornerOf reads the plate's corner from an Abraxas position string.
func cornerOf(pos string) string { return strings.Fields(pos)[2] }

// shifted names a square after the plate moved from corner from to
// corner to: the pawns travel with the plate.
func shifted(sq, from, to string) string {
	a, b := plateOffset[from], plateOffset[to]
	return fmt.Sprintf("%c%c", sq[0]+byte(b[0]-a[0]), sq[1]+byte(b[1]-a[1]))
}

// aiRun finds a position where the player to act, played by the first
// legal move as the test server's AI plays, makes a run of several moves
// that starts with a placement and a push, and then hands the game to
// the other player. It returns the position and the run.
func aiRun(t *testing.T, s *testServer, gameID string) (string, []string) {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		st, err := s.reg.New(gameID, "")
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(seed)
		for ply := 0; ply < 300 && st.Result() == game.Ongoing; ply++ {
			if run := firstMoverRun(t, st); len(run) >= 2 && strings.Contains(run[0], "@") && reSquare.MatchString(run[0]) {
				return st.String(), run
			}
			legal := game.MoveStrings(st)
			if _, err := game.PlayChecked(st, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("%s: no multi-move run found", gameID)
	return "", nil
}

// firstMoverRun returns the moves the player to act plays in a row as
// firstMover, or nil unless the game then goes on with the other player.
func firstMoverRun(t *testing.T, s game.State) []string {
	c := s.Clone()
	me := c.ToAct()
	var run []string
	for c.Result() == game.Ongoing && c.ToAct() == me && len(run) < 8 {
		mv := game.MoveStrings(c)[0]
		if _, err := game.PlayChecked(c, mv); err != nil {
			t.Fatal(err)
		}
		run = append(run, mv)
	}
	if c.Result() != game.Ongoing || c.ToAct() == me {
		return nil
	}
	return run
}

// markedSquares reads which squares carry a last-move mark, by where the
// marks are drawn: the square whose hit area holds a mark's centre.
func (p *page) markedSquares() []string {
	return evalJS[[]string](p, `(() => {
	  const hits = [...document.querySelectorAll('.board-wrap rect.hit')].map((e) => [e.dataset.sq, e.getBoundingClientRect()]);
	  const out = new Set();
	  for (const m of document.querySelectorAll('.board-wrap .last')) {
	    const b = m.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
	    const hit = hits.find(([, r]) => x > r.left && x < r.right && y > r.top && y < r.bottom);
	    if (hit) out.add(hit[0]);
	  }
	  return [...out].sort();
	})()`)
}

// TestAbraxasWholeTurn has the AI play a run of several moves (a
// placement with its push, then takes) and checks that the board marks
// every step where it now stands, that a placed pawn is there, and that
// the move list names the squares as the board shows them.
func TestAbraxasWholeTurn(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	pos, run := aiRun(t, srv, "abraxas")
	st, _ := srv.reg.New("abraxas", pos)
	ai := int(st.ToAct())
	me := 1 - ai
	// The corner before each move of the run, and at its end.
	corners := []string{cornerOf(pos)}
	for _, mv := range run {
		if _, err := game.PlayChecked(st, mv); err != nil {
			t.Fatal(err)
		}
		corners = append(corners, cornerOf(st.String()))
	}
	end := corners[len(corners)-1]
	want := map[string]bool{}
	nowOf := make([][]string, len(run))
	for i, mv := range run {
		for _, sq := range reSquare.FindAllString(mv, -1) {
			now := shifted(sq, corners[i], end)
			want[now] = true
			if now != sq {
				nowOf[i] = append(nowOf[i], now)
			}
		}
	}
	var wantSqs []string
	for sq := range want {
		wantSqs = append(wantSqs, sq)
	}
	sort.Strings(wantSqs)

	c := srv.create(t, "abraxas", pos, me)
	browser := newBrowser(t)
	for _, vp := range viewports {
		t.Run(vp.name, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, false)
			p.run("viewport", vp.emulate())
			p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)))
			v := srv.waitTurn(t, c.ID, me)
			if len(v.Moves) != len(run) || !slices.Equal(v.Moves, run) {
				t.Fatalf("the AI played %v, want the run %v", v.Moves, run)
			}
			p.checkBoard("abraxas", v.Position)
			p.waitJS("move list", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(run)))
			if got := p.markedSquares(); !slices.Equal(got, wantSqs) {
				t.Errorf("run %v: marked squares %v, want every step where it now stands %v", run, got, wantSqs)
			}
			// A pawn placed during the run stands on a marked square, and
			// the mark says it is new.
			if sq := reSquare.FindString(run[0]); strings.HasPrefix(run[0], "!") || reRed.MatchString(run[0]) {
				now := shifted(sq, corners[0], end)
				if n := count(p, fmt.Sprintf(`.board-wrap .last.placed[data-sq=%q]`, now)); n != 1 {
					t.Errorf("pawn placed by %s now on %s: got %d marks of a new pawn there, want 1", run[0], now, n)
				}
			}
			items := evalJS[[]string](p, `[...document.querySelectorAll('#movelist li')].map((e) => e.textContent)`)
			for i, now := range nowOf {
				for _, sq := range now {
					if !strings.Contains(items[i], sq) {
						t.Errorf("move list item %q for %s: want the square as the board shows it now, %s", items[i], run[i], sq)
					}
				}
			}
			p.noErrors()
		})
	}
}

// playPosition finds an Abraxas position whose legal moves hold both red
// placements and stop turns on the same holes and no pass, and returns
// it with a hole that takes both.
func playPosition(t *testing.T, s *testServer, gameID string) (string, string) {
	t.Helper()
	return findPosition(t, s.reg, gameID, func(legal []string) string {
		if slices.Contains(legal, "pass") {
			return ""
		}
		for _, mv := range legal {
			if m := reRed.FindStringSubmatch(mv); m != nil && slices.Contains(legal, "!"+m[1]) {
				return m[1]
			}
		}
		return ""
	})
}

// openAs creates a game at pos with the player to act as this page's
// seat and opens it.
func (p *page) openAs(s *testServer, gameID, pos string) (created, int) {
	p.t.Helper()
	st, err := s.reg.New(gameID, pos)
	if err != nil {
		p.t.Fatal(err)
	}
	me := int(st.ToAct())
	c := s.create(p.t, gameID, pos, me)
	p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)))
	p.waitJS("board and prompt", `document.querySelectorAll('.board-wrap .hit').length > 0 && document.querySelector('#prompt').textContent !== ''`)
	return c, me
}

// optionShown tells whether the page offers an option button.
func (p *page) optionShown(opt string) bool {
	return evalJS[bool](p, fmt.Sprintf(`!!document.querySelector('#options button[data-opt=%q]')`, opt))
}

// clickOption presses an option button, failing at once when it is absent.
func (p *page) clickOption(opt string) {
	p.t.Helper()
	if !p.optionShown(opt) {
		got := evalJS[[]string](p, `[...document.querySelectorAll('#options button')].map((e) => e.dataset.opt || e.textContent)`)
		p.t.Fatalf("no option %q offered; offered %v", opt, got)
	}
	p.run("option "+opt, clickSel(fmt.Sprintf(`#options button[data-opt=%q]`, opt)))
}

// firstMove waits until the server holds the game's first move and returns it.
func firstMove(t *testing.T, s *testServer, p *page, id string) string {
	t.Helper()
	p.waitJS("move played", `document.querySelectorAll('#movelist li').length > 0`)
	return s.get(t, id).Moves[0]
}

// TestAbraxasInput checks how a turn is entered: a plain click on a hole
// places a red pawn; a stop pawn is chosen on purpose with its own
// button, which also starts the stop turn after a replay (Stop!); a free
// push takes two clicks; and the board reads well on a phone.
func TestAbraxasInput(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)

	t.Run("red by one click", func(t *testing.T) {
		pos, hole := playPosition(t, srv, "abraxas")
		p := newPage(t, browser, srv.URL, false)
		c, _ := p.openAs(srv, "abraxas", pos)
		if p.optionShown("red") {
			t.Errorf("a red pawn must not need a button of its own")
		}
		p.run("click "+hole, clickSquare(hole))
		if got := firstMove(t, srv, p, c.ID); !reRed.MatchString(got) || !strings.HasPrefix(got, hole) {
			t.Errorf("one click on %s played %q, want a red pawn there with the one push", hole, got)
		}
		p.noErrors()
	})

	t.Run("stop on purpose", func(t *testing.T) {
		pos, hole := playPosition(t, srv, "abraxas")
		p := newPage(t, browser, srv.URL, false)
		c, _ := p.openAs(srv, "abraxas", pos)
		p.clickOption("stop")
		if !evalJS[bool](p, `document.querySelector('#options button[data-opt=stop]')?.getAttribute('aria-pressed') === 'true'`) {
			t.Errorf("the stop pawn button does not show it is on")
		}
		p.run("click "+hole, clickSquare(hole))
		p.clickOption("nopush")
		if got := firstMove(t, srv, p, c.ID); got != "!"+hole {
			t.Errorf("stop button, %s, no push: played %q, want !%s", hole, got, hole)
		}
		p.noErrors()
	})

	t.Run("Stop! starts the stop turn", func(t *testing.T) {
		pos, mv := findPosition(t, srv.reg, "abraxas", func(l []string) string {
			if !slices.Contains(l, "pass") {
				return ""
			}
			for _, mv := range l {
				if reStop.MatchString(mv) && !strings.Contains(mv, "@") {
					return mv
				}
			}
			return ""
		})
		p := newPage(t, browser, srv.URL, false)
		c, _ := p.openAs(srv, "abraxas", pos)
		p.clickOption("stop")
		if got := evalJS[string](p, `document.querySelector('#options button[data-opt=stop]')?.getAttribute('aria-pressed') || ''`); got != "true" {
			t.Errorf("Stop! pressed: aria-pressed %q, want true (the stop turn has begun)", got)
		}
		if n := count(p, `.board-wrap .target`); n == 0 {
			t.Errorf("Stop! pressed: no hole offered for the stop pawn")
		}
		p.run("click "+mv[1:], clickSquare(mv[1:]))
		p.clickOption("nopush")
		if got := firstMove(t, srv, p, c.ID); got != mv {
			t.Errorf("Stop!, %s, no push: played %q, want %s", mv[1:], got, mv)
		}
		p.noErrors()
	})

	t.Run("free push in two clicks", func(t *testing.T) {
		pos, hole := playPosition(t, srv, "abraxas:push=free")
		p := newPage(t, browser, srv.URL, false)
		c, _ := p.openAs(srv, "abraxas:push=free", pos)
		p.run("click "+hole, clickSquare(hole))
		st, _ := srv.reg.New("abraxas:push=free", pos)
		var push string
		for _, mv := range game.MoveStrings(st) {
			if strings.HasPrefix(mv, hole+"@") {
				push = mv[len(hole):]
				break
			}
		}
		p.clickOption(push)
		if got := firstMove(t, srv, p, c.ID); got != hole+push {
			t.Errorf("free push: played %q, want %s%s", got, hole, push)
		}
		p.noErrors()
	})

	t.Run("phone legibility", func(t *testing.T) {
		pos, _ := playPosition(t, srv, "abraxas")
		p := newPage(t, browser, srv.URL, false)
		p.run("phone", phone.emulate())
		p.openAs(srv, "abraxas", pos)
		// Clickable holes stand out from the plate.
		if op := evalJS[float64](p, `+getComputedStyle(document.querySelector('.board-wrap .selectable')).strokeOpacity`); op < 0.9 {
			t.Errorf("clickable holes drawn at stroke opacity %.2f, want at least 0.9", op)
		}
		// A dot is a ring, not a solid red disc like a pawn.
		if f := evalJS[string](p, `getComputedStyle(document.querySelector('.board-wrap .dot')).fill`); f != "none" {
			t.Errorf("board dots filled with %s, want rings (fill none) that cannot pass for pawns", f)
		}
		if w := evalJS[float64](p, `document.querySelector('.board-wrap rect.hit').getBoundingClientRect().width`); w < 40 {
			t.Errorf("squares are %.1fpx wide on a 390px phone, want at least 40 (and pinch zoom)", w)
		}
		if meta := evalJS[string](p, `document.querySelector('meta[name=viewport]').content`); strings.Contains(meta, "user-scalable=no") || strings.Contains(meta, "maximum-scale=1") {
			t.Errorf("viewport %q forbids zooming", meta)
		}
		// Each player's chip shows what that player has: their stop pawns.
		st, _ := srv.reg.New("abraxas", pos)
		stops := strings.Split(strings.Fields(st.String())[6], "-")
		for pl := range 2 {
			chip := evalJS[string](p, fmt.Sprintf(`document.querySelector('.player[data-player="%d"]').textContent`, pl))
			if !strings.Contains(chip, "×"+stops[pl]) {
				t.Errorf("player %d chip %q does not show their %s stop pawns", pl+1, chip, stops[pl])
			}
		}
		p.noErrors()
	})
}

// viewport is a screen the layout tests use.
type viewport struct {
	name   string
	w, h   int64
	mobile bool
}

var (
	desktop   = viewport{"desktop", 1280, 800, false}
	phone     = viewport{"phone", 390, 844, true}
	viewports = []viewport{desktop, phone}
)

func (v viewport) emulate() chromedp.Action[chromedp.Void] {
	if v.mobile {
		return chromedp.EmulateViewport(v.w, v.h, chromedp.EmulateMobile)
	}
	return chromedp.EmulateViewport(v.w, v.h)
}
