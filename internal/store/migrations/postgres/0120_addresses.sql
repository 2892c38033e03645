-- Accounts sharing addresses, for moderators (internal/moderation,
-- docs/moderation.md). Only keyed hashes of addresses are kept: the key
-- is the one row of address_salt, made by the first server that needs
-- it. A row is forgotten 30 days after its account last logged in from
-- that address.
CREATE TABLE address_salt (
	id   INTEGER PRIMARY KEY,
	salt TEXT NOT NULL
);

CREATE TABLE player_addresses (
	player_id TEXT NOT NULL,
	addr_hash TEXT NOT NULL,
	last_seen BIGINT NOT NULL,
	PRIMARY KEY (player_id, addr_hash)
);
CREATE INDEX player_addresses_by_hash ON player_addresses (addr_hash, last_seen);
CREATE INDEX player_addresses_by_seen ON player_addresses (last_seen);
