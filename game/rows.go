package game

// AppendRows appends the board part of a position string in the spec's
// common form: ranks from the highest (ranks-1) down to 0, separated by
// '/', each rank's squares left to right with a run of empty squares
// written as its length. cell returns a square's letter, or 0 when it is
// empty; rowLen gives the number of squares of a rank (at most 9, so a
// run is always one digit).
func AppendRows(b []byte, ranks int, rowLen func(rank int) int, cell func(rank, file int) byte) []byte {
	for r := ranks - 1; r >= 0; r-- {
		empty := byte(0)
		for f := range rowLen(r) {
			c := cell(r, f)
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+empty)
				empty = 0
			}
			b = append(b, c)
		}
		if empty > 0 {
			b = append(b, '0'+empty)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return b
}
