package players

import (
	"fmt"
	"math/rand/v2"
)

// Names are not secrets: math/rand is enough.

// stars name new guests: words of no language in particular, read alike
// in English and French, none of them reserved.
var stars = []string{
	"Altair", "Antares", "Arcturus", "Betelgeuse", "Capella", "Castor", "Deneb", "Electra",
	"Fomalhaut", "Izar", "Lyra", "Maia", "Markab", "Merope", "Mira", "Mizar", "Nova",
	"Orion", "Pollux", "Procyon", "Rigel", "Sirius", "Spica", "Vega", "Zosma",
}

// GuestName returns a generated display name for a new guest, such as
// "Vega 4821": a star and a number, which the guest may change.
func GuestName() string {
	return fmt.Sprintf("%s %d", stars[rand.IntN(len(stars))], 1000+rand.IntN(9000))
}

// AnonymousName is the name a deleted account's games show from then on.
func AnonymousName() string {
	return fmt.Sprintf("Anonymous %d", 1000+rand.IntN(9000))
}
