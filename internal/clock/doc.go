// Package clock is the time of timed games: time controls (untimed, real
// time with a Fischer increment, correspondence with days per turn and a
// yearly vacation), how to write and read them, and the arithmetic of a
// game's clock.
//
// The server owns the clock: time used is measured on the server, from
// the arrival of one move to the arrival of the next, with times the
// caller passes in (a clock it may fake in tests). A client sends no time
// and can claim none. Whose clock runs is whoever the rules say is to
// act (game.State.ToAct), so a game where one player makes several
// decisions in a row (Abraxas's takes) or where the opponent may
// interrupt (Abraxas's Stop!) needs nothing special: a run of decisions
// by one player is one turn, charged, with the increment, when the turn
// passes over.
//
// A player's first turn is not charged but limited (FirstMoveLimit):
// when it passes, the game is aborted rather than lost. After that, a
// clock reaching zero loses the game on time. The package decides when
// (Deadline, Flagged); storing the deadline and acting on it, exactly
// once across servers, is the server's.
package clock
