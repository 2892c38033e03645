package browsertest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// findPosition plays seeded random games until pred picks a move in a
// position, and returns that position and move.
func findPosition(t *testing.T, reg *game.Registry, gameID string, pred func(legal []string) string) (string, string) {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		s, err := reg.New(gameID, "")
		if err != nil {
			t.Fatal(err)
		}
		r := newRand(seed)
		for ply := 0; ply < 400 && s.Result() == game.Ongoing; ply++ {
			legal := game.MoveStrings(s)
			if mv := pred(legal); mv != "" {
				return s.String(), mv
			}
			if _, err := game.PlayChecked(s, legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("%s: no position found for this case", gameID)
	return "", ""
}

// expectedChoices returns what the page should offer after the steps done
// so far: the squares and the options of the legal moves that agree with
// them. Forced options are taken by the page, as people would expect.
func expectedChoices(legal []string, done []step) (squares, options []string) {
	sq, op := map[string]bool{}, map[string]bool{}
	for _, mv := range legal {
		st := stepsOf(mv)
		if len(st) <= len(done) || !slices.Equal(st[:len(done)], done) {
			continue
		}
		if n := st[len(done)]; n.square != "" {
			sq[n.square] = true
		} else {
			op[n.option] = true
		}
	}
	for k := range sq {
		squares = append(squares, k)
	}
	for k := range op {
		options = append(options, k)
	}
	sort.Strings(squares)
	sort.Strings(options)
	return squares, options
}

// offered reads the squares marked on the board and the option buttons;
// a mode already turned on (a pressed toggle) is no longer a choice.
func (p *page) offered() (squares, options []string) {
	squares = evalJS[[]string](p, `[...new Set([...document.querySelectorAll('.board-wrap .target, .board-wrap .selectable')].map(e => e.dataset.sq))].sort()`)
	options = evalJS[[]string](p, `[...document.querySelectorAll('#options button[data-opt]:not([aria-pressed=true])')].map(e => e.dataset.opt).filter(o => o !== 'hint' && o !== 'confirm').sort()`)
	return squares, options
}

// TestGuidedMoves enters multi-part moves step by step and checks that at
// every step the page offers exactly the choices the legal moves allow.
func TestGuidedMoves(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	have := playedGames(srv)
	browser := newBrowser(t)
	has := func(sub string) func([]string) string {
		return func(legal []string) string {
			for _, mv := range legal {
				if strings.Contains(mv, sub) {
					return mv
				}
			}
			return ""
		}
	}
	tests := []struct {
		name, game string
		pred       func([]string) string
	}{
		{"yoxii value", "yoxii", func(l []string) string { return l[len(l)/2] }},
		{"oxford base entry", "oxford", has("=")},
		{"oshi move", "oshi", func(l []string) string { return l[len(l)-1] }},
		{"abraxas corner", "abraxas", has("@t")},
		{"abraxas stop", "abraxas", func(l []string) string {
			if slices.Contains(l, "pass") {
				return ""
			}
			return has("!")(l)
		}},
		{"abraxas interrupt", "abraxas", func(l []string) string {
			if !slices.Contains(l, "pass") {
				return ""
			}
			return has("@")(l)
		}},
		{"abraxas take", "abraxas", has("x")},
		{"abraxas free push", "abraxas:push=free", has("@")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !slices.Contains(have, strings.Split(tt.game, ":")[0]) {
				t.Fatalf("browsertest: %s is not wired", tt.game)
			}
			pos, mv := findPosition(t, srv.reg, tt.game, tt.pred)
			st, _ := srv.reg.New(tt.game, pos)
			me := int(st.ToAct())
			legal := game.MoveStrings(st)
			c := srv.create(t, tt.game, pos, me)
			p := newPage(t, browser, srv.URL, false)
			p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)))
			p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			var done []step
			for _, s := range stepsOf(mv) {
				wantSq, wantOpt := expectedChoices(legal, done)
				if len(wantSq) == 0 && len(wantOpt) == 1 && s.option != "" {
					done = append(done, s) // forced: the page took it
					continue
				}
				gotSq, gotOpt := p.offered()
				// Takes are a set of squares in any order: checked by playing.
				if !strings.HasPrefix(mv, "x") && !slices.Equal(gotSq, wantSq) || !slices.Equal(gotOpt, nonNil(wantOpt)) {
					t.Fatalf("%s after %v: offered squares %v options %v, want %v %v", mv, done, gotSq, gotOpt, wantSq, wantOpt)
				}
				if s.square != "" {
					p.run("click "+s.square, clickSquare(s.square))
				} else if evalJS[bool](p, fmt.Sprintf(`!!document.querySelector('#options button[data-opt=%q]')`, s.option)) {
					p.run("option "+s.option, clickSel(fmt.Sprintf(`#options button[data-opt=%q]`, s.option)))
				}
				done = append(done, s)
			}
			p.waitJS("move played", `document.querySelectorAll('#movelist li').length > 0`)
			if v := srv.get(t, c.ID); len(v.Moves) == 0 || v.Moves[0] != mv {
				t.Fatalf("got moves %v, want %s first", v.Moves, mv)
			}
			p.noErrors()
		})
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
