package server

import (
	"errors"
	"net/http"

	"github.com/plateau-games/plateau/game"
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

// roleRefusal is the refusal of a role given or taken: nobody changes
// their own, and only administrators change any.
func roleRefusal(err error) error {
	if errors.Is(err, moderation.ErrSelf) {
		return refuseExplained(ErrMalformed, err, textOwnRole)
	}
	return adminRefusal(err, textAdminRoles)
}

// administrator returns the asking player if they are an administrator;
// a moderator is told text.
func (s *Server) administrator(r *http.Request, text game.Text) (string, error) {
	me, err := s.modPlayer(r)
	if err != nil {
		return "", err
	}
	if err := s.desk.CheckAdmin(r.Context(), me); err != nil {
		return "", adminRefusal(err, text)
	}
	return me, nil
}
