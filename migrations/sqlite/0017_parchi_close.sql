-- Aar Par Parchi: plays close at the match's first ball, and a game whose three cards are not all locked then is
-- `void` at that moment, every held entry `returned` with its refund's settle intent in the same transaction (as an
-- end is). SQLite cannot change a CHECK constraint in place: the table is copied into one that allows `void`.

CREATE TABLE parchi_games_new (
    match_id    INTEGER PRIMARY KEY,
    match_name  TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'finished', 'abandoned', 'void')),
    winner_card INTEGER,
    totals      TEXT,
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER
);

INSERT INTO parchi_games_new (match_id, match_name, status, winner_card, totals, created_at, ended_at)
    SELECT match_id, match_name, status, winner_card, totals, created_at, ended_at FROM parchi_games;

DROP TABLE parchi_games;

ALTER TABLE parchi_games_new RENAME TO parchi_games;
