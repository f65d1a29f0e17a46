-- Foundation: people, sessions, wallet accounts and the double-entry ledger, cashier requests, settings.
-- Times are epoch milliseconds UTC; money is integer paise.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_no       INTEGER UNIQUE,
    phone         TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    email         TEXT,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('player', 'operator')),
    created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE reset_codes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    code_hash  TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    used_at    INTEGER
);
CREATE INDEX reset_codes_user ON reset_codes (user_id);

-- A wallet account: a user's own (id = users.id) or a shard's system account (negative ids).
CREATE TABLE accounts (
    id       INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL CHECK (kind IN ('user', 'house', 'cashier')),
    balance  INTEGER NOT NULL,
    exposure INTEGER NOT NULL,
    CHECK (kind <> 'user' OR (balance >= 0 AND exposure >= 0))
);

CREATE TABLE ledger (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id      INTEGER NOT NULL,
    counterparty_id INTEGER,
    delta_balance   INTEGER NOT NULL,
    delta_exposure  INTEGER NOT NULL,
    balance_after   INTEGER NOT NULL,
    exposure_after  INTEGER NOT NULL,
    kind            TEXT NOT NULL,
    reference       TEXT NOT NULL,
    idempotency_key TEXT,
    created_at      INTEGER NOT NULL
);
CREATE UNIQUE INDEX ledger_idempotency ON ledger (idempotency_key, account_id);
CREATE INDEX ledger_account ON ledger (account_id, id);

CREATE TABLE deposits (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    utr        TEXT NOT NULL UNIQUE,
    user_name  TEXT NOT NULL,
    phone      TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by INTEGER
);
CREATE INDEX deposits_user ON deposits (user_id, id);
CREATE INDEX deposits_status ON deposits (status, id);

CREATE TABLE withdrawals (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    user_name  TEXT NOT NULL,
    upi_id     TEXT NOT NULL,
    phone      TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount > 0),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by INTEGER
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE news (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    content    TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
