package game

import "errors"

// Sentinel errors, wrapped by the games and checked with errors.Is.
var (
	ErrBadID       = errors.New("bad game id")
	ErrBadPosition = errors.New("bad position")
	ErrBadMove     = errors.New("bad move")
	ErrIllegalMove = errors.New("illegal move")
	ErrGameOver    = errors.New("game is over")
)
