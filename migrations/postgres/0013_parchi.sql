-- Aar Par Parchi, the three-card player game on a live cricket match. `parchi_games` has a row once a match's first
-- play arrives; it becomes `finished` (with its winning card, if one) or `abandoned` once, with the settle intent of
-- every held entry in the same transaction. `parchi_cards` is a card's two cricket players, written with the play
-- that locked it. An entry is recorded `pending` before its stake's hold is asked; `held` once it committed, `void`
-- when the wallet said no (a card it locked is unlocked with it); `won` / `lost` / `returned` at the end.

CREATE TABLE parchi_games (
    match_id    BIGINT PRIMARY KEY,
    match_name  TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'finished', 'abandoned')),
    winner_card BIGINT,
    totals      TEXT,
    created_at  BIGINT NOT NULL,
    ended_at    BIGINT
);

CREATE TABLE parchi_cards (
    match_id  BIGINT NOT NULL,
    card      BIGINT NOT NULL CHECK (card BETWEEN 0 AND 2),
    player1   TEXT NOT NULL,
    player2   TEXT NOT NULL,
    locked_by BIGINT NOT NULL,
    entry_id  BIGINT NOT NULL,
    PRIMARY KEY (match_id, card)
);

CREATE TABLE parchi_entries (
    id         BIGSERIAL PRIMARY KEY,
    match_id   BIGINT NOT NULL,
    card       BIGINT NOT NULL CHECK (card BETWEEN 0 AND 2),
    user_id    BIGINT NOT NULL,
    stake      BIGINT NOT NULL CHECK (stake > 0),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'held', 'void', 'won', 'lost', 'returned')),
    payout     BIGINT,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
);
CREATE INDEX parchi_entries_match ON parchi_entries (match_id, status);
CREATE INDEX parchi_entries_user ON parchi_entries (user_id, id);
