package abraxas

import (
	"errors"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// TestReplayOnce plays the same moves under the standard rule and under
// replay=once and checks the position after each: the two agree until a
// replay's takes, after which replay=once passes the turn.
func TestReplayOnce(t *testing.T) {
	t.Parallel()
	const empty = "9/9/9/9/9/9/9/9/9 1 "
	type step struct{ move, chain, once string }
	cases := []struct {
		name, start string
		steps       []step
	}{
		// The lab's cycle on board 1: d4 pushed right lands on e4 and
		// makes e1-e4 with three dots; so does e3 pushed up.
		{"pass", "", []step{
			{"@bl", empty + "bl 1 play 0-0 3-3 -", empty + "bl 1 play 0-0 3-3 -"},
			{"d4@br", "9/9/9/9/9/4R4/9/9/9 1 br 1 take 0-0 3-3 -", "9/9/9/9/9/4R4/9/9/9 1 br 1 take 0-0 3-3 -"},
			{"xe4", empty + "br 2 interrupt 1-0 3-3 -", empty + "br 2 interrupt 1-0 3-3 -"},
			{"pass", empty + "br 1 play 1-0 3-3 -", empty + "br 1 play 1-0 3-3 r"},
			{"e3@tr", "9/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-3 -", "9/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-3 r"},
			{"xe4", empty + "tr 2 interrupt 2-0 3-3 -", empty + "tr 2 play 2-0 3-3 -"},
		}},
		// An interrupt without a push: the replay answers it (n) and
		// is still a replay (r).
		{"stop", "", []step{
			{"@bl", empty + "bl 1 play 0-0 3-3 -", empty + "bl 1 play 0-0 3-3 -"},
			{"d4@br", "9/9/9/9/9/4R4/9/9/9 1 br 1 take 0-0 3-3 -", "9/9/9/9/9/4R4/9/9/9 1 br 1 take 0-0 3-3 -"},
			{"xe4", empty + "br 2 interrupt 1-0 3-3 -", empty + "br 2 interrupt 1-0 3-3 -"},
			{"!b8", "9/1B7/9/9/9/9/9/9/9 1 br 1 play 1-0 3-2 n", "9/1B7/9/9/9/9/9/9/9 1 br 1 play 1-0 3-2 nr"},
			{"e3@tr", "1B7/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-2 -", "1B7/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-2 r"},
			{"xe4", "1B7/9/9/9/9/9/9/9/9 1 tr 2 interrupt 2-0 3-2 -", "1B7/9/9/9/9/9/9/9/9 1 tr 2 play 2-0 3-2 -"},
		}},
		// An interrupt whose push scores: the interrupter takes (s),
		// the replay comes next (r).
		{"stop that scores", "9/9/9/9/4R4/9/9/9/9 1 bl 2 interrupt 1-0 3-3 -", []step{
			{"!a8@br", "9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 1-0 3-2 s", "9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 1-0 3-2 rs"},
			{"xf5", "9/1B7/9/9/9/9/9/9/9 1 br 1 play 1-1 3-2 n", "9/1B7/9/9/9/9/9/9/9 1 br 1 play 1-1 3-2 nr"},
			{"e3@tr", "1B7/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-1 3-2 -", "1B7/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-1 3-2 r"},
			{"xe4", "1B7/9/9/9/9/9/9/9/9 1 tr 2 interrupt 2-1 3-2 -", "1B7/9/9/9/9/9/9/9/9 1 tr 2 play 2-1 3-2 -"},
		}},
		// A stop turn instead of the replay's red turn ends the replay.
		{"replay by a stop", "9/9/9/9/9/9/9/9/9 1 br 2 interrupt 1-0 3-3 -", []step{
			{"pass", empty + "br 1 play 1-0 3-3 -", empty + "br 1 play 1-0 3-3 r"},
			{"!b8", "9/1B7/9/9/9/9/9/9/9 1 br 2 play 1-0 2-3 n", "9/1B7/9/9/9/9/9/9/9 1 br 2 play 1-0 2-3 n"},
		}},
		// Player 2 has no stop pawn: no interrupt, the replay at once.
		{"no interrupt", "9/9/9/9/3R5/9/7B1/7B1/7B1 1 bl 1 take 0-0 3-0 -", []step{
			{"xd5", "9/9/9/9/9/9/7B1/7B1/7B1 1 bl 1 play 1-0 3-0 -", "9/9/9/9/9/9/7B1/7B1/7B1 1 bl 1 play 1-0 3-0 r"},
			{"d4@br", "9/9/9/9/9/4R4/8B/8B/8B 1 br 1 take 1-0 3-0 -", "9/9/9/9/9/4R4/8B/8B/8B 1 br 1 take 1-0 3-0 r"},
			{"xe4", "9/9/9/9/9/9/8B/8B/8B 1 br 1 play 2-0 3-0 -", "9/9/9/9/9/9/8B/8B/8B 1 br 2 play 2-0 3-0 -"},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			chain, once := newState(t, "abraxas", tc.start), newState(t, "abraxas:replay=once", tc.start)
			for i, st := range tc.steps {
				play(t, chain, st.move)
				play(t, once, st.move)
				if got := chain.String(); got != st.chain {
					t.Errorf("step %d %s, standard rule: got %q, want %q", i+1, st.move, got, st.chain)
				}
				if got := once.String(); got != st.once {
					t.Errorf("step %d %s, replay=once: got %q, want %q", i+1, st.move, got, st.once)
				}
			}
		})
	}
}

// TestReplayFlagPositions: the flag r reads back as written, with its
// words in the drawing, and hashes as a position made by play.
func TestReplayFlagPositions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ pos, words string }{
		{"9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 r", "Flags: r (player 1 replays: a replay earns no other)"},
		{"9/1B7/9/9/9/9/9/9/9 1 br 1 play 2-0 3-2 nr",
			"Flags: n (player 1 answers a stop turn and may not place a stop pawn); r (player 1 replays: a replay earns no other)"},
		{"9/9/9/9/9/4R4/9/9/9 1 tr 1 take 1-0 3-3 r", "Flags: r (the takes follow a replay: no other replay)"},
		{"9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 1-0 3-2 rs",
			"Flags: r (player 1 replays next: a replay earns no other); s (the takes follow a stop turn: no replay)"},
	} {
		s, err := Parse(game.Options{"replay": "once"}, tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		if got := s.String(); got != tc.pos {
			t.Errorf("got %q, want %q", got, tc.pos)
		}
		if got := s.Draw(false); !strings.Contains(got, tc.words+"\n") {
			t.Errorf("%s: got drawing\n%s\nwant the line %q", tc.pos, got, tc.words)
		}
		if _, err := Parse(nil, tc.pos); err == nil || !strings.Contains(err.Error(), "only with the option replay=once") {
			t.Errorf("%s without the option: got error %v, want one naming the option", tc.pos, err)
		}
	}
	// The same position reached by play and parsed has the same hash,
	// which differs from the one without the flag.
	s := newState(t, "abraxas:replay=once", "9/9/9/9/9/9/9/9/9 1 br 2 interrupt 1-0 3-3 -")
	play(t, s, "pass")
	parsed, err := Parse(game.Options{"replay": "once"}, s.String())
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Parse(game.Options{"replay": "once"}, strings.TrimSuffix(s.String(), "r")+"-")
	if err != nil {
		t.Fatal(err)
	}
	if s.Hash() != parsed.Hash() || s.Hash() == plain.Hash() {
		t.Errorf("got hashes %x played, %x parsed, %x without r: want the first two equal, the third not",
			s.Hash(), parsed.Hash(), plain.Hash())
	}
}

func TestReplayBadPositions(t *testing.T) {
	t.Parallel()
	once := game.Options{"replay": "once"}
	for _, tc := range []struct {
		name string
		opts game.Options
		pos  string
		want string
	}{
		{"r without the option", nil, "9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 r", "r exists only with the option replay=once"},
		{"nr without the option", nil, "9/1B7/9/9/9/9/9/9/9 1 br 1 play 2-0 3-2 nr", "r exists only with the option replay=once"},
		{"unknown flags", once, "9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 rn", "is not -, n, s, r, nr or rs"},
		{"sr", once, "9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 sr", "is not -, n, s, r, nr or rs"},
		{"ns", once, "9/9/9/9/9/9/9/9/9 1 br 1 play 1-0 3-3 ns", "is not -, n, s, r, nr or rs"},
		{"r in interrupt", once, "9/9/9/9/9/9/9/9/9 1 br 2 interrupt 1-0 3-3 r", "r belongs to the play and take phases, not interrupt"},
		{"r in corner", once, "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 r", "must be - in the corner phase"},
		{"r before any take", once, "9/9/9/9/9/9/9/9/9 1 br 1 play 0-3 3-3 r", "player 1 replays, but has taken nothing"},
		{"r take before any take", once, "9/9/9/9/9/4R4/9/9/9 1 tr 1 take 0-0 3-3 r", "player 1 replays, but has taken nothing"},
		{"rs, replayer took nothing", once, "9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 0-1 3-2 rs", "player 1 replays, but has taken nothing"},
		{"nr in take", once, "9/1B7/9/9/5R3/9/9/9/9 1 br 2 take 1-0 3-2 nr", "n belongs to the play phase, not take"},
		{"rs in play", once, "9/1B7/9/9/9/9/9/9/9 1 br 1 play 2-0 3-2 rs", "s belongs to the take phase, not play"},
		{"bad option value", game.Options{"replay": "twice"}, "9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -", "option replay=twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(tc.opts, tc.pos)
			wantKind := game.ErrBadPosition
			if tc.opts["replay"] == "twice" {
				wantKind = game.ErrBadID
			}
			if !errors.Is(err, wantKind) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "abraxas: ") {
				t.Errorf("got error %v, want %v naming %q", err, wantKind, tc.want)
			}
		})
	}
}
