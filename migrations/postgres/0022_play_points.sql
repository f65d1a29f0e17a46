-- Play mode (actors/src/play.rs): points with no cash value, given from each wallet shard's own `play` account,
-- never deposited or withdrawn. The mode a database last ran in is `settings.money_mode`.

-- accounts.kind gains 'play'.
ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check
    CHECK (kind IN ('user', 'house', 'cashier', 'load_test', 'play'));

-- The last guard: no deposit or withdrawal request is stored while the platform plays for points.
CREATE FUNCTION refuse_play_mode_money() RETURNS trigger AS $$
BEGIN
    IF (SELECT value FROM settings WHERE key = 'money_mode') = 'play' THEN
        RAISE EXCEPTION 'play_mode';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER deposits_refuse_play_mode
BEFORE INSERT ON deposits
FOR EACH ROW EXECUTE FUNCTION refuse_play_mode_money();

CREATE TRIGGER withdrawals_refuse_play_mode
BEFORE INSERT ON withdrawals
FOR EACH ROW EXECUTE FUNCTION refuse_play_mode_money();
