package server

import (
	"errors"

	"github.com/go-webauthn/webauthn/webauthn"
)

// errCloned is why a login with a passkey whose counter went back is
// refused (the caller wraps it in players.ErrPasskey).
var errCloned = errors.New("the passkey's signature counter did not increase: it may have been copied")

// checkCounter refuses a login whose authenticator's signature counter
// did not increase (WebAuthn's sign of a cloned authenticator: the
// library flags it, CloneWarning, and leaves the decision to us). An
// authenticator that keeps no counter (always 0) is not concerned.
func checkCounter(cred *webauthn.Credential) error {
	if cred.Authenticator.CloneWarning {
		return errCloned
	}
	return nil
}
