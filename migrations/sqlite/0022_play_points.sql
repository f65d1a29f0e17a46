-- Play mode (actors/src/play.rs): points with no cash value, given from each wallet shard's own `play` account,
-- never deposited or withdrawn. The mode a database last ran in is `settings.money_mode`.

-- accounts.kind gains 'play'. SQLite cannot change a CHECK in place, so the table is rebuilt (no foreign key,
-- trigger or view refers to it).
CREATE TABLE accounts_new (
    id       INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL CHECK (kind IN ('user', 'house', 'cashier', 'load_test', 'play')),
    balance  INTEGER NOT NULL,
    exposure INTEGER NOT NULL,
    CHECK (kind <> 'user' OR (balance >= 0 AND exposure >= 0))
);
INSERT INTO accounts_new (id, kind, balance, exposure) SELECT id, kind, balance, exposure FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_new RENAME TO accounts;

-- The last guard: no deposit or withdrawal request is stored while the platform plays for points.
CREATE TRIGGER deposits_refuse_play_mode
BEFORE INSERT ON deposits
WHEN (SELECT value FROM settings WHERE key = 'money_mode') = 'play'
BEGIN
    SELECT RAISE(ABORT, 'play_mode');
END;

CREATE TRIGGER withdrawals_refuse_play_mode
BEFORE INSERT ON withdrawals
WHEN (SELECT value FROM settings WHERE key = 'money_mode') = 'play'
BEGIN
    SELECT RAISE(ABORT, 'play_mode');
END;
