package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/plateau-games/plateau/ai"
	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
)

// hintTime bounds the search behind the hint command.
const hintTime = time.Second

// session is one game at the keyboard.
type session struct {
	e     *env
	g     game.Game
	id    string // the game id as given, options included
	s     game.State
	color bool
	human [2]bool
	bot   ai.Agent
	level int
	// movers are the players of the moves played since the start (undo
	// takes back no further); a run of one player's moves is one turn.
	movers []game.Player
	in     *bufio.Scanner
}

func cmdPlay(e *env, args []string) int {
	fs := newFlags(e, "play", "GAME [POSITION]", `
Play GAME in the terminal against the AI, or two people at one keyboard
with --vs human. Type a move in the game's notation, or a command: moves,
undo, hint, position, resign, help, quit. The board is drawn after every
turn, with the last turn's squares marked.`)
	level := fs.Int("level", ai.DefaultLevel, fmt.Sprintf("the AI's level, %d (beginner) to %d (strongest)", ai.MinLevel, ai.MaxLevel))
	as := fs.String("as", "first", "your side against the AI: first or second (or the colour's name)")
	vs := fs.String("vs", "ai", "the opponent: ai or human")
	human := fs.Bool("human", false, "two people at one keyboard (same as --vs human)")
	colorFlag := fs.String("color", "auto", "use colour: auto, always or never")
	pos, st, done := parseInterleaved(e, fs, args)
	if done {
		return st
	}
	if len(pos) < 1 {
		return fail(e, fmt.Errorf("%w: plateau play GAME [POSITION]", errUsage))
	}
	ses, err := newSession(e, pos, *level, *as, *vs, *human, *colorFlag)
	if err != nil {
		return fail(e, err)
	}
	ses.run()
	return exitOK
}

func newSession(e *env, pos []string, level int, as, vs string, human bool, colorFlag string) (*session, error) {
	color, err := useColor(e, colorFlag)
	if err != nil {
		return nil, err
	}
	g, _, err := e.reg.Lookup(pos[0])
	if err != nil {
		return nil, err
	}
	s, err := e.reg.New(pos[0], strings.Join(pos[1:], " "))
	if err != nil {
		return nil, err
	}
	ses := &session{e: e, g: g, id: pos[0], s: s, color: color, level: level, in: bufio.NewScanner(e.stdin)}
	switch strings.ToLower(vs) {
	case "human":
		human = true
	case "ai":
	default:
		return nil, fmt.Errorf("plateau: bad --vs %q: want ai or human", vs)
	}
	if human {
		ses.human = [2]bool{true, true}
		return ses, nil
	}
	side, err := parseSide(g, as)
	if err != nil {
		return nil, err
	}
	ses.human[side] = true
	sp, err := ai.Level(pos[0], level)
	if err != nil {
		return nil, fmt.Errorf("plateau: bad --level: %w", err)
	}
	ses.bot, err = agent.New(sp, uint64(time.Now().UnixNano()))
	return ses, err
}

// parseSide reads --as: first, second, 1, 2, or a colour name.
func parseSide(g game.Game, as string) (game.Player, error) {
	switch strings.ToLower(as) {
	case "first", "1", g.Players[0]:
		return game.First, nil
	case "second", "2", g.Players[1]:
		return game.Second, nil
	}
	return 0, fmt.Errorf("plateau: bad --as %q: want first or second (%s or %s)", as, g.Players[0], g.Players[1])
}

// run plays until the game ends, a player resigns or quits, or input
// ends. The board is drawn when the position changed, not after a
// command that only tells something.
func (ses *session) run() {
	out := ses.e.stdout
	fmt.Fprintf(out, "%s. Type a move, or help.\n", ses.g.Title)
	changed := true
	for {
		if changed {
			fmt.Fprint(out, "\n"+ses.board())
		}
		if ses.s.Result() != game.Ongoing {
			if v := ses.verdict(); v != "" {
				fmt.Fprintln(out, v)
			}
			return
		}
		p := ses.s.ToAct()
		if !ses.human[p] {
			changed = ses.botTurn()
			if !changed {
				return
			}
			continue
		}
		fmt.Fprint(out, ses.yourPrompt()+"> ")
		if !ses.in.Scan() {
			fmt.Fprintln(out)
			return
		}
		var quit bool
		if changed, quit = ses.handle(strings.TrimSpace(ses.in.Text())); quit {
			return
		}
	}
}

// board draws the position with the last turn marked (game.Marker), and
// the result once the game is over. The prompt names the player to act.
func (ses *session) board() string {
	var b strings.Builder
	switch d := ses.s.(type) {
	case game.Marker:
		b.WriteString(d.DrawLast(ses.color, ses.lastTurn()))
	case game.Drawer:
		b.WriteString(d.Draw(ses.color))
	default:
		fmt.Fprintf(&b, "position: %s\n", ses.s.String())
	}
	// A game's own drawing may already say the result: say it once.
	if r := ses.s.Result(); r != game.Ongoing && !strings.Contains(strings.ToLower(b.String()), "result:") {
		fmt.Fprintf(&b, "result: %s (%s)\n", resultWords(ses.g, r), ses.s.Reason())
	}
	return b.String()
}

// me returns the one person's side at the keyboard against the AI;
// false when both sides are people.
func (ses *session) me() (game.Player, bool) {
	if ses.human[0] == ses.human[1] {
		return 0, false
	}
	if ses.human[1] {
		return game.Second, true
	}
	return game.First, true
}

// verdict tells the person playing the AI how the game ended for them;
// "" when two people share the keyboard or the game goes on.
func (ses *session) verdict() string {
	me, ok := ses.me()
	r := ses.s.Result()
	switch {
	case !ok || r == game.Ongoing:
		return ""
	case r == game.Draw:
		return "Draw."
	}
	if w, _ := r.Winner(); w == me {
		return "You win!"
	}
	return "You lose."
}

// yourPrompt is the prompt, with the person playing the AI named as you.
func (ses *session) yourPrompt() string {
	pr := prompt(ses.g, ses.s)
	if me, ok := ses.me(); ok && ses.s.ToAct() == me {
		name := playerName(ses.g, me)
		pr = strings.Replace(pr, name, name+" (you)", 1)
	}
	return pr
}

// lastTurn is the number of moves of the last turn: the last run of
// moves by one player.
func (ses *session) lastTurn() int {
	n := len(ses.movers)
	for n > 0 && ses.movers[n-1] == ses.movers[len(ses.movers)-1] {
		n--
	}
	return len(ses.movers) - n
}

// botTurn plays the AI's whole turn, every move it makes in a row, and
// says them in one line; false means the AI failed.
func (ses *session) botTurn() bool {
	p := ses.s.ToAct()
	var played []string
	for ses.s.Result() == game.Ongoing && ses.s.ToAct() == p {
		m, _, err := ses.bot.Choose(context.Background(), ses.s, nil)
		if err != nil {
			fmt.Fprintln(ses.e.stdout, "plateau: "+err.Error())
			return false
		}
		played = append(played, ses.s.FormatMove(m))
		ses.s.Play(m)
		ses.movers = append(ses.movers, p)
	}
	fmt.Fprintf(ses.e.stdout, "%s (level %d) plays %s\n", playerName(ses.g, p), ses.level, strings.Join(played, ", "))
	return true
}

// handle runs one line typed by a human: changed says that the position
// changed (the board is drawn again), quit ends the session.
func (ses *session) handle(line string) (changed, quit bool) {
	out := ses.e.stdout
	switch strings.ToLower(line) {
	case "":
	case "quit", "exit":
		return false, true
	case "help", "?":
		fmt.Fprintln(out, "Type a move in the game's notation, or: moves (list the legal moves), undo (take back your last move), hint (the AI's suggestion), position (the position string), resign, quit.")
	case "moves":
		fmt.Fprintln(out, strings.Join(game.MoveStrings(ses.s), " "))
	case "position":
		fmt.Fprintln(out, ses.s.String())
	case "undo":
		return ses.undo(), false
	case "hint":
		ses.hint()
	case "resign":
		return false, ses.resign()
	default:
		return ses.move(line), false
	}
	return false, false
}

// resign asks first, since a resignation cannot be taken back.
func (ses *session) resign() bool {
	out := ses.e.stdout
	p := ses.s.ToAct()
	fmt.Fprintf(out, "Really resign as %s? Type yes to resign: ", playerName(ses.g, p))
	if !ses.in.Scan() {
		fmt.Fprintln(out)
		return true
	}
	if a := strings.ToLower(strings.TrimSpace(ses.in.Text())); a != "yes" && a != "y" {
		fmt.Fprintln(out, "Not resigned.")
		return false
	}
	fmt.Fprintf(out, "%s resigns: %s wins.\n", playerName(ses.g, p), playerName(ses.g, p.Other()))
	return true
}

func (ses *session) move(text string) bool {
	p := ses.s.ToAct()
	if _, err := game.PlayChecked(ses.s, text); err != nil {
		fmt.Fprintf(ses.e.stdout, "refused: %v\n%s\n", err, suggest(ses.s, text))
		return false
	}
	ses.movers = append(ses.movers, p)
	return true
}

// undo takes back moves until a human is to act again, so that against
// the AI one undo takes back the AI's reply and the move before it.
func (ses *session) undo() bool {
	if len(ses.movers) == 0 {
		fmt.Fprintln(ses.e.stdout, "nothing to undo")
		return false
	}
	ses.takeBack()
	for len(ses.movers) > 0 && !ses.human[ses.s.ToAct()] {
		ses.takeBack()
	}
	return true
}

func (ses *session) takeBack() {
	ses.s.Undo()
	ses.movers = ses.movers[:len(ses.movers)-1]
}

func (ses *session) hint() {
	sp, err := ai.Level(ses.id, ai.MaxLevel)
	if err != nil {
		fmt.Fprintln(ses.e.stdout, "plateau: "+err.Error())
		return
	}
	sp.Noise, sp.Limits.Time = 0, min(sp.Limits.Time, hintTime)
	a, err := agent.New(sp, 1)
	if err != nil {
		fmt.Fprintln(ses.e.stdout, "plateau: "+err.Error())
		return
	}
	m, info, err := a.Choose(context.Background(), ses.s, nil)
	if err != nil {
		fmt.Fprintln(ses.e.stdout, "plateau: "+err.Error())
		return
	}
	fmt.Fprintf(ses.e.stdout, "hint: %s (%s)\n", ses.s.FormatMove(m), verdict(info))
}

// verdict says in words how the search sees the position.
func verdict(i ai.Info) string {
	if n, ok := i.MateIn(); ok {
		if n > 0 {
			return fmt.Sprintf("wins in %d plies", n)
		}
		return fmt.Sprintf("loses in %d plies", -n)
	}
	if i.HasWinProb {
		switch {
		case i.Proven && i.WinProb == 1:
			return "a proven win"
		case i.Proven && i.WinProb == 0:
			return "a proven loss"
		case i.Proven:
			return "a proven draw"
		}
		return fmt.Sprintf("win probability %.0f%%", 100*i.WinProb)
	}
	return fmt.Sprintf("score %d", i.Score)
}

// fewMoves is the most legal moves a prompt lists by itself.
const fewMoves = 8

// playerName names a player by its colour, or "player N" when the
// colour is a number (Abraxas's players are 1 and 2).
func playerName(g game.Game, p game.Player) string {
	name := g.Players[p]
	if name == "" || strings.Trim(name, "0123456789") == "" {
		return "player " + fmt.Sprint(int(p)+1)
	}
	return name
}

// movePrompt is the prompt of a state that is not a game.Phaser.
const movePrompt = "{0} to move"

// prompt says who acts and what kind of decision it is, as the state's
// phase words it (game.Phaser): the player to act may be the same several
// times in a row, so the prompt always names them. Few legal moves are
// listed.
func prompt(g game.Game, s game.State) string {
	text := movePrompt
	if ph, ok := s.(game.Phaser); ok {
		text = ph.Phase().Prompt.In("en")
	}
	p := strings.ReplaceAll(text, "{0}", playerName(g, s.ToAct()))
	if moves := game.MoveStrings(s); len(moves) <= fewMoves {
		p += " (" + strings.Join(moves, ", ") + ")"
	}
	return p
}

// suggest helps after a refused move: the legal moves that share the
// longest start with what was typed ("e3e5" when only e3e4 is legal finds
// e3e2 e3e4), or else a few legal moves.
func suggest(s game.State, typed string) string {
	moves := game.MoveStrings(s)
	t := strings.ToLower(strings.TrimSpace(typed))
	for n := len(t); n > 0; n-- {
		var match []string
		for _, m := range moves {
			if strings.HasPrefix(m, t[:n]) {
				match = append(match, m)
			}
		}
		if len(match) > 0 {
			return "legal moves starting with " + t[:n] + ": " + strings.Join(firstN(match, 20), " ")
		}
	}
	return "some legal moves: " + strings.Join(firstN(moves, fewMoves), " ") + " (type moves for all, help for commands)"
}

func firstN(list []string, n int) []string {
	if len(list) > n {
		return append(list[:n:n], "...")
	}
	return list
}
