-- Follows (issue 30, point 15): follower follows followed, one way and
-- privately (only the follower's own list shows it). created_at in Unix
-- milliseconds.
CREATE TABLE follows (
	follower TEXT NOT NULL REFERENCES players(id),
	followed TEXT NOT NULL REFERENCES players(id),
	created_at BIGINT NOT NULL,
	PRIMARY KEY (follower, followed)
);
