-- Load-test fixtures cannot leak money. Fixture players (created only with CASINO_LOAD_TEST=1) are marked
-- `users.fixture = 1`; they have no usable password (the stored value is not a PHC string, so it never
-- verifies: they use only the session token returned at creation); the database refuses them deposits and
-- withdrawals; and they are funded from each wallet shard's own `load_test` account, which the books report
-- apart from the house and the cashier. `game-server fixtures remove` deletes them with their ledger.

-- A fixture's password_hash never starts with '$' (every PHC hash does), whatever path writes it.
ALTER TABLE users ADD COLUMN fixture BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD CONSTRAINT users_fixture_check
    CHECK (fixture IN (0, 1) AND (fixture = 0 OR password_hash NOT LIKE '$%'));

-- Fixture players made before this migration: phones `load-<hex>-<n>`, which sign-up never accepts. They lose
-- their shared password here.
UPDATE users SET fixture = 1, password_hash = '!fixture: token only'
WHERE phone LIKE 'load-%' AND name = 'Load Player' AND role = 'player';

-- accounts.kind gains 'load_test'.
ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('user', 'house', 'cashier', 'load_test'));

-- The last guard: no deposit or withdrawal request is ever stored for a fixture player.
CREATE FUNCTION refuse_fixture_money() RETURNS trigger AS $$
BEGIN
    IF (SELECT fixture FROM users WHERE id = NEW.user_id) <> 0 THEN
        RAISE EXCEPTION 'fixture_account';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER deposits_refuse_fixtures
BEFORE INSERT ON deposits
FOR EACH ROW EXECUTE FUNCTION refuse_fixture_money();

CREATE TRIGGER withdrawals_refuse_fixtures
BEFORE INSERT ON withdrawals
FOR EACH ROW EXECUTE FUNCTION refuse_fixture_money();
