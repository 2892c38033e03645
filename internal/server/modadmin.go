package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/moderation"
)

// What administrators alone may do, and the sentence a moderator is
// told when asking it (docs/moderation.md, "Administrators").
var (
	textAdminClose = game.Text{"en": "Only an administrator may close an account.", "fr": "Seul un administrateur peut fermer un compte."}
	textAdminRoles = game.Text{"en": "Only an administrator may give or take roles.", "fr": "Seul un administrateur peut donner ou retirer un rôle."}
	textOwnRole    = game.Text{"en": "You cannot change your own role.", "fr": "Vous ne pouvez pas changer votre propre rôle."}
)

// adminRefusal is modRefusal, telling a moderator who asked for what
// only administrators may do the sentence text, in every language.
func adminRefusal(err error, text game.Text) error {
	if errors.Is(err, moderation.ErrNotAdmin) {
		return refuseExplained(ErrForbidden, err, text)
	}
	return modRefusal(err)
}

// administrator returns the asking player if they are an administrator;
// a moderator is told text.
func (s *Server) administrator(r *http.Request, text game.Text) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.mod().CheckAdmin(r.Context(), me); err != nil {
		return "", adminRefusal(err, text)
	}
	return me, nil
}

// handleModRole serves POST /api/mod/roles: an administrator gives a
// player a role or takes it away; logged in the audit log.
func (s *Server) handleModRole(w http.ResponseWriter, r *http.Request) {
	me, err := s.administrator(r, textAdminRoles)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req api.RoleRequest
	if err := decode(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	target, err := s.namedPlayer(r.Context(), req.Player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	role := moderation.Role(req.Role)
	if req.Role == "none" {
		role = moderation.NoRole
	}
	if err := s.mod().Grant(r.Context(), me, target, role); err != nil {
		if errors.Is(err, moderation.ErrSelf) {
			err = refuseExplained(ErrMalformed, err, textOwnRole)
		} else {
			err = adminRefusal(err, textAdminRoles)
		}
		s.fail(w, r, err)
		return
	}
	if role == moderation.NoRole {
		req.Role = "none"
	}
	s.reply(w, http.StatusOK, api.RoleRequest{Player: target, Role: req.Role})
}
