// Package share builds what a game, a position, a puzzle, a player or a
// tournament shows outside the client: the link previews that chat
// applications and search engines read (Open Graph and Twitter tags),
// the embeddable pages other sites frame, the board images behind both
// (drawn by package pictures, kept by content, with the ETag decision),
// and the readable record of a game, in English and French.
//
// It knows nothing of HTTP: the server reads a request into a Query,
// calls the Service, and writes the Answer's bytes under its own
// headers. A refusal is a *Refusal, whose sentence the client is told.
package share
