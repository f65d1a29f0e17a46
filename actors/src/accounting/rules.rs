//! Accounting, pure: a day's figures from two sources and the arithmetic that joins them. No IO, no clock.
//!
//! - **Per game** (and exchange market type), from the bets' own tables through the hold report's SQL
//!   (`hold::store::lines`), on the IST day each bet's unit was settled: bets, turnover (stakes; an exchange bet: what it
//!   risked), payouts (stakes included), GGR = turnover − payouts.
//! - **Per day**, from the `ledger` rows of players' accounts on the IST day each row was written, classified by kind
//!   (every row's Δ = Δbalance + Δexposure): deposits (`deposit`), withdrawals paid (`withdrawal`, negated),
//!   adjustments (`adjustment`, signed: credits to players positive), play points (`play_grant`, `play_top_up`,
//!   `play_void`), load-test funding (`fixture`), and the ledger's GGR (every game kind, negated: what players lost is
//!   what the house account gained).
//! - **NGR** = GGR − adjustments (play points are not money and stay out of it).
//! - **Identity** (holds by double entry for any set of rows): players' Δ = deposits − withdrawals − ledger GGR +
//!   adjustments + play points + load-test funding + other (withdrawal holds and releases: zero in sum).
//! - The bets' GGR and the ledger's agree when every unit's settlement committed on the IST day it was decided;
//!   [`Totals::unreconciled`] is the difference (a round decided just before IST midnight settled after it, a settlement
//!   resumed after a restart on a later day, a Matka correction on a later day than its draw: the bet counts on its
//!   last correction's day, the ledger on each movement's).

use crate::wallet::LedgerKind;

/// One game's settled bets on one day. Paise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameDay {
    pub game: &'static str,
    pub bets: i64,
    pub turnover: i64,
    pub payouts: i64,
}

impl GameDay {
    pub fn ggr(&self) -> i64 {
        self.turnover - self.payouts
    }
}

/// The sums of players' ledger rows of one kind on one day (as the store reads them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindDay {
    pub day: i64,
    pub kind: String,
    pub rows: i64,
    pub delta_balance: i64,
    pub delta_exposure: i64,
}

/// A day's (or a range's) figures. Paise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub bets: i64,
    pub turnover: i64,
    pub payouts: i64,
    /// Turnover − payouts of the bets settled.
    pub ggr: i64,
    /// What players lost in the ledger's game rows (= what the house accounts gained).
    pub ledger_ggr: i64,
    /// Operators' adjustments, net: credits to players positive.
    pub adjustments: i64,
    /// Play mode's grants and top-ups less voided points (no cash value).
    pub play_points: i64,
    /// Load-test players' funding.
    pub fixtures: i64,
    /// Deposits approved (credited).
    pub deposits: i64,
    /// Withdrawals paid.
    pub withdrawals: i64,
    /// Every other row of players (withdrawal holds and releases, which net to zero; kinds this report does not know).
    pub other: i64,
    /// Σ (Δbalance + Δexposure) over every players' row.
    pub players_change: i64,
}

impl Totals {
    /// GGR − adjustments.
    pub fn ngr(&self) -> i64 {
        self.ggr - self.adjustments
    }

    /// The bets' GGR less the ledger's: zero unless a settlement committed on another day than its unit's decision.
    pub fn unreconciled(&self) -> i64 {
        self.ggr - self.ledger_ggr
    }

    /// What the ledger's own figures say players' money changed by.
    pub fn expected_players_change(&self) -> i64 {
        self.deposits - self.withdrawals - self.ledger_ggr
            + self.adjustments
            + self.play_points
            + self.fixtures
            + self.other
    }

    fn add(&mut self, o: &Totals) {
        self.bets += o.bets;
        self.turnover += o.turnover;
        self.payouts += o.payouts;
        self.ggr += o.ggr;
        self.ledger_ggr += o.ledger_ggr;
        self.adjustments += o.adjustments;
        self.play_points += o.play_points;
        self.fixtures += o.fixtures;
        self.deposits += o.deposits;
        self.withdrawals += o.withdrawals;
        self.other += o.other;
        self.players_change += o.players_change;
    }

    fn add_game(&mut self, g: &GameDay) {
        self.bets += g.bets;
        self.turnover += g.turnover;
        self.payouts += g.payouts;
        self.ggr += g.ggr();
    }

    /// One kind's players' rows.
    fn add_kind(&mut self, kind: &str, delta: i64) {
        self.players_change += delta;
        let Some(kind) = LedgerKind::parse(kind) else {
            self.other += delta;
            return;
        };
        match kind {
            LedgerKind::Deposit => self.deposits += delta,
            LedgerKind::Withdrawal => self.withdrawals -= delta,
            LedgerKind::WithdrawalHold | LedgerKind::WithdrawalRelease => self.other += delta,
            LedgerKind::Adjustment => self.adjustments += delta,
            LedgerKind::Fixture => self.fixtures += delta,
            LedgerKind::PlayGrant | LedgerKind::PlayTopUp | LedgerKind::PlayVoid => self.play_points += delta,
            LedgerKind::Bet(_)
            | LedgerKind::Cancel(_)
            | LedgerKind::Win(_)
            | LedgerKind::Loss(_)
            | LedgerKind::Refund(_) => self.ledger_ggr -= delta,
        }
    }
}

/// One IST day of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Day {
    /// Days since 1970-01-01, IST.
    pub day: i64,
    /// The games that settled bets that day, in the hold report's order.
    pub games: Vec<GameDay>,
    pub totals: Totals,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Every IST day of `days`, oldest first.
    pub days: Vec<Day>,
    pub totals: Totals,
}

/// The report over the IST days `first..=last`: `games` are `(day, game figures)` in any order and grouping (summed
/// per day and game, ordered as `order`), `kinds` the ledger's per-kind sums.
pub fn build(
    first: i64,
    last: i64,
    order: &[&'static str],
    games: impl IntoIterator<Item = (i64, GameDay)>,
    kinds: &[KindDay],
) -> Report {
    let mut days: Vec<Day> = (first..=last)
        .map(|day| Day {
            day,
            games: order.iter().map(|g| GameDay { game: g, ..GameDay::default() }).collect(),
            totals: Totals::default(),
        })
        .collect();
    let n = days.len();
    let at = |day: i64| usize::try_from(day - first).ok().filter(|i| *i < n);
    for (day, g) in games {
        let Some(i) = at(day) else { continue };
        if let Some(row) = days[i].games.iter_mut().find(|r| r.game == g.game) {
            row.bets += g.bets;
            row.turnover += g.turnover;
            row.payouts += g.payouts;
        }
    }
    for k in kinds {
        if let Some(i) = at(k.day) {
            days[i].totals.add_kind(&k.kind, k.delta_balance + k.delta_exposure);
        }
    }
    let mut totals = Totals::default();
    for d in &mut days {
        d.games.retain(|g| g.bets > 0);
        for g in &d.games {
            d.totals.add_game(g);
        }
        totals.add(&d.totals);
    }
    Report { days, totals }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
