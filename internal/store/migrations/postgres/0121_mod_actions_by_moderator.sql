-- A moderator's own audit log (GET /api/mod/log for a moderator; an
-- administrator reads everyone's).
CREATE INDEX mod_actions_by_moderator ON mod_actions (moderator, at);
