// Package cert writes, reads and checks proof certificates: a claim
// that one player wins a game from a position, with the winner's
// strategy (a move for each position where the winner acts, keyed by the
// position's Hash; where none is written, a move that wins at once, which
// the checker looks for itself). Check verifies a certificate move by move with the
// rules engine alone, independently of the solver that wrote it: every
// reply of the loser is tried, the strategy's move must be legal, every
// line must end in the winner's win by the game's own Result, and no
// line may meet a position twice (the history before the position
// included), so that no third repetition can change a result.
//
// Positions verified once are not verified again when reached with the
// same last move: since no line repeats a position, a position occurs at
// most once on the path and once below it, never a third time, and the
// games' other history-dependent rule (two passes in a row) depends only
// on the last move.
package cert
