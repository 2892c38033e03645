package records

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// lineWidth is where the writer breaks the movetext.
const lineWidth = 79

// Write writes a record: its tags one a line, a blank line, then the
// moves numbered by pairs of plies, comments in braces, and the result,
// broken into lines of at most 79 characters where moves allow.
func Write(w io.Writer, g Game) error {
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, escape(t.Value))
	}
	b.WriteByte('\n')
	var tokens []string
	if g.Comment != "" {
		tokens = append(tokens, commentText(g.Comment))
	}
	for i, m := range g.Moves {
		if i%2 == 0 {
			tokens = append(tokens, strconv.Itoa(i/2+1)+".")
		}
		tokens = append(tokens, m.Text)
		if m.Comment != "" {
			tokens = append(tokens, commentText(m.Comment))
		}
	}
	res := g.Tag("Result")
	if res == "" {
		res = Unfinished
	}
	tokens = append(tokens, res)
	col := 0
	for _, t := range tokens {
		if col > 0 && col+1+len(t) > lineWidth {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(t)
		col += len(t)
	}
	b.WriteByte('\n')
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("records: %w", err)
	}
	return nil
}

// commentText is a comment in braces; a closing brace inside it would
// end it early, so it becomes a parenthesis.
func commentText(c string) string {
	return "{" + strings.ReplaceAll(strings.Join(strings.Fields(c), " "), "}", ")") + "}"
}
