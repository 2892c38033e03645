// Package match plays agents against each other: pairs of games from
// the same random opening with colours swapped, run concurrently, with
// a summary (score, Elo difference and its 95% interval), an optional
// sequential probability ratio test that stops the match once it
// decides, and game records in the format of package record.
package match
