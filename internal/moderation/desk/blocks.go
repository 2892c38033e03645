package desk

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/room"
)

// Either is the hook of the lobby and the chat: whether players a and b
// may not meet. A store error counts as blocked (logged): a block must
// hold even then.
func (d *Desk) Either(ctx context.Context, a, b string) bool {
	bl, err := d.blocks().Either(ctx, a, b)
	if err != nil {
		d.Log.Error("reading blocks", "err", err)
		return true
	}
	return bl
}

// Apart is Either as a refusal: moderation.ErrNotAvailable, the same
// whether a blocked b or b blocked a.
func (d *Desk) Apart(ctx context.Context, a, b string) error {
	if d.Either(ctx, a, b) {
		return moderation.ErrNotAvailable
	}
	return nil
}

// BlockedWith returns the players who blocked player or whom player
// blocked; the lobby hides their seeks and presence.
func (d *Desk) BlockedWith(ctx context.Context, player string) map[string]bool {
	if d.Store == nil || player == "" {
		return nil
	}
	ids, err := d.Store.BlockedWith(ctx, player)
	if err != nil {
		d.Log.Error("reading blocks", "player", player, "err", err)
	}
	return ids
}

// Blocks lists the players me blocked.
func (d *Desk) Blocks(ctx context.Context, me string, _ struct{}) (api.Blocks, error) {
	list, err := d.blocks().List(ctx, me)
	if err != nil {
		return api.Blocks{}, err
	}
	out := api.Blocks{Blocked: []api.BlockedPlayer{}}
	for _, b := range list {
		out.Blocked = append(out.Blocked, api.BlockedPlayer{Player: d.Ref(ctx, b.Blocked), At: room.FormatTime(b.At)})
	}
	return out, nil
}

// Block blocks or unblocks a player for me; the answer is the block
// list.
func (d *Desk) Block(ctx context.Context, me string, req api.BlockRequest) (api.Blocks, error) {
	other, err := d.named(ctx, req.Player)
	if err != nil {
		return api.Blocks{}, err
	}
	if err := d.blocks().Set(ctx, me, other, req.Blocked); err != nil {
		return api.Blocks{}, err
	}
	d.Changed()
	return d.Blocks(ctx, me, struct{}{})
}

// ChatRefusal is the chat's hook: why author may not post in a game
// whose seats hold seated, or nil. A chat ban refuses
// (moderation.ErrChatBanned); so does a block between the author and a
// player of the game (moderation.ErrNotAvailable).
func (d *Desk) ChatRefusal(ctx context.Context, author string, seated [2]string) error {
	if d.Store == nil || author == "" {
		return nil
	}
	for _, p := range seated {
		if p != author && d.Either(ctx, author, p) {
			return moderation.ErrNotAvailable
		}
	}
	log, err := d.Store.Entries(ctx, author, 100)
	if err != nil {
		return err
	}
	if until := moderation.ChatBannedUntil(log, d.Clock.Now()); !until.IsZero() {
		return fmt.Errorf("%w: you may not chat until %s", moderation.ErrChatBanned, until.Format(time.RFC3339))
	}
	return nil
}

// SeeAddress records, as a keyed hash, the address player logs in or
// signs up from. A failure is logged: it never stops a login.
func (d *Desk) SeeAddress(ctx context.Context, player, addr string) {
	if d.Store == nil {
		return
	}
	a := moderation.Addresses{Store: d.Store, Clock: d.Clock}
	if err := a.Seen(ctx, player, addr); err != nil {
		d.Log.Error("recording an address", "player", player, "err", err)
	}
}
