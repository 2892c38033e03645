package oxford

// zobrist[p][face][sq] and sideKey are fixed pseudo-random keys; the hash
// of a position is the xor of the keys of its pieces, and of sideKey when
// yellow is to act. The position string holds nothing else: the variant is
// an option of the game, not of the position.
var zobrist, sideKey = buildZobrist()

func buildZobrist() (keys [2][2][squares]uint64, side uint64) {
	x := uint64(0x0f0dca11ab1e5eed)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range keys {
		for f := range keys[p] {
			for sq := range keys[p][f] {
				keys[p][f][sq] = next()
			}
		}
	}
	return keys, next()
}

// fullHash computes the hash from scratch; Play and Undo keep it up to
// date incrementally and the tests compare the two.
func (s *State) fullHash() uint64 {
	var h uint64
	for p := range s.bb {
		for f := range s.bb[p] {
			for b := s.bb[p][f]; b != 0; b &= b - 1 {
				h ^= zobrist[p][f][lowSquare(b)]
			}
		}
	}
	if s.side == 1 {
		h ^= sideKey
	}
	return h
}
