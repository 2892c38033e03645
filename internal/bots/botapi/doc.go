// Package botapi is the bot API's service (docs/bots.md): accounts made
// bots, the list of bots, each bot's event stream (challenges to it, its
// games starting and ending) and game streams, bounded per bot, and what
// a bot may do outside its API.
//
// It lives apart from package bots because it reads the store's records
// (games, seeks, ratings), and the store itself imports package bots for
// the events it keeps. It knows no HTTP: the server's edge writes the
// lines it sends as NDJSON, and gives it what only the server knows
// (players' names, a game's view through its room) as functions.
package botapi
