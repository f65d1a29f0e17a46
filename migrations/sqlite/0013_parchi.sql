-- Aar Par Parchi, the three-card player game on a live cricket match. `parchi_games` has a row once a match's first
-- play arrives; it becomes `finished` (with its winning card, if one) or `abandoned` once, with the settle intent of
-- every held entry in the same transaction. `parchi_cards` is a card's two cricket players, written with the play
-- that locked it. An entry is recorded `pending` before its stake's hold is asked; `held` once it committed, `void`
-- when the wallet said no (a card it locked is unlocked with it); `won` / `lost` / `returned` at the end.

CREATE TABLE parchi_games (
    match_id    INTEGER PRIMARY KEY,
    match_name  TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'finished', 'abandoned')),
    winner_card INTEGER,
    totals      TEXT,
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER
);

CREATE TABLE parchi_cards (
    match_id  INTEGER NOT NULL,
    card      INTEGER NOT NULL CHECK (card BETWEEN 0 AND 2),
    player1   TEXT NOT NULL,
    player2   TEXT NOT NULL,
    locked_by INTEGER NOT NULL,
    entry_id  INTEGER NOT NULL,
    PRIMARY KEY (match_id, card)
);

CREATE TABLE parchi_entries (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id   INTEGER NOT NULL,
    card       INTEGER NOT NULL CHECK (card BETWEEN 0 AND 2),
    user_id    INTEGER NOT NULL,
    stake      INTEGER NOT NULL CHECK (stake > 0),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'held', 'void', 'won', 'lost', 'returned')),
    payout     INTEGER,
    created_at INTEGER NOT NULL,
    settled_at INTEGER
);
CREATE INDEX parchi_entries_match ON parchi_entries (match_id, status);
CREATE INDEX parchi_entries_user ON parchi_entries (user_id, id);
