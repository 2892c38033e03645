package server

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/plateau-games/plateau/internal/players"
)

// TestPlayersCodes: the edge answers each identity error with the code
// the players package gives it, which clients translate, and never 500.
func TestPlayersCodes(t *testing.T) {
	t.Parallel()
	for _, err := range []error{players.ErrBadName, players.ErrReservedName, players.ErrNameTaken, players.ErrWeakPassword,
		players.ErrBadCredentials, players.ErrThrottled, players.ErrNotAccount, players.ErrAlreadyAccount,
		players.ErrNoSession, players.ErrNotFound, players.ErrPasskey, players.ErrLastCredential} {
		wrapped := fmt.Errorf("%w: detail", err)
		status, code := httpStatus(wrapped)
		if code != players.Code(wrapped) || code == "" || status == http.StatusInternalServerError {
			t.Errorf("%v: got %d %q, want players.Code's %q and a client error", err, status, code, players.Code(wrapped))
		}
	}
}
