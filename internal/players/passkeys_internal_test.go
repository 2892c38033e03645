package players

import (
	"errors"
	"testing"

	"github.com/go-webauthn/webauthn/webauthn"
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
