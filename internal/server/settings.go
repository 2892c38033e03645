package server

import (
	"net/http"

	"github.com/plateau-games/plateau/internal/friends"
	"github.com/plateau-games/plateau/internal/settings"
)

// routesSettings serves the settings that follow a player to every
// browser (docs/api.md, "Settings").
func (s *Server) routesSettings(m *http.ServeMux) {
	m.HandleFunc("GET /api/settings", s.handleSettingsGet)
	m.HandleFunc("PUT /api/settings", s.limit(limitRequest, s.handleSettingsSet))
}

// settingsOf returns the settings service and the request's player.
func (s *Server) settingsOf(r *http.Request) (*settings.Service, string, error) {
	c, err := s.playerOf(r)
	return settings.New(s.cfg.Store, s.cfg.Now), c.player, err
}

func (s *Server) handleSettingsGet(w http.ResponseWriter, r *http.Request) {
	svc, player, err := s.settingsOf(r)
	var v settings.Settings
	if err == nil {
		v, err = svc.Get(r.Context(), player)
	}
	s.replyNoStore(w, r, v, err)
}

func (s *Server) handleSettingsSet(w http.ResponseWriter, r *http.Request) {
	svc, player, err := s.settingsOf(r)
	// A field the document leaves out keeps its default (a client older
	// than the setting sends no premove, which stays on).
	v := settings.Default()
	if err == nil {
		err = decode(w, r, &v)
	}
	if err == nil {
		err = svc.Set(r.Context(), player, v)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.handleSettingsGet(w, r)
}

// routesFriends serves the players a player follows (docs/api.md,
// "Friends").
func (s *Server) routesFriends(m *http.ServeMux) {
	m.HandleFunc("GET /api/friends", s.handleFriends)
	m.HandleFunc("PUT /api/friends/{player}", s.limit(limitRequest, s.handleFollow))
	m.HandleFunc("DELETE /api/friends/{player}", s.limit(limitRequest, s.handleFollow))
}

// friendsOf returns the friends service and the request's player.
func (s *Server) friendsOf(r *http.Request) (*friends.Service, string, error) {
	c, err := s.playerOf(r)
	svc := friends.New(s.cfg.Store, s.cfg.Now)
	svc.Guard = lobbyGuard{s}
	return svc, c.player, err
}

func (s *Server) handleFriends(w http.ResponseWriter, r *http.Request) {
	svc, me, err := s.friendsOf(r)
	var list []friends.Friend
	if err == nil {
		list, err = svc.List(r.Context(), me)
	}
	s.replyNoStore(w, r, struct {
		Friends []friends.Friend `json:"friends"`
	}{list}, err)
}

// handleFollow follows (PUT) or unfollows (DELETE) a player, and answers
// the list.
func (s *Server) handleFollow(w http.ResponseWriter, r *http.Request) {
	svc, me, err := s.friendsOf(r)
	if err == nil && r.Method == http.MethodPut {
		err = svc.Follow(r.Context(), me, r.PathValue("player"))
	} else if err == nil {
		err = svc.Unfollow(r.Context(), me, r.PathValue("player"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.handleFriends(w, r)
}
