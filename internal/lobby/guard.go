package lobby

import "context"

// Guard keeps apart players who blocked each other and holds back a
// playbanned player's rated games (docs/moderation.md); the server
// implements it over the moderation tables. A nil Guard guards nothing.
type Guard interface {
	// Apart returns the refusal of a meeting of a and b ("not
	// available", whoever blocked whom), nil when they may play.
	Apart(ctx context.Context, a, b string) error
	// Hidden returns the players blocked with player: their seeks and
	// presence are not shown to player, nor player's to them.
	Hidden(ctx context.Context, player string) map[string]bool
	// Playban returns the refusal of a rated game to player, nil when
	// they may start one.
	Playban(ctx context.Context, player string, rated bool) error
}

// apart applies the guard's block between a and b.
func (sv Service) apart(ctx context.Context, a, b string) error {
	if sv.Guard == nil {
		return nil
	}
	return sv.Guard.Apart(ctx, a, b)
}

// playban applies the guard's playban to a rated game of player.
func (sv Service) playban(ctx context.Context, player string, rated bool) error {
	if sv.Guard == nil {
		return nil
	}
	return sv.Guard.Playban(ctx, player, rated)
}

// unblocked drops from open the seeks of players blocked with me.
func (sv Service) unblocked(ctx context.Context, me string, open []Seek) []Seek {
	if sv.Guard == nil {
		return open
	}
	hidden := sv.Guard.Hidden(ctx, me)
	if len(hidden) == 0 {
		return open
	}
	out := open[:0:0]
	for _, k := range open {
		if !hidden[k.Owner.ID] {
			out = append(out, k)
		}
	}
	return out
}

// mayAccept is what every accept checks beyond the seek itself: the two
// players are not blocked, and me is not held back from a rated game.
func (sv Service) mayAccept(ctx context.Context, me Player, k Seek) error {
	if err := sv.apart(ctx, me.ID, k.Owner.ID); err != nil {
		return err
	}
	return sv.playban(ctx, me.ID, k.Rated)
}
