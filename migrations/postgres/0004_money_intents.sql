-- Money that must move: a replayed idempotency key is checked against the request it first carried
-- (`request`), keys are unique across accounts, and a table's wallet moves are recorded as intents with
-- their round before they are applied, so a failure or a restart never forgets them.

ALTER TABLE ledger ADD COLUMN request TEXT;
DROP INDEX ledger_idempotency;
CREATE UNIQUE INDEX ledger_idempotency ON ledger (idempotency_key);

CREATE TABLE wallet_intents (
    idempotency_key TEXT PRIMARY KEY,
    owner           TEXT NOT NULL,
    user_id         BIGINT NOT NULL,
    movement        TEXT NOT NULL,
    kind            TEXT NOT NULL,
    reference       TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'failed')),
    error           TEXT,
    created_at      BIGINT NOT NULL,
    applied_at      BIGINT
);
CREATE INDEX wallet_intents_owner ON wallet_intents (owner, status);
CREATE INDEX wallet_intents_status ON wallet_intents (status);
