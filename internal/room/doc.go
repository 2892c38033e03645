// Package room holds the authoritative game rooms: each game being
// played, in memory, in the one process that decides on it at a time.
//
// A Hub maps game ids to Rooms, loading a game from the store on first
// use (Hub.With), reloading it when another process changed it
// (Hub.Changed) and evicting it when idle (Hub.Janitor). A Room takes
// the decisions of docs/api.md (Move, Resign, Draw, Undo, Hint, Claim,
// Invite), each written with the store's compare-and-set Update before
// it is applied in memory: when another process changed the game
// meanwhile, the room reloads it and decides again. A clock that ran out
// is applied before any action, and Hub.WatchClocks ends the games whose
// deadline passed with nobody acting. Views are rendered once per change
// and sent to the Subscribers (the WebSocket code) watching the room;
// the seats connected here and the spectators are written as presence
// leases (Hub.SyncPresence) so that every server shows them.
//
// In a correspondence game a waiting seat may plan conditional moves
// (Plan, SetPlan; plans.go): the reply a plan holds for the opponent's
// move is appended to that move's own update, so that the game's
// compare-and-set plays it exactly once.
//
// The package knows nothing of HTTP: it refuses with the errors of
// refusal.go, which the edge maps to statuses. It takes a narrow Store,
// and tells the rest of the server what happened through Events (a
// human's turn owed, an AI move owed, presence changed, who sits where)
// rather than calling it.
package room
