package server

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/plateau-games/plateau/internal/store"
)

// TestCheckCounter: a login whose signature counter did not increase is
// refused (audit D7); one that increased, or an authenticator without a
// counter, is not.
func TestCheckCounter(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		stored, sent uint32
		refused      bool
	}{{1, 2, false}, {1, 1, true}, {5, 3, true}, {0, 0, false}, {0, 1, false}} {
		cred := &webauthn.Credential{Authenticator: webauthn.Authenticator{SignCount: tc.stored}}
		cred.Authenticator.UpdateCounter(tc.sent) // what ValidateDiscoverableLogin does
		err := checkCounter(cred)
		if got := err != nil; got != tc.refused || (err != nil && !errors.Is(err, errCloned)) {
			t.Errorf("counter %d then %d: got %v, want refused %v", tc.stored, tc.sent, err, tc.refused)
		}
	}
}

// TestPasskeyTakenRefused: a credential id registered already is a
// refusal the client translates, not a server failure (audit D6).
func TestPasskeyTakenRefused(t *testing.T) {
	t.Parallel()
	status, code := httpStatus(fmt.Errorf("store: add passkey of p: %w", store.ErrPasskeyTaken))
	if status != http.StatusConflict || code != "passkey_taken" {
		t.Errorf("got %d %q, want 409 passkey_taken", status, code)
	}
}
