// Package game is the common core of Plateau: the interface that every
// rules engine implements, game ids with their options, the registry that
// the command wires explicitly, perft, and checked play.
//
// A State is one mutable position with its own history. Moves are small
// integers whose meaning belongs to the game; they are turned into text
// only at the edges (FormatMove, ParseMove), so that move generation,
// playouts and search never allocate.
package game
