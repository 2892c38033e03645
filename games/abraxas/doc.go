// Package abraxas is the rules engine of Abraxas (Noris, 1993): a 9x9
// board of red dots under an 8x8 plate of holes that is pushed from
// corner to corner after every turn. Players place red pawns from a
// shared pool and score by taking pawns from lines of four or more red
// squares (pawns, and dots not covered by a blue stop pawn).
//
// The rules, the notation and every decision the spec left open are in
// docs/rules/abraxas.md. The board is a 128-bit set with ten bits a rank
// (a guard bit ends every rank), so that the pawns travel with the plate
// by one shift and lines are found with shifts and ands.
//
// Positions follow the spec, for example the start of board 1:
//
//	9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -
//
// and moves are "@bl" (corner choice), "e5@br" (red turn), "c3e5@br"
// (relocation once the pool is empty), "!e5" or "!e5@br" (stop turn),
// "xc5,e5" (take) and "pass" (no interrupt).
package abraxas
