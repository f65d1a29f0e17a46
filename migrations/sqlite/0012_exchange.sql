-- Exchange bets on the sports feed's markets. A bet is recorded `pending` with its wallet intent (hold or free the
-- change in its market's exposure) before the wallet is asked; `open` once that committed (or nothing had to move),
-- `refused` when the wallet said no; `won` / `lost` / `void` when its market is decided, with the settle intent of
-- each player in the same transaction. `exchange_positions` is what the wallet holds for a player in a market.

CREATE TABLE exchange_bets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL,
    match_id     INTEGER NOT NULL,
    match_name   TEXT NOT NULL,
    market_id    TEXT NOT NULL,
    market_type  TEXT NOT NULL CHECK (market_type IN ('exchange', 'bookmaker', 'fancy')),
    label        TEXT NOT NULL,
    runner       INTEGER,
    runners      INTEGER,
    line         INTEGER,
    side         TEXT NOT NULL CHECK (side IN ('lagai', 'khai')),
    odds_x100    INTEGER NOT NULL,
    w            INTEGER NOT NULL CHECK (w > 0),
    stake        INTEGER NOT NULL CHECK (stake > 0),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'open', 'refused', 'won', 'lost', 'void')),
    pl           INTEGER,
    winning_runs INTEGER,
    created_at   INTEGER NOT NULL,
    settled_at   INTEGER
);
CREATE INDEX exchange_bets_market ON exchange_bets (market_id, status);
CREATE INDEX exchange_bets_user ON exchange_bets (user_id, match_id, id);

CREATE TABLE exchange_positions (
    user_id   INTEGER NOT NULL,
    market_id TEXT NOT NULL,
    held      INTEGER NOT NULL CHECK (held >= 0),
    PRIMARY KEY (user_id, market_id)
);

-- A decided market: the winning runner's index, or the fancy line's runs, or void.
CREATE TABLE exchange_results (
    market_id  TEXT PRIMARY KEY,
    match_id   INTEGER NOT NULL,
    winner     INTEGER,
    runs       INTEGER,
    void       INTEGER NOT NULL,
    decided_at INTEGER NOT NULL
);
