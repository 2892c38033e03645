package browsertest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/plateau-games/plateau/game"
)

// deviceRecord is a game kept in the browser's storage by device.js.
type deviceRecord struct {
	ID     string   `json:"id"`
	Game   string   `json:"game"`
	Start  string   `json:"start"`
	Human  int      `json:"human"`
	Moves  []string `json:"moves"`
	Movers []int    `json:"movers"`
	Result string   `json:"result"`
}

// deviceGame reads a device game from the page's storage.
func (p *page) deviceGame(id string) deviceRecord {
	p.t.Helper()
	var r deviceRecord
	raw := evalJS[string](p, fmt.Sprintf(`localStorage.getItem('plateau:device:' + %q) || ''`, id))
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		p.t.Fatalf("device game %s: %v in %q", id, err, raw)
	}
	return r
}

// replayRecord plays a device game's moves natively: the state the page
// should show, checked by Go's rules rather than the page's.
func replayRecord(t *testing.T, reg *game.Registry, r deviceRecord) game.State {
	t.Helper()
	st, err := reg.New(r.Game, r.Start)
	if err != nil {
		t.Fatalf("%s: %v", r.Game, err)
	}
	for _, mv := range r.Moves {
		if _, err := game.PlayChecked(st, mv); err != nil {
			t.Fatalf("%s: move %s of %v: %v", r.Game, mv, r.Moves, err)
		}
	}
	return st
}

// waitDeviceTurn waits until the AI on the device has answered: the
// person is to act, or the game is over.
func (p *page) waitDeviceTurn(reg *game.Registry, id string) (deviceRecord, game.State) {
	p.t.Helper()
	p.waitJS("the device AI's answer", `!document.querySelector('#thinking') && (document.querySelector('#turn')?.textContent || '') !== ''`)
	for range 600 {
		r := p.deviceGame(id)
		st := replayRecord(p.t, reg, r)
		if st.Result() != game.Ongoing || int(st.ToAct()) == r.Human {
			p.waitJS("the page shows every move", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(r.Moves)))
			return r, st
		}
		p.waitJS("a moment", `new Promise((ok) => setTimeout(() => ok(true), 100))`)
	}
	p.t.Fatalf("the device AI never answered in game %s", id)
	return deviceRecord{}, nil
}

// TestPlayAIOnDevice starts a game of each kind against the AI "on this
// device": moves are clicked, the AI in the page's worker answers with
// legal moves (checked by the native rules), the server never hears of
// the game, and a reload, the games list and the replay find it.
func TestPlayAIOnDevice(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	browser := newBrowser(t)
	for _, g := range playedGames(srv) {
		t.Run(g, func(t *testing.T) {
			p := newPage(t, browser, srv.URL, true)
			p.open("/")
			p.openNewGame(g)
			p.run("on this device", clickSel(`#ng-device`))
			p.run("start", clickSel(`dialog.newgame button[type=submit]`))
			p.waitJS("game page", `location.hash.startsWith('#/game/d-') && document.querySelectorAll('.board-wrap .hit').length > 0`)
			id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
			r, st := p.waitDeviceTurn(srv.reg, id)
			for i := 0; i < 3 && st.Result() == game.Ongoing; i++ {
				legal := game.MoveStrings(st)
				p.checkBoard(g, st.String())
				p.playByClicks(pick(legal, i), len(r.Moves))
				r, st = p.waitDeviceTurn(srv.reg, id)
			}
			if len(r.Moves) < 3 {
				t.Errorf("got moves %v, want at least 3 (person and AI)", r.Moves)
			}
			if n := srv.countGames(t); n != 0 {
				t.Errorf("the server holds %d games, want 0: a game on the device is the device's", n)
			}
			p.open("/#/game/" + id)
			p.waitJS("the game after a reload", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(r.Moves)))
			p.checkBoard(g, st.String())
			p.open("/#/games")
			p.waitJS("listed on this device", fmt.Sprintf(`!!document.querySelector('#device-games li[data-id=%q]')`, id))
			p.open("/#/replay/" + id)
			p.waitJS("the replay", fmt.Sprintf(`(document.querySelector('#ply')?.textContent || '').includes('%d')`, len(r.Moves)))
			p.noErrors()
		})
	}
}

// TestDeviceTakeBackAndResign takes a move back against the device AI
// (granted at once, the AI's answer with it), then resigns: the result
// is kept, and the record download holds the game.
func TestDeviceTakeBackAndResign(t *testing.T) {
	skipShort(t)
	srv := newServer(t)
	g := playedGames(srv)[0]
	p := newPage(t, newBrowser(t), srv.URL, true)
	p.open("/")
	p.openNewGame(g)
	p.run("on this device", clickSel(`#ng-device`))
	p.run("start", clickSel(`dialog.newgame button[type=submit]`))
	p.waitJS("game page", `location.hash.startsWith('#/game/d-')`)
	id := evalJS[string](p, `location.hash.slice('#/game/'.length)`)
	before, st := p.waitDeviceTurn(srv.reg, id)
	p.playByClicks(pick(game.MoveStrings(st), 0), len(before.Moves))
	after, _ := p.waitDeviceTurn(srv.reg, id)
	if len(after.Moves) <= len(before.Moves)+1 {
		t.Fatalf("got moves %v, want the AI's answer after %v", after.Moves, before.Moves)
	}
	p.run("take back", clickSel("#undo"))
	p.waitJS("taken back", fmt.Sprintf(`document.querySelectorAll('#movelist li').length === %d`, len(before.Moves)))
	if got := p.deviceGame(id); strings.Join(got.Moves, " ") != strings.Join(before.Moves, " ") {
		t.Errorf("after the take-back: got moves %v, want %v", got.Moves, before.Moves)
	}
	p.run("resign", clickSel("#resign"))
	p.run("confirm", clickSel("#resign"))
	p.waitJS("game over", `!document.querySelector('.banner').hidden`)
	want := map[int]string{0: "second", 1: "first"}[before.Human]
	if got := p.deviceGame(id); got.Result != want {
		t.Errorf("after resigning: got result %q, want %q", got.Result, want)
	}
	if banner := p.text(".banner"); !strings.Contains(banner, "You lose") {
		t.Errorf("banner %q, want the person's loss", banner)
	}
	p.noErrors()
}
