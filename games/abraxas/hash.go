package abraxas

// Zobrist keys. Pawns are keyed by the plate hole they stand in (square
// minus the corner's offset), not by the board square: a push moves
// every pawn but no hole, so it only changes the corner key. The hole
// and the corner together name the square, so the hash is still a
// function of the position string.
type zobristKeys struct {
	red, stop [nsq]uint64
	corner    [5]uint64 // bl br tr tl, none
	toAct     [2]uint64
	phase     [4]uint64
	flags     [4]uint64
	taken     [2][poolSize + 1]uint64
	stops     [2][stopsEach + 1]uint64
	layout    [7]uint64
	// replay is the flag r's key, drawn after all the others so that
	// they, and every hash of a game without the option, stay as they
	// were before it.
	replay uint64
}

var zobrist = buildZobrist()

func buildZobrist() *zobristKeys {
	z := &zobristKeys{}
	x := uint64(0xab7a4a5_0f_5eed)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		v := x
		v = (v ^ v>>30) * 0xbf58476d1ce4e5b9
		v = (v ^ v>>27) * 0x94d049bb133111eb
		return v ^ v>>31
	}
	fill := func(keys []uint64) {
		for i := range keys {
			keys[i] = next()
		}
	}
	fill(z.red[:])
	fill(z.stop[:])
	fill(z.corner[:])
	fill(z.toAct[:])
	fill(z.phase[:])
	fill(z.flags[:])
	fill(z.layout[:])
	for p := range 2 {
		fill(z.taken[p][:])
		fill(z.stops[p][:])
	}
	z.replay = next()
	return z
}

// meta returns the keys of every field except the pawns and the layout;
// Play takes it out of the hash before a move and puts it back after.
func (p *position) meta() uint64 {
	z := zobrist
	h := z.corner[p.corner] ^ z.toAct[p.toAct] ^ z.phase[p.phase] ^ z.flags[p.flags&^flagReplay] ^
		z.taken[0][p.taken[0]] ^ z.taken[1][p.taken[1]] ^
		z.stops[0][p.stops[0]] ^ z.stops[1][p.stops[1]]
	if p.flags&flagReplay != 0 {
		h ^= z.replay
	}
	return h
}

// fullHash computes the hash from scratch.
func (s *State) fullHash() uint64 {
	p := &s.p
	h := zobrist.layout[s.layout] ^ p.meta()
	off := cornerOffset[p.corner&3]
	for b := p.red; !b.empty(); b = b.rest() {
		h ^= zobrist.red[b.first()-off]
	}
	for b := p.stop; !b.empty(); b = b.rest() {
		h ^= zobrist.stop[b.first()-off]
	}
	return h
}
