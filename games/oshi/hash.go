package oshi

// Zobrist keys. The score field is a function of the board, so the piece
// keys cover it; the side to act and every impasse entry have their own.

// splitmix64 turns a counter into a well-mixed key; keys are derived, not
// stored, where a table would be large (impasse pairs).
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// pieceKeys is an immutable lookup table: [square][piece code].
var pieceKeys = buildPieceKeys()

func buildPieceKeys() (k [squares][8]uint64) {
	for sq := range k {
		for p := range k[sq] {
			k[sq][p] = splitmix64(uint64(sq*8 + p))
		}
	}
	return k
}

var sideKey = splitmix64(1 << 20)

// impasseKey is the key of one impasse entry, a (now, before) pair.
func impasseKey(e entry) uint64 {
	return splitmix64(2<<20 + uint64(e.now)*squares + uint64(e.before))
}
