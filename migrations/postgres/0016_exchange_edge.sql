-- The house's edge on the exchange. Each bet keeps what the house expects to keep from it (paise, from the chances
-- the feed priced it with; NULL when the feed gave none). Operators cap what the house can lose in a market, and to
-- one player in a market (paise), per market type (`market_id` '' is the type's default) or for one market.
-- A player whose open bets on a match cannot lose is flagged for the operators.

ALTER TABLE exchange_bets ADD COLUMN expected_hold BIGINT;

CREATE TABLE exchange_limits (
    market_type          TEXT NOT NULL CHECK (market_type IN ('exchange', 'bookmaker', 'fancy')),
    market_id            TEXT NOT NULL DEFAULT '',
    max_liability        BIGINT NOT NULL CHECK (max_liability > 0),
    max_player_liability BIGINT NOT NULL CHECK (max_player_liability > 0),
    updated_at           BIGINT NOT NULL,
    PRIMARY KEY (market_type, market_id)
);

CREATE TABLE exchange_alerts (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT NOT NULL,
    match_id   BIGINT NOT NULL,
    match_name TEXT NOT NULL,
    -- The open bets (ids, comma-separated) and the position's worst and best outcome, in paise.
    bets       TEXT NOT NULL,
    worst      BIGINT NOT NULL,
    best       BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX exchange_alerts_created ON exchange_alerts (created_at);
