-- The player's own settings: language, session reminder, profile e-mail (already a column), responsible-gaming limits
-- and exclusions, the UPI reference of a deposit request.

ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'));
-- Minutes between session reminders; NULL: none.
ALTER TABLE users ADD COLUMN reminder_minutes BIGINT CHECK (reminder_minutes BETWEEN 5 AND 240);

-- The browser a session was opened from, for the player's list of sessions.
ALTER TABLE sessions ADD COLUMN user_agent TEXT;

-- One row per limit a player has set: the value in force when last changed (paise; NULL: none) and a raise or removal
-- waiting until pending_at (NULL: nothing waits).
CREATE TABLE rg_limits (
    user_id        BIGINT NOT NULL REFERENCES users (id),
    kind           TEXT NOT NULL CHECK (kind IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week',
                                                 'loss_month', 'max_stake')),
    amount         BIGINT CHECK (amount > 0),
    pending_amount BIGINT CHECK (pending_amount > 0),
    pending_at     BIGINT,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- A break (1 day to 6 weeks) or a self-exclusion (6 months or more). Only an operator lifts a break early; nobody a
-- self-exclusion.
CREATE TABLE rg_exclusions (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id),
    kind       TEXT NOT NULL CHECK (kind IN ('break', 'self_exclusion')),
    starts_at  BIGINT NOT NULL,
    ends_at    BIGINT NOT NULL CHECK (ends_at > starts_at),
    lifted_at  BIGINT,
    lifted_by  BIGINT,
    CHECK (lifted_at IS NULL OR kind = 'break')
);
CREATE INDEX rg_exclusions_user ON rg_exclusions (user_id, ends_at);

-- The note of the UPI payment (tn=) the deposit modal made, tying the payment to its request.
ALTER TABLE deposits ADD COLUMN reference TEXT;
CREATE INDEX deposits_user_time ON deposits (user_id, created_at);
-- Loss limits add up a player's game rows since the start of a period.
CREATE INDEX ledger_account_time ON ledger (account_id, created_at);
