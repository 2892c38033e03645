// Package bots holds the rules of bot accounts (docs/bots.md): an
// account becomes a bot for good, and a bot learns what concerns it from
// one event stream, challenges to it and its games starting and ending,
// each event written once in the database under a number that grows, so
// that a stream resumed after a disconnect from the last number it saw
// loses nothing and repeats nothing.
//
// The package knows neither HTTP nor the game rooms: the server gives it
// what it sees (Item), and Stream turns that into numbered events.
package bots
