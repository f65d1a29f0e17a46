-- Load-test fixtures cannot leak money. Fixture players (created only with CASINO_LOAD_TEST=1) are marked
-- `users.fixture = 1`; they have no usable password (the stored value is not a PHC string, so it never
-- verifies: they use only the session token returned at creation); the database refuses them deposits and
-- withdrawals; and they are funded from each wallet shard's own `load_test` account, which the books report
-- apart from the house and the cashier. `game-server fixtures remove` deletes them with their ledger.

-- A fixture's password_hash never starts with '$' (every PHC hash does), whatever path writes it.
ALTER TABLE users ADD COLUMN fixture INTEGER NOT NULL DEFAULT 0
    CHECK (fixture IN (0, 1) AND (fixture = 0 OR password_hash NOT LIKE '$%'));

-- Fixture players made before this migration: phones `load-<hex>-<n>`, which sign-up never accepts. They lose
-- their shared password here.
UPDATE users SET fixture = 1, password_hash = '!fixture: token only'
WHERE phone LIKE 'load-%' AND name = 'Load Player' AND role = 'player';

-- accounts.kind gains 'load_test'. SQLite cannot change a CHECK in place, so the table is rebuilt (no foreign
-- key, trigger or view refers to it).
CREATE TABLE accounts_new (
    id       INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL CHECK (kind IN ('user', 'house', 'cashier', 'load_test')),
    balance  INTEGER NOT NULL,
    exposure INTEGER NOT NULL,
    CHECK (kind <> 'user' OR (balance >= 0 AND exposure >= 0))
);
INSERT INTO accounts_new (id, kind, balance, exposure) SELECT id, kind, balance, exposure FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_new RENAME TO accounts;

-- The last guard: no deposit or withdrawal request is ever stored for a fixture player.
CREATE TRIGGER deposits_refuse_fixtures
BEFORE INSERT ON deposits
WHEN (SELECT fixture FROM users WHERE id = NEW.user_id) <> 0
BEGIN
    SELECT RAISE(ABORT, 'fixture_account');
END;

CREATE TRIGGER withdrawals_refuse_fixtures
BEFORE INSERT ON withdrawals
WHEN (SELECT fixture FROM users WHERE id = NEW.user_id) <> 0
BEGIN
    SELECT RAISE(ABORT, 'fixture_account');
END;
