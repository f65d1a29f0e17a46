-- Round games played on the shared round table (Titli Par, Andar Bahar, Color Prediction): one row per round,
-- recorded `open` before it takes a bet (with its committed seed), `decided` with its outcome and settle intents
-- in one transaction, `ended` once all its money moved, or `void` when a restart refunded it. The seed is
-- published only once the round is decided or void.

CREATE TABLE game_rounds (
    game        TEXT NOT NULL,
    round       BIGINT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'decided', 'ended', 'void')),
    commitment  TEXT NOT NULL,
    server_seed TEXT NOT NULL,
    client_seed TEXT NOT NULL,
    settings    TEXT NOT NULL,
    outcome     TEXT,
    opened_at   BIGINT NOT NULL,
    decided_at  BIGINT,
    PRIMARY KEY (game, round)
);
CREATE INDEX game_rounds_status ON game_rounds (status, game);

-- Settled tickets, for the player's history (written with the round's outcome).
CREATE TABLE game_bets (
    game       TEXT NOT NULL,
    round      BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    ticket     BIGINT NOT NULL,
    lines      TEXT NOT NULL,
    stake      BIGINT NOT NULL,
    payout     BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game, round, user_id, ticket)
);
CREATE INDEX game_bets_user ON game_bets (user_id, game, created_at);
