package abraxas

import "strings"

// The six dot layouts, copied from the spec's diagrams and parsed once
// into read-only sets. The printed boards are lost; these stand in for
// them (see docs/rules/abraxas.md).
var layoutDiagrams = [6]string{
	`
9 . . . . * . . . .
8 . . . . * . . . .
7 . . . . * . . . .
6 . . . . . . . . .
5 * * * . . . * * *
4 . . . . . . . . .
3 . . . . * . . . .
2 . . . . * . . . .
1 . . . . * . . . .
  a b c d e f g h i
`, `
9 . . . . . . . . .
8 . . * * . . . . .
7 * * . . . . . * .
6 * . . * . . . . .
5 . . . . . . . . .
4 . . . . . * . . *
3 . * . . . . . * *
2 . . . . . * * . .
1 . . . . . . . . .
  a b c d e f g h i
`, `
9 . . . . . . . . .
8 . . . . . . * . .
7 . * * * . . . . .
6 * . * . * . . . .
5 * . . . . . . . *
4 . . . . * . * . *
3 . . . . . * * * .
2 . . * . . . . . .
1 . . . . . . . . .
  a b c d e f g h i
`, `
9 . . . . . * . . .
8 . . * . . . . . *
7 . . * . . * . . .
6 * . * . * . . . .
5 . * . . . . . * .
4 . . . . * . * . *
3 . . . * . . * . .
2 * . . . . . * . .
1 . . . * . . . . .
  a b c d e f g h i
`, `
9 * . * . . . . . *
8 . . . . . . . * .
7 * . . . . . . . *
6 * . . . . * . . *
5 . . . * * * . . .
4 * . . * . . . . *
3 * . . . . . . . *
2 . * . . . . . . .
1 * . . . . . * . *
  a b c d e f g h i
`, `
9 * . . . . . . * .
8 * * * . . . * . .
7 . . . . . . * * .
6 . . * . . . . . *
5 . * . * . * . * .
4 * . . . . . * . .
3 . * * . . . . . .
2 . . * . . . * * *
1 . * . . . . . . *
  a b c d e f g h i
`,
}

// layouts holds the dots of boards 1-6 at index 0-5.
var layouts = buildLayouts()

func buildLayouts() [6]bitset {
	var out [6]bitset
	for i, d := range layoutDiagrams {
		out[i] = parseDiagram(d)
	}
	return out
}

// parseDiagram reads a diagram whose rows start with their rank digit
// and hold nine '.' or '*'. A malformed diagram is a programmer error.
func parseDiagram(d string) bitset {
	var dots bitset
	rows := 0
	for _, line := range strings.Split(d, "\n") {
		f := strings.Fields(line)
		if len(f) != files+1 || f[0] < "1" || f[0] > "9" {
			continue
		}
		rank := int(f[0][0] - '1')
		for file, c := range f[1:] {
			switch c {
			case "*":
				dots = dots.or(sqBit(rank*stride + file))
			case ".":
			default:
				panic("abraxas: bad layout diagram cell " + c)
			}
		}
		rows++
	}
	if rows != 9 {
		panic("abraxas: layout diagram without nine ranks")
	}
	return dots
}
