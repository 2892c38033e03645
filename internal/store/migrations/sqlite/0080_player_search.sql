-- Player search by the start of a name, whatever its case
-- (internal/search): an index of the lower-cased names.
CREATE INDEX players_by_lower_name ON players (lower(name));
