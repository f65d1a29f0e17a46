-- Aar Par Parchi: plays close at the match's first ball, and a game whose three cards are not all locked then is
-- `void` at that moment, every held entry `returned` with its refund's settle intent in the same transaction (as an
-- end is).

ALTER TABLE parchi_games DROP CONSTRAINT parchi_games_status_check;
ALTER TABLE parchi_games ADD CONSTRAINT parchi_games_status_check
    CHECK (status IN ('open', 'finished', 'abandoned', 'void'));
