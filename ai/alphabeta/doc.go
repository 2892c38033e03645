// Package alphabeta is iterative-deepening negamax with alpha-beta
// pruning for any game.State that implements game.Evaluator: a Zobrist
// transposition table keyed by State.Hash, the table's move first, then
// killer moves and the history heuristic, and a time and node check.
//
// The score is negated only when the player to act changes across a
// move: in Abraxas the same player may act several times in a row, and
// then the child's score is already the parent's.
//
// Config.Threads above 1 searches with helper threads that share the
// table (Lazy SMP); its slots are read and written word by word
// atomically, and a slot torn by two writers fails its check.
package alphabeta
