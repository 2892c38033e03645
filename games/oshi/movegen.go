package oshi

import (
	"math/bits"
	"math/rand/v2"

	"github.com/plateau-games/plateau/game"
)

// maxMoves bounds the moves of a position: 8 pieces, 4 directions, 3
// distances.
const maxMoves = 8 * 4 * 3

// Directions, in the order moves are generated.
const (
	north = iota // towards rank 9
	south
	east // towards file i
	west
)

var delta = [4]int{size, -size, 1, -1}

// A move packs its squares, direction and distance so that Play needs no
// decoding work: from | to<<8 | dir<<16 | dist<<18. passMove is apart.
const passMove game.Move = 1 << 24

func makeMove(from, dir, dist int) game.Move {
	to := from + dist*delta[dir]
	return game.Move(from | to<<8 | dir<<16 | dist<<18)
}

func moveFrom(m game.Move) int { return int(m & 0xff) }
func moveTo(m game.Move) int   { return int(m >> 8 & 0xff) }
func moveDir(m game.Move) int  { return int(m >> 16 & 3) }
func moveDist(m game.Move) int { return int(m >> 18 & 7) }

// reach[s-1][n][ray] is the set of legal distances (bit d-1) of a piece
// of strength s with n squares before the edge, ray holding bit i when the
// square i+1 ahead is occupied. The whole step-by-step pushing rule lives
// here, on occupancy alone: colours never change what is legal.
var reach = buildReach()

func buildReach() (t [3][size][256]uint8) {
	for s := 1; s <= 3; s++ {
		for n := 0; n < size; n++ {
			for ray := 0; ray < 256; ray++ {
				t[s-1][n][ray] = reachOf(s, n, ray&(1<<n-1))
			}
		}
	}
	return t
}

func reachOf(s, n, ray int) uint8 {
	var mask uint8
	full := 1<<n - 1
	for k := 1; k <= s && k <= n; k++ {
		if ray>>(k-1)&1 == 1 {
			line := bits.TrailingZeros(uint(^(ray >> (k - 1))))
			if line > s {
				break // this and every longer move need too long a line
			}
			run := (1<<line - 1) << (k - 1)
			ray = (ray&^run | run<<1) & full
		}
		mask |= 1 << (k - 1)
	}
	return mask
}

// rev9 reverses the nine low bits, to read rays going south and west.
var rev9 = buildRev9()

func buildRev9() (t [512]uint16) {
	for x := range t {
		t[x] = uint16(bits.Reverse16(uint16(x)) >> 7)
	}
	return t
}

// reaches returns the legal-distance masks of the piece on sq for the
// four directions, ignoring the impasse rule.
func (s *State) reaches(sq int) [4]uint8 {
	f, r := sq%size, sq/size
	t := &reach[tierOf(s.board[sq])-1]
	file, rank := uint(s.fileOcc[f]), uint(s.rankOcc[r])
	return [4]uint8{
		north: t[size-1-r][file>>(r+1)&0xff],
		south: t[r][uint(rev9[file])>>(size-r)&0xff],
		east:  t[size-1-f][rank>>(f+1)&0xff],
		west:  t[f][uint(rev9[rank])>>(size-f)&0xff],
	}
}

// forbidden clears from m the landing that the impasse rule forbids to
// the piece on sq, if any.
func (s *State) forbid(sq int, m *[4]uint8) {
	for _, e := range s.imp[:s.nimp] {
		if int(e.now) != sq {
			continue
		}
		dir, dist := lineStep(sq, int(e.before))
		if dist >= 1 && dist <= 3 {
			m[dir] &^= 1 << (dist - 1)
		}
	}
}

// lineStep returns the direction and distance from a to b, which share a
// file or a rank; dist is 0 when they do not.
func lineStep(a, b int) (dir, dist int) {
	fa, ra, fb, rb := a%size, a/size, b%size, b/size
	switch {
	case fa == fb && rb > ra:
		return north, rb - ra
	case fa == fb && rb < ra:
		return south, ra - rb
	case ra == rb && fb > fa:
		return east, fb - fa
	case ra == rb && fb < fa:
		return west, fa - fb
	}
	return 0, 0
}

// Moves implements game.State. A player without a legal move has the
// single move pass.
func (s *State) Moves(dst []game.Move) []game.Move {
	if s.result != game.Ongoing {
		return dst
	}
	n := len(dst)
	dst = s.generate(dst, s.side, true)
	if len(dst) == n {
		dst = append(dst, passMove)
	}
	return dst
}

// generate appends the moves of side; the impasse rule applies only to
// the side to act.
func (s *State) generate(dst []game.Move, side int, impasse bool) []game.Move {
	for r := 0; r < size; r++ {
		for b := s.sideRank[side][r]; b != 0; b &= b - 1 {
			sq := r*size + bits.TrailingZeros16(b)
			m := s.reaches(sq)
			if impasse && s.nimp > 0 {
				s.forbid(sq, &m)
			}
			for dir, mask := range m {
				for ; mask != 0; mask &= mask - 1 {
					dst = append(dst, makeMove(sq, dir, bits.TrailingZeros8(mask)+1))
				}
			}
		}
	}
	return dst
}

// count returns how many moves side has, passes excluded.
func (s *State) count(side int, impasse bool) int {
	n := 0
	for r := 0; r < size; r++ {
		for b := s.sideRank[side][r]; b != 0; b &= b - 1 {
			sq := r*size + bits.TrailingZeros16(b)
			m := s.reaches(sq)
			if impasse && s.nimp > 0 {
				s.forbid(sq, &m)
			}
			n += bits.OnesCount32(uint32(m[0]) | uint32(m[1])<<8 | uint32(m[2])<<16 | uint32(m[3])<<24)
		}
	}
	return n
}

// CountMoves implements game.MoveCounter.
func (s *State) CountMoves() int {
	if s.result != game.Ongoing {
		return 0
	}
	if n := s.count(s.side, true); n > 0 {
		return n
	}
	return 1
}

// RandomMove implements game.RandomMover. It keeps each piece's four
// distance masks, draws an index below their total population and decodes
// only the move drawn, so every legal move is equally likely and nothing
// is allocated.
func (s *State) RandomMove(r *rand.Rand) game.Move {
	var sqs [8]int
	var masks [8]uint32 // four direction masks, a byte each
	n, total := 0, 0
	for rank := 0; rank < size; rank++ {
		for b := s.sideRank[s.side][rank]; b != 0; b &= b - 1 {
			sq := rank*size + bits.TrailingZeros16(b)
			m := s.reaches(sq)
			if s.nimp > 0 {
				s.forbid(sq, &m)
			}
			sqs[n] = sq
			masks[n] = uint32(m[0]) | uint32(m[1])<<8 | uint32(m[2])<<16 | uint32(m[3])<<24
			total += bits.OnesCount32(masks[n])
			n++
		}
	}
	if total == 0 {
		return passMove
	}
	k := r.IntN(total)
	for i, m := range masks[:n] {
		if c := bits.OnesCount32(m); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			m &= m - 1
		}
		bit := bits.TrailingZeros32(m)
		return makeMove(sqs[i], bit/8, bit%8+1)
	}
	panic("oshi: RandomMove: count and masks disagree")
}
