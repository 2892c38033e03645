package oxford

import (
	"math/bits"

	"github.com/plateau-games/plateau/game"
)

// The board size lives here and only here: every mask, loop and square
// name below is derived from these two numbers.
const (
	files   = 6
	ranks   = 8
	squares = files * ranks
)

// Rules constants of the physical game.
const (
	maxInPlay   = 6  // "jamais plus de 6 pions d'une couleur en jeu"
	setStandard = 12 // pieces per player in the standard game
	setBeginner = 6  // pieces per player in the beginner variant
)

// Faces of a piece, used as the second index of State.bb.
const (
	faceO = 0
	faceX = 1
)

const (
	rowBits   = uint64(1)<<files - 1
	boardMask = uint64(1)<<squares - 1
	// baseMask[p] is player p's base row: rank 1 for red, the last for yellow.
	redBase    = rowBits
	yellowBase = rowBits << (files * (ranks - 1))
	fieldMask  = boardMask &^ redBase &^ yellowBase
)

var (
	baseMask  = [2]uint64{redBase, yellowBase}
	firstFile = fileMask(0)
	lastFile  = fileMask(files - 1)
)

func fileMask(f int) uint64 {
	var m uint64
	for r := 0; r < ranks; r++ {
		m |= 1 << (r*files + f)
	}
	return m
}

// forward moves a set of squares one rank towards p's opponent. Squares
// pushed off the board vanish with the shift or the board mask.
func forward(b uint64, p game.Player) uint64 {
	if p == game.First {
		return b << files & boardMask
	}
	return b >> files
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

func lowSquare(b uint64) int { return bits.TrailingZeros64(b) }

func squareName(sq int) string {
	return string([]byte{'a' + byte(sq%files), '1' + byte(sq/files)})
}

// parseSquare reads a lower-case square name; ok is false off the board.
func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+files || s[1] < '1' || s[1] >= '1'+ranks {
		return 0, false
	}
	return int(s[1]-'1')*files + int(s[0]-'a'), true
}
