package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/plateau-games/plateau/ai/agent"
	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/tictactoe"
)

// waitTurn polls the API until player me is to act with no AI at work,
// or the game is over.
func (s *testServer) waitTurn(t *testing.T, id string, me int) view {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v := s.get(t, id)
		if v.Result != "ongoing" || (v.ToAct == me && !v.AIThinking) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s: player %d never got the move (view %+v)", id, me, v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// newGameFromHome opens the home page, opens the new-game dialog of a
// game, chooses an opponent and starts; it returns the game id.
func (p *page) newGameFromHome(gameName, opponent string) string {
	p.t.Helper()
	p.open("/")
	p.openNewGame(gameName)
	p.run("opponent", clickSel(fmt.Sprintf(`dialog.newgame input[name=opp][value=%q]`, opponent)))
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("game page", `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length > 0`)
	return evalJS[string](p, `location.hash.slice('#/game/'.length)`)
}

// pick chooses a move from a legal list, away from the edges of the
// sorted list so that games differ from the AI's own choices.
func pick(legal []string, i int) string {
	return legal[(len(legal)/3+7*i)%len(legal)]
}

// playedGames lists the games of the server's registry: the client
// draws every game, with its own board module or the generic one.
func playedGames(s *testServer) []string {
	return s.reg.Names()
}

// TestPlayAgainstAI starts each game from the home page against the AI,
// plays moves by clicking, checks the board and the AI's replies, then
// finishes a game from a near-finished position.
func TestPlayAgainstAI(t *testing.T) {
	skipShort(t)
	// The real AI, at the level the dialog offers: its replies are what a
	// player sees, so the test takes them as they come.
	srv := newServerWith(t, agent.LevelMover{})
	browser := newBrowser(t)
	for _, g := range playedGames(srv) {
		t.Run(g, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, false)
			id := p.newGameFromHome(g, "ai")
			v := srv.waitTurn(t, id, 0)
			p.checkBoard(g, v.Position)
			for i := 0; i < 4 && v.Result == "ongoing"; i++ {
				mv := pick(v.Legal, i)
				p.playByClicks(mv, len(v.Moves))
				next := srv.waitTurn(t, id, 0)
				if len(next.Moves) <= len(v.Moves) || next.Moves[len(v.Moves)] != mv {
					t.Fatalf("after clicking %s: got moves %v, want %s after %v", mv, next.Moves, mv, v.Moves)
				}
				p.checkBoard(g, next.Position)
				p.waitJS("move list", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(next.Moves)))
				if last := next.Moves[len(next.Moves)-1]; next.Result == "ongoing" {
					got := evalJS[string](p, `document.querySelector('#movelist li:last-child').textContent`)
					if !strings.Contains(got, last) {
						t.Errorf("last move shown %q, want it to hold the AI's reply %s", got, last)
					}
				}
				v = next
			}
			p.checkLabels()
			p.noErrors()
		})
		t.Run(g+"/finish", func(t *testing.T) {
			pos, mv := nearEnd(t, srv.reg, g)
			st, err := srv.reg.New(g, pos)
			if err != nil {
				t.Fatal(err)
			}
			me := int(st.ToAct())
			c := srv.create(t, g, pos, me)
			p := newPage(t, browser, srv.URL, false)
			p.open(fmt.Sprintf("/g/%s#seat=%d&token=%s", c.ID, me, c.token(me)))
			p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
			if h := evalJS[string](p, `location.href`); strings.Contains(h, "token") {
				t.Errorf("token left in the address bar: %s", h)
			}
			p.checkBoard(g, pos)
			p.playByClicks(mv, 0)
			p.waitJS("game-over banner", `!document.querySelector('.banner').hidden`)
			banner := evalJS[string](p, `document.querySelector('.banner').textContent`)
			if !strings.Contains(banner, "You win") {
				t.Errorf("banner %q, want a win for the player who made %s", banner, mv)
			}
			if v := srv.get(t, c.ID); v.Result == "ongoing" {
				t.Errorf("server says the game is still on after %s", mv)
			}
			p.noErrors()
		})
	}
}

func (c created) token(player int) string {
	for _, s := range c.Seats {
		if s.Player == player {
			return s.Token
		}
	}
	return ""
}

// TestInviteAndSpectator has two people play each other through an
// invite link, in separate browser profiles, while a third watches.
func TestInviteAndSpectator(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	games := playedGames(srv)
	if len(games) == 0 {
		t.Fatal("browsertest: no game the client draws is wired")
	}
	g := games[0]
	browser := newBrowser(t)
	a := newPage(t, browser, srv.URL, true)
	id := a.newGameFromHome(g, "friend")
	a.waitJS("invite link", `!!document.querySelector('#invite-url')`)
	invite := evalJS[string](a, `document.querySelector('#invite-url').value`)
	if !strings.Contains(invite, "/g/"+id+"#") {
		t.Fatalf("invite link %q, want /g/%s#...", invite, id)
	}
	a.run("copy invite", clickSel("#copy-invite"))

	b := newPage(t, browser, "", true)
	b.run("open invite", chromedp.Navigate(invite))
	b.waitJS("friend's board", `location.hash === '#/game/`+id+`' && document.querySelectorAll('.board-wrap .hit').length > 0`)
	c := newPage(t, browser, srv.URL, true)
	c.open("/#/game/" + id)
	c.waitJS("spectator's board", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	if got := evalJS[string](c, `document.querySelector('.game-actions').textContent`); !strings.Contains(got, "watching") {
		t.Errorf("spectator's actions %q, want the watching note", got)
	}
	a.waitJS("friend online", `document.querySelector('.player.p1 .online') && document.querySelector('.player.p1 .online').textContent === 'online'`)

	players := []*page{a, b}
	for i := 0; i < 4; i++ {
		v := srv.get(t, id)
		if v.Result != "ongoing" {
			break
		}
		mover := players[v.ToAct]
		mv := pick(v.Legal, i)
		mover.playByClicks(mv, len(v.Moves))
		next := srv.get(t, id)
		for _, p := range []*page{a, b, c} {
			p.waitJS("move list of all", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(next.Moves)))
			p.checkBoard(g, next.Position)
		}
	}
	// The friend who is not to move cannot move.
	v := srv.get(t, id)
	idle := players[1-v.ToAct]
	idle.run("click out of turn", clickSquare(firstSquare(v.Legal)))
	idle.waitJS("not your turn", `document.querySelector('#message').textContent !== ''`)
	if after := srv.get(t, id); len(after.Moves) != len(v.Moves) {
		t.Fatalf("a click out of turn changed the game: %v", after.Moves)
	}

	// A draw offered by one is accepted by the other; everyone sees it.
	a.run("offer draw", clickSel("#offer-draw"))
	b.waitJS("draw offer shown", `!!document.querySelector('#accept-draw')`)
	b.run("accept draw", clickSel("#accept-draw"))
	for _, p := range []*page{a, b, c} {
		p.waitJS("draw banner", `!document.querySelector('.banner').hidden && document.querySelector('.banner').textContent.startsWith('Draw')`)
	}
	for _, p := range []*page{a, b, c} {
		p.noErrors()
	}
}

// firstSquare returns the first square named by any legal move.
func firstSquare(legal []string) string {
	for _, mv := range legal {
		for _, s := range stepsOf(mv) {
			if s.square != "" {
				return s.square
			}
		}
	}
	return "a1"
}

// TestReloadAndReconnect reloads the page in the middle of a game and
// drops its WebSocket, and checks that everything comes back; then takes
// back a move and resigns.
func TestReloadAndReconnect(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	games := playedGames(srv)
	if len(games) == 0 {
		t.Fatal("browsertest: no game the client draws is wired")
	}
	g := games[len(games)-1]
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome(g, "ai")
	v := srv.waitTurn(t, id, 0)
	for i := 0; i < 2; i++ {
		p.playByClicks(pick(v.Legal, i), len(v.Moves))
		v = srv.waitTurn(t, id, 0)
	}
	p.checkBoard(g, v.Position)
	p.run("keep the sockets", keepSockets())
	p.run("reload", chromedp.Reload())
	p.waitJS("board after reload", `document.querySelectorAll('.board-wrap .hit').length > 0`)
	p.checkBoard(g, v.Position)
	p.waitJS("move list after reload", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(v.Moves)))
	p.waitJS("my turn after reload", `document.querySelector('#turn').textContent === 'Your turn'`)

	p.waitJS("the game's socket open", gameSocketOpen)
	p.eval0(dropGameSocket)
	p.waitJS("reconnecting note", `document.querySelector('.conn').textContent !== ''`)
	p.waitJS("reconnected", `document.querySelector('.conn').textContent === ''`)
	p.playByClicks(pick(v.Legal, 2), len(v.Moves))
	v = srv.waitTurn(t, id, 0)
	p.checkBoard(g, v.Position)

	before := len(v.Moves)
	p.run("undo", clickSel("#undo"))
	p.waitJS("undone", fmt.Sprintf(`document.querySelectorAll('#movelist li').length < %d`, before))
	v = srv.waitTurn(t, id, 0)
	p.checkBoard(g, v.Position)

	p.run("resign", clickSel("#resign"))
	p.run("confirm resign", clickSel("#resign"))
	p.waitJS("banner", `!document.querySelector('.banner').hidden`)
	if got := evalJS[string](p, `document.querySelector('.banner').textContent`); !strings.Contains(got, "You lose") {
		t.Errorf("banner %q, want a loss by resignation", got)
	}
	p.noErrors()
}

// TestHotSeat has two people play on one device: the page lets whoever
// is to act move, and says whose turn it is.
func TestHotSeat(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	id := p.newGameFromHome("yoxii", "local")
	for i := 0; i < 4; i++ {
		v := srv.get(t, id)
		want := []string{"White to play", "Red to play"}[v.ToAct]
		p.waitJS("turn label "+want, fmt.Sprintf(`document.querySelector('#turn').textContent === %q`, want))
		mv := pick(v.Legal, i)
		p.playByClicks(mv, len(v.Moves))
		if got := srv.get(t, id); got.Moves[len(got.Moves)-1] != mv {
			t.Fatalf("got moves %v, want %s last", got.Moves, mv)
		}
	}
	p.noErrors()
}

// TestAIThinking shows the indicator while the AI chooses, and the AI's
// move once made, when the human plays second.
func TestAIThinking(t *testing.T) {
	skipShort(t)
	srv := newServerWith(t, slowMover{d: 1500 * time.Millisecond})
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open("/")
	p.openNewGame("oshi")
	p.run("play second", clickSel(`dialog.newgame input[name=colour][value="1"]`))
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("thinking", `!!document.querySelector('#thinking')`)
	p.waitJS("AI moved", `document.querySelectorAll('#movelist li').length === 1 && !document.querySelector('#thinking')`)
	if got := evalJS[string](p, `document.querySelector('#turn').textContent`); got != "Your turn" {
		t.Errorf("turn says %q after the AI's move, want Your turn", got)
	}
	// Playing second, the board is turned: white's pieces at the bottom.
	if y9, y1 := evalJS[float64](p, `document.querySelector('.board-wrap rect.hit[data-sq="e9"]').getBBox().y`), evalJS[float64](p, `document.querySelector('.board-wrap rect.hit[data-sq="e1"]').getBBox().y`); y9 < y1 {
		t.Errorf("rank 9 drawn above rank 1 for the second player (y %v < %v)", y9, y1)
	}
	p.noErrors()
}

// TestDialogOptions creates games with options from the new-game dialog
// and checks the server got them and the board shows them.
func TestDialogOptions(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	p := newPage(t, newBrowser(t), srv.URL, false)
	tests := []struct {
		game   string
		set    map[string]string // select name -> value
		wantID string
		check  string // JavaScript that must hold on the game page
	}{
		{"abraxas", map[string]string{"opt-board": "4", "opt-push": "free"}, "abraxas:board=4,push=free", `document.querySelectorAll('.board-wrap .dot').length === 18`},
		{"oxford", map[string]string{"opt-variant": "beginner"}, "oxford:variant=beginner", `document.querySelectorAll('.board-wrap .pc').length === 12`},
	}
	for _, tt := range tests {
		p.open("/")
		p.openNewGame(tt.game)
		for name, value := range tt.set {
			p.run("set "+name, chromedp.SetValue(chromedp.CSS(fmt.Sprintf(`dialog.newgame select[name=%q]`, name)), value))
		}
		p.run("two on this device", clickSel(`dialog.newgame input[name=opp][value="local"]`))
		p.run("start", clickSel(`dialog.newgame button[type=submit]`))
		p.waitJS("game page", `location.hash.startsWith('#/game/') && document.querySelectorAll('.board-wrap .hit').length > 0`)
		id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
		if v := srv.get(t, id); v.Game != tt.wantID {
			t.Errorf("dialog made game %q, want %q", v.Game, tt.wantID)
		}
		p.waitJS(tt.wantID+" board", tt.check)
	}
	p.noErrors()
}

// checkLabels checks that every square and piece of the board has an aria
// label naming its square, and that every button says what it does.
func (p *page) checkLabels() {
	p.t.Helper()
	bad := evalJS[[]string](p, `[
		...[...document.querySelectorAll('.board-wrap .hit')].filter(e => e.getAttribute('role') !== 'button' || !(e.getAttribute('aria-label') || '').startsWith(e.dataset.sq)).map(e => 'square ' + e.dataset.sq),
		...[...document.querySelectorAll('.board-wrap .pc:not(.leave)')].filter(e => !(e.getAttribute('aria-label') || '').startsWith(e.dataset.sq + ': ')).map(e => 'piece on ' + e.dataset.sq),
		...[...document.querySelectorAll('button')].filter(b => !(b.textContent.trim() || b.getAttribute('aria-label'))).map(b => 'button ' + b.outerHTML.slice(0, 60)),
	]`)
	for _, b := range bad {
		p.t.Errorf("no proper label: %s", b)
	}
}

// TestUnknownGame plays a game the client has no adapter for (the
// server's tic-tac-toe test game): the generic board draws it from its
// position string and takes its moves.
func TestUnknownGame(t *testing.T) {
	skipShort(t)
	srv := newServerOf(t, game.NewRegistry(tictactoe.Game()), firstMover{})
	c := srv.create(t, "tictactoe", "", 0)
	p := newPage(t, newBrowser(t), srv.URL, false)
	p.open(fmt.Sprintf("/g/%s#seat=0&token=%s", c.ID, c.token(0)))
	p.waitJS("board", `document.querySelectorAll('.board-wrap .hit').length === 9`)
	p.playByClicks("b2", 0)
	v := srv.waitTurn(t, c.ID, 0)
	if len(v.Moves) != 2 || v.Moves[0] != "b2" {
		t.Fatalf("got moves %v, want b2 and the AI's reply", v.Moves)
	}
	p.waitJS("two pieces", `document.querySelectorAll('.board-wrap .pc:not(.leave)').length === 2`)
	p.noErrors()
}

// keepSockets makes every page loaded from then on keep the WebSockets
// it opens in window.testSockets, so that a test can drop one as a
// network failure would; the client itself has no such hook.
func keepSockets() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
			const Socket = window.WebSocket;
			window.testSockets = [];
			window.WebSocket = class extends Socket {
				constructor(...args) { super(...args); window.testSockets.push(this); }
				send(data) { if (String(data).includes('"chat"')) this.chat = true; super.send(data); }
			};
		})()`})
		return err
	})
}

// dropGameSocket closes the game page's own WebSocket (open, to a game,
// not the chat panel's), kept by keepSockets.
const dropGameSocket = `window.testSockets.find((s) => /\/api\/games\/[^/]+\/ws$/.test(s.url) && !s.chat && s.readyState === WebSocket.OPEN).close()`

// gameSocketOpen is true once the game page's own WebSocket is open: a
// page just reloaded draws its board from the HTTP view first.
const gameSocketOpen = `window.testSockets.some((s) => /\/api\/games\/[^/]+\/ws$/.test(s.url) && !s.chat && s.readyState === WebSocket.OPEN)`
