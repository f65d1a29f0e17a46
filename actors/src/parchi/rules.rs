//! Aar Par Parchi, the three-card player game on a live cricket match, pure: three cards, each of two cricket
//! players of the match. The first player to play an empty card picks its two players and locks it; a cricket player
//! already on any card cannot be picked again, nor fill both slots of one card. Others play a filled card by staking
//! on it. A card's total is its two players' runs in the match. Plays close at the match's first ball ([`plays_open`]):
//! runs only go up and are public, so a card picked once the match is under way would be an option on what is already
//! known. A game whose three cards are not all locked then is void ([`Board::close`]): every stake is returned at that
//! moment, never at the end. A complete game plays on: when the match ends the card with the most runs wins and its
//! stakes are paid double; cards tied for the most have their stakes returned, the others lose. An abandoned match
//! returns every stake.

use crate::ids::UserId;
use crate::money::Paise;
use crate::sports::feed::MatchStatus;
use std::collections::HashMap;

pub const CARDS: usize = 3;
/// The stakes a player may choose, in rupees (spec §9); a winning stake returns the stake plus as much again.
pub const STAKES: [i64; 7] = [100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/// Why a play was refused (nothing changes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum Refusal {
    #[error("Stake must be one of 100, 200, 500, 1000, 2000, 5000 or 10000 points.")]
    Stake,
    #[error("No valid card selected.")]
    NoSuchCard,
    #[error("Please select both players before submitting.")]
    PlayersMissing,
    #[error("Error: Player data not found.")]
    UnknownPlayer,
    #[error("The same player cannot fill both slots.")]
    SamePlayer,
    #[error("{0} is already on a card.")]
    PlayerTaken(String),
    #[error("This card is already locked with other players.")]
    CardLocked,
    #[error("Plays are closed for this match.")]
    Closed,
}

/// One stake on a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub user: UserId,
    pub stake: Paise,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Card {
    /// Its two cricket players, once the first play locked it.
    pub players: Option<[String; 2]>,
    pub entries: Vec<Entry>,
}

/// The three cards of a match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Board {
    pub cards: [Card; CARDS],
    pub closed: bool,
}

/// A play as asked: the card, the two players (needed for an empty card; a filled one may repeat its own), the stake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    pub card: usize,
    pub players: Option<[String; 2]>,
    pub user: UserId,
    pub stake: Paise,
}

impl Board {
    /// Whether `name` is on any card.
    fn taken(&self, name: &str) -> bool {
        self.cards.iter().filter_map(|c| c.players.as_ref()).any(|p| p.iter().any(|x| x.eq_ignore_ascii_case(name)))
    }

    /// Checks a play against the board and the match's `squad` (both teams' players), and takes it.
    pub fn play(&mut self, p: Play, squad: &[String]) -> Result<(), Refusal> {
        if self.closed {
            return Err(Refusal::Closed);
        }
        if !STAKES.iter().any(|s| Paise::from_rupees(*s) == p.stake) {
            return Err(Refusal::Stake);
        }
        let card = self.cards.get(p.card).ok_or(Refusal::NoSuchCard)?;
        match (&card.players, p.players) {
            (Some(mine), Some(asked)) => {
                let same = |a: &[String; 2], b: &[String; 2]| {
                    let mut x = [a[0].to_lowercase(), a[1].to_lowercase()];
                    let mut y = [b[0].to_lowercase(), b[1].to_lowercase()];
                    x.sort();
                    y.sort();
                    x == y
                };
                if !same(mine, &asked) {
                    return Err(Refusal::CardLocked);
                }
            }
            (Some(_), None) => {}
            (None, None) => return Err(Refusal::PlayersMissing),
            (None, Some(asked)) => {
                if asked.iter().any(|n| n.trim().is_empty()) {
                    return Err(Refusal::PlayersMissing);
                }
                let known = |n: &str| squad.iter().find(|s| s.eq_ignore_ascii_case(n.trim())).cloned();
                let (Some(a), Some(b)) = (known(&asked[0]), known(&asked[1])) else {
                    return Err(Refusal::UnknownPlayer);
                };
                if a == b {
                    return Err(Refusal::SamePlayer);
                }
                if let Some(t) = [&a, &b].into_iter().find(|n| self.taken(n)) {
                    return Err(Refusal::PlayerTaken(t.clone()));
                }
                self.cards[p.card].players = Some([a, b]);
            }
        }
        self.cards[p.card].entries.push(Entry { user: p.user, stake: p.stake });
        Ok(())
    }

    /// Whether all three cards are locked (each has its two players).
    pub fn complete(&self) -> bool {
        self.cards.iter().all(|c| c.players.is_some())
    }

    /// Closes plays (the match's first ball): no play is taken after it. A game whose cards are not all locked is
    /// [`AtClose::Void`]: [`settle`] with [`Ending::Void`] returns every stake. Closing a closed board changes nothing
    /// and answers what the first close did.
    pub fn close(&mut self) -> AtClose {
        self.closed = true;
        if self.complete() { AtClose::PlaysOn } else { AtClose::Void }
    }

    /// Each card's total: its two players' runs in the match (a card not yet filled has none).
    pub fn totals(&self, runs: &HashMap<String, u32>) -> [u32; CARDS] {
        let of = |c: &Card| c.players.as_ref().map_or(0, |p| p.iter().map(|n| runs.get(n).copied().unwrap_or(0)).sum());
        [of(&self.cards[0]), of(&self.cards[1]), of(&self.cards[2])]
    }
}

/// The balls bowled in a T20 match so far, from its score: the first innings counts as its 20 overs once it is over.
pub fn balls_bowled(overs: &str, second_innings: bool) -> u32 {
    let (o, b) = overs.split_once('.').unwrap_or((overs, "0"));
    let now = o.trim().parse::<u32>().unwrap_or(0) * 6 + b.trim().parse::<u32>().unwrap_or(0);
    if second_innings { 120 + now } else { now }
}

/// Whether plays are still taken, from what the feed says of the match: only before its first ball. The feed reports
/// a match starting by moving it from `upcoming` to `in_play` (the simulator's "Play has started" step at its start
/// time, the step before the first delivery is bowled); from then on, and with any ball already counted, plays are
/// closed. Once closed they never open again (see [`Board::close`]).
pub fn plays_open(status: MatchStatus, balls: u32) -> bool {
    status == MatchStatus::Upcoming && balls == 0
}

/// What closing plays makes of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtClose {
    /// All three cards locked: the game plays on to the end of the match.
    PlaysOn,
    /// Not all three cards locked: the game is void, every stake returned now.
    Void,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Finished,
    Abandoned,
    /// Plays closed with the cards not all locked.
    Void,
}

/// What one entry is paid when the game ends (0 for a loss).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payout {
    pub card: usize,
    pub user: UserId,
    pub stake: Paise,
    pub paid: Paise,
}

/// The winning card, if one card alone has the most runs and every card was filled.
pub fn winner(board: &Board, totals: [u32; CARDS]) -> Option<usize> {
    if !board.complete() {
        return None;
    }
    let best = *totals.iter().max()?;
    let at: Vec<usize> = (0..CARDS).filter(|i| totals[*i] == best).collect();
    (at.len() == 1).then(|| at[0])
}

/// Every entry's payout: double for the winning card; the stake back on a card tied for the most, and on every card
/// when the game is void, the match was abandoned or (a safeguard: a void game never reaches the end) the cards never
/// all filled; nothing on the others.
pub fn settle(board: &Board, totals: [u32; CARDS], ending: Ending) -> Vec<Payout> {
    let all_filled = board.complete();
    let best = totals.iter().copied().max().unwrap_or(0);
    let win = winner(board, totals);
    let mut out = Vec::new();
    for (i, card) in board.cards.iter().enumerate() {
        for e in &card.entries {
            let paid = if ending != Ending::Finished || !all_filled {
                e.stake
            } else if win == Some(i) {
                Paise::new(e.stake.get() * 2)
            } else if win.is_none() && totals[i] == best {
                e.stake
            } else {
                Paise::ZERO
            };
            out.push(Payout { card: i, user: e.user, stake: e.stake, paid });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn squad() -> Vec<String> {
        (0..22).map(|i| format!("Player {i}")).collect()
    }

    fn play(card: usize, players: Option<[&str; 2]>, user: i64, rupees: i64) -> Play {
        Play {
            card,
            players: players.map(|p| p.map(String::from)),
            user: UserId(user),
            stake: Paise::from_rupees(rupees),
        }
    }

    #[test]
    fn the_first_play_locks_a_card_and_players_are_unique() {
        let (mut b, s) = (Board::default(), squad());
        assert_eq!(b.play(play(0, None, 1, 100), &s), Err(Refusal::PlayersMissing));
        assert_eq!(b.play(play(0, Some(["Player 1", "Player 1"]), 1, 100), &s), Err(Refusal::SamePlayer));
        assert_eq!(b.play(play(0, Some(["Player 1", "Nobody"]), 1, 100), &s), Err(Refusal::UnknownPlayer));
        assert_eq!(b.play(play(0, Some(["Player 1", "Player 2"]), 1, 150), &s), Err(Refusal::Stake));
        assert_eq!(b.play(play(3, Some(["Player 1", "Player 2"]), 1, 100), &s), Err(Refusal::NoSuchCard));
        assert_eq!(b, Board::default(), "refusals change nothing");
        b.play(play(0, Some(["player 1", "Player 2"]), 1, 100), &s).unwrap();
        assert_eq!(b.cards[0].players, Some(["Player 1".to_string(), "Player 2".to_string()]));
        // Locked: another player stakes on it as it is, or names the same two (in any order).
        b.play(play(0, None, 2, 500), &s).unwrap();
        b.play(play(0, Some(["Player 2", "Player 1"]), 3, 200), &s).unwrap();
        assert_eq!(b.play(play(0, Some(["Player 3", "Player 4"]), 4, 100), &s), Err(Refusal::CardLocked));
        // A player on one card cannot be on another.
        assert_eq!(
            b.play(play(1, Some(["Player 2", "Player 5"]), 4, 100), &s),
            Err(Refusal::PlayerTaken("Player 2".into()))
        );
        b.play(play(1, Some(["Player 3", "Player 4"]), 4, 100), &s).unwrap();
        assert_eq!(b.cards[0].entries.len(), 3);
    }

    fn filled() -> Board {
        let (mut b, s) = (Board::default(), squad());
        b.play(play(0, Some(["Player 1", "Player 2"]), 1, 100), &s).unwrap();
        b.play(play(1, Some(["Player 3", "Player 4"]), 2, 500), &s).unwrap();
        b.play(play(2, Some(["Player 5", "Player 6"]), 3, 1_000), &s).unwrap();
        b.play(play(0, None, 4, 200), &s).unwrap();
        b
    }

    #[test]
    fn the_most_runs_wins_double_a_tie_returns_the_stakes() {
        let b = filled();
        let runs: HashMap<String, u32> =
            [("Player 1", 30), ("Player 2", 25), ("Player 3", 40), ("Player 5", 0), ("Player 6", 12)]
                .into_iter()
                .map(|(n, r)| (n.to_string(), r))
                .collect();
        let totals = b.totals(&runs);
        assert_eq!(totals, [55, 40, 12]);
        assert_eq!(winner(&b, totals), Some(0));
        let paid: Vec<i64> = settle(&b, totals, Ending::Finished).iter().map(|p| p.paid.get()).collect();
        assert_eq!(paid, vec![20_000, 40_000, 0, 0]);
        // Cards 0 and 1 tied for the most: their stakes back; card 2 loses.
        let paid: Vec<i64> = settle(&b, [40, 40, 12], Ending::Finished).iter().map(|p| p.paid.get()).collect();
        assert_eq!(paid, vec![10_000, 20_000, 50_000, 0]);
        // Abandoned: every stake back.
        let paid: Vec<i64> = settle(&b, totals, Ending::Abandoned).iter().map(|p| p.paid.get()).collect();
        assert_eq!(paid, vec![10_000, 20_000, 50_000, 100_000]);
    }

    #[test]
    fn balls_are_counted_from_the_score() {
        assert_eq!(balls_bowled("0.0", false), 0);
        assert_eq!(balls_bowled("5.4", false), 34);
        assert_eq!(balls_bowled("20", false), 120);
        assert_eq!(balls_bowled("1.2", true), 128);
    }

    #[test]
    fn plays_are_open_before_the_first_ball_and_closed_from_it() {
        // Before: the match upcoming, no ball counted.
        assert!(plays_open(MatchStatus::Upcoming, balls_bowled("0.0", false)));
        assert!(plays_open(MatchStatus::Upcoming, balls_bowled("", false)));
        // The feed says the match is in play (its first ball is next): closed, before a run is scored.
        assert!(!plays_open(MatchStatus::InPlay, balls_bowled("0.0", false)));
        assert!(!plays_open(MatchStatus::InPlay, balls_bowled("0.1", false)));
        assert!(!plays_open(MatchStatus::InPlay, balls_bowled("9.5", false)));
        assert!(!plays_open(MatchStatus::InPlay, balls_bowled("0.0", true)));
        assert!(!plays_open(MatchStatus::Finished, balls_bowled("20", true)));
        // A feed that counts a ball before it says the match is in play is closed too.
        assert!(!plays_open(MatchStatus::Upcoming, balls_bowled("0.1", false)));

        // A closed board takes no play, whatever it is.
        let (mut b, s) = (filled(), squad());
        assert_eq!(b.close(), AtClose::PlaysOn);
        let before = b.clone();
        assert_eq!(b.play(play(0, None, 9, 100), &s), Err(Refusal::Closed));
        assert_eq!(b.play(play(0, Some(["Player 1", "Player 2"]), 9, 150), &s), Err(Refusal::Closed));
        assert_eq!(b, before, "a refused play changes nothing");
    }

    #[test]
    fn a_game_incomplete_at_the_first_ball_is_void_with_every_stake_back() {
        let s = squad();
        // No play at all, one card, two cards: void.
        for cards in 0..CARDS {
            let mut b = Board::default();
            let names = [["Player 1", "Player 2"], ["Player 3", "Player 4"], ["Player 5", "Player 6"]];
            for (c, pair) in names.iter().enumerate().take(cards) {
                b.play(play(c, Some(*pair), c as i64 + 1, STAKES[c]), &s).unwrap();
                b.play(play(c, None, 9, 500), &s).unwrap();
            }
            assert!(!b.complete());
            assert_eq!(b.close(), AtClose::Void, "{cards} cards locked");
            assert_eq!(b.close(), AtClose::Void, "closing again answers the same");
            assert!(b.closed);
            // Whatever the runs, every stake comes back, exactly.
            let out = settle(&b, [300, 10, 0], Ending::Void);
            assert_eq!(out.len(), cards * 2);
            assert!(out.iter().all(|p| p.paid == p.stake), "{out:?}");
            assert_eq!(winner(&b, [300, 10, 0]), None);
        }
        // Three cards locked: the game plays on, and is settled at the end by the runs.
        let mut b = filled();
        assert!(b.complete());
        assert_eq!(b.close(), AtClose::PlaysOn);
        let paid: Vec<i64> = settle(&b, [55, 40, 12], Ending::Finished).iter().map(|p| p.paid.get()).collect();
        assert_eq!(paid, vec![20_000, 40_000, 0, 0]);
    }

    #[test]
    fn cards_never_all_filled_return_the_stakes_played() {
        let (mut b, s) = (Board::default(), squad());
        b.play(play(1, Some(["Player 1", "Player 2"]), 1, 100), &s).unwrap();
        let out = settle(&b, [0, 80, 0], Ending::Finished);
        assert_eq!(
            out,
            vec![Payout { card: 1, user: UserId(1), stake: Paise::from_rupees(100), paid: Paise::from_rupees(100) }]
        );
        assert_eq!(winner(&b, [0, 80, 0]), None);
    }

    /// Over random boards and runs: the house never pays more than twice what was staked on the winning card plus the
    /// stakes it returns, each entry is paid 0, its stake or double, and a finished game with a single top card pays
    /// exactly that card's entries.
    #[test]
    fn payouts_are_zero_stake_or_double_and_only_the_top_card_wins() {
        let seed: u64 = rand::random();
        println!("seed {seed}");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s = squad();
        for _ in 0..2_000 {
            let mut b = Board::default();
            for _ in 0..rng.random_range(0..12) {
                let card = rng.random_range(0..CARDS);
                let players = [s[rng.random_range(0..22)].clone(), s[rng.random_range(0..22)].clone()];
                let stake = Paise::from_rupees(STAKES[rng.random_range(0..STAKES.len())]);
                let _ = b.play(Play { card, players: Some(players), user: UserId(rng.random_range(1..6)), stake }, &s);
            }
            let runs: HashMap<String, u32> = s.iter().map(|n| (n.clone(), rng.random_range(0..60))).collect();
            let totals = b.totals(&runs);
            let ending = if rng.random_bool(0.1) { Ending::Abandoned } else { Ending::Finished };
            let out = settle(&b, totals, ending);
            assert_eq!(out.len(), b.cards.iter().map(|c| c.entries.len()).sum::<usize>(), "seed {seed}");
            for p in &out {
                let k = p.paid.get() / p.stake.get().max(1);
                assert!(p.paid.get() % p.stake.get() == 0 && k <= 2, "seed {seed}: {p:?}");
                if k == 2 {
                    assert_eq!((ending, winner(&b, totals)), (Ending::Finished, Some(p.card)), "seed {seed}");
                }
            }
            let named: Vec<&String> = b.cards.iter().filter_map(|c| c.players.as_ref()).flatten().collect();
            let mut unique = named.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), named.len(), "seed {seed}: a player on two cards or twice on one");
        }
    }
}
