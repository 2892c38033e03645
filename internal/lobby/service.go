package lobby

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/clock"
	"github.com/plateau-games/plateau/internal/store"
)

// quickPlayRange is the rating distance quick play accepts between two
// rated players: about a 85% expected score for the stronger, beyond
// which a game is rarely fun for either.
const quickPlayRange = 300

// SeekStore is the slice of the store the lobby's requests use.
type SeekStore interface {
	PostSeek(ctx context.Context, s store.Seek) error
	OpenSeeks(ctx context.Context, now time.Time) ([]store.Seek, error)
	AcceptSeek(ctx context.Context, a store.Accept) error
	AcceptPair(ctx context.Context, a store.Accept, mine string) error
}

// Games is how the lobby starts games: New builds the game of an
// accepted seek between players (first and second colour), not yet
// stored, and the function to call once it is (the server then holds
// its room); the errors are the rooms' refusals.
type Games interface {
	New(ctx context.Context, gameID, timeControl string, rated bool, players [2]string) (store.Game, func(), error)
}

// Service takes the lobby's requests: posting seeks and challenges,
// accepting them, quick play.
type Service struct {
	Store    SeekStore
	Games    Games
	Registry *game.Registry
	Clock    Clock
	Log      *slog.Logger
	// NewID returns a new seek's id.
	NewID func() string
	// Rating is a player's rating in a game's pool (0: none).
	Rating func(ctx context.Context, player, gameID string) int
	// Named finds the player a challenge names (players.ErrNotFound).
	Named func(ctx context.Context, name string) (Player, error)
	// Changed tells the loop the seeks changed (Loop.Poke).
	Changed func()
	// Guard applies blocks and playbans (nil: none).
	Guard Guard
}

// Request is a seek asked for: the game with its options, the time
// control ("" untimed), rated, the owner's colour, the kind of an
// untimed seek, and the player challenged by name ("" for an open seek).
type Request struct {
	Game, TimeControl string
	Rated             bool
	Colour, Kind, To  string
}

// Started is a game started by accepting a seek: its id, and the seat
// of the player who accepted.
type Started struct {
	Game   string
	Player int
}

// NewSeek builds and checks the seek me asks for.
func (sv Service) NewSeek(ctx context.Context, me Player, req Request) (Seek, error) {
	if len(req.Game) > maxGame {
		return Seek{}, fmt.Errorf("%w: game id too long", ErrBadSeek)
	}
	_, id, err := sv.Registry.Lookup(req.Game)
	if err != nil {
		return Seek{}, fmt.Errorf("%w: %w", ErrBadSeek, err)
	}
	ctl, err := clock.Parse(req.TimeControl)
	if err != nil {
		return Seek{}, fmt.Errorf("%w: %w", ErrBadSeek, err)
	}
	if req.Rated && !ctl.Timed() {
		return Seek{}, ErrRatedUntimed
	}
	kind, err := seekKind(Kind(req.Kind), ctl)
	if err != nil {
		return Seek{}, err
	}
	tc := ""
	if ctl.Timed() {
		tc = ctl.String()
	}
	k := Seek{ID: sv.NewID(), Game: id.String(), TimeControl: tc, Rated: req.Rated, Colour: Colour(req.Colour), Kind: kind, Owner: me}
	k.Rating = sv.Rating(ctx, me.ID, k.Game)
	if req.To != "" {
		if k.To, err = sv.Named(ctx, req.To); err != nil {
			return Seek{}, err
		}
		if err := sv.apart(ctx, me.ID, k.To.ID); err != nil {
			return Seek{}, err
		}
	}
	if err := k.Check(sv.Clock.Now()); err != nil {
		return Seek{}, err
	}
	if err := sv.playban(ctx, me.ID, k.Rated); err != nil {
		return Seek{}, err
	}
	return k, nil
}

// Post stores a new seek.
func (sv Service) Post(ctx context.Context, k Seek) error {
	if err := sv.Store.PostSeek(ctx, k.Record()); err != nil {
		return err
	}
	sv.Changed()
	return nil
}

// Accept starts the game of seek k between its owner and me, if the
// store says the seek is still open: the owner is told through the
// lobby's WebSocket, wherever it is connected. The game is created in
// the transaction that closes the seek, so that two accepts cannot both
// start one.
func (sv Service) Accept(ctx context.Context, me Player, k Seek) (Started, error) {
	return sv.accept(ctx, me, k, "seek accepted", sv.Store.AcceptSeek)
}

// accept starts the game of seek k between its owner and me, closing
// the seek with commit (AcceptSeek, or AcceptPair withdrawing me's own).
func (sv Service) accept(ctx context.Context, me Player, k Seek, what string, commit func(context.Context, store.Accept) error) (Started, error) {
	if err := k.CanAccept(me); err != nil {
		return Started{}, err
	}
	if err := sv.mayAccept(ctx, me, k); err != nil {
		return Started{}, err
	}
	owner := k.OwnerSeat(coin)
	var players [2]string
	players[owner], players[1-owner] = k.Owner.ID, me.ID
	g, started, err := sv.Games.New(ctx, k.Game, k.TimeControl, k.Rated, players)
	if err != nil {
		return Started{}, err
	}
	a := acceptOf(k.ID, me.ID, g, owner, sv.Clock.Now())
	if err := commit(context.WithoutCancel(ctx), a); err != nil {
		return Started{}, err
	}
	sv.Log.Info(what, "seek", k.ID, "game", g.ID, "id", g.Game)
	started()
	sv.Changed()
	return Started{Game: g.ID, Player: 1 - owner}, nil
}

// acceptOf is the store's record of seek taken by taker, starting g.
func acceptOf(seek, taker string, g store.Game, owner int, at time.Time) store.Accept {
	return store.Accept{Seek: seek, Taker: taker, Game: g, OwnerSeat: owner, At: at}
}

// coin is a fair coin for random colours.
func coin() bool {
	var b [1]byte
	rand.Read(b[:])
	return b[0]&1 == 0
}

// QuickPlay is "Play now": the oldest open seek that fits, accepted
// (started), else a quick seek of me's (the one already waiting, or a
// new one posted).
func (sv Service) QuickPlay(ctx context.Context, me Player, gameID string) (started *Started, seek *Seek, err error) {
	k, err := sv.NewSeek(ctx, me, Request{Game: gameID})
	if err != nil {
		return nil, nil, err
	}
	want := Want{Player: me, Game: k.Game, Rating: k.Rating}
	if want.Rating > 0 {
		want.Range = quickPlayRange
	}
	for range 3 { // another player may take the seek first: try the next
		recs, err := sv.Store.OpenSeeks(ctx, sv.Clock.Now())
		if err != nil {
			return nil, nil, err
		}
		open := sv.unblocked(ctx, me.ID, SeeksOf(recs))
		for _, o := range open {
			if o.Quick && o.Owner.ID == me.ID && o.Game == k.Game {
				return nil, &o, nil
			}
		}
		match, ok := Match(open, want)
		if !ok {
			break
		}
		st, err := sv.Accept(ctx, me, match)
		if errors.Is(err, ErrGone) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		return &st, nil, nil
	}
	post := QuickPost(want)
	post.ID = k.ID
	if err := post.Check(sv.Clock.Now()); err != nil {
		return nil, nil, err
	}
	if err := sv.Post(ctx, post); err != nil {
		return nil, nil, err
	}
	if st, err := sv.pairQuick(ctx, me, post, want); err != nil || st != nil {
		return st, nil, err
	}
	return nil, &post, nil
}

// seekKind is the kind of a seek asked as asked with clock ctl: a timed
// seek is of its clock's kind (asked or left out), an untimed one of the
// kind asked. A kind that contradicts the clock is refused
// (ErrKindClash).
func seekKind(asked Kind, ctl clock.Control) (Kind, error) {
	want := asked
	switch ctl.Kind {
	case clock.RealTime:
		want = RealTime
	case clock.Correspondence:
		want = Correspondence
	}
	if asked != "" && asked != want {
		return "", ErrKindClash
	}
	return want, nil
}
