-- The simulated matches, so a restarted or taking-over node continues each where it was (issue 37): a match is its
-- sport, its seed and its start (the simulator is a function of these), and how many steps a restart replays (at
-- least those published). Replaying them rebuilds it exactly; the exchange's markets and the three-card games on it
-- stay open and settle against the match's real end. `steps` only grows; a finished match is not resumed.
CREATE TABLE sports_matches (
    match_id   INTEGER PRIMARY KEY,
    sport_id   INTEGER NOT NULL,
    seed       INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    manual     INTEGER NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
    steps      INTEGER NOT NULL DEFAULT 0 CHECK (steps >= 0),
    finished   INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    created_at INTEGER NOT NULL
);
CREATE INDEX sports_matches_unfinished ON sports_matches (finished, match_id);
