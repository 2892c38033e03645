package notify

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/i18n"
	"github.com/plateau-games/plateau/internal/store"
)

// Periods are the e-mail digest periods a player may choose.
var Periods = []time.Duration{time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour, 7 * 24 * time.Hour}

// Settings are a player's notification settings as the API shows and
// takes them (docs/api.md, GET and PUT /api/notify/settings).
type Settings struct {
	Lang string `json:"lang"`
	Push bool   `json:"push"`
	// Browsers is how many browsers the player has subscribed (read
	// only).
	Browsers int    `json:"browsers"`
	Email    string `json:"email"`
	EmailOn  bool   `json:"email_on"`
	// EmailHours is the digest period, in hours (one of Periods).
	EmailHours int    `json:"email_hours"`
	Webhook    string `json:"webhook"`
	WebhookOn  bool   `json:"webhook_on"`
	// ChallengesOff switches off the notices of challenges, on every
	// channel (turns and the rest still come).
	ChallengesOff bool `json:"challenges_off"`
	// MailAvailable says whether this server sends e-mails at all
	// (--smtp), and VAPIDKey is the key to subscribe with (read only).
	MailAvailable bool   `json:"mail_available"`
	VAPIDKey      string `json:"vapid_key"`
}

// Settings returns player's settings.
func (n *Notifier) Settings(ctx context.Context, player string) (Settings, error) {
	if player == "" {
		return Settings{}, ErrNoPlayer
	}
	ns, err := n.st.NotifySettings(ctx, player)
	if err != nil {
		return Settings{}, fmt.Errorf("notify: %w", err)
	}
	subs, err := n.st.PushSubscriptions(ctx, player)
	if err != nil {
		return Settings{}, fmt.Errorf("notify: %w", err)
	}
	s := Settings{Lang: ns.Lang, Push: ns.Push, Browsers: len(subs), Email: ns.Email, EmailOn: ns.EmailOn,
		EmailHours: int(ns.EmailPeriod / time.Hour), Webhook: ns.Webhook, WebhookOn: ns.WebhookOn,
		ChallengesOff: ns.ChallengesOff, MailAvailable: n.cfg.SMTP != nil, VAPIDKey: n.vapid.public}
	if s.Lang == "" {
		s.Lang = "en"
	}
	if s.EmailHours == 0 {
		s.EmailHours = 24
	}
	return s, nil
}

// SetSettings checks and stores player's settings (the read-only fields
// are ignored). Bad input changes nothing: an error wraps ErrBadEmail,
// ErrUnsafeURL or ErrBadSettings.
func (n *Notifier) SetSettings(ctx context.Context, player string, s Settings) error {
	if player == "" {
		return ErrNoPlayer
	}
	if !i18n.Supported(s.Lang) {
		return fmt.Errorf("%w: language %q (want one of %v)", ErrBadSettings, s.Lang, game.Languages())
	}
	period := time.Duration(s.EmailHours) * time.Hour
	if !slices.Contains(Periods, period) {
		return fmt.Errorf("%w: e-mail period of %d hours (want 1, 6, 12, 24 or 168)", ErrBadSettings, s.EmailHours)
	}
	ns := store.NotifySettings{Player: player, Lang: s.Lang, Push: s.Push, EmailOn: s.EmailOn, EmailPeriod: period,
		WebhookOn: s.WebhookOn, ChallengesOff: s.ChallengesOff, UpdatedAt: n.cfg.Now()}
	if s.Email != "" {
		email, err := CheckEmail(s.Email)
		if err != nil {
			return err
		}
		ns.Email = email
	}
	if s.EmailOn && (ns.Email == "" || n.cfg.SMTP == nil) {
		return fmt.Errorf("%w: e-mail switched on without an address, or on a server that sends none", ErrBadSettings)
	}
	if s.Webhook != "" {
		if _, err := n.guard.check(ctx, s.Webhook); err != nil {
			return err
		}
		ns.Webhook = s.Webhook
	}
	if s.WebhookOn && ns.Webhook == "" {
		return fmt.Errorf("%w: webhook switched on without a URL", ErrBadSettings)
	}
	if err := n.st.SetNotifySettings(ctx, ns); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// update changes some of player's stored settings.
func (n *Notifier) update(ctx context.Context, player string, change func(*store.NotifySettings)) error {
	ns, err := n.st.NotifySettings(ctx, player)
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	if ns.Lang == "" {
		ns.Lang = "en"
	}
	if ns.EmailPeriod == 0 {
		ns.EmailPeriod = 24 * time.Hour
	}
	change(&ns)
	ns.UpdatedAt = n.cfg.Now()
	if err := n.st.SetNotifySettings(ctx, ns); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}
