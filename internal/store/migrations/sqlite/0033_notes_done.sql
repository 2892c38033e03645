-- A note of the notification outbox that was sent (or given up) is kept
-- for a while as done, instead of being deleted: its id then still
-- names it, so that the same event enqueued again (by another server
-- that saw the change, or by a retry) is a no-op rather than a second
-- message. done_at is when it was done, 0 while it is owed; done notes
-- are deleted once older than store.NoteKept. Unix milliseconds.
ALTER TABLE notify_outbox ADD COLUMN done_at INTEGER NOT NULL DEFAULT 0;
DROP INDEX notify_outbox_by_due;
CREATE INDEX notify_outbox_by_due ON notify_outbox (due, id) WHERE done_at = 0;
CREATE INDEX notify_outbox_by_done ON notify_outbox (done_at) WHERE done_at > 0;
