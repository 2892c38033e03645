-- One row the health check rewrites: a database that answers reads but
-- refuses writes (read-only, out of space, a standby after a failover)
-- must not be reported healthy.
CREATE TABLE health (
	id         INTEGER PRIMARY KEY,
	checked_at BIGINT NOT NULL
);
