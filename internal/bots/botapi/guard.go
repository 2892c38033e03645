package botapi

import (
	"context"
	"encoding/json"
	"github.com/plateau-games/plateau/internal/bots"
	"strings"

	"github.com/plateau-games/plateau/internal/lobby"
	"github.com/plateau-games/plateau/internal/room"
)

// Guarded names the paths a bot is kept from or limited on.
func Guarded(path string) bool {
	return path == "/api/games" || strings.HasPrefix(path, "/api/games/") || strings.HasPrefix(path, "/api/lobby/") ||
		strings.HasPrefix(path, "/api/tournaments")
}

// May refuses what a bot may not do outside the bot API: a bot
// account's browser session (not viaKey) may not play, and its key may
// not seek in the lobby, quick play, create games or accept anything
// but a challenge to it. body reads the request's body, for a seek.
func (s *Service) May(ctx context.Context, bot string, viaKey bool, path string, body func() ([]byte, error)) error {
	if !s.IsBot(ctx, bot) {
		return nil
	}
	no := room.Refuse(bots.ErrHumanOnly, "a bot plays only with its API key, through the bot API: no lobby seeks, quick play, new games or hints")
	switch {
	case !viaKey, path == "/api/games", path == "/api/lobby/play", strings.HasSuffix(path, "/hint"):
		return no
	case strings.HasPrefix(path, "/api/tournaments"):
		// Tournaments are for people: bots have their own pools and
		// matches (docs/bots.md).
		return room.Refuse(bots.ErrHumanOnly, "a bot does not create or enter tournaments for people")
	case path == "/api/lobby/seeks":
		return challengeOnly(body, no)
	case strings.HasPrefix(path, "/api/lobby/seeks/") && strings.HasSuffix(path, "/accept"):
		id := strings.TrimSuffix(strings.TrimPrefix(path, "/api/lobby/seeks/"), "/accept")
		rec, err := s.cfg.Store.OpenSeek(ctx, id, s.cfg.Clock.Now())
		if k := lobby.SeekOf(rec); err == nil && (!k.Challenge() || k.To.ID != bot) {
			return no
		}
	}
	return nil
}

// challengeOnly lets a bot post a seek only when it is a challenge to
// someone (the body names `to`).
func challengeOnly(body func() ([]byte, error), no error) error {
	raw, err := body()
	if err != nil {
		return err
	}
	var req struct {
		To string `json:"to"`
	}
	if json.Unmarshal(raw, &req) != nil || strings.TrimSpace(req.To) == "" {
		return no
	}
	return nil
}
