-- Aviator plays one hash chain after another: each chain covers rounds first_round .. first_round + length - 1,
-- and the next one is created (and its commitment published) before the current one runs out. Every chain's
-- commitment is kept, so old rounds still verify. A chain's salt may be fixed only after its commitment is public,
-- from the announced `salt_source` (a public value the operator cannot choose); until then `salt` is NULL and the
-- chain cannot start. With a seed key configured, `seed` holds only a nonce (the seed is HMAC(key, nonce)).

CREATE TABLE aviator_chains (
    id            BIGINT PRIMARY KEY,
    -- the seed itself, or (seed_keyed = 1) a nonce the seed is derived from with the server's seed key
    seed          TEXT NOT NULL,
    seed_keyed    BIGINT NOT NULL DEFAULT 0,
    length        BIGINT NOT NULL CHECK (length > 0),
    salt          TEXT,
    salt_source   TEXT NOT NULL,
    salt_fixed_at BIGINT,
    commitment    TEXT NOT NULL,
    house_edge_bp BIGINT NOT NULL,
    first_round   BIGINT NOT NULL UNIQUE,
    created_at    BIGINT NOT NULL
);
INSERT INTO aviator_chains (id, seed, length, salt, salt_source, salt_fixed_at, commitment, house_edge_bp, first_round, created_at)
    SELECT 1, seed, length, salt, 'server', created_at, commitment, house_edge_bp, 1, created_at FROM aviator_chain;
DROP TABLE aviator_chain;
