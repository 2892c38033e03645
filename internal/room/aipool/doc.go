// Package aipool plays the AI seats: the queue of AI moves owed, which
// lives in the store and is shared by every server on it, and the
// workers that answer them.
//
// A Pool's dispatcher claims due jobs (store leases) as workers fall
// idle, whenever it is nudged and at least every third of a lease; a
// worker starts the search on the game's room (room.Hub.TakeJob), asks
// the Mover for a move within the time budget while a helper renews the
// lease, and hands the move back to the room (room.Search.Finish), which
// plays it if the game is still where the AI saw it. A job whose move
// cannot be stored is released to be retried later; one another server
// took over is counted as lost; at shutdown the jobs claimed but not
// started are given back at once.
package aipool
