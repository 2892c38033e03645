package main

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/ai/solver"
	"github.com/plateau-games/plateau/ai/solver/cert"
	"github.com/plateau-games/plateau/game"
)

func cmdProve(e *env, args []string) int {
	fs := newFlags(e, "prove", "GAME", `
Prove who wins GAME after --moves (from its start) with the proof-number
prover (--method ab: the alpha-beta solver), and with --out write the proof as a certificate that
"plateau prove --check FILE" (FILE.gz: gzipped; and the tests of ai/solver/cert) verify
move by move with the rules. The winner tried is the player to act, then
the other.

With --selfplay L, --moves is not read: one game of level L against
itself is played from the start, and the position k plies before its
end is proved for k = 1, 2, ... within --time each, until one fails;
--out then receives the certificate of the earliest position proved.

With --join A,B,..., nothing is proved: the certificates in those files,
each of a position one move after --moves, are joined into one after
--moves (all the loser's moves there covered, or the winner's one),
checked, and written to --out.`)
	limit := fs.Duration("time", 10*time.Second, "time limit of one proof")
	moves := fs.String("moves", "", "the line from the start, moves separated by spaces")
	out := fs.String("out", "", "file to write the certificate to")
	check := fs.String("check", "", "verify the certificate in this file instead (with --out, write it again there)")
	compact := fs.Bool("compact", false, "write the strategy as a sequence of moves (format 2: no hashes, smaller)")
	selfplay := fs.Int("selfplay", 0, "prove backwards from the end of a self-play game of this level")
	seed := fs.Uint64("seed", 1, "--selfplay: seed of the game")
	winner := fs.Int("winner", 0, "the player whose win is tried, 1 or 2 (0: the player to act, then the other)")
	method := fs.String("method", "pn", "prover: pn (proof-number) or ab (alpha-beta, its table shared by the strategy's solves)")
	join := fs.String("join", "", "join the certificates in these files (comma separated) into one after --moves")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if *check != "" {
		return checkCert(e, *check, *out, *compact)
	}
	if *join != "" {
		return joinCerts(e, strings.Split(*join, ","), strings.Fields(*moves), *out)
	}
	if len(pos) != 1 || *limit <= 0 || (*method != "pn" && *method != "ab") || *winner < 0 || *winner > 2 {
		return fail(e, fmt.Errorf("%w: plateau prove [--moves LINE] [--time D] [--out FILE] GAME", errUsage))
	}
	line := strings.Fields(*moves)
	if *selfplay > 0 {
		var err error
		if line, err = selfPlayLine(e, pos[0], *selfplay, *seed); err != nil {
			return fail(e, err)
		}
		return proveBack(e, pos[0], line, *limit, *out, *method, *compact)
	}
	c, err := proveLine(e, pos[0], line, *limit, *method, *winner)
	if err != nil {
		return fail(e, err)
	}
	return writeCert(e, c, *out, *compact)
}

// proveLine proves the position after line for either player and
// prints the result; the certificate is nil when nothing was proved.
func proveLine(e *env, id string, line []string, limit time.Duration, method string, winner int) (*cert.Certificate, error) {
	s, err := e.reg.New(id, "")
	if err != nil {
		return nil, err
	}
	for _, txt := range line {
		if _, err := game.PlayChecked(s, txt); err != nil {
			return nil, err
		}
	}
	tries := []game.Player{s.ToAct(), s.ToAct().Other()}
	if winner > 0 {
		tries = []game.Player{game.Player(winner - 1)}
	}
	for _, w := range tries {
		r, strategy := strategy(method, s, w, limit)
		fmt.Fprintf(e.stdout, "after %d plies: player %d wins: %v (nodes %d, time %v, strategy %d positions)\n",
			len(line), int(w)+1, strategy != nil, r.Nodes, r.Elapsed.Round(time.Millisecond), len(strategy))
		if strategy != nil {
			return &cert.Certificate{Game: id, Moves: line, Winner: w, Strategy: strategy}, nil
		}
	}
	return nil, nil
}

// proveBack proves the positions of line from its end backwards and
// keeps the certificate of the earliest one proved.
func proveBack(e *env, id string, line []string, limit time.Duration, out, method string, compact bool) int {
	fmt.Fprintf(e.stdout, "%s: a self-play game of %d plies: %s\n", id, len(line), strings.Join(line, " "))
	var best *cert.Certificate
	for k := 1; k <= len(line); k++ {
		c, err := proveLine(e, id, line[:len(line)-k], limit, method, 0)
		if err != nil {
			return fail(e, err)
		}
		if c == nil {
			break
		}
		best = c
	}
	if best == nil {
		fmt.Fprintln(e.stdout, "nothing proved")
		return exitOK
	}
	return writeCert(e, best, out, compact)
}

// selfPlayLine plays a game of level against itself from the start.
func selfPlayLine(e *env, id string, level int, seed uint64) ([]string, error) {
	s, err := e.reg.New(id, "")
	if err != nil {
		return nil, err
	}
	a, _, err := agent.Parse(fmt.Sprintf("level:%d", level), id, seed)
	if err != nil {
		return nil, err
	}
	b, _, err := agent.Parse(fmt.Sprintf("level:%d", level), id, seed+1)
	if err != nil {
		return nil, err
	}
	var line []string
	for s.Result() == game.Ongoing && len(line) < benchMaxPlies {
		who := a
		if s.ToAct() == game.Second {
			who = b
		}
		m, _, err := who.Choose(context.Background(), s, nil)
		if err != nil {
			return nil, err
		}
		line = append(line, s.FormatMove(m))
		s.Play(m)
	}
	return line, nil
}

// writeCert writes c to out (when both are set), as a sequence with
// compact, and verifies it there.
func writeCert(e *env, c *cert.Certificate, out string, compact bool) int {
	if c == nil || out == "" {
		return exitOK
	}
	if compact {
		start, err := e.reg.New(c.Game, "")
		if err != nil {
			return fail(e, err)
		}
		if c, err = cert.Compact(start, c); err != nil {
			return fail(e, err)
		}
	}
	if err := saveCert(c, out); err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "certificate of %d positions (%d moves in sequence) after %d plies written to %s\n", len(c.Strategy), len(c.Sequence), len(c.Moves), out)
	return checkCert(e, out, "", false)
}

// saveCert writes c to the file out, gzipped when its name ends in
// ".gz" (as checkCert reads it).
func saveCert(c *cert.Certificate, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(out, ".gz") {
		zw = gzip.NewWriter(f)
		w = zw
	}
	err = c.Write(w)
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// joinCerts merges the certificates in files, each one move after line,
// into one after line (cert.Merge), and writes it to out, checked.
func joinCerts(e *env, files, line []string, out string) int {
	if out == "" {
		return fail(e, fmt.Errorf("%w: plateau prove --join A,B,... --moves LINE --out FILE", errUsage))
	}
	var cs []*cert.Certificate
	for _, file := range files {
		c, err := readCertFile(file)
		if err != nil {
			return fail(e, err)
		}
		cs = append(cs, c)
	}
	start, err := e.reg.New(cs[0].Game, "")
	if err != nil {
		return fail(e, err)
	}
	c, err := cert.Merge(start, line, cs)
	if err != nil {
		return fail(e, err)
	}
	return writeCert(e, c, out, false)
}

// readCertFile reads a certificate, gunzipped when file ends in ".gz".
func readCertFile(file string) (*cert.Certificate, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: nothing to lose
	var r io.Reader = f
	if strings.HasSuffix(file, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		r = zr
	}
	return cert.Read(r)
}

// checkCert verifies the certificate in file, and writes it to out when
// set (as a sequence with compact).
func checkCert(e *env, file, out string, compact bool) int {
	c, err := readCertFile(file)
	if err != nil {
		return fail(e, err)
	}
	start, err := e.reg.New(c.Game, "")
	if err != nil {
		return fail(e, err)
	}
	st, err := cert.Check(start, c)
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "verified: player %d wins %s after %d plies (%d positions checked, lines of at most %d plies)\n",
		int(c.Winner)+1, c.Game, len(c.Moves), st.Positions, st.Plies)
	return writeCert(e, c, out, compact)
}

// strategy proves w's win from s with the method's solver.
func strategy(method string, s game.State, w game.Player, limit time.Duration) (solver.Result, map[uint64]string) {
	lim := solver.Limits{Time: limit}
	if method == "ab" {
		return solver.New(22).Strategy(context.Background(), s, w, lim)
	}
	return solver.NewProver(20).Strategy(context.Background(), s, w, lim)
}
