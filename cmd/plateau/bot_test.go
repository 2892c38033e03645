package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
)

// newBot signs up an account named name on the server at url, makes it
// an API key and turns it into a bot; it returns the key.
func newBot(t *testing.T, url, name string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	resp, err := browser.Get(url + "/api/me")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	send := func(path, body string, want int, out any) {
		req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", url)
		resp, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("POST %s: got %d, want %d", path, resp.StatusCode, want)
		}
		if out != nil {
			json.NewDecoder(resp.Body).Decode(out) //nolint:errcheck // checked by the caller
		}
	}
	send("/api/account/signup", fmt.Sprintf(`{"username":%q,"password":"correct horse battery"}`, name), 200, nil)
	var k api.Key
	send("/api/keys", `{"label":"bot"}`, 201, &k)
	if st := keyPost(t, url, k.Key, "/api/bot/account/upgrade", `{}`); st != 200 {
		t.Fatalf("upgrade: got %d, want 200", st)
	}
	return k.Key
}

// keyPost posts body to path with an API key and returns the status.
func keyPost(t *testing.T, url, key, path, body string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// startBot runs "plateau bot" with args; its log is the proc's.
func startBot(t *testing.T, args ...string) *proc {
	t.Helper()
	bin, err := buildPlateau()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append([]string{"bot"}, args...)...)
	cmd.Env = append(os.Environ(), "PLATEAU="+bin)
	p := &proc{cmd: cmd, logs: &syncLog{}}
	cmd.Stderr, cmd.Stdout = p.logs, p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return p
}

// waitFor polls cond every 50 ms until it holds or the test's minute is up.
func waitFor(t *testing.T, what string, cond func() bool, logs ...*proc) {
	t.Helper()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			for _, p := range logs {
				t.Logf("logs:\n%s", p.logs)
			}
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

// firstMoveEngine is the tiny external engine of docs/bots.md, or a skip
// where python3 is missing.
func firstMoveEngine(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	abs, err := filepath.Abs("../../docs/bots/firstmove.py")
	if err != nil {
		t.Fatal(err)
	}
	return "python3 " + abs
}

// getJSON decodes GET path into out.
func getJSON(t *testing.T, url, path string, out any) {
	t.Helper()
	resp, err := http.Get(url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

// TestBotsPlayRatedGame: two bridges, one with the built-in engine and
// one with the tiny external engine, play a rated Yoxii game to its end
// on a real server; both bots are then rated in the bots' pool only, a
// bot's key cannot seek like a person, and the event stream resumes
// after the last event seen.
func TestBotsPlayRatedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary; runs without -short")
	}
	eng := firstMoveEngine(t)
	srv := startServe(t, "--db", filepath.Join(t.TempDir(), "bots.db"))
	keyA, keyB := newBot(t, srv.url, "alpha"), newBot(t, srv.url, "beta")
	a := startBot(t, "--url", srv.url, "--api-key", keyA, "--level", "1", "--movetime", "50ms", "--games", "yoxii")
	b := startBot(t, "--url", srv.url, "--api-key", keyB, "--engine", eng, "--challenge", "alpha",
		"--challenge-game", "yoxii", "--challenge-tc", "2+0")
	over := func() bool {
		return strings.Contains(a.logs.String(), `msg="game: over"`) && strings.Contains(b.logs.String(), `msg="game: over"`)
	}
	waitFor(t, "the bots' game to end", over, srv, a, b)
	if testing.Verbose() {
		t.Logf("alpha:\n%s\nbeta:\n%s", a.logs, b.logs)
	}
	var list api.Bots
	getJSON(t, srv.url, "/api/bots", &list)
	if len(list.Bots) != 2 {
		t.Fatalf("bots listed: got %d, want 2", len(list.Bots))
	}
	for _, bt := range list.Bots {
		if len(bt.Ratings) != 1 || bt.Ratings[0].Group != "bot:yoxii" || bt.Ratings[0].Games != 1 || !bt.Online {
			t.Errorf("%s: got ratings %+v online %v, want one game in bot:yoxii, online", bt.Name, bt.Ratings, bt.Online)
		}
	}
	var board api.Leaderboard
	getJSON(t, srv.url, "/api/leaderboard/yoxii", &board)
	if len(board.Players) != 0 {
		t.Errorf("people's leaderboard: got %+v, want no bot", board.Players)
	}
	checkHumanOnly(t, srv.url, keyA)
	checkResume(t, srv.url, keyA)
}

// checkHumanOnly: a bot's key neither seeks, nor quick plays, nor
// creates games.
func checkHumanOnly(t *testing.T, url, key string) {
	t.Helper()
	for _, c := range []struct{ path, body string }{
		{"/api/lobby/seeks", `{"game":"yoxii"}`},
		{"/api/lobby/play", `{"game":"yoxii"}`},
		{"/api/games", `{"game":"yoxii","seats":[{"kind":"human"},{"kind":"ai"}]}`},
	} {
		if st := keyPost(t, url, key, c.path, c.body); st != http.StatusForbidden {
			t.Errorf("bot POST %s: got %d, want 403", c.path, st)
		}
	}
}

// checkResume reads a bot's event stream, then resumes it after its
// first event: the next line is the second event, nothing lost or
// repeated.
func checkResume(t *testing.T, url, key string) {
	t.Helper()
	first := readEvents(t, url, key, 0, 2)
	if len(first) != 2 || first[1].ID <= first[0].ID {
		t.Fatalf("events: got %+v, want two, numbered up", first)
	}
	again := readEvents(t, url, key, first[0].ID, 1)
	if len(again) != 1 || again[0].ID != first[1].ID || again[0].Type != first[1].Type {
		t.Errorf("resumed after %d: got %+v, want %+v", first[0].ID, again, first[1])
	}
}

// readEvents reads n events of the bot's stream after since.
func readEvents(t *testing.T, url, key string, since int64, n int) []botLine {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/bot/stream/event?since=%d", url, since), nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []botLine
	sc := bufio.NewScanner(resp.Body)
	for len(out) < n && sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var l botLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		out = append(out, l)
	}
	return out
}

// children returns the ids of the processes whose parent is pid (Linux).
func children(t *testing.T, pid int) []int {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after ')'.
		rest := string(b[bytes.LastIndexByte(b, ')')+1:])
		var state string
		var child, ppid int
		if _, err := fmt.Sscan(rest, &state, &ppid); err == nil && ppid == pid {
			fmt.Sscan(string(b), &child) //nolint:errcheck // the file's first field is the pid
			out = append(out, child)
		}
	}
	return out
}

// TestBotSurvivesEngineKillAndServerRestart: mid-game, the external
// engine is killed and then the server too, restarted on the same
// address and database; the bridges go on and the game ends by the rules
// (not on time), every move accepted once (the server refuses a move
// sent for a position already moved from).
func TestBotSurvivesEngineKillAndServerRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary; runs without -short")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to find the engine's process")
	}
	eng := firstMoveEngine(t)
	db := filepath.Join(t.TempDir(), "bots.db")
	srv := startServe(t, "--db", db)
	keyA, keyB := newBot(t, srv.url, "alpha"), newBot(t, srv.url, "beta")
	a := startBot(t, "--url", srv.url, "--api-key", keyA, "--level", "1", "--movetime", "300ms")
	b := startBot(t, "--url", srv.url, "--api-key", keyB, "--engine", eng, "--challenge", "alpha",
		"--challenge-game", "yoxii", "--challenge-tc", "5+0", "--challenge-rated=false")
	moves := func(p *proc) int { return strings.Count(p.logs.String(), `msg=move `) }
	over := func() bool {
		return strings.Contains(a.logs.String(), `msg="game: over"`) && strings.Contains(b.logs.String(), `msg="game: over"`)
	}
	waitFor(t, "beta's first move", func() bool { return moves(b) >= 1 }, srv, a, b)
	var killed int
	for _, pid := range children(t, b.cmd.Process.Pid) {
		if p, err := os.FindProcess(pid); err == nil && p.Kill() == nil {
			killed++
		}
	}
	if killed == 0 {
		t.Fatal("found no engine process under the bridge")
	}
	waitFor(t, "beta to move again after its engine died", func() bool { return moves(b) >= 2 }, srv, a, b)
	if over() {
		t.Fatal("the game ended before the server's restart: make it longer")
	}
	addr := strings.TrimPrefix(srv.url, "http://")
	srv.cmd.Process.Kill()
	srv.cmd.Wait()
	srv2 := startServe(t, "--db", db, "--addr", addr)
	waitFor(t, "the game to end after the restart", over, srv2, a, b)
	if !strings.Contains(b.logs.String(), "engine: failed; restarting it") {
		t.Errorf("beta's log does not tell the engine's restart:\n%s", b.logs)
	}
	if !strings.Contains(a.logs.String(), "stream lost; reconnecting") {
		t.Errorf("alpha's log does not tell the reconnection:\n%s", a.logs)
	}
	var list api.MyGames
	checkFinished(t, srv2.url, keyA, &list)
	plies := map[string]bool{}
	for _, l := range strings.Split(a.logs.String()+b.logs.String(), "\n") {
		if _, rest, ok := strings.Cut(l, "msg=move "); ok {
			ply := strings.Fields(rest)[1]
			if plies[ply] {
				t.Errorf("%s acknowledged twice", ply)
			}
			plies[ply] = true
		}
	}
}

// checkFinished checks the bot's one game ended by the rules.
func checkFinished(t *testing.T, url, key string, list *api.MyGames) {
	t.Helper()
	req, _ := http.NewRequest("GET", url+"/api/me/games?status=finished", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(list); err != nil {
		t.Fatal(err)
	}
	if len(list.Games) != 1 {
		t.Fatalf("finished games: got %d, want 1", len(list.Games))
	}
	var v api.View
	getJSON(t, url, "/api/games/"+list.Games[0].ID, &v)
	if v.Reason == "time out" || v.Reason == "aborted" || len(v.Moves) < 3 {
		t.Errorf("the game ended by %q after %d moves, want the rules' end", v.Reason, len(v.Moves))
	}
}

// TestPythonAPIBot: the tutorial's standard-library Python bot
// (docs/bots/apibot.py) accepts a bridge's challenges and plays the
// games to their end against the API alone; the bridge challenges again
// after each game.
func TestPythonAPIBot(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary; runs without -short")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	srv := startServe(t, "--db", filepath.Join(t.TempDir(), "bots.db"))
	keyPy, keyA := newBot(t, srv.url, "pybot"), newBot(t, srv.url, "alpha")
	py := exec.Command("python3", "-u", "../../docs/bots/apibot.py", srv.url, keyPy)
	pp := &proc{cmd: py, logs: &syncLog{}}
	py.Stdout, py.Stderr = pp.logs, pp.logs
	if err := py.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		py.Process.Kill()
		py.Wait()
	})
	a := startBot(t, "--url", srv.url, "--api-key", keyA, "--level", "1", "--movetime", "50ms",
		"--challenge", "pybot", "--challenge-game", "yoxii", "--challenge-tc", "2+0", "--challenge-again")
	over := func() bool {
		return strings.Count(pp.logs.String(), " over: ") >= 2 && strings.Count(a.logs.String(), `msg="game: over"`) >= 2
	}
	waitFor(t, "the Python bot's two games to end (the bridge challenges again)", over, srv, a, pp)
	if strings.Contains(pp.logs.String(), "refused") || strings.Contains(a.logs.String(), "time out") {
		t.Errorf("the game did not go well:\n%s\n%s", pp.logs, a.logs)
	}
}

// TestBotsTutorial: docs/bots.md shows the Python bot the tests run,
// whole, and it is under 100 lines.
func TestBotsTutorial(t *testing.T) {
	doc, err := os.ReadFile("../../docs/bots.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../docs/bots/apibot.py")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, src) {
		t.Error("docs/bots.md does not show docs/bots/apibot.py as it is")
	}
	if n := bytes.Count(src, []byte("\n")); n >= 100 {
		t.Errorf("apibot.py: got %d lines, want under 100", n)
	}
}

// TestBotIllegalEngine: an engine that answers an illegal move is
// restarted and asked again; still illegal, the bridge resigns its
// untimed game rather than leave it waiting forever.
func TestBotIllegalEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary; runs without -short")
	}
	script := filepath.Join(t.TempDir(), "illegal.sh")
	body := "while read -r cmd rest; do case \"$cmd\" in go) echo 'bestmove z9'; echo ok;; quit) exit 0;; *) echo ok;; esac; done\n"
	if err := os.WriteFile(script, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := startServe(t, "--db", filepath.Join(t.TempDir(), "bots.db"))
	keyA, keyB := newBot(t, srv.url, "alpha"), newBot(t, srv.url, "beta")
	a := startBot(t, "--url", srv.url, "--api-key", keyA, "--level", "1", "--movetime", "50ms")
	b := startBot(t, "--url", srv.url, "--api-key", keyB, "--engine", "sh "+script, "--challenge", "alpha",
		"--challenge-game", "yoxii", "--challenge-tc", "", "--challenge-rated=false")
	waitFor(t, "the game to end", func() bool { return strings.Contains(b.logs.String(), `msg="game: over"`) }, srv, a, b)
	logs := b.logs.String()
	if strings.Count(logs, "engine: illegal move; restarting it") != 2 || !strings.Contains(logs, "resigning") {
		t.Errorf("beta's log: got\n%s\nwant two illegal moves, then a resignation", logs)
	}
	if !strings.Contains(logs, `reason=resignation`) {
		t.Errorf("beta's game did not end by resignation:\n%s", logs)
	}
}
