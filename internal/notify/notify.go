package notify

import (
	"context"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// Sentinel errors, checked with errors.Is.
var (
	// ErrUnsafeURL: a push endpoint or webhook URL that is not https or
	// that leads to an internal address.
	ErrUnsafeURL = errors.New("notify: unsafe URL")
	// ErrBadEmail: an e-mail address that does not parse, or is too long.
	ErrBadEmail = errors.New("notify: bad e-mail address")
	// ErrBadSettings: settings out of range (an e-mail period, a
	// language, a channel switched on without what it needs).
	ErrBadSettings = errors.New("notify: bad settings")
	// ErrBadSubscription: a push subscription whose keys are not those
	// of RFC 8291 (a P-256 point and a 16-byte secret).
	ErrBadSubscription = errors.New("notify: bad push subscription")
	// ErrNoPlayer: an event without a player or a game.
	ErrNoPlayer = errors.New("notify: no player or game")
)

// Event kinds.
const (
	// KindTurn: it is the player's turn.
	KindTurn = "turn"
	// KindLowTime: the player is about to time out.
	KindLowTime = "lowtime"
	// KindChallenge: another player challenged the player (the event's
	// Game is the challenge's seek id).
	KindChallenge = "challenge"
)

// Channels.
const (
	ChannelPush    = "push"
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
)

// Info is what a notification says of the game besides its id.
type Info struct {
	// Title is the game's name as people read it ("Yoxii").
	Title string `json:"title,omitempty"`
	// Name is the public name of the player notified, for webhooks,
	// which post where others read.
	Name string `json:"name,omitempty"`
	// Opponent is the name of the player being waited on by, if known.
	Opponent string `json:"opponent,omitempty"`
	// RealTime marks a game with a running clock: it gets no e-mail,
	// which would come too late to help.
	RealTime bool `json:"realtime,omitempty"`
	// Plies is the number of moves played when the event happened:
	// StillToAct drops the event once a move was played or taken back.
	Plies int `json:"plies"`
}

// Loader reads a game (store.Store is one).
type Loader interface {
	Load(ctx context.Context, id string) (store.Game, error)
}

// StillToAct is a Config.Current for a server: an event holds while its
// game is ongoing with the moves it had (a draw offer, which changes the
// game's version, does not make the turn any less the player's). A game
// that cannot be read is taken to hold, so that a database hiccup
// delays nothing; a game deleted does not.
func StillToAct(games Loader) func(ctx context.Context, ev Event) bool {
	return func(ctx context.Context, ev Event) bool {
		if isTournament(ev.Kind) || ev.Kind == KindChallenge {
			return true // not about a move
		}
		g, err := games.Load(ctx, ev.Game)
		if errors.Is(err, store.ErrNotFound) {
			return false
		}
		if err != nil {
			return true
		}
		return g.Result == store.Ongoing && len(g.Moves) == ev.Plies
	}
}

// Event is a notification for one player, as the outbox keeps it.
type Event struct {
	Kind    string `json:"kind"`
	Player  string `json:"player"`
	Game    string `json:"game"`
	Version int64  `json:"version"`
	Info
	// Tournament is the event of a tournament notice.
	Tournament string `json:"tournament,omitempty"`
	// Left is the time left on the player's clock (KindLowTime).
	Left time.Duration `json:"left,omitempty"`
}

// Config is what a Notifier is built from. Store is required.
type Config struct {
	Store store.Notes
	// BaseURL is the server's public address, on which the links to
	// games are built (e.g. https://play.example); empty: no links in
	// e-mails and webhooks (push opens the game on its own origin).
	BaseURL string
	// SMTP sends the e-mails; nil: no e-mail channel.
	SMTP *SMTP
	// Subscriber is the contact that push services see in the VAPID
	// token (an https URL or an e-mail address); default: BaseURL if it
	// is https, else the SMTP sender, else "plateau@localhost".
	Subscriber string
	// Current tells whether an event still holds when it is sent (the
	// game is still at its version); events that no longer do are
	// dropped. Nil: every event is sent.
	Current func(ctx context.Context, ev Event) bool
	// Now is the clock of due times and leases (default time.Now).
	Now func() time.Time
	// Owner names this process on the notes it leases (default: host,
	// pid and random bits).
	Owner string
	// Lease is how long a claimed note stays this process's (default
	// 1 minute); Retry the first wait after a failed send (default 30s),
	// doubled at each failure up to an hour; a note is given up after
	// MaxAttempts claims (default 10).
	Lease, Retry time.Duration
	MaxAttempts  int
	// Poll is how often Run looks for notes enqueued by other servers
	// (default 5s); its own are sent at once.
	Poll time.Duration
	// Resolver resolves the hosts of the URLs checked (default
	// net.DefaultResolver); RootCAs are the roots trusted for https
	// (default: the system's).
	Resolver Resolver
	RootCAs  *x509.CertPool
	// AllowLocalForTests lets push endpoints and webhooks be on
	// loopback and private addresses. For tests only: a server with it
	// makes requests into its own network on a player's say-so.
	AllowLocalForTests bool
	Log                *slog.Logger
}

// Notifier enqueues notifications and sends them. Its methods are safe
// for concurrent use.
type Notifier struct {
	cfg    Config
	st     store.Notes
	guard  guard
	client *http.Client
	vapid  vapidKeys
	wake   chan struct{}
}

// New checks cfg, loads the VAPID keys (making them if the database has
// none) and returns a Notifier; call Run to send.
func New(ctx context.Context, cfg Config) (*Notifier, error) {
	if cfg.Store == nil {
		return nil, errors.New("notify: config needs a store")
	}
	cfg.setDefaults()
	n := &Notifier{cfg: cfg, st: cfg.Store, wake: make(chan struct{}, 1),
		guard: guard{resolver: cfg.Resolver, allowLocal: cfg.AllowLocalForTests}}
	n.client = n.guard.client(cfg.RootCAs)
	keys, err := loadVAPID(ctx, cfg.Store, cfg.Now())
	if err != nil {
		return nil, err
	}
	n.vapid = keys
	return n, nil
}

func (cfg *Config) setDefaults() {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Owner == "" {
		host, _ := os.Hostname()
		cfg.Owner = host + "/" + strconv.Itoa(os.Getpid()) + "/" + rand.Text()[:8]
	}
	if cfg.Lease <= 0 {
		cfg.Lease = time.Minute
	}
	if cfg.Retry <= 0 {
		cfg.Retry = 30 * time.Second
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 10
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.Resolver == nil {
		cfg.Resolver = net.DefaultResolver
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	cfg.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	if cfg.Subscriber == "" {
		switch {
		case strings.HasPrefix(cfg.BaseURL, "https://"):
			cfg.Subscriber = cfg.BaseURL
		case cfg.SMTP != nil && cfg.SMTP.From != "":
			cfg.Subscriber = cfg.SMTP.From
		default:
			cfg.Subscriber = "plateau@localhost"
		}
	}
}

// Turn enqueues "it is your turn in game gameID" for playerID, on every
// channel the player switched on. version is the game's version that
// made it the player's turn: the same (player, game, version) enqueued
// again, by this server or another, is one notification.
func (n *Notifier) Turn(ctx context.Context, playerID, gameID string, version int64, info Info) error {
	return n.Enqueue(ctx, Event{Kind: KindTurn, Player: playerID, Game: gameID, Version: version, Info: info})
}

// LowTimeNotes returns the notes of "you are about to time out in game
// gameID, left remains" for playerID (push and e-mail; webhooks carry
// turns only), at the game's version when the clock ran low. It writes
// nothing: the caller writes them in the same transaction as the claim
// that makes the warning happen once (store.Clocks.ClaimWarning), then
// calls Wake. Enqueued apart from the claim, a server that read the
// warning late would write it again after the first was sent and gone.
func (n *Notifier) LowTimeNotes(ctx context.Context, playerID, gameID string, version int64, left time.Duration, info Info) ([]store.Note, error) {
	return n.Notes(ctx, Event{Kind: KindLowTime, Player: playerID, Game: gameID, Version: version, Info: info, Left: left})
}

// Enqueue writes ev's notes, one per channel its player switched on,
// and wakes Run.
func (n *Notifier) Enqueue(ctx context.Context, ev Event) error {
	notes, err := n.Notes(ctx, ev)
	if err != nil {
		return err
	}
	if err := n.st.AddNotes(ctx, notes); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	if len(notes) > 0 {
		n.Wake()
	}
	return nil
}

// Notes returns ev's notes, one per channel its player switched on,
// without writing them.
func (n *Notifier) Notes(ctx context.Context, ev Event) ([]store.Note, error) {
	if ev.Player == "" || ev.Game == "" || !knownKind(ev.Kind) {
		return nil, fmt.Errorf("%w: %+v", ErrNoPlayer, ev)
	}
	ns, err := n.st.NotifySettings(ctx, ev.Player)
	if err != nil {
		return nil, fmt.Errorf("notify: %w", err)
	}
	if ev.Kind == KindChallenge && ns.ChallengesOff {
		return nil, nil
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return nil, fmt.Errorf("notify: %w", err)
	}
	now := n.cfg.Now()
	var notes []store.Note
	add := func(channel string, due time.Time) {
		notes = append(notes, store.Note{ID: store.NoteID(ev.Kind, channel, ev.Player, ev.Game, ev.Version), Player: ev.Player,
			Channel: channel, Kind: ev.Kind, GameID: ev.Game, Version: ev.Version, Body: string(body), Due: due})
	}
	if ns.Push {
		add(ChannelPush, now)
	}
	if ns.WebhookOn && ns.Webhook != "" && (ev.Kind == KindTurn || ev.Kind == KindChallenge) {
		add(ChannelWebhook, now)
	}
	if ns.EmailOn && ns.Email != "" && n.cfg.SMTP != nil && !ev.RealTime {
		due := now
		if ev.Kind == KindTurn && ns.EmailNext.After(now) {
			due = ns.EmailNext // the digest's next time
		}
		add(ChannelEmail, due)
	}
	return notes, nil
}

// knownKind reports whether kind is an event kind Notes takes.
func knownKind(kind string) bool {
	return kind == KindTurn || kind == KindLowTime || kind == KindChallenge || isTournament(kind)
}

// Challenge enqueues "challenger challenges you to game" for the
// challenged player, on every channel they switched on unless they
// switched challenge notices off. The note is keyed by the challenge
// (seekID): the same challenge enqueued again, by this server or
// another, is one notification. info names the game (Title), the
// challenger (Opponent) and whether it is played in real time (no
// e-mail then).
func (n *Notifier) Challenge(ctx context.Context, player, seekID string, info Info) error {
	return n.Enqueue(ctx, Event{Kind: KindChallenge, Player: player, Game: seekID, Info: info})
}

// Wake makes Run look at the outbox now, after notes were written
// elsewhere (see LowTimeNotes).
func (n *Notifier) Wake() {
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// gameURL is the link to a game: absolute when the public address is
// known.
func (n *Notifier) gameURL(gameID string) string {
	return n.cfg.BaseURL + "/#/game/" + gameID
}
