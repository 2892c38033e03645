// Package lobby is where players meet: seeks (open offers to play, in a
// lobby everyone sees), challenges (a seek addressed to one player),
// quick play ("Play now": take the best open seek, else post one, and
// offer the AI after QuickPlayWait) and rematches (colours swapped).
//
// The package holds the rules only; whether a seek is still open is
// decided by the store, where accepting is one compare-and-set, so that
// of two players accepting one seek at once, on one server or two,
// exactly one starts a game. The rules are in docs/lobby.md.
package lobby
