// Package match plays agents against each other: pairs of games from
// the same random opening with colours swapped, run concurrently, with
// a summary (score, Elo difference and its 95% interval), an optional
// sequential probability ratio test that stops the match once it
// decides, and game records in the format of package record.
//
// The statistics follow the pairing. The two games of a pair are not
// independent (an opening may favour one colour), but pairs are, so the
// interval and the test use the pentanomial model of fishtest, the
// Stockfish testing framework: the frequencies of A's five possible
// pair scores 0, 0.5, 1, 1.5 and 2. The interval is the normal
// approximation on the mean pair score; the test is fishtest's
// generalised SPRT with hypotheses in logistic Elo.
package match
