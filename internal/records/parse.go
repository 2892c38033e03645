package records

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// parser reads a record's text.
type parser struct {
	src  string
	pos  int
	line int
	g    Game
	res  string // the movetext's result, "" until read
}

// Parse reads the text of one record and checks its syntax: tags first,
// each known and given once, with Game and Result; then the moves, their
// numbers in order; the result last, equal to the Result tag. The moves
// are not checked against the rules: Replay does it.
func Parse(text string) (Game, error) {
	if len(text) > MaxBytes {
		return Game{}, syntaxAt(1, "the text is %d bytes, over the limit of %d", len(text), MaxBytes)
	}
	if !utf8.ValidString(text) {
		return Game{}, syntaxAt(1, "the text is not UTF-8")
	}
	p := &parser{src: text, line: 1}
	if err := p.tags(); err != nil {
		return Game{}, err
	}
	if err := p.movetext(); err != nil {
		return Game{}, err
	}
	for _, need := range []string{"Game", "Result"} {
		if p.g.Tag(need) == "" {
			return Game{}, syntaxAt(1, "no %s tag", need)
		}
	}
	if r := p.g.Tag("Result"); results[r] == "" {
		return Game{}, syntaxAt(1, "the Result tag is %q, want 1-0, 0-1, 1/2-1/2 or *", r)
	}
	if p.res != "" && p.res != p.g.Tag("Result") {
		return Game{}, syntaxAt(p.line, "the moves end with %s but the Result tag says %s", p.res, p.g.Tag("Result"))
	}
	return p.g, nil
}

// skipSpace skips white space, counting lines.
func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '\n' {
			p.line++
		} else if c != ' ' && c != '\t' && c != '\r' {
			return
		}
		p.pos++
	}
}

// tags reads the tag section: lines [Name "value"].
func (p *parser) tags() error {
	for p.skipSpace(); p.pos < len(p.src) && p.src[p.pos] == '['; p.skipSpace() {
		if err := p.tag(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) tag() error {
	start := p.line
	p.pos++ // [
	end := p.pos
	for end < len(p.src) && (unicode.IsLetter(rune(p.src[end])) || p.src[end] >= '0' && p.src[end] <= '9') {
		end++
	}
	name := p.src[p.pos:end]
	if name == "" {
		return syntaxAt(start, "a tag without a name")
	}
	if !known(name) {
		return syntaxAt(start, "unknown tag %q (known: %s)", name, strings.Join(tagNames[:], ", "))
	}
	if p.g.Tag(name) != "" {
		return syntaxAt(start, "tag %s given twice", name)
	}
	p.pos = end
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
	value, err := p.quoted(start)
	if err != nil {
		return err
	}
	if p.pos >= len(p.src) || p.src[p.pos] != ']' {
		return syntaxAt(start, "tag %s does not end with ]", name)
	}
	p.pos++
	p.g.Tags = append(p.g.Tags, Tag{name, value})
	return nil
}

func known(name string) bool {
	for _, t := range tagNames {
		if t == name {
			return true
		}
	}
	return false
}

// quoted reads a "..." value with \" and \\ escapes, on one line.
func (p *parser) quoted(line int) (string, error) {
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		return "", syntaxAt(line, "a tag's value must be in double quotes")
	}
	var b strings.Builder
	for p.pos++; p.pos < len(p.src); p.pos++ {
		switch c := p.src[p.pos]; c {
		case '"':
			p.pos++
			return b.String(), nil
		case '\n':
			return "", syntaxAt(line, "a tag's value must end on its line")
		case '\\':
			p.pos++
			if p.pos >= len(p.src) || p.src[p.pos] != '"' && p.src[p.pos] != '\\' {
				return "", syntaxAt(line, `a backslash in a tag's value must come before " or \`)
			}
			b.WriteByte(p.src[p.pos])
		default:
			b.WriteByte(c)
		}
	}
	return "", syntaxAt(line, "a tag's value is not closed")
}

// movetext reads numbers, moves, comments and the result.
func (p *parser) movetext() error {
	for p.skipSpace(); p.pos < len(p.src); p.skipSpace() {
		if p.res != "" {
			return syntaxAt(p.line, "text after the result %s", p.res)
		}
		var err error
		switch p.src[p.pos] {
		case '{':
			err = p.comment()
		case ';':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		case '[':
			err = syntaxAt(p.line, "a tag after the moves")
		case '}':
			err = syntaxAt(p.line, "a } that closes no comment")
		default:
			err = p.word()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// comment reads {...}, which may span lines, onto the last move.
func (p *parser) comment() error {
	start := p.line
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return syntaxAt(start, "a comment opened with { is not closed")
	}
	text := p.src[p.pos+1 : p.pos+end]
	p.line += strings.Count(text, "\n")
	p.pos += end + 1
	text = strings.Join(strings.Fields(text), " ")
	if n := len(p.g.Moves); n > 0 {
		p.g.Moves[n-1].Comment = join(p.g.Moves[n-1].Comment, text)
	} else {
		p.g.Comment = join(p.g.Comment, text)
	}
	return nil
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// word reads a move number, a result or a move.
func (p *parser) word() error {
	end := p.pos
	for end < len(p.src) && !strings.ContainsRune(" \t\r\n{};[", rune(p.src[end])) {
		end++
	}
	w := p.src[p.pos:end]
	p.pos = end
	switch {
	case w == FirstWins || w == SecondWins || w == Draw || w == Unfinished:
		p.res = w
	case strings.HasSuffix(w, ".") && isNumber(w[:len(w)-1]):
		n, _ := strconv.Atoi(w[:len(w)-1])
		ply := len(p.g.Moves)
		if want := ply/2 + 1; ply%2 != 0 || n != want {
			return syntaxAt(p.line, "move number %s where %s", w, expected(ply))
		}
	case len(w) > 64:
		return syntaxAt(p.line, "move %d is %d characters long, not a move", len(p.g.Moves)+1, len(w))
	default:
		p.g.Moves = append(p.g.Moves, Move{Text: w, Line: p.line})
	}
	return nil
}

func expected(ply int) string {
	if ply%2 != 0 {
		return "a move was expected"
	}
	return strconv.Itoa(ply/2+1) + ". was expected"
}

func isNumber(s string) bool {
	if s == "" || len(s) > 6 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
