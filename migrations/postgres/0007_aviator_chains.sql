-- Aviator plays one hash chain after another: each chain covers rounds first_round .. first_round + length - 1,
-- and the next one is created (and its commitment published) before the current one runs out. Every chain's
-- commitment is kept, so old rounds still verify.

CREATE TABLE aviator_chains (
    id            BIGINT PRIMARY KEY,
    seed          TEXT NOT NULL,
    length        BIGINT NOT NULL CHECK (length > 0),
    salt          TEXT NOT NULL,
    commitment    TEXT NOT NULL,
    house_edge_bp BIGINT NOT NULL,
    first_round   BIGINT NOT NULL UNIQUE,
    created_at    BIGINT NOT NULL
);
INSERT INTO aviator_chains (id, seed, length, salt, commitment, house_edge_bp, first_round, created_at)
    SELECT 1, seed, length, salt, commitment, house_edge_bp, 1, created_at FROM aviator_chain;
DROP TABLE aviator_chain;
