// Package server is Plateau's game server: HTTP and WebSocket in front of
// a store.Store, authoritative over every game it serves.
//
// The server is the HTTP edge in front of services that know nothing of
// HTTP: package room holds the games being played, package room/aipool
// the AI job queue, package lobby the lobby's rules and loop, package
// players the players, their sessions and passkeys, and seatapi,
// botapi, desk (moderation), tournaments, puzzles, lessons, search,
// chat, share (previews, embeds, images) and catalog the rest. The
// server routes (routes.go, one table), decodes, finds the caller, calls
// a service and answers through one adapter (endpoint.go), limits
// (package limits decides), maps errors to statuses (apierror.go), pumps
// WebSockets and counts metrics (package metrics); wire.go builds it
// all.
//
// Each game being played lives in memory as a room.Room: its stored
// record, its rules-engine State, the view clients render, and the
// WebSockets that watch it. A change (move, resignation, draw, undo) is
// decided under the room's lock from the in-memory state, written to the
// store as a compare-and-set on the game's version, and only then applied
// in memory, acknowledged and pushed to the watchers. When the store
// refuses the write because another process changed the game, the room
// reloads it and decides again; a move whose client has seen more moves than the hub
// holds reloads the game before it is judged. So several processes can
// serve the same games from one PostgreSQL database, behind a load
// balancer without sticky sessions; the database also tells each process
// of the others' changes.
//
// AI moves are jobs in the database, not goroutines of one process: the
// write that leaves an AI seat to act also stores "this game owes an AI
// move at this version", and the write of the AI's move deletes it. A
// fixed pool of workers (Config.AIWorkers) claims due jobs, oldest first,
// with a lease it renews while it searches; a job whose commit fails is
// given back to be retried with backoff, and one whose server died is
// taken over by any server once its lease expires. A restart therefore
// loses no AI move and loads nothing before it serves.
//
// Timed games (internal/clock) keep their clock in the database too,
// written with every change: the time a move took is measured here, on
// arrival, and the deadline at which the running clock runs out is a
// column every server watches. The change that ends a game on time is an
// ordinary compare-and-set, so it happens once across servers and after
// any restart (docs/clocks.md).
//
// The rooms refuse a request with an error wrapping one of package room's
// Err values (this package's ErrStale, ErrNotYourTurn... are the same
// values), and know nothing of HTTP; httpStatus, at the edge, maps each
// to its status and to the reason the rejection metric counts.
//
// The server knows games only through the *game.Registry it is given, and
// AI seats only through the Mover it is given.
//
// The HTTP API is documented in docs/api.md.
package server
