-- The seats of games with a WebSocket open, per server, as a lease the
-- server renews (docs/clocks.md, "Present or not"): a seat is connected
-- while some server holds a live row of it, and a server that dies
-- stops renewing, its rows running out after one lease. Times are Unix
-- milliseconds.
CREATE TABLE seat_presence (
	game_id TEXT NOT NULL,
	seat    INTEGER NOT NULL,
	server  TEXT NOT NULL,
	until   INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat, server)
);
-- Each server replaces its own rows at every renewal.
CREATE INDEX seat_presence_by_server ON seat_presence (server);
