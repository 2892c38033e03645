package yoxii

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// winsAtOnce reports by brute force whether the player to act has a move
// that ends the game with their win.
func winsAtOnce(s *State) bool {
	me := s.ToAct()
	for _, m := range s.Moves(nil) {
		s.Play(m)
		won := s.Result() == game.Win(me)
		s.Undo()
		if won {
			return true
		}
	}
	return false
}

// TestWinningMove compares winningMove with a brute-force search over the
// positions of many random games, and checks the policy's moves there.
func TestWinningMove(t *testing.T) {
	t.Parallel()
	games := 3000
	if testing.Short() {
		games = 300
	}
	r := rand.New(rand.NewPCG(3, 4))
	wins := 0
	for range games {
		s := New()
		for s.Result() == game.Ongoing {
			me, legal := s.ToAct(), s.Moves(nil)
			want := winsAtOnce(s)
			m, got := s.winningMove(r)
			if got != want {
				t.Fatalf("%s: winningMove found a win: got %v, want %v", s, got, want)
			}
			pm := s.PlayoutMove(r)
			if !slices.Contains(legal, pm) {
				t.Fatalf("%s: PlayoutMove gave illegal %s", s, s.FormatMove(pm))
			}
			if got {
				wins++
				s.Play(m)
				if res := s.Result(); !slices.Contains(legal, m) || res != game.Win(me) {
					t.Fatalf("%s: winning move %s is legal %v and gives %v", s, s.FormatMove(m), slices.Contains(legal, m), res)
				}
				s.Undo()
				s.Play(pm)
				if res := s.Result(); res != game.Win(me) {
					t.Fatalf("%s: PlayoutMove %s missed the win, gives %v", s, s.FormatMove(pm), res)
				}
				s.Undo()
			}
			s.Play(s.RandomMove(r))
		}
	}
	if wins < games/10 {
		t.Errorf("got %d positions with a winning move in %d games, want more to test", wins, games)
	}
}

func TestWinningMoveCases(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, pos, want string }{
		// Red moves the totem to c6 and fills d6, its last empty
		// neighbour, with a 4: white cannot move and red wins 12 to 6.
		{"fill the last neighbour", "Oxo/i1TX1/1OiXoo1/Y1X1I2/1yxyYI1/O4/3 r", "c6,4@d6"},
		// White jumps the totem from b5 over c5 to d5, whose neighbours
		// are all full; red's only way out is the jump over d4 to d3, so
		// white's piece goes on d3 and white wins 9 to 3.
		{"block the last jump", "xxx/IoXO1/1TO1I2/1yooO2/1Y5/5/3 w", "d5,4@d3"},
		{"none", StartPosition, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Parse(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if m, ok := s.winningMove(nil); ok {
				got = s.FormatMove(m)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// unsafeShare returns the share of the legal moves that lose at once or
// let the opponent win at once.
func unsafeShare(s *State) float64 {
	me, moves := s.ToAct(), s.Moves(nil)
	bad := 0
	for _, m := range moves {
		if !safeMove(s, m, me) {
			bad++
		}
	}
	return float64(bad) / float64(len(moves))
}

func safeMove(s *State, m game.Move, me game.Player) bool {
	s.Play(m)
	defer s.Undo()
	switch s.Result() {
	case game.Win(me):
		return true
	case game.Ongoing:
		return !winsAtOnce(s)
	}
	return false
}

// TestPlayoutMoveAvoidsTraps finds positions of random games where many
// moves hand the opponent a win, and checks that the policy, which draws
// a second move after an unsafe one, plays unsafe moves about as often as
// two unsafe draws in a row (share squared), well below the share itself.
func TestPlayoutMoveAvoidsTraps(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(8, 9))
	tested := 0
	for tested < 3 {
		s := New()
		for s.Result() == game.Ongoing && tested < 3 {
			if p := unsafeShare(s); p >= 0.4 && p <= 0.9 && !winsAtOnce(s) {
				tested++
				const draws = 2000
				bad := 0
				for range draws {
					if !safeMove(s, s.PlayoutMove(r), s.ToAct()) {
						bad++
					}
				}
				got := float64(bad) / draws
				if want := p * p; got > want+0.05 || got < want-0.05 {
					t.Errorf("%s: %.0f%% of moves are unsafe; the policy played unsafe %.3f of the time, want about %.3f", s, 100*p, got, want)
				}
			}
			s.Play(s.RandomMove(r))
		}
	}
}
