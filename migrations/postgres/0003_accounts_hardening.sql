-- Attempt budgets that must hold across codes, restarts and processes (reset-code guesses and reset
-- requests per account). `Budget::reserve` checks and counts in one upsert. Times are epoch milliseconds.

CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    used         BIGINT NOT NULL
);
