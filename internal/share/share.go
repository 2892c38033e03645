package share

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"strconv"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/game/record"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/pictures"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/store"
)

// The reasons a request is refused, checked with errors.Is through a
// *Refusal.
var (
	// ErrBadRequest: the request asks for what cannot be: an image size
	// out of range, a ply the game has not, an unknown game, a position
	// or a record that does not parse.
	ErrBadRequest = errors.New("share: bad request")
	// ErrNotFound: no such game, or a game without a board image.
	ErrNotFound = errors.New("share: not found")
)

// Refusal is a request refused, with the sentence its client is told.
type Refusal struct {
	Why      error  // ErrBadRequest or ErrNotFound
	Sentence string // for people, without a package prefix
}

// Error returns the sentence, prefixed as Go errors are.
func (r *Refusal) Error() string { return "share: " + r.Sentence }

// Unwrap returns the reason, for errors.Is.
func (r *Refusal) Unwrap() error { return r.Why }

// refuse returns a refusal for reason why, telling the formatted sentence.
func refuse(why error, format string, args ...any) error {
	return &Refusal{Why: why, Sentence: fmt.Sprintf(format, args...)}
}

// errNoGame refuses a request for a game that does not exist.
var errNoGame = &Refusal{Why: ErrNotFound, Sentence: "no such game"}

// Store is what share reads of the store: a game by id.
type Store interface {
	Load(ctx context.Context, id string) (store.Game, error)
}

// Config is what a Service is built from: all of it is required but
// Pictures, Puzzles and Static.
type Config struct {
	Registry *game.Registry
	Store    Store
	// Pictures draws the boards of images; nil (no fonts) answers
	// readable records, previews and embeds only.
	Pictures *pictures.Renderer
	// Puzzles are the shipped puzzles a link may name; nil: none.
	Puzzles *puzzles.Set
	// Static holds the client's files: an invite's tags go into its
	// index.html; nil, or a page without a head, leaves the files to
	// answer as they are.
	Static fs.FS
	// Names names the players of a game's seats (nil for an empty seat):
	// the server's, which knows the requester and the store's players.
	Names func(ctx context.Context, seats [2]store.Seat) [2]*api.PlayerRef
	// FindPlayer finds a player by id, username or display name.
	FindPlayer func(ctx context.Context, ref string) (api.PlayerRef, time.Time, error)
	// Tournament is an event's page as anyone sees it.
	Tournament func(ctx context.Context, id string) (api.TournamentView, error)
	// Record is a stored game as the records export writes it.
	Record func(store.Game) record.Record
}

// Service builds previews, embeds, images and readable records. It is
// safe for concurrent use.
type Service struct {
	cfg   Config
	page  *template.Template // a preview's page, and its "tags" alone
	embed *template.Template
	cache *pictures.Cache
}

// pictureCacheBytes is how much of drawn images a Service keeps.
const pictureCacheBytes = 64 << 20

// New returns a Service built from cfg.
func New(cfg Config) *Service {
	return &Service{cfg: cfg,
		page:  template.Must(template.Must(template.New("page").Parse(previewPage)).New("tags").Parse(previewTags)),
		embed: template.Must(template.New("embed").Parse(embedPage)),
		cache: pictures.NewCache(pictureCacheBytes)}
}

// Query is what a request asks, read by the server from its path, its
// query and its headers.
type Query struct {
	ID, Game, Ply, Ref string     // the path's parts, "" when absent
	Values             url.Values // the query: ?pos=, ?ply=, ?w=, ?theme=...
	RawQuery           string     // the query as sent
	Lang               string     // the words' language: en or fr
	Base               string     // the server's address as people reach it
	Path               string     // the request's path, escaped
	IfNoneMatch        string     // the tags of what the client holds
}

// Answer is a document or an image built for a request.
type Answer struct {
	Body    []byte
	Type    string // an image's content type
	Tag     string // an ETag, when the answer has one
	Fresh   bool   // the client holds this very answer: nothing to send
	Missing bool   // what the link names does not exist: a page anyway
}

// load loads a game and its rules.
func (s *Service) load(ctx context.Context, id string) (store.Game, game.Game, error) {
	sg, err := s.cfg.Store.Load(ctx, id)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = errNoGame
		}
		return store.Game{}, game.Game{}, err
	}
	gm, _, err := s.cfg.Registry.Lookup(sg.Game)
	if err != nil {
		return store.Game{}, game.Game{}, fmt.Errorf("share: game %s: %w", id, err)
	}
	return sg, gm, nil
}

// loadPlayed loads a game and plays its moves up to ply ("" for all).
func (s *Service) loadPlayed(ctx context.Context, id, ply string) (store.Game, game.Game, game.State, error) {
	sg, gm, err := s.load(ctx, id)
	if err != nil {
		return sg, gm, nil, err
	}
	n := len(sg.Moves)
	if ply != "" {
		k, err := strconv.Atoi(ply)
		if err != nil || k < 0 || k > n {
			return sg, gm, nil, refuse(ErrBadRequest, "this game has plies 0 to %d, not %q", n, clip(ply))
		}
		n = k
	}
	st, err := s.cfg.Registry.New(sg.Game, sg.Start)
	if err != nil {
		return sg, gm, nil, fmt.Errorf("share: game %s: %w", id, err)
	}
	for _, m := range sg.Moves[:n] {
		if _, err := game.PlayChecked(st, m.Text); err != nil {
			return sg, gm, nil, fmt.Errorf("share: game %s: %w", id, err)
		}
	}
	return sg, gm, st, nil
}

// plyOf is the ply ?ply= asks for, checked by loadPlayed: all moves
// when absent.
func plyOf(ply string, moves int) int {
	if n, err := strconv.Atoi(ply); err == nil && n >= 0 && n <= moves {
		return n
	}
	return moves
}

// clip shortens what a refusal quotes of a client's text.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// puzzle finds a shipped puzzle of game name, and its position.
func (s *Service) puzzle(name, id string) (puzzles.Puzzle, game.Game, game.State, bool) {
	if s.cfg.Puzzles == nil {
		return puzzles.Puzzle{}, game.Game{}, nil, false
	}
	pz, err := s.cfg.Puzzles.Get(id)
	gm, _, lerr := s.cfg.Registry.Lookup(pz.Game)
	if err != nil || lerr != nil || gm.Name != name {
		return pz, gm, nil, false
	}
	st, err := s.cfg.Registry.New(pz.Game, pz.Position)
	return pz, gm, st, err == nil
}
