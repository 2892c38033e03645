// Package oshi is the rules engine of Oshi (Tyler Bielman, 2006): two
// players, red and white, push stacked pieces of one to three tiers across
// a 9x9 board; a piece of strength s moves up to s squares in a straight
// line and pushes lines of at most s pieces, and the first to push seven
// points of the opponent's pieces off the board wins.
//
// Squares are numbered rank*9+file from a1. The legality of a move depends
// only on the occupancy of the mover's file or rank, so a lookup table
// indexed by the occupied squares ahead gives every legal distance at
// once; playing a move rewrites that one line.
package oshi
