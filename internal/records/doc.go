// Package records reads and writes the readable game record of any game:
// tags in square brackets (the game, the players, the result), then the
// moves in the rules' notation, numbered by pairs of plies, with
// comments in braces. docs/records.md gives its grammar. Parse checks
// the syntax, Game.Replay the moves against the rules, and FromRecord
// and Game.Record convert from and to the JSON lines of package
// game/record.
package records
