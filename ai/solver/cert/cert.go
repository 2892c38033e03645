package cert

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// header opens every certificate file.
const header = "plateau-certificate 1"

// ErrBad is wrapped by every error of a certificate that does not prove
// its claim or cannot be read.
var ErrBad = errors.New("cert: bad certificate")

// Certificate claims that Winner wins Game after Moves from its start.
type Certificate struct {
	Game   string      // the game id with its options, as the registry names it
	Moves  []string    // the line from the start position, in move notation
	Winner game.Player // the player who wins
	// Strategy is the winner's move for each position where it acts,
	// keyed by the position's Hash, in move notation.
	Strategy map[uint64]string
	// Sequence, when not nil, replaces Strategy (format 2, compact): the
	// winner's moves in the order Check meets the positions that need
	// one (depth first, legal moves in the game's order, a position
	// checked once skipped, a move that wins at once not written).
	Sequence []string
}

// header2 opens a certificate whose strategy is a Sequence.
const header2 = "plateau-certificate 2"

// Write writes c as text: the header, the game, the moves, the winner,
// then one "HASH MOVE" line per position, sorted by hash, or (format 2)
// the Sequence, one move a line.
func (c *Certificate) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	h := header
	if c.Sequence != nil {
		h = header2
	}
	fmt.Fprintf(bw, "%s\ngame %s\nmoves %s\nwinner %d\n", h, c.Game, strings.Join(c.Moves, " "), int(c.Winner)+1)
	for _, m := range c.Sequence {
		fmt.Fprintln(bw, m)
	}
	keys := make([]uint64, 0, len(c.Strategy))
	for k := range c.Strategy {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(bw, "%016x %s\n", k, c.Strategy[k])
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("cert: write: %w", err)
	}
	return nil
}

// Read reads a certificate written by Write.
func Read(r io.Reader) (*Certificate, error) {
	sc := bufio.NewScanner(r)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cert: read: %w", err)
	}
	if len(lines) < 4 || (lines[0] != header && lines[0] != header2) {
		return nil, fmt.Errorf("%w: no header", ErrBad)
	}
	c := &Certificate{Strategy: map[uint64]string{}}
	var ok1, ok2, ok3 bool
	var who string
	c.Game, ok1 = strings.CutPrefix(lines[1], "game ")
	moves, ok2 := strings.CutPrefix(lines[2], "moves")
	who, ok3 = strings.CutPrefix(lines[3], "winner ")
	if !ok1 || !ok2 || !ok3 || (who != "1" && who != "2") {
		return nil, fmt.Errorf("%w: bad game, moves or winner line", ErrBad)
	}
	c.Moves, c.Winner = strings.Fields(moves), game.Player(who[0]-'1')
	if lines[0] == header2 {
		c.Strategy, c.Sequence = nil, []string{}
		for i, l := range lines[4:] {
			if l == "" || strings.Contains(l, " ") {
				return nil, fmt.Errorf("%w: line %d: want one move", ErrBad, i+5)
			}
			c.Sequence = append(c.Sequence, l)
		}
		return c, nil
	}
	for i, l := range lines[4:] {
		h, m, ok := strings.Cut(l, " ")
		k, err := strconv.ParseUint(h, 16, 64)
		if !ok || err != nil || m == "" {
			return nil, fmt.Errorf("%w: line %d: want HASH MOVE", ErrBad, i+5)
		}
		c.Strategy[k] = m
	}
	return c, nil
}
