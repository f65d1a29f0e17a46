-- The exchange stream's markets mapped to our matches (`sports/feed_markets.rs`): one row a feed market, which one
-- of our matches it prices (its id taken from the desk's sequence when an operator maps it, kept here so bets name the
-- same match after a restart), the match as lists show it, and our runners with the feed's selection each follows
-- (JSON: [{"selectionId", "feedId", "name"}]). An `active` mapping is resumed at start (the stream images its market
-- again on subscription); it is `ended` once its match has published the settlement the feed gave.
CREATE TABLE sports_feed_markets (
    feed_market_id TEXT PRIMARY KEY,
    match_id       INTEGER NOT NULL UNIQUE,
    sport_id       INTEGER NOT NULL,
    name           TEXT NOT NULL,
    competition    TEXT NOT NULL,
    starts_at      INTEGER NOT NULL,
    team_a         TEXT NOT NULL,
    team_b         TEXT NOT NULL,
    runners        TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    created_at     INTEGER NOT NULL
);
CREATE INDEX sports_feed_markets_status ON sports_feed_markets (status, match_id);
