package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
)

// botPolicy is which challenges the bridge accepts.
type botPolicy struct {
	games    []string // game names ("yoxii"); empty: every game
	controls string   // any, realtime, correspondence, untimed, or a list of controls
	rated    string   // any, rated or casual
	maxGames int
}

// accepts says whether the policy takes challenge k while playing busy
// games, and why not.
func (p botPolicy) accepts(k api.Seek, busy int) (bool, string) {
	name, _, _ := strings.Cut(k.Game, ":")
	switch {
	case busy >= p.maxGames:
		return false, fmt.Sprintf("already playing %d games", busy)
	case len(p.games) > 0 && !slices.Contains(p.games, name):
		return false, "game " + name + " not played"
	case p.rated == "rated" && !k.Rated, p.rated == "casual" && k.Rated:
		return false, "only " + p.rated + " games"
	}
	tc := k.TimeControl
	switch p.controls {
	case "any":
		return true, ""
	case "untimed":
		return tc == "", "only untimed games"
	case "realtime", "correspondence":
		return tc != "" && k.Kind == p.controls, "only " + p.controls + " games"
	}
	return slices.Contains(strings.Split(p.controls, ","), tc), "time control " + tc + " not played"
}

// bridge connects an engine to a bot account.
type bridge struct {
	base, key string
	engine    string // command line; "" for the built-in engine
	level     int
	moveTime  time.Duration
	policy    botPolicy
	reg       *game.Registry
	log       *slog.Logger
	hc        *http.Client

	// again is the challenge to send again after each game, if any.
	again *api.SeekRequest

	mu      sync.Mutex
	playing map[string]bool
}

func cmdBot(e *env, args []string) int {
	fs := newFlags(e, "bot", "--url URL --api-key KEY [--engine \"CMD ARGS\" | --level N]", `
Connect an engine to a bot account of a Plateau server (docs/bots.md):
accept the challenges the policy allows, play every game of the bot with
the engine (any program speaking the engine protocol, docs/protocol.md,
or the built-in engine at a level), restart the engine when it dies,
reconnect when the network or the server goes away. Runs until
interrupted.`)
	url := fs.String("url", "http://localhost:8080", "the server's URL")
	key := fs.String("api-key", "", "the bot account's API key (default $PLATEAU_API_KEY)")
	eng := fs.String("engine", "", "the engine's command line; empty: the built-in engine")
	level := fs.Int("level", 0, "the built-in engine's level (1-8; 0: its strongest search)")
	moveTime := fs.Duration("movetime", 2*time.Second, "the longest think per move (less when the clock is short)")
	gamesFlag := fs.String("games", "", "games accepted, comma separated (default: all)")
	controls := fs.String("time-controls", "any", "any, realtime, correspondence, untimed, or controls such as 1+0,3+2")
	rated := fs.String("rated", "any", "any, rated or casual")
	maxGames := fs.Int("max-games", 4, "games played at once at most")
	upgrade := fs.Bool("upgrade", false, "make the key's account a bot first (for good)")
	ch := challengeFlags(fs)
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if *key == "" {
		*key = e.getenv("PLATEAU_API_KEY")
	}
	if *key == "" {
		return fail(e, errors.New("plateau bot: --api-key (or $PLATEAU_API_KEY) is needed"))
	}
	if *rated != "any" && *rated != "rated" && *rated != "casual" {
		return fail(e, fmt.Errorf("plateau bot: --rated %q: want any, rated or casual", *rated))
	}
	b := &bridge{base: strings.TrimRight(*url, "/"), key: *key, engine: *eng, level: *level, moveTime: *moveTime,
		policy: botPolicy{controls: *controls, rated: *rated, maxGames: max(*maxGames, 1)},
		reg:    e.reg, log: slog.New(slog.NewTextHandler(e.stderr, nil)), hc: &http.Client{}, playing: map[string]bool{}}
	if *gamesFlag != "" {
		b.policy.games = strings.Split(*gamesFlag, ",")
	}
	req, again := ch()
	return b.run(e, *upgrade, req, again)
}

// challengeFlags adds the flags of a challenge the bridge sends; the
// returned func gives it once parsed (nil for none).
func challengeFlags(fs *flag.FlagSet) func() (req *api.SeekRequest, again bool) {
	to := fs.String("challenge", "", "challenge this player once started (e.g. another bot)")
	game := fs.String("challenge-game", "yoxii", "the challenge's game")
	tc := fs.String("challenge-tc", "1+0", "the challenge's time control")
	rated := fs.Bool("challenge-rated", true, "the challenge is rated")
	again := fs.Bool("challenge-again", false, "challenge again after each game (a match without end)")
	return func() (*api.SeekRequest, bool) {
		if *to == "" {
			return nil, false
		}
		return &api.SeekRequest{Game: *game, TimeControl: *tc, Rated: *rated, To: *to}, *again
	}
}

// run upgrades the account if asked, sends the challenge if any, and
// follows the bot's events until interrupted.
func (b *bridge) run(e *env, upgrade bool, req *api.SeekRequest, again bool) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if upgrade {
		if err := b.post(ctx, "/api/bot/account/upgrade", struct{}{}, nil); err != nil && !strings.Contains(err.Error(), "already") {
			return fail(e, err)
		}
	}
	if req != nil {
		if again {
			b.again = req
		}
		go b.challenge(ctx, *req)
	}
	b.events(ctx)
	return exitOK
}

// challenge posts one challenge, retrying until the server takes it.
func (b *bridge) challenge(ctx context.Context, req api.SeekRequest) {
	for wait := time.Second; ctx.Err() == nil; wait = min(2*wait, 30*time.Second) {
		var k api.Seek
		err := b.post(ctx, "/api/lobby/seeks", req, &k)
		if err == nil {
			b.log.Info("challenge sent", "to", req.To, "seek", k.ID, "game", req.Game)
			return
		}
		b.log.Warn("challenge not sent", "to", req.To, "err", err)
		sleepCtx(ctx, wait)
	}
}

// events follows the bot's event stream, reconnecting and resuming
// from the last event seen, until ctx ends.
func (b *bridge) events(ctx context.Context) {
	var cursor int64
	for wait := time.Second; ctx.Err() == nil; {
		b.log.Info("event stream: connecting", "url", b.base, "since", cursor)
		err := b.stream(ctx, fmt.Sprintf("/api/bot/stream/event?since=%d", cursor), func(l botLine) {
			cursor = l.ID
			wait = time.Second
			b.event(ctx, l)
		})
		if ctx.Err() != nil {
			return
		}
		b.log.Warn("event stream lost; reconnecting", "err", err, "in", wait)
		sleepCtx(ctx, wait)
		wait = min(2*wait, 15*time.Second)
	}
}

// botLine is a stream line.
type botLine struct {
	Type string          `json:"type"`
	ID   int64           `json:"id"`
	Data json.RawMessage `json:"data"`
}

// event acts on one event: a challenge or a game starting.
func (b *bridge) event(ctx context.Context, l botLine) {
	switch l.Type {
	case "challenge":
		var k api.Seek
		if json.Unmarshal(l.Data, &k) == nil {
			b.answer(ctx, k)
		}
	case "gameStart":
		var g api.BotGameStart
		if json.Unmarshal(l.Data, &g) == nil {
			b.start(ctx, g)
		}
	}
}

// answer accepts or declines a challenge by the policy.
func (b *bridge) answer(ctx context.Context, k api.Seek) {
	b.mu.Lock()
	busy := len(b.playing)
	b.mu.Unlock()
	ok, why := b.policy.accepts(k, busy)
	if !ok {
		b.log.Info("challenge declined", "seek", k.ID, "from", k.Owner.Name, "why", why)
		if err := b.post(ctx, "/api/lobby/seeks/"+k.ID+"/decline", struct{}{}, nil); err != nil {
			b.log.Warn("decline failed", "seek", k.ID, "err", err)
		}
		return
	}
	var st api.Started
	if err := b.post(ctx, "/api/lobby/seeks/"+k.ID+"/accept", struct{}{}, &st); err != nil {
		b.log.Warn("accept failed", "seek", k.ID, "err", err)
		return
	}
	b.log.Info("challenge accepted", "seek", k.ID, "from", k.Owner.Name, "game", st.Game)
	b.start(ctx, api.BotGameStart{Game: st.Game, GameID: k.Game, Player: st.Player})
}

// start plays a game unless it is played already.
func (b *bridge) start(ctx context.Context, g api.BotGameStart) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.playing[g.Game] {
		return
	}
	b.playing[g.Game] = true
	go func() {
		live := b.play(ctx, g)
		b.mu.Lock()
		delete(b.playing, g.Game)
		idle := len(b.playing) == 0
		b.mu.Unlock()
		if live && idle && b.again != nil && ctx.Err() == nil {
			b.challenge(ctx, *b.again)
		}
	}()
}

// stream reads an NDJSON stream of path, calling fn on each line.
func (b *bridge) stream(ctx context.Context, path string, fn func(botLine)) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.key)
	resp, err := b.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return apiError(resp)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue // keep-alive
		}
		var l botLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("plateau bot: bad stream line: %w", err)
		}
		fn(l)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.ErrUnexpectedEOF
}

// post sends a JSON request with the key and decodes the answer into out.
func (b *bridge) post(ctx context.Context, path string, body, out any) error {
	js, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.base+path, bytes.NewReader(js))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return apiError(resp)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}

// httpError is the server's refusal.
type httpError struct {
	status int
	body   api.Error
}

func (e *httpError) Error() string {
	return fmt.Sprintf("plateau bot: server answered %d %s: %s", e.status, e.body.Code, e.body.Error)
}

func apiError(resp *http.Response) error {
	e := &httpError{status: resp.StatusCode}
	json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&e.body) //nolint:errcheck // the status says enough
	return e
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
