-- The spec's bet record carries the player's balance and exposure as they stood once the bet was taken (My Bets'
-- Cricket tab shows them). Recorded with the bet's opening; bets taken before this migration have none.
ALTER TABLE exchange_bets ADD COLUMN balance_after INTEGER;
ALTER TABLE exchange_bets ADD COLUMN exposure_after INTEGER;
