-- An account deleted before its API keys were deleted with it left them
-- valid: they are deleted now (store.DeleteAccount deletes them since).
DELETE FROM api_keys WHERE player IN (SELECT id FROM players WHERE kind = 'deleted');
