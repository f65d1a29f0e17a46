-- The hold report (`casino_actors::hold`) reads the bets settled in a range of time: each game's settlement time is
-- indexed, and Aviator's bets by their round, so a day's figures read that day's rows rather than every bet.

CREATE INDEX aviator_rounds_ended ON aviator_rounds (ended_at);
CREATE INDEX aviator_bets_round ON aviator_bets (round_id);
CREATE INDEX game_rounds_decided ON game_rounds (decided_at);
CREATE INDEX mines_games_ended ON mines_games (ended_at);
CREATE INDEX matka_bids_settled ON matka_bids (settled_at);
CREATE INDEX exchange_results_decided ON exchange_results (decided_at);
CREATE INDEX parchi_games_ended ON parchi_games (ended_at);
