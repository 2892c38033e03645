package abraxas

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// settings are the options of a game id.
type settings struct {
	board     int  // 1..6, 0 when the id does not say
	free      bool // push=free
	once      bool // replay=once
	boardText string
}

func readOptions(opts game.Options) (settings, error) {
	var st settings
	if b, ok := opts["board"]; ok {
		n, err := strconv.Atoi(b)
		if err != nil || n < 1 || n > 6 || b != strconv.Itoa(n) {
			return st, fmt.Errorf("abraxas: %w: option board=%s (want 1 to 6)", game.ErrBadID, b)
		}
		st.board, st.boardText = n, b
	}
	switch v := opts.Get("push", "ccw"); v {
	case "ccw":
	case "free":
		st.free = true
	default:
		return st, fmt.Errorf("abraxas: %w: option push=%s (want ccw or free)", game.ErrBadID, v)
	}
	switch v := opts.Get("replay", "chain"); v {
	case "chain":
	case "once":
		st.once = true
	default:
		return st, fmt.Errorf("abraxas: %w: option replay=%s (want chain or once)", game.ErrBadID, v)
	}
	for k := range opts {
		if k != "board" && k != "push" && k != "replay" {
			return st, fmt.Errorf("abraxas: %w: no option %q", game.ErrBadID, k)
		}
	}
	return st, nil
}

// startString returns the start position of a board.
func startString(board int) string {
	return "9/9/9/9/9/9/9/9/9 " + strconv.Itoa(board) + " - 2 corner 0-0 3-3 -"
}

func start(opts game.Options) (game.State, error) {
	st, err := readOptions(opts)
	if err != nil {
		return nil, err
	}
	return parse(opts, startString(max(st.board, 1)))
}

func parse(opts game.Options, pos string) (game.State, error) {
	s, err := Parse(opts, pos)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Parse reads a position string for the options of a game id.
func Parse(opts game.Options, pos string) (*State, error) {
	st, err := readOptions(opts)
	if err != nil {
		return nil, err
	}
	s, problem := parseFields(pos, st.once)
	if problem == "" && st.board != 0 && st.board != int(s.layout) {
		problem = fmt.Sprintf("field 1 (layout) %d disagrees with the game id's board=%d", s.layout, st.board)
	}
	if problem == "" {
		problem = s.check()
	}
	if problem != "" {
		return nil, fmt.Errorf("abraxas: %w %q: %s", game.ErrBadPosition, pos, problem)
	}
	s.free, s.once = st.free, st.once
	s.p.hash = s.fullHash()
	s.hist = []uint64{s.p.hash}
	s.p.result = s.judge()
	return s, nil
}

// parseFields reads the syntax of every field; check then looks at
// whether the whole makes sense. once says whether the game id has the
// option replay=once, the only one whose flags include r.
func parseFields(pos string, once bool) (*State, string) {
	f := strings.Split(pos, " ")
	if len(f) != 8 {
		return nil, fmt.Sprintf("want the board and 7 fields separated by single spaces, got %d parts", len(f))
	}
	s := &State{once: once}
	p := &s.p
	if problem := s.parseBoard(f[0]); problem != "" {
		return nil, problem
	}
	layout := slices.Index([]string{"1", "2", "3", "4", "5", "6"}, f[1])
	if layout < 0 {
		return nil, fmt.Sprintf("field 1 (layout) %q is not 1 to 6", f[1])
	}
	s.layout, s.dots = int8(layout+1), layouts[layout]
	corner := slices.Index(cornerNames[:], f[2])
	if corner < 0 {
		return nil, fmt.Sprintf("field 2 (corner) %q is not bl, br, tl, tr or -", f[2])
	}
	p.corner = int8(corner)
	switch f[3] {
	case "1", "2":
		p.toAct = int8(f[3][0] - '1')
	default:
		return nil, fmt.Sprintf("field 3 (player to act) %q is not 1 or 2", f[3])
	}
	phase := slices.Index(phaseNames[:], f[4])
	if phase < 0 {
		return nil, fmt.Sprintf("field 4 (phase) %q is not corner, play, take or interrupt", f[4])
	}
	p.phase = int8(phase)
	return s, s.parseCounters(f[5], f[6], f[7])
}

// parseCounters reads fields 5 to 7: pawns taken, stops, flags.
func (s *State) parseCounters(taken, stops, flags string) string {
	p := &s.p
	var ok bool
	if p.taken, ok = parsePair(taken, poolSize); !ok {
		return fmt.Sprintf("field 5 (pawns taken) %q is not <p1>-<p2> with numbers 0 to %d", taken, poolSize)
	}
	if p.stops, ok = parsePair(stops, stopsEach); !ok {
		return fmt.Sprintf("field 6 (stop pawns in hand) %q is not <p1>-<p2> with numbers 0 to %d", stops, stopsEach)
	}
	i := -1
	if flags != "" {
		i = slices.Index(flagNames[:], flags)
	}
	switch {
	case i < 0 && s.once:
		return fmt.Sprintf("field 7 (flags) %q is not -, n, s, r, nr or rs", flags)
	case i < 0:
		return fmt.Sprintf("field 7 (flags) %q is not -, n or s", flags)
	case i&flagReplay != 0 && !s.once:
		return fmt.Sprintf("field 7 (flags) %q: the flag r exists only with the option replay=once", flags)
	}
	p.flags = int8(i)
	return ""
}

// parseBoard reads the nine rows, rank 9 first, in canonical form: runs
// of empty squares merged into one digit.
func (s *State) parseBoard(rows string) string {
	rs := strings.Split(rows, "/")
	if len(rs) != 9 {
		return fmt.Sprintf("board has %d rows, want 9", len(rs))
	}
	for i, row := range rs {
		rank, file, digit := 8-i, 0, false
		for _, c := range []byte(row) {
			switch {
			case c >= '1' && c <= '9' && !digit:
				file += int(c - '0')
				digit = true
				continue
			case (c == 'R' || c == 'B') && file < files:
				b := sqBit(rank*stride + file)
				if c == 'R' {
					s.p.red = s.p.red.or(b)
				} else {
					s.p.stop = s.p.stop.or(b)
				}
				file++
			default:
				return fmt.Sprintf("board row %d (rank %d) %q: unexpected %q", i+1, rank+1, row, c)
			}
			digit = false
		}
		if file != files {
			return fmt.Sprintf("board row %d (rank %d) %q has %d squares, want 9", i+1, rank+1, row, file)
		}
	}
	return ""
}

// parsePair reads "a-b" with each number 0..limit, without leading zeros.
func parsePair(t string, limit int) ([2]int8, bool) {
	a, b, ok := strings.Cut(t, "-")
	x, okx := smallNumber(a, limit)
	y, oky := smallNumber(b, limit)
	return [2]int8{int8(x), int8(y)}, ok && okx && oky
}

func smallNumber(t string, limit int) (int, bool) {
	n, err := strconv.Atoi(t)
	return n, err == nil && n >= 0 && n <= limit && t == strconv.Itoa(n)
}

// String implements game.State.
func (s *State) String() string {
	var b strings.Builder
	p := &s.p
	b.Write(game.AppendRows(make([]byte, 0, 96), 9, func(int) int { return files },
		func(rank, file int) byte {
			switch sq := rank*stride + file; {
			case p.red.has(sq):
				return 'R'
			case p.stop.has(sq):
				return 'B'
			}
			return 0
		}))
	fmt.Fprintf(&b, " %d %s %d %s %d-%d %d-%d %s", s.layout, cornerNames[p.corner], p.toAct+1,
		phaseNames[p.phase], p.taken[0], p.taken[1], p.stops[0], p.stops[1], flagNames[p.flags])
	return b.String()
}
