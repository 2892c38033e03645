-- Accounts' credentials, the WebAuthn ceremonies in progress, and the
-- login throttle. Times are Unix milliseconds.

-- A guest who logs in to an account on the same browser is merged into
-- it: its row stays, pointing at the account, so nothing bound to the
-- guest's id is ever orphaned (see store.Players.MergeGuest).
ALTER TABLE players ADD COLUMN merged_into TEXT;

-- A passkey: the credential as go-webauthn describes it (JSON: public
-- key, sign count, flags), under its credential id.
CREATE TABLE passkeys (
	id           BYTEA PRIMARY KEY,
	player_id    TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
	name         TEXT NOT NULL,
	credential   TEXT NOT NULL,
	created_at   BIGINT NOT NULL,
	last_used_at BIGINT NOT NULL
);
CREATE INDEX passkeys_by_player ON passkeys (player_id);

-- The challenge of a WebAuthn ceremony begun by a browser's session,
-- kept until it is finished (on any server) or expires: one at a time
-- per session.
CREATE TABLE ceremonies (
	session_hash BYTEA PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
	kind         TEXT NOT NULL,
	data         TEXT NOT NULL,
	expires_at   BIGINT NOT NULL
);

-- Login attempts per key ("user:<username>" or "addr:<address>") in a
-- fixed window: every server counts in this one row, so a throttle
-- holds across a scale-out.
CREATE TABLE login_throttle (
	key          TEXT PRIMARY KEY,
	attempts     BIGINT NOT NULL,
	window_start BIGINT NOT NULL
);
