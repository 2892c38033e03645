package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/store"
)

// batch is how many notes one claim takes.
const batch = 16

// errGone is a send that must not be retried: the destination refused
// for good (a 4xx), or the player switched the channel off.
var errGone = errors.New("notify: not deliverable")

// Run sends the due notes until ctx ends: at once when this process
// enqueued some, and every Config.Poll for those of other servers and
// retries.
func (n *Notifier) Run(ctx context.Context) {
	t := time.NewTicker(n.cfg.Poll)
	defer t.Stop()
	for {
		for {
			sent, err := n.DeliverDue(ctx)
			if err != nil && ctx.Err() == nil {
				n.cfg.Log.Error("sending notifications", "err", err)
			}
			if sent < batch || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-n.wake:
		}
	}
}

// DeliverDue claims the notes due now (one batch) and sends them; it
// returns how many it claimed. Run calls it; tests call it directly.
func (n *Notifier) DeliverDue(ctx context.Context) (int, error) {
	notes, err := n.st.ClaimNotes(ctx, n.cfg.Owner, n.cfg.Now(), n.cfg.Lease, batch)
	if err != nil {
		return 0, fmt.Errorf("notify: %w", err)
	}
	for _, note := range notes {
		n.deliver(ctx, note)
	}
	return len(notes), nil
}

// deliver sends one note and settles it: deleted when sent or not
// deliverable, retried later otherwise.
func (n *Notifier) deliver(ctx context.Context, note store.Note) {
	var ev Event
	if err := json.Unmarshal([]byte(note.Body), &ev); err != nil {
		n.settle(ctx, note, fmt.Errorf("%w: body: %w", errGone, err))
		return
	}
	if n.cfg.Current != nil && !n.cfg.Current(ctx, ev) {
		n.settle(ctx, note, nil) // the game moved on: nothing to say
		return
	}
	ns, err := n.st.NotifySettings(ctx, note.Player)
	if err != nil {
		n.settle(ctx, note, err)
		return
	}
	switch note.Channel {
	case ChannelPush:
		n.settle(ctx, note, n.sendPush(ctx, ns, ev))
	case ChannelWebhook:
		n.settle(ctx, note, n.sendWebhook(ctx, ns, ev))
	case ChannelEmail:
		if ev.Kind == KindTurn {
			n.digest(ctx, ns, note)
			return
		}
		n.settle(ctx, note, n.sendMail(ctx, ns, noticeMail(ns.Lang, ev, n.cfg.BaseURL+eventPath(ev))))
	default:
		n.settle(ctx, note, fmt.Errorf("%w: channel %q", errGone, note.Channel))
	}
}

// settle marks a note done after err (nil: sent), or gives it back for a
// later attempt, with a backoff, while attempts remain.
func (n *Notifier) settle(ctx context.Context, note store.Note, err error) {
	var serr error
	switch {
	case err == nil:
		serr = n.st.DoneNote(ctx, note, n.cfg.Owner, n.cfg.Now())
	case errors.Is(err, errGone) || isUnsafe(err) || note.Attempts >= n.cfg.MaxAttempts:
		n.cfg.Log.Warn("notification dropped", "note", note.ID, "attempts", note.Attempts, "err", err)
		serr = n.st.DoneNote(ctx, note, n.cfg.Owner, n.cfg.Now())
	default:
		wait := min(n.cfg.Retry<<min(note.Attempts-1, 20), time.Hour)
		n.cfg.Log.Info("notification to retry", "note", note.ID, "attempts", note.Attempts, "wait", wait, "err", err)
		serr = n.st.RetryNote(ctx, note, n.cfg.Owner, n.cfg.Now().Add(wait))
	}
	if serr != nil && ctx.Err() == nil {
		n.cfg.Log.Warn("notification outbox", "note", note.ID, "err", serr)
	}
}
