package notify

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/plateau-games/plateau/internal/store"
)

// vapidKeys is the server's VAPID key pair (RFC 8292), base64url
// without padding as the browsers and webpush-go take them.
type vapidKeys struct{ public, private string }

// loadVAPID returns the key pair in the database, making one if there
// is none yet.
func loadVAPID(ctx context.Context, st store.Notes, now time.Time) (vapidKeys, error) {
	gen := func() (string, string, error) {
		priv, pub, err := webpush.GenerateVAPIDKeys()
		return pub, priv, err
	}
	pub, priv, err := st.NotifyKey(ctx, "vapid", gen, now)
	if err != nil {
		return vapidKeys{}, fmt.Errorf("notify: VAPID keys: %w", err)
	}
	return vapidKeys{public: pub, private: priv}, nil
}

// VAPIDPublicKey is the key browsers subscribe with
// (PushManager.subscribe's applicationServerKey), base64url.
func (n *Notifier) VAPIDPublicKey() string { return n.vapid.public }

// Subscription is a browser's PushSubscription.toJSON().
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// decodeKey reads a base64url key, padded or not.
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// checkKeys refuses keys the payload could not be encrypted to.
func (sub Subscription) checkKeys() error {
	p, err := decodeKey(sub.Keys.P256dh)
	if err != nil {
		return fmt.Errorf("%w: p256dh: %w", ErrBadSubscription, err)
	}
	if _, err := ecdh.P256().NewPublicKey(p); err != nil {
		return fmt.Errorf("%w: p256dh is not a P-256 point", ErrBadSubscription)
	}
	a, err := decodeKey(sub.Keys.Auth)
	if err != nil || len(a) != 16 {
		return fmt.Errorf("%w: auth is not a 16-byte secret", ErrBadSubscription)
	}
	return nil
}

// Subscribe keeps a browser's subscription for player, once its
// endpoint is found safe (https, public addresses) and its keys sound,
// and switches push on.
func (n *Notifier) Subscribe(ctx context.Context, player string, sub Subscription) error {
	if player == "" {
		return ErrNoPlayer
	}
	if err := sub.checkKeys(); err != nil {
		return err
	}
	if _, err := n.guard.check(ctx, sub.Endpoint); err != nil {
		return err
	}
	err := n.st.AddPushSubscription(ctx, store.PushSubscription{Endpoint: sub.Endpoint, Player: player,
		P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth, CreatedAt: n.cfg.Now()})
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return n.update(ctx, player, func(ns *store.NotifySettings) { ns.Push = true })
}

// Unsubscribe forgets player's subscription of endpoint.
func (n *Notifier) Unsubscribe(ctx context.Context, player, endpoint string) error {
	if err := n.st.RemovePushSubscription(ctx, player, endpoint); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// pushMessage is what the service worker shows.
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

// sendPush sends ev to every browser of the player: a subscription its
// push service says is gone (404, 410) is forgotten; the note is
// retried if no browser took it and one may later.
func (n *Notifier) sendPush(ctx context.Context, ns store.NotifySettings, ev Event) error {
	if !ns.Push {
		return fmt.Errorf("%w: push is off", errGone)
	}
	subs, err := n.st.PushSubscriptions(ctx, ev.Player)
	if err != nil {
		return err
	}
	title, body := message(ns.Lang, ev)
	payload, err := json.Marshal(pushMessage{Title: title, Body: body, URL: eventPath(ev), Tag: "plateau-" + ev.Game})
	if err != nil {
		return err
	}
	var retry error
	sent := false
	for _, sub := range subs {
		err := n.pushTo(ctx, sub, payload, ev)
		switch {
		case err == nil:
			sent = true
		case isUnsafe(err) || errors.Is(err, errExpired):
			n.cfg.Log.Info("push subscription dropped", "player", ev.Player, "err", err)
			if rerr := n.st.RemovePushSubscription(ctx, sub.Player, sub.Endpoint); rerr != nil {
				return rerr
			}
		default:
			retry = err
		}
	}
	if sent || retry == nil {
		return nil
	}
	return retry
}

// pushTo sends one encrypted message to one push service. The endpoint
// is checked again: the dialer checks the address it connects to, this
// the URL's scheme and host as stored.
func (n *Notifier) pushTo(ctx context.Context, sub store.PushSubscription, payload []byte, ev Event) error {
	if _, err := n.guard.check(ctx, sub.Endpoint); err != nil {
		return err
	}
	urgency := webpush.UrgencyNormal
	if ev.Kind == KindLowTime || ev.RealTime {
		urgency = webpush.UrgencyHigh
	}
	ws := &webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth}}
	resp, err := webpush.SendNotificationWithContext(ctx, payload, ws, &webpush.Options{
		HTTPClient: n.client, Subscriber: n.cfg.Subscriber, TTL: 24 * 3600, Urgency: urgency,
		Topic: topic(ev.Game), VAPIDPublicKey: n.vapid.public, VAPIDPrivateKey: n.vapid.private})
	if err != nil {
		return fmt.Errorf("notify: push: %w", err)
	}
	if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
		resp.Body.Close()
		return fmt.Errorf("%w: status %d", errExpired, resp.StatusCode)
	}
	return answer("push", resp)
}

// errExpired is a push subscription its service no longer knows (the
// browser unsubscribed, or the subscription expired).
var errExpired = errors.New("notify: push subscription expired")

// topic lets a push service replace a pending notification of the same
// game with the newer one (at most 32 base64url characters).
func topic(gameID string) string {
	t := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return -1
	}, gameID)
	return t[:min(len(t), 32)]
}

// answer turns an HTTP answer into nil (2xx), an error worth a retry
// (429, 5xx) or errGone (anything else: a refusal for good).
func answer(what string, resp *http.Response) error {
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4096)) //nolint:errcheck // only to reuse the connection
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusTooManyRequests || code >= 500:
		return fmt.Errorf("notify: %s: status %d", what, code)
	default: // 4xx, and 3xx: a redirect is not followed, so retrying gets the same
		return fmt.Errorf("%w: %s: status %d", errGone, what, code)
	}
}
