package moderation

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// AddressRetention is how long an account's address is remembered
// after its last login from it: older rows are purged and never shown.
const AddressRetention = 30 * 24 * time.Hour

// maxSharers bounds the accounts a moderator is shown as sharing
// addresses with one player.
const maxSharers = 50

// Sharer is another account that logged in from one of a player's
// addresses within AddressRetention, and when it last did.
type Sharer struct {
	Player   string
	LastSeen time.Time
}

// AddressStore keeps, per account, keyed hashes of the addresses it
// logged in from: never the addresses themselves.
type AddressStore interface {
	// AddressSalt returns the database's secret key of the hashes,
	// made once by whichever server asks first.
	AddressSalt(ctx context.Context) ([]byte, error)
	// SeeAddress records that player logged in from the address of
	// hash at, and forgets every row last seen before cutoff.
	SeeAddress(ctx context.Context, player, hash string, at, cutoff time.Time) error
	// SharingAddress returns the other players seen since since at an
	// address player was also seen at since then, last seen first.
	SharingAddress(ctx context.Context, player string, since time.Time, limit int) ([]Sharer, error)
}

// Addresses tells moderators which accounts share addresses, keeping
// only keyed hashes (HMAC-SHA256 with the database's salt) of the
// addresses, for AddressRetention.
type Addresses struct {
	Store AddressStore
	Clock Clock
}

// AddressHash is the keyed hash of an address under salt, in hex: the
// address cannot be read back from it without the salt, and the same
// address gives the same hash on every server of one database.
func AddressHash(salt []byte, addr string) string {
	m := hmac.New(sha256.New, salt)
	m.Write([]byte(addr))
	return hex.EncodeToString(m.Sum(nil))
}

// Seen records that player logged in from addr ("" records nothing).
func (a Addresses) Seen(ctx context.Context, player, addr string) error {
	if player == "" || addr == "" {
		return nil
	}
	salt, err := a.Store.AddressSalt(ctx)
	if err != nil {
		return err
	}
	now := a.Clock.Now()
	return a.Store.SeeAddress(ctx, player, AddressHash(salt, addr), now, now.Add(-AddressRetention))
}

// Sharing returns the accounts that logged in from one of player's
// addresses within AddressRetention, last seen first.
func (a Addresses) Sharing(ctx context.Context, player string) ([]Sharer, error) {
	return a.Store.SharingAddress(ctx, player, a.Clock.Now().Add(-AddressRetention), maxSharers)
}
