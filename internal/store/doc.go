// Package store keeps Plateau's games and their moves in SQLite or
// PostgreSQL, behind one interface that the server uses and one test
// suite (storetest) that both implementations pass.
//
// Every write is a compare-and-set on the game's version, inside one
// transaction with the moves it adds; the primary key (game_id, ply) of
// the moves table backs it up, so two racing moves for the same turn can
// never both be stored, even from two server processes. A write returns
// only after its transaction is committed: SQLite batches the writes that
// arrive together into one transaction (group commit) to pay one sync
// for many games, and PostgreSQL announces each change to the other
// processes through LISTEN/NOTIFY, in batches, just after the commit.
//
// The AI moves owed are a queue in the same database (Jobs): a game's job
// is written and deleted by the transactions that change the game, and
// leased to the server that searches for the move, so that a move owed
// outlives the server that was thinking and every server can pick it up.
//
// The schema is versioned: migrations are SQL files embedded in the
// binary and applied in order at Open, under a lock, so that servers
// starting together on a fresh database take turns.
package store
