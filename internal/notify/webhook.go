package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/plateau-games/plateau/internal/store"
)

// maxContent is Discord's limit on a message's content.
const maxContent = 2000

// sendWebhook posts a turn to the player's webhook as Discord's
// {"content": "..."}, which Slack-compatible and most chat services
// also take.
func (n *Notifier) sendWebhook(ctx context.Context, ns store.NotifySettings, ev Event) error {
	if !ns.WebhookOn || ns.Webhook == "" {
		return fmt.Errorf("%w: webhook is off", errGone)
	}
	if _, err := n.guard.check(ctx, ns.Webhook); err != nil {
		return err
	}
	content := []rune(webhookContent(ns.Lang, ev, n.cfg.BaseURL+eventPath(ev)))
	body, err := json.Marshal(map[string]string{"content": string(content[:min(len(content), maxContent)])})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ns.Webhook, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%w: webhook: %w", errGone, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Plateau notifications")
	resp, err := n.client.Do(req)
	if err != nil {
		return fmt.Errorf("notify: webhook: %w", err)
	}
	return answer("webhook", resp)
}
