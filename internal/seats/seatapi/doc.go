// Package seatapi is the seats' service: who sits where as the API
// answers it. It claims seats with invite or seat tokens and renews or
// cancels invites through the game rooms (internal/room applies package
// seats' decisions), lists a player's games with whose turn it is, counts
// their results, and keeps their API keys.
//
// It lives apart from package seats, the decisions, because the rooms
// import those; this package imports the rooms. It knows no HTTP: the
// server's edge finds the caller and gives it plain values, and what
// only the server knows (players' names, games' titles) as functions.
package seatapi
