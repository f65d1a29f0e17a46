-- Matka: markets (a schedule, and results declared by an operator or drawn from committed seeds), their draws (one a
-- day, or one a cycle), and bids. A draw is recorded before it takes a bid (a drawn one with its seed's commitment);
-- each result is recorded with the settled bids and their settle intents in one transaction.

CREATE TABLE matka_markets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL UNIQUE,
    -- JSON: {"kind": "daily", "openMinute", "closeMinute", "weekdays"} or {"kind": "every", "seconds"}.
    schedule   TEXT NOT NULL,
    mode       TEXT NOT NULL CHECK (mode IN ('declared', 'drawn')),
    active     INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
);

CREATE TABLE matka_draws (
    market_id   INTEGER NOT NULL,
    draw_no     INTEGER NOT NULL,
    opens_at    INTEGER NOT NULL,
    closes_at   INTEGER NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'open_result', 'settled')),
    commitment  TEXT,
    server_seed TEXT,
    client_seed TEXT,
    open_panna  TEXT,
    close_panna TEXT,
    opened_by   INTEGER,
    closed_by   INTEGER,
    -- Corrections of a declared result so far (each an audited change with its own wallet movements).
    corrections INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (market_id, draw_no)
);
CREATE INDEX matka_draws_status ON matka_draws (status);

-- One bid request (its stake held at once); its bids settle one by one.
CREATE TABLE matka_slips (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    market_id  INTEGER NOT NULL,
    draw_no    INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE matka_bids (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slip_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    market_id  INTEGER NOT NULL,
    draw_no    INTEGER NOT NULL,
    bid_type   TEXT NOT NULL,
    session    TEXT NOT NULL CHECK (session IN ('open', 'close')),
    number     TEXT NOT NULL,
    stake      INTEGER NOT NULL CHECK (stake > 0),
    -- Hundredths of the stake a win returns, as offered when the bid was taken.
    rate       INTEGER NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('pending', 'held', 'won', 'lost', 'void')),
    payout     INTEGER,
    created_at INTEGER NOT NULL,
    settled_at INTEGER
);
CREATE INDEX matka_bids_draw ON matka_bids (market_id, draw_no, status);
CREATE INDEX matka_bids_user ON matka_bids (user_id, id);
CREATE INDEX matka_bids_slip ON matka_bids (slip_id);
