package browsertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/engine"
)

// startEngine opens the client and starts the WebAssembly engine in its
// worker (js/engine.js) as window.testEngine; it returns info's answer.
func startEngine(t *testing.T) *page {
	t.Helper()
	p := newPage(t, newBrowser(t), staticServer(t), false)
	p.open("/")
	info := evalJS[[]string](p, `(async () => {
		const { Engine } = await import('/js/engine.js');
		window.testEngine = new Engine();
		return window.testEngine.command('info');
	})()`)
	if len(info) != 4 || info[0] != "id name plateau" || info[3] != "ok" {
		t.Fatalf("info: got %q, want the engine's name, version, games and ok", info)
	}
	return p
}

// TestEngineAgreesInBrowser sends the WebAssembly engine, in Chromium's
// worker, perft of every start position (every option combination) and
// the legal moves and perft 2 of 100 random positions per game, and
// compares each answer with the native engine's.
func TestEngineAgreesInBrowser(t *testing.T) {
	skipShort(t)
	t.Parallel()
	p := startEngine(t)
	reg := registry()
	lines := agreementScript(t, reg)
	arg, _ := json.Marshal(lines)
	got := evalJS[[][]string](p, `Promise.all(`+string(arg)+`.map((l) => window.testEngine.command(l)))`)
	ses := engine.New(reg, "test")
	if len(got) != len(lines) {
		t.Fatalf("got %d answers, want %d", len(got), len(lines))
	}
	for i, l := range lines {
		want, _ := ses.Handle(l)
		if strings.Join(got[i], "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got %q, want %q", l, got[i], want)
		}
	}
	p.noErrors()
}

// agreementScript is the commands of the comparison.
func agreementScript(t *testing.T, reg *game.Registry) []string {
	t.Helper()
	var lines []string
	rng := rand.New(rand.NewPCG(16, 2))
	for _, g := range reg.Games() {
		for _, id := range g.IDs() {
			s, err := reg.New(id, "")
			if err != nil {
				t.Fatal(err)
			}
			d := 1
			for d < 8 && game.Perft(s, d+1) <= 300_000 {
				d++
			}
			lines = append(lines, "newgame "+id, fmt.Sprintf("perft %d", d))
		}
		for range 100 {
			s, _ := reg.New(g.Name, "")
			for n := rng.IntN(60); n > 0 && s.Result() == game.Ongoing; n-- {
				moves := s.Moves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
			lines = append(lines, fmt.Sprintf("newgame %s %s", g.Name, s), "validmoves", "result", "perft 2")
		}
	}
	return lines
}

// TestEngineWorkerKeepsPageResponsive starts a search of two seconds in
// the worker, then clicks a button three times: each click must be
// handled, and a timer must fire, while the search is still running.
func TestEngineWorkerKeepsPageResponsive(t *testing.T) {
	skipShort(t)
	t.Parallel()
	p := startEngine(t)
	first := registry().Games()[0].Name
	p.eval0(`
		window.testState = { done: false, clicks: 0, ticks: 0, answer: null };
		const b = document.createElement('button');
		b.id = 'test-responsive';
		b.textContent = 'click';
		b.addEventListener('click', () => { if (!window.testState.done) window.testState.clicks++; });
		document.body.prepend(b);
		setInterval(() => { if (!window.testState.done) window.testState.ticks++; }, 20);
		window.testEngine.ask('newgame ` + first + `')
			.then(() => window.testEngine.ask('go movetime 2000'))
			.then((a) => { window.testState.answer = a; window.testState.done = true; })`)
	for range 3 {
		p.run("click", clickSel("#test-responsive"))
	}
	p.waitJS("the search's end", `window.testState.done`)
	var st struct {
		Clicks, Ticks int
		Answer        []string
	}
	raw := evalJS[string](p, `JSON.stringify(window.testState)`)
	if err := json.NewDecoder(bytes.NewReader([]byte(raw))).Decode(&st); err != nil {
		t.Fatal(err)
	}
	if st.Clicks != 3 || st.Ticks == 0 {
		t.Errorf("during the search: got %d clicks handled and %d timer ticks, want 3 and more than 0", st.Clicks, st.Ticks)
	}
	if len(st.Answer) == 0 || !strings.HasPrefix(st.Answer[len(st.Answer)-1], "bestmove ") {
		t.Errorf("go: got %q, want info lines and bestmove", st.Answer)
	}
	p.noErrors()
}

// TestEngineSpeedInBrowser measures, for docs/perf.md, the WebAssembly
// engine in Chromium's worker against the native engine on the same
// commands: perft of every game's start position and a search of the
// strongest level by nodes. It runs only with PLATEAU_MEASURE=1, and
// checks that both engines gave the same perft counts.
func TestEngineSpeedInBrowser(t *testing.T) {
	if os.Getenv("PLATEAU_MEASURE") == "" {
		t.Skip("a measure, not a check: set PLATEAU_MEASURE=1")
	}
	p := startEngine(t)
	reg := registry()
	ses := engine.New(reg, "test")
	for _, g := range reg.Games() {
		s, _ := reg.New(g.Name, "")
		d := 1
		for d < 8 && game.Perft(s, d+1) <= 30_000_000 {
			d++
		}
		for _, cmd := range []string{fmt.Sprintf("perft %d", d), "go nodes 50000"} {
			lines := []string{"newgame " + g.Name, cmd, cmd, cmd}
			arg, _ := json.Marshal(lines)
			got := evalJS[[]struct {
				Lines []string
				Ms    float64
			}](p, `(async () => { const out = []; for (const l of `+string(arg)+`) {
				const t0 = performance.now(); const lines = await window.testEngine.command(l);
				out.push({ lines, ms: performance.now() - t0 }); } return out; })()`)
			for i, l := range lines {
				t0 := time.Now()
				want, _ := ses.Handle(l)
				native := time.Since(t0)
				if i == 0 {
					continue
				}
				if strings.HasPrefix(cmd, "perft") && strings.Join(got[i].Lines, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s: got %q, want %q", cmd, got[i].Lines, want)
				}
				t.Logf("%s %s: wasm %.1f ms, native %.1f ms, ratio %.2f", g.Name, cmd, got[i].Ms,
					native.Seconds()*1000, got[i].Ms/(native.Seconds()*1000))
			}
		}
	}
}

// TestEngineWorkerFailure gives the client a worker that cannot load:
// each command must be refused, not left waiting, and the next one
// must try again.
func TestEngineWorkerFailure(t *testing.T) {
	skipShort(t)
	t.Parallel()
	p := startEngine(t)
	got := evalJS[[]string](p, `(async () => {
		const { Engine } = await import('/js/engine.js');
		const e = new Engine('/js/no-such-worker.js');
		const out = [];
		for (const l of ['info', 'info']) {
			try { await e.ask(l); out.push('answered'); } catch (err) { out.push('refused'); }
		}
		return out;
	})()`)
	if strings.Join(got, " ") != "refused refused" {
		t.Errorf("got %q, want both commands refused", got)
	}
}
