//! The operators' daily accounting: per IST day and game (or exchange market type) the bets, turnover, payouts and
//! GGR of the bets settled (the hold report's SQL, `hold::store::lines`), and per day the ledger's deposits,
//! withdrawals, adjustments, play points, GGR and players' change, with NGR and the reconciliation between the two
//! sources. `rules.rs` (pure: the figures, their definitions and the identity), `store.rs` (the ledger summed in
//! SQL). Served by `GET /api/admin/accounting` and `/api/admin/accounting.csv`; `docs/OPERATORS.md` ("Accounting").

pub mod rules;
pub mod store;

use crate::hold::{self, rules::ist_day};
use crate::store::Db;
pub use rules::{Day, GameDay, Report, Totals};

/// Every IST day that `[from, to)` touches, oldest first (a partial first or last day counts only its part), and
/// their totals.
pub async fn report(db: &Db, from: i64, to: i64) -> Result<Report, sqlx::Error> {
    let lines = hold::store::lines(db, from, to, false).await?;
    let kinds = store::kinds(db, from, to).await?;
    let games = lines.iter().map(|l| {
        let s = &l.sums;
        (l.day, GameDay { game: l.game, bets: s.bets, turnover: s.turnover, payouts: s.payouts })
    });
    Ok(rules::build(ist_day(from), ist_day(to - 1), hold::rules::GAMES, games, &kinds))
}
