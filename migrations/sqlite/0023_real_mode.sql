-- Real mode's checks (actors/src/compliance): what a player declared at sign-up, whether the operator's regions
-- still allow it, and identity (KYC) submissions with their document images. The images live here, in the
-- database: outside any web root, on every node of a cluster, backed up with the ledger, served only to operators
-- and their owner.

ALTER TABLE users ADD COLUMN date_of_birth TEXT;
ALTER TABLE users ADD COLUMN region TEXT;
-- 1 while the configured regions leave the player's out: bets and deposits are refused, withdrawals are not.
ALTER TABLE users ADD COLUMN region_refused INTEGER NOT NULL DEFAULT 0 CHECK (region_refused IN (0, 1));

-- One row per player who submitted: the latest submission (`attempt` counts them).
CREATE TABLE kyc (
    user_id      INTEGER PRIMARY KEY REFERENCES users (id),
    attempt      INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    full_name    TEXT NOT NULL,
    id_type      TEXT NOT NULL,
    id_number    TEXT NOT NULL,
    submitted_at INTEGER NOT NULL,
    decided_at   INTEGER,
    decided_by   INTEGER,
    reason       TEXT
);
CREATE INDEX kyc_status ON kyc (status, submitted_at);

-- Every image ever submitted (a resubmission keeps the earlier attempts' for the record).
CREATE TABLE kyc_documents (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id),
    attempt      INTEGER NOT NULL,
    side         TEXT NOT NULL CHECK (side IN ('front', 'back')),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
    size         INTEGER NOT NULL,
    sha256       TEXT NOT NULL,
    bytes        BLOB NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX kyc_documents_user ON kyc_documents (user_id, attempt);
