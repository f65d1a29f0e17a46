-- Mines: each player's own games. A game is recorded `playing` (with its seeds) before its stake is held, so a
-- restart finds it; `lost` or `won` with its settle intent in one transaction; `void` when its hold never
-- committed (refused, or cut by a restart). One game of a player plays at a time.

CREATE TABLE mines_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('playing', 'lost', 'won', 'void')),
    mines         INTEGER NOT NULL CHECK (mines BETWEEN 1 AND 24),
    stake         INTEGER NOT NULL CHECK (stake > 0),
    house_edge_bp INTEGER NOT NULL,
    max_payout    INTEGER NOT NULL,
    server_seed   TEXT NOT NULL,
    commitment    TEXT NOT NULL,
    client_seed   TEXT NOT NULL,
    nonce         INTEGER NOT NULL,
    -- The opened tiles in order, comma-separated.
    revealed      TEXT NOT NULL DEFAULT '',
    payout        INTEGER,
    created_at    INTEGER NOT NULL,
    ended_at      INTEGER
);
CREATE UNIQUE INDEX mines_games_one_playing ON mines_games (user_id) WHERE status = 'playing';
CREATE INDEX mines_games_user ON mines_games (user_id, id);

-- The seeds of each player's next game: the server seed stays secret until that game ends (or it is replaced).
CREATE TABLE mines_seeds (
    user_id     INTEGER PRIMARY KEY,
    server_seed TEXT NOT NULL,
    client_seed TEXT NOT NULL,
    nonce       INTEGER NOT NULL
);
