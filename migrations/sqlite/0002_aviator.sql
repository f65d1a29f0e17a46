-- Aviator: the committed hash chain, rounds, and settled bets (history). Live money is in the ledger;
-- every Aviator movement carries reference 'aviator:{round}', indexed so a restart can refund an
-- unfinished round exactly once.

CREATE INDEX ledger_reference ON ledger (reference);

CREATE TABLE aviator_chain (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    seed          TEXT NOT NULL,
    length        INTEGER NOT NULL,
    salt          TEXT NOT NULL,
    commitment    TEXT NOT NULL,
    house_edge_bp INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
);

CREATE TABLE aviator_rounds (
    id          INTEGER PRIMARY KEY,
    hash        TEXT NOT NULL,
    crash_point INTEGER NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'ended', 'void')),
    capped_at   INTEGER,
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER
);
CREATE INDEX aviator_rounds_status ON aviator_rounds (status, id);

CREATE TABLE aviator_bets (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    slot         INTEGER NOT NULL,
    stake        INTEGER NOT NULL,
    auto_cashout INTEGER,
    status       TEXT NOT NULL CHECK (status IN ('won', 'lost', 'refunded')),
    multiplier   INTEGER,
    payout       INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    settled_at   INTEGER NOT NULL
);
CREATE INDEX aviator_bets_user ON aviator_bets (user_id, id);
