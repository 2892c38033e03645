// Package engine speaks the engine protocol (docs/protocol.md): text
// commands in, text answers out. The native "plateau engine" command
// serves it on stdin and stdout; the WebAssembly build answers the same
// lines in the browser, so both speak one documented, tested protocol.
package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// limits are the budget of one "go" command; zero means unlimited.
type limits struct {
	moveTime time.Duration
	nodes    int64
	depth    int
	multiPV  int // 0: the classic info lines; from 1, that many lines per report, with wp
	// level, when set, plays as that AI level (its budget, unless a
	// limit is given, and its noise); seed then varies its choices.
	level int
	seed  uint64
	// threads, above 1, runs the strongest search on that many threads.
	threads int
}

// chooser picks a move for "go". info receives progress lines, without
// the "info " prefix.
type chooser func(ctx context.Context, s game.State, lim limits, info func(string)) (game.Move, error)

// Session is one engine-protocol session: at most one game at a time.
// It is not safe for concurrent use: commands run one after the other.
type Session struct {
	reg     *game.Registry
	version string
	choose  chooser
	g       game.Game
	id      string
	s       game.State
	plies   int // moves played since newgame, the most undo can take back
	kept    keptAgent
}

// errProtocol marks errors in the command line itself.
var errProtocol = errors.New("engine")

// New returns a session over the games of reg, which reports version to
// the info command.
func New(reg *game.Registry, version string) *Session {
	return &Session{reg: reg, version: version}
}

// MaxLine is the longest command line the engine reads, newline
// excluded. The longest real command, newgame with a position, is a few
// hundred bytes; a longer line is answered with an error and skipped
// without being held in memory.
const MaxLine = 64 << 10

// tooLongAnswer answers a line longer than MaxLine, whether it came
// from a stream (Serve) or in one piece (Handle, as in the browser). It
// starts "err line too long", the words issue 12 promised clients, so
// that a program can match them; the limit follows.
func tooLongAnswer() []string {
	return []string{fmt.Sprintf("err line too long: the limit is %d bytes", MaxLine)}
}

// Serve reads commands from in until quit or the end of input, and
// writes each answer to out as soon as it is complete.
func (en *Session) Serve(in io.Reader, out io.Writer) {
	r := bufio.NewReaderSize(in, MaxLine)
	w := bufio.NewWriter(out)
	for {
		line, tooLong, err := readLine(r)
		if err != nil {
			return // the end of input; a read error ends it too
		}
		answer, quit := tooLongAnswer(), false
		if !tooLong {
			answer, quit = en.Handle(line)
		}
		for _, l := range answer {
			fmt.Fprintln(w, l)
		}
		// An answer that cannot be written ends the session: no one reads.
		if err := w.Flush(); err != nil || quit {
			return
		}
	}
}

// readLine reads one line, without its "\n" or "\r\n". A line longer
// than MaxLine is read to its end and dropped: tooLong reports it.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		frag, more, err := r.ReadLine()
		if err != nil {
			return "", false, err
		}
		if !tooLong && len(buf)+len(frag) <= MaxLine {
			buf = append(buf, frag...)
		} else {
			tooLong, buf = true, nil
		}
		if !more {
			return string(buf), tooLong, nil
		}
	}
}

// Handle runs one command line and returns its whole answer, ending
// with "ok" or "err <message>". A blank line gets no answer; quit gets
// none either, and reports that the session is over.
func (en *Session) Handle(line string) (answer []string, quit bool) {
	if len(line) > MaxLine {
		return tooLongAnswer(), false
	}
	cmd, args := parseLine(line)
	if cmd == "" {
		return nil, false
	}
	if cmd == "quit" {
		return nil, true
	}
	lines, err := en.exec(cmd, args)
	if err != nil {
		return []string{"err " + oneLine(err.Error())}, false
	}
	return append(lines, "ok"), false
}

// parseLine splits a command line into the command and its argument text.
func parseLine(line string) (cmd, args string) {
	line = strings.TrimSpace(line)
	cmd, args, _ = strings.Cut(line, " ")
	return strings.ToLower(cmd), strings.TrimSpace(args)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func (en *Session) exec(cmd, args string) ([]string, error) {
	switch cmd {
	case "info":
		return en.info(), nil
	case "newgame":
		return en.newGame(args)
	}
	if en.s == nil {
		return nil, fmt.Errorf("%w: no game: start one with newgame <game-id> [<position>]", errProtocol)
	}
	switch cmd {
	case "position":
		return []string{en.s.String()}, nil
	case "validmoves":
		return []string{strings.Join(game.MoveStrings(en.s), " ")}, nil
	case "play":
		return en.play(args)
	case "undo":
		return en.undo(args)
	case "result":
		return []string{en.s.Result().String()}, nil
	case "perft":
		return en.perft(args)
	case "go":
		return en.goCmd(args)
	case "solve":
		return en.solve(args)
	case "view":
		return en.view()
	case "explain":
		return en.explain(args)
	case "show":
		return strings.Split(strings.TrimRight(Describe(en.g, en.s, false), "\n"), "\n"), nil
	}
	return nil, fmt.Errorf("%w: unknown command %q", errProtocol, cmd)
}

func (en *Session) info() []string {
	return []string{"id name plateau", "id version " + en.version, "games " + strings.Join(en.reg.Names(), " ")}
}

func (en *Session) newGame(args string) ([]string, error) {
	id, pos, _ := strings.Cut(args, " ")
	if id == "" {
		return nil, fmt.Errorf("%w: usage: newgame <game-id> [<position>]", errProtocol)
	}
	s, err := en.reg.New(id, strings.TrimSpace(pos))
	if err != nil {
		return nil, err
	}
	en.g, _, _ = en.reg.Lookup(id)
	en.id, en.s, en.plies, en.kept = id, s, 0, keptAgent{}
	return []string{s.String()}, nil
}

func (en *Session) play(args string) ([]string, error) {
	if args == "" || strings.Contains(args, " ") {
		return nil, fmt.Errorf("%w: usage: play <move>", errProtocol)
	}
	if _, err := game.PlayChecked(en.s, args); err != nil {
		return nil, err
	}
	en.plies++
	return []string{en.s.String()}, nil
}

func (en *Session) undo(args string) ([]string, error) {
	n := 1
	if args != "" {
		v, err := strconv.Atoi(args)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%w: bad undo count %q: want a whole number from 1", errProtocol, args)
		}
		n = v
	}
	if n > en.plies {
		return nil, fmt.Errorf("%w: cannot undo %d moves: only %d played since newgame", errProtocol, n, en.plies)
	}
	for i := 0; i < n; i++ {
		en.s.Undo()
	}
	en.plies -= n
	return []string{en.s.String()}, nil
}

func (en *Session) perft(args string) ([]string, error) {
	depth, err := strconv.Atoi(args)
	if err != nil || depth < 1 || depth > 64 {
		return nil, fmt.Errorf("%w: bad perft depth %q: want a whole number from 1 to 64", errProtocol, args)
	}
	var out []string
	for d := 1; d <= depth; d++ {
		out = append(out, fmt.Sprintf("perft %d %d", d, game.Perft(en.s, d)))
	}
	return out, nil
}

// view prints the position as JSON on one line (api.Position): what a
// front end playing without a server needs to draw the page.
func (en *Session) view() ([]string, error) {
	b, err := json.Marshal(api.PositionOf(en.s))
	if err != nil {
		return nil, fmt.Errorf("engine: view: %w", err)
	}
	return []string{string(b)}, nil
}

// explain prints, as JSON on one line, which rule refuses a move in
// every language ({"en": ..., "fr": ...}), or null when the game cannot
// say (or the move is legal).
func (en *Session) explain(move string) ([]string, error) {
	if move == "" {
		return nil, fmt.Errorf("%w: usage: explain <move>", errProtocol)
	}
	b, err := json.Marshal(game.Explain(en.s, move))
	if err != nil {
		return nil, fmt.Errorf("engine: explain: %w", err)
	}
	return []string{string(b)}, nil
}
