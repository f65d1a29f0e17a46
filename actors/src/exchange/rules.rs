//! The exchange's money rules, pure: what a bet wins or loses on each outcome, and a player's exposure in a market
//! with all their bets there netted — the worst case over the market's outcomes, which is what the wallet holds.
//!
//! - Runner markets (Match Odds, Bookmaker): the outcome is which runner wins. A bet names a runner, a side and a
//!   price as "hundredths won per rupee" `w`: Match Odds decimal odds `o` give `w = (o − 1)·100` (1.85 → 85); a
//!   Bookmaker rate is `w` itself (×100, as the spec's feed has it). **Lagai** (back) wins `stake·w/100` if its
//!   runner wins and loses the stake otherwise; **Khai** (lay) loses `stake·w/100` if its runner wins and wins the
//!   stake otherwise.
//! - Fancy (session) lines: the outcome is the innings' runs `R` at the session's over. **YES** at line `L` and rate
//!   `w` wins `stake·w/100` when `R ≥ L`, else loses the stake; **NO** at `L` wins the stake when `R < L`, else loses
//!   `stake·w/100` (the spec's §9). A player's lines in one fancy market net against each other.
//!
//! Amounts a player wins are rounded down to the paisa and amounts they lose rounded up, so the house never pays a
//! fraction it did not take. Settlement pays exactly the outcome's P/L from these same vectors.

use crate::money::Paise;
use serde::{Deserialize, Serialize};

/// Which way a bet goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeSide)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Back: for the runner (or YES on a fancy line).
    Lagai,
    /// Lay: against the runner (or NO on a fancy line).
    Khai,
}

/// `amount × w / 100`, rounded down (`up = false`) or up, in paise.
fn scaled(stake: i64, w: u32, up: bool) -> i64 {
    let n = i128::from(stake) * i128::from(w);
    let q = n / 100;
    let q = if up && n % 100 != 0 { q + 1 } else { q };
    i64::try_from(q).unwrap_or(i64::MAX)
}

/// A bet on a runner market.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunnerBet {
    /// The runner's index in the market.
    pub runner: usize,
    pub side: Side,
    /// Hundredths won per rupee staked (see the module's notes).
    pub w: u32,
    pub stake: Paise,
}

impl RunnerBet {
    /// What this bet wins (+) or loses (−) when `winner` wins.
    pub fn pl(&self, winner: usize) -> i64 {
        let s = self.stake.get();
        match (self.side, winner == self.runner) {
            (Side::Lagai, true) => scaled(s, self.w, false),
            (Side::Lagai, false) => -s,
            (Side::Khai, true) => -scaled(s, self.w, true),
            (Side::Khai, false) => s,
        }
    }
}

/// What a bet of `side` at `w` wins if it wins, and loses if it loses (the same for a runner and a fancy line).
pub fn win_and_loss(side: Side, w: u32, stake: Paise) -> (Paise, Paise) {
    let s = stake.get();
    let (win, loss) = match side {
        Side::Lagai => (scaled(s, w, false), s),
        Side::Khai => (s, scaled(s, w, true)),
    };
    (Paise::new(win), Paise::new(loss))
}

/// A player's P/L on each runner winning, over all their bets in the market.
pub fn runner_book(runners: usize, bets: &[RunnerBet]) -> Vec<i64> {
    (0..runners).map(|winner| bets.iter().map(|b| b.pl(winner)).sum()).collect()
}

/// A bet on a fancy line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FancyBet {
    /// YES (`Lagai`) wins when the runs reach the line; NO (`Khai`) when they fall short.
    pub side: Side,
    pub line: u32,
    /// Hundredths won per rupee (YES) or lost per rupee (NO).
    pub w: u32,
    pub stake: Paise,
}

impl FancyBet {
    /// What this bet wins (+) or loses (−) when the innings has `runs` at the session's over.
    pub fn pl(&self, runs: u32) -> i64 {
        let s = self.stake.get();
        match (self.side, runs >= self.line) {
            (Side::Lagai, true) => scaled(s, self.w, false),
            (Side::Lagai, false) => -s,
            (Side::Khai, false) => s,
            (Side::Khai, true) => -scaled(s, self.w, true),
        }
    }
}

/// A player's P/L over all their bets on one fancy market when the runs are `runs`.
pub fn fancy_pl(bets: &[FancyBet], runs: u32) -> i64 {
    bets.iter().map(|b| b.pl(runs)).sum()
}

/// The fewest runs of each stretch on which the P/L of `bets` is constant: 0 and every line. (A bet changes its
/// outcome only where the runs reach its line, so the worst case is at one of these.)
fn fancy_breakpoints(bets: &[FancyBet]) -> Vec<u32> {
    let mut at: Vec<u32> = std::iter::once(0).chain(bets.iter().map(|b| b.line)).collect();
    at.sort_unstable();
    at.dedup();
    at
}

/// The worst a player can lose on one fancy market: `max(0, −min over the runs of P/L)`.
pub fn fancy_exposure(bets: &[FancyBet]) -> Paise {
    let worst = fancy_breakpoints(bets).into_iter().map(|r| fancy_pl(bets, r)).min().unwrap_or(0);
    Paise::new((-worst).max(0))
}

/// The worst a player can lose on a runner market: `max(0, −min over the winners of P/L)`.
pub fn runner_exposure(runners: usize, bets: &[RunnerBet]) -> Paise {
    let worst = runner_book(runners, bets).into_iter().min().unwrap_or(0);
    Paise::new((-worst).max(0))
}

/// The P/L a settled market pays: `(hold, payout)` for the wallet's settle, where `hold` is the exposure held and
/// `payout = hold + pl` (never negative: a loss is at most the exposure).
pub fn settlement(exposure: Paise, pl: i64) -> (Paise, Paise) {
    (exposure, Paise::new((exposure.get() + pl).max(0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn rupees(r: i64) -> Paise {
        Paise::from_rupees(r)
    }

    #[test]
    fn lagai_and_khai_pay_as_the_spec_and_the_exchanges_do() {
        // Lagai ₹10,000 at a rate of 80: +8,000 if the team wins, −10,000 otherwise.
        let lagai = RunnerBet { runner: 0, side: Side::Lagai, w: 80, stake: rupees(10_000) };
        assert_eq!((lagai.pl(0), lagai.pl(1)), (800_000, -1_000_000));
        // Khai ₹20,000 at 50: −10,000 if the team wins, +20,000 otherwise.
        let khai = RunnerBet { runner: 0, side: Side::Khai, w: 50, stake: rupees(20_000) };
        assert_eq!((khai.pl(0), khai.pl(1)), (-1_000_000, 2_000_000));
        // Lay £20 at 1.32: a liability of 6.40.
        let lay = RunnerBet { runner: 1, side: Side::Khai, w: 32, stake: rupees(20) };
        assert_eq!(runner_exposure(2, &[lay]), Paise::new(640));
        assert_eq!(win_and_loss(Side::Lagai, 80, rupees(10_000)), (rupees(8_000), rupees(10_000)));
        assert_eq!(win_and_loss(Side::Khai, 50, rupees(20_000)), (rupees(20_000), rupees(10_000)));
    }

    /// Net liability across runners (Smarkets' example): lay A ₹10 @3.15 and lay B ₹10 @2.52 in a three-way market
    /// lose 11.50 / win 20 / lose 5.20: the exposure is 11.50, not the sum of the liabilities.
    #[test]
    fn bets_on_several_runners_net() {
        let bets = [
            RunnerBet { runner: 0, side: Side::Khai, w: 215, stake: rupees(10) },
            RunnerBet { runner: 1, side: Side::Khai, w: 152, stake: rupees(10) },
        ];
        assert_eq!(runner_book(3, &bets), vec![-1_150, -520, 2_000]);
        assert_eq!(runner_exposure(3, &bets), Paise::new(1_150));
    }

    #[test]
    fn a_hedge_lowers_the_exposure() {
        let back = RunnerBet { runner: 0, side: Side::Lagai, w: 100, stake: rupees(1_000) };
        assert_eq!(runner_exposure(2, &[back]), rupees(1_000));
        // The price shortened: lay the same team at 1.50 for ₹1,300 locks in a profit either way.
        let lay = RunnerBet { runner: 0, side: Side::Khai, w: 50, stake: rupees(1_300) };
        assert_eq!(runner_book(2, &[back, lay]), vec![35_000, 30_000]);
        assert_eq!(runner_exposure(2, &[back, lay]), Paise::ZERO);
    }

    /// The research's fancy examples: NO 48 + YES 50 lose both in the middle; YES 48 + NO 50 can only win.
    #[test]
    fn fancy_lines_net_across_lines() {
        let no48 = FancyBet { side: Side::Khai, line: 48, w: 100, stake: rupees(1_000) };
        let yes50 = FancyBet { side: Side::Lagai, line: 50, w: 100, stake: rupees(1_000) };
        assert_eq!(
            (fancy_pl(&[no48, yes50], 47), fancy_pl(&[no48, yes50], 49), fancy_pl(&[no48, yes50], 50)),
            (0, -200_000, 0)
        );
        assert_eq!(fancy_exposure(&[no48, yes50]), rupees(2_000));
        let yes48 = FancyBet { side: Side::Lagai, line: 48, w: 100, stake: rupees(1_000) };
        let no50 = FancyBet { side: Side::Khai, line: 50, w: 100, stake: rupees(1_000) };
        assert_eq!(fancy_exposure(&[yes48, no50]), Paise::ZERO);
        assert_eq!(fancy_pl(&[yes48, no50], 49), 200_000);
        // §9: a YES bet's exposure is its stake; a NO bet's is stake × rate / 100.
        assert_eq!(fancy_exposure(&[FancyBet { side: Side::Lagai, line: 60, w: 90, stake: rupees(500) }]), rupees(500));
        assert_eq!(fancy_exposure(&[FancyBet { side: Side::Khai, line: 60, w: 110, stake: rupees(500) }]), rupees(550));
    }

    #[test]
    fn rounding_never_favours_the_player() {
        let b = RunnerBet { runner: 0, side: Side::Lagai, w: 33, stake: Paise::new(101) };
        assert_eq!(b.pl(0), 33); // 33.33 down
        let l = RunnerBet { runner: 0, side: Side::Khai, w: 33, stake: Paise::new(101) };
        assert_eq!(l.pl(0), -34); // 33.33 up
    }

    #[test]
    fn settlement_pays_the_outcome_from_the_hold() {
        assert_eq!(settlement(rupees(1_000), -100_000), (rupees(1_000), Paise::ZERO));
        assert_eq!(settlement(rupees(1_000), 80_000), (rupees(1_000), rupees(1_800)));
        assert_eq!(settlement(Paise::ZERO, 35_000), (Paise::ZERO, rupees(350)));
    }

    /// Exposure is the brute-force worst case over every outcome, for random mixes of sides, prices and lines;
    /// and the loss on any outcome never exceeds it, so settlement never needs more than the hold.
    #[test]
    fn exposure_is_the_worst_case_over_every_outcome() {
        let seed: u64 = rand::random();
        println!("seed {seed}");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..2_000 {
            let runners = rng.random_range(2..=3);
            let bets: Vec<RunnerBet> = (0..rng.random_range(0..8))
                .map(|_| RunnerBet {
                    runner: rng.random_range(0..runners),
                    side: if rng.random_bool(0.5) { Side::Lagai } else { Side::Khai },
                    w: rng.random_range(1..=2_000),
                    stake: Paise::new(rng.random_range(1..=2_500_000)),
                })
                .collect();
            let brute = (0..runners).map(|w| bets.iter().map(|b| b.pl(w)).sum::<i64>()).min().unwrap_or(0);
            assert_eq!(runner_exposure(runners, &bets), Paise::new((-brute).max(0)), "seed {seed}: {bets:?}");

            let fancy: Vec<FancyBet> = (0..rng.random_range(0..8))
                .map(|_| FancyBet {
                    side: if rng.random_bool(0.5) { Side::Lagai } else { Side::Khai },
                    line: rng.random_range(20..80),
                    w: rng.random_range(50..=150),
                    stake: Paise::new(rng.random_range(1..=2_500_000)),
                })
                .collect();
            let brute = (0..=300).map(|r| fancy_pl(&fancy, r)).min().unwrap_or(0);
            let exposure = fancy_exposure(&fancy);
            assert_eq!(exposure, Paise::new((-brute).max(0)), "seed {seed}: {fancy:?}");
            for r in [0, 19, 50, 79, 80, 300] {
                let (hold, payout) = settlement(exposure, fancy_pl(&fancy, r));
                assert_eq!(payout.get() - hold.get(), fancy_pl(&fancy, r), "seed {seed}");
            }
        }
    }
}
