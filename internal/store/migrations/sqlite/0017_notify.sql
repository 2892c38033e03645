-- Notifications that reach a player out of the page (issue #15): the
-- channels each player switched on, their Web Push subscriptions, the
-- server's VAPID key pair, and the outbox of notifications owed. Player
-- ids are the players package's; times are Unix milliseconds.

-- One row per player who opened the notification settings; lang is the
-- language the messages are written in. email_next
-- is the earliest time of the next "your turn" digest: moved forward by
-- compare-and-set, so that two servers never both send one.
CREATE TABLE notify_settings (
	player       TEXT PRIMARY KEY,
	lang         TEXT NOT NULL DEFAULT 'en',
	push_on      INTEGER NOT NULL DEFAULT 0,
	email        TEXT NOT NULL DEFAULT '',
	email_on     INTEGER NOT NULL DEFAULT 0,
	email_period INTEGER NOT NULL DEFAULT 86400000,
	email_next   INTEGER NOT NULL DEFAULT 0,
	webhook      TEXT NOT NULL DEFAULT '',
	webhook_on   INTEGER NOT NULL DEFAULT 0,
	updated_at   INTEGER NOT NULL
);

-- A browser's push subscription (PushSubscription.toJSON()): the
-- endpoint is the push service's URL for that browser, p256dh and auth
-- the keys the payload is encrypted to (RFC 8291).
CREATE TABLE push_subscriptions (
	endpoint   TEXT PRIMARY KEY,
	player     TEXT NOT NULL,
	p256dh     TEXT NOT NULL,
	auth       TEXT NOT NULL,
	created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player, created_at);

-- The server's keys, made on first start by whichever server gets there
-- first (INSERT ... ON CONFLICT DO NOTHING, then read back): every
-- server signs with the same VAPID key, which the browsers subscribed
-- with.
CREATE TABLE notify_keys (
	name        TEXT PRIMARY KEY,
	public_key  TEXT NOT NULL,
	private_key TEXT NOT NULL,
	created_at  INTEGER NOT NULL
);

-- A notification owed on one channel. Its id names the event (kind,
-- channel, player, game, version), so that two servers enqueuing the
-- same event make one row. A server claims due rows with a lease, as
-- with ai_jobs, sends, then deletes the row.
CREATE TABLE notify_outbox (
	id          TEXT PRIMARY KEY,
	player      TEXT NOT NULL,
	channel     TEXT NOT NULL,
	kind        TEXT NOT NULL,
	game_id     TEXT NOT NULL,
	version     INTEGER NOT NULL,
	body        TEXT NOT NULL,
	due         INTEGER NOT NULL,
	owner       TEXT NOT NULL DEFAULT '',
	lease_until INTEGER NOT NULL DEFAULT 0,
	attempts    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notify_outbox_by_due ON notify_outbox (due, id);
CREATE INDEX notify_outbox_by_player ON notify_outbox (player, channel, kind);
