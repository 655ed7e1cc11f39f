-- A searched word stands for a catalogue word one or two typing slips away (levenshtein), as well
-- as for one that shares half its trigrams: 'drll' finds drills (similarity 0.375), 'impakt'
-- impact tools. fuzzystrmatch is a trusted extension (PostgreSQL 13+), as pg_trgm is (0009);
-- PGlite loads it (db/pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
