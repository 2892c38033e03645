// Package yoxii is the rules engine of Yoxii (Cosmoludo): two players,
// white and red, move a shared totem on a 37-square board and each turn
// place a piece of value 1-4 next to it, until the player to act cannot
// move the totem; the higher sum of values around it wins.
//
// The board lives in uint64 bitboards, one bit a square, with immutable
// neighbour and ray tables; a move packs the totem's destination, the
// value and the placement square. Position strings and move strings are
// those of the spec: "3/5/7/3T3/7/5/3 w" and "d5,3@d4".
package yoxii
