// Package oxford is the rules engine of Oxford (Kris Burm, 1993) for
// Plateau: two players, red and yellow, move two-faced O/X pieces on a
// 6x8 board. A piece moves exactly as many steps as its owner has pieces
// in play showing its face, then turns over; a player who no longer has
// both an O and an X in play loses.
//
// The board is held as bitboards (one 64-bit word per player and face,
// 48 squares used); the squares a piece can reach are found by following
// the states of all its paths at once as bitboards, step by step, so
// generation is a few word operations per step and never allocates.
//
// Moves are written <from><to> (field moves and base exits), or
// <from><to>=<o-square><x-square> for a base entry, or pass. Positions
// are eight rows of six, rank 8 first, red O X, yellow o x, then the side
// to act, r or y. The full rules and every decision the spec left open
// are in docs/rules/oxford.md.
package oxford
