-- Player search by the start of a name, whatever its case
-- (internal/search): an index of the lower-cased names that LIKE 'ab%'
-- can use whatever the database's collation.
CREATE INDEX players_by_lower_name ON players (lower(name) text_pattern_ops);
