// Package pictures draws board images of any game in pure Go: a PNG of
// one position, with the last move marked, coordinates and a caption of
// the players and the result, and an animated GIF of a whole game. It
// knows games only through game.Painter, which each game implements with
// the shapes and colours of its browser board, and keeps rendered images
// in a Cache keyed by their content, whose ETag serves conditional
// requests.
package pictures
