// Package solver proves the exact result of late positions of any
// game.State: alpha-beta on the win/draw/loss value, with a transposition
// table keyed by Hash, enhanced transposition cut-offs, an immediate-win
// check and moves ordered by the game's Evaluator. A node and time budget
// bound it; when either runs out the answer is Unknown, never a guess.
//
// Repetition: the games that end on a third repetition implement
// game.RepetitionSwitch, and their Result already says when a repetition
// draws. The solver keeps the rule on and trusts Result, so a line that
// repeats ends as the game would end it. Hash holds nothing of the
// history, so a value that depends on the path is not stored: in those
// games every draw found is treated as path-dependent, and the values
// computed from one stay out of the table (they are still exact for the
// root's own history).
//
// Prover answers the same question by depth-first proof-number search
// (df-pn), sound with repetition draws by treating a repeated position
// as a failure of the attacker (see Prover); Auto tries the prover, then
// alpha-beta. Both write a winner's strategy (Strategy) for the checker
// of package ai/solver/cert, and Saving finds "save the game" puzzles.
package solver
