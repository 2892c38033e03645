package oshi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

const (
	size    = 9
	squares = size * size
	// winScore is the score that ends the game.
	winScore = 7
	// setValue is the total value of one player's eight pieces.
	setValue = 4*1 + 2*2 + 2*3
	// maxImpasse bounds the impasse entries: one per piece of the side to
	// act. A move leaves at most three (the pushed pieces still on the
	// board end in the line in front of the mover), but the spec does not
	// reject more in a position string, so neither does Parse.
	maxImpasse = 8
)

// A piece code holds the tier (1-3) in its low two bits and the owner in
// bit 2 (0 red, 1 white); 0 is an empty square.
const ownerShift = 2

func tierOf(p uint8) int              { return int(p & 3) }
func ownerOf(p uint8) int             { return int(p >> ownerShift) }
func makePiece(owner, tier int) uint8 { return uint8(owner<<ownerShift | tier) }

// setCount is how many pieces of each tier one player owns.
var setCount = [4]int{0, 4, 2, 2}

// entry is one impasse entry: a piece of the side to act now on square
// now, pushed there by the previous move from square before.
type entry struct {
	now, before int8
}

// State is an Oshi position with its history. Square index = rank*9+file,
// both from 0.
type State struct {
	game.Linear[evalTable] // EvalWeights, FeatureNames

	board    [squares]uint8
	rankOcc  [size]uint16    // bit f set when (f, r) is occupied
	fileOcc  [size]uint16    // bit r set when (f, r) is occupied
	sideRank [2][size]uint16 // per owner, bit f of rank r
	side     int
	score    [2]int
	imp      [maxImpasse]entry
	nimp     int
	passes   int // passes in a row just before this position
	hash     uint64
	result   game.Result
	reason   reason
	noRep    bool     // repetition rule switched off (perft)
	irrev    int      // index in hashes of the first position since the last capture
	hist     []undo   // one record per move played on this State
	hashes   []uint64 // hash of every position since the State was created
}

func squareName(sq int) string {
	return string([]byte{byte('a' + sq%size), byte('1' + sq/size)})
}

// parseSquare reads "e5"; ok is false for anything else.
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9' {
		return 0, false
	}
	return int(s[1]-'1')*size + int(s[0]-'a'), true
}

// put sets a square, keeping occupancy and the hash in step.
func (s *State) put(sq int, p uint8) {
	old := s.board[sq]
	if old == p {
		return
	}
	f, r := sq%size, sq/size
	if old != 0 {
		s.hash ^= pieceKeys[sq][old]
		s.rankOcc[r] &^= 1 << f
		s.fileOcc[f] &^= 1 << r
		s.sideRank[ownerOf(old)][r] &^= 1 << f
	}
	if p != 0 {
		s.hash ^= pieceKeys[sq][p]
		s.rankOcc[r] |= 1 << f
		s.fileOcc[f] |= 1 << r
		s.sideRank[ownerOf(p)][r] |= 1 << f
	}
	s.board[sq] = p
}

// Parse reads a position string of the spec.
func Parse(pos string) (*State, error) {
	fields := strings.Split(pos, " ")
	if len(fields) != 4 {
		return nil, badPosition(pos, "want 4 space-separated fields (board, side, score, impasse), got %d", len(fields))
	}
	s := &State{}
	if err := s.parseBoard(pos, fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "r":
	case "w":
		s.side = 1
		s.hash ^= sideKey
	default:
		return nil, badPosition(pos, "field 1 (side to act) %q is not r or w", fields[1])
	}
	if err := s.checkScore(pos, fields[2]); err != nil {
		return nil, err
	}
	if err := s.parseImpasse(pos, fields[3]); err != nil {
		return nil, err
	}
	s.hashes = []uint64{s.hash}
	s.settle()
	return s, nil
}

func badPosition(pos, format string, args ...any) error {
	return fmt.Errorf("oshi: %w %q: %s", game.ErrBadPosition, pos, fmt.Sprintf(format, args...))
}

func (s *State) parseBoard(pos, board string) error {
	rows := strings.Split(board, "/")
	if len(rows) != size {
		return badPosition(pos, "board has %d rows, want 9", len(rows))
	}
	var count [2][4]int
	for i, row := range rows {
		if err := s.parseRow(pos, i, row, &count); err != nil {
			return err
		}
	}
	for owner := range count {
		for tier := 1; tier <= 3; tier++ {
			if n := count[owner][tier]; n > setCount[tier] {
				return badPosition(pos, "board has %d %s pieces of %d tier(s), the set has %d",
					n, playerNames[owner], tier, setCount[tier])
			}
		}
	}
	return nil
}

// parseRow reads row i of the board (rank 9 first), counting pieces by
// owner and tier.
func (s *State) parseRow(pos string, i int, row string, count *[2][4]int) error {
	r := size - 1 - i
	f := 0
	prevDigit := false
	for j := 0; j < len(row); j++ {
		c := row[j]
		if c >= '1' && c <= '9' {
			if prevDigit {
				return badPosition(pos, "board row %d (rank %d) %q has two digits in a row", i+1, r+1, row)
			}
			f += int(c - '0')
			prevDigit = true
			continue
		}
		prevDigit = false
		owner, tier, ok := pieceFromLetter(c)
		if !ok {
			return badPosition(pos, "board row %d (rank %d) %q has bad character %q", i+1, r+1, row, c)
		}
		if f >= size {
			return badPosition(pos, "board row %d (rank %d) %q holds more than 9 squares", i+1, r+1, row)
		}
		s.put(r*size+f, makePiece(owner, tier))
		count[owner][tier]++
		f++
	}
	if f != size {
		return badPosition(pos, "board row %d (rank %d) %q does not hold 9 squares", i+1, r+1, row)
	}
	return nil
}

var playerNames = [2]string{"red", "white"}

const pieceLetters = "SDT"

func pieceFromLetter(c byte) (owner, tier int, ok bool) {
	if i := strings.IndexByte(pieceLetters, c); i >= 0 {
		return 0, i + 1, true
	}
	if i := strings.IndexByte(strings.ToLower(pieceLetters), c); i >= 0 {
		return 1, i + 1, true
	}
	return 0, 0, false
}

func pieceLetter(p uint8) byte {
	c := pieceLetters[tierOf(p)-1]
	if ownerOf(p) == 1 {
		c += 'a' - 'A'
	}
	return c
}

// checkScore computes the scores from the missing pieces and checks the
// field against them.
func (s *State) checkScore(pos, field string) error {
	var onBoard [2]int
	for _, p := range s.board {
		if p != 0 {
			onBoard[ownerOf(p)] += tierOf(p)
		}
	}
	s.score = [2]int{setValue - onBoard[1], setValue - onBoard[0]}
	want := scoreField(s.score)
	red, white, ok := strings.Cut(field, "-")
	if !ok || !isNumber(red) || !isNumber(white) {
		return badPosition(pos, "field 2 (score) %q is not <red>-<white>", field)
	}
	if field != want {
		return badPosition(pos, "field 2 (score) %q does not match the missing pieces (want %s)", field, want)
	}
	return nil
}

func isNumber(s string) bool {
	if s == "" || len(s) > 2 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	_, err := strconv.Atoi(s)
	return err == nil && s[0] != '+' && s[0] != '-'
}

func scoreField(sc [2]int) string {
	return strconv.Itoa(sc[0]) + "-" + strconv.Itoa(sc[1])
}

func (s *State) parseImpasse(pos, field string) error {
	if field == "-" {
		return nil
	}
	items := strings.Split(field, ",")
	if len(items) > maxImpasse {
		return badPosition(pos, "field 3 (impasse) %q has %d entries, more than a side's %d pieces", field, len(items), maxImpasse)
	}
	for i, it := range items {
		e, err := s.parseEntry(pos, it)
		if err != nil {
			return err
		}
		if i > 0 && items[i-1] >= it {
			return badPosition(pos, "field 3 (impasse) %q is not in byte order or repeats %q", field, it)
		}
		for _, o := range s.imp[:s.nimp] {
			if o.now == e.now {
				return badPosition(pos, "field 3 (impasse) %q lists %s twice", field, it[:2])
			}
		}
		s.imp[s.nimp] = e
		s.nimp++
		s.hash ^= impasseKey(e)
	}
	return nil
}

func (s *State) parseEntry(pos, it string) (entry, error) {
	if len(it) != 4 {
		return entry{}, badPosition(pos, "field 3 (impasse) entry %q is not <square-now><square-before>", it)
	}
	now, ok1 := parseSquare(it[:2])
	before, ok2 := parseSquare(it[2:])
	switch {
	case !ok1 || !ok2:
		return entry{}, badPosition(pos, "field 3 (impasse) entry %q is not <square-now><square-before>", it)
	case s.board[now] == 0 || ownerOf(s.board[now]) != s.side:
		return entry{}, badPosition(pos, "field 3 (impasse) entry %q: %s does not hold a %s piece (the side to act)",
			it, it[:2], playerNames[s.side])
	case now == before:
		return entry{}, badPosition(pos, "field 3 (impasse) entry %q: a pushed piece cannot be back on its square", it)
	case now%size != before%size && now/size != before/size:
		return entry{}, badPosition(pos, "field 3 (impasse) entry %q: the squares are not on one file or rank", it)
	}
	return entry{int8(now), int8(before)}, nil
}

// String returns the position string of the spec.
func (s *State) String() string {
	var b strings.Builder
	b.Write(game.AppendRows(make([]byte, 0, 64), size, func(int) int { return size },
		func(r, f int) byte {
			if p := s.board[r*size+f]; p != 0 {
				return pieceLetter(p)
			}
			return 0
		}))
	b.WriteString([]string{" r ", " w "}[s.side])
	b.WriteString(scoreField(s.score))
	b.WriteByte(' ')
	b.WriteString(s.impasseField())
	return b.String()
}

func (s *State) impasseField() string {
	if s.nimp == 0 {
		return "-"
	}
	parts := make([]string, s.nimp)
	for i, e := range s.imp[:s.nimp] {
		parts[i] = squareName(int(e.now)) + squareName(int(e.before))
	}
	return strings.Join(parts, ",")
}
