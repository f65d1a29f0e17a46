//! The per-player reconciliation of what an Aviator bettor saw against the server's wallet and history (money in
//! integer paise, see `common::money`).

use crate::common::money::{Reconciliation, fmt_paise};
use std::collections::HashMap;

/// One bet the server acknowledged, as the bettor saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetRecord {
    pub round_id: i64,
    pub slot: u8,
    pub stake: i64,
    /// Gross payout in paise once settled (0 for a loss); `None` when the settlement was never seen.
    pub payout: Option<i64>,
    /// The websocket was dropped between the acknowledgement and the settlement.
    pub missed_events: bool,
}

/// One row of GET /api/history/{id}, reduced to what the check needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryRow {
    pub round_id: i64,
    pub slot: u8,
    pub stake: i64,
    pub winnings: i64,
    pub status: String,
}

/// What the server says about one player at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerView {
    pub balance: i64,
    pub exposure: i64,
    pub history: Vec<HistoryRow>,
}

/// Expected balance = start − Σ acknowledged stakes + Σ payouts; exposure must be 0; the history's bets must
/// be exactly the acknowledged ones with the same stakes. Payouts the bettor missed come from the history row.
pub fn reconcile(start_balance: i64, bets: &[BetRecord], server: &ServerView) -> Reconciliation {
    let mut out = Reconciliation::default();
    let mut rows: HashMap<(i64, u8), &HistoryRow> = HashMap::with_capacity(server.history.len());
    // Refunded rows: bets cancelled by the player (never counted as acknowledged), and bets of a round made void
    // (its table was cut mid-round, a restart or a node lost), whose stakes came back.
    let mut refunds: HashMap<(i64, u8), &HistoryRow> = HashMap::new();
    for row in &server.history {
        if row.status == "Refunded" {
            refunds.insert((row.round_id, row.slot), row);
            continue;
        }
        if rows.insert((row.round_id, row.slot), row).is_some() {
            out.problems.push(format!("history has two rows for round {} slot {}", row.round_id, row.slot));
        }
    }
    let mut expected = start_balance;
    for bet in bets {
        expected -= bet.stake;
        let row = rows.remove(&(bet.round_id, bet.slot));
        if row.is_none()
            && let Some(refund) = refunds.remove(&(bet.round_id, bet.slot))
        {
            if refund.stake != bet.stake || bet.payout.is_some_and(|p| p != bet.stake) {
                out.problems.push(format!(
                    "round {} slot {}: acknowledged stake {} (payout seen {:?}) but refunded {}",
                    bet.round_id,
                    bet.slot,
                    fmt_paise(bet.stake),
                    bet.payout.map(fmt_paise),
                    fmt_paise(refund.stake)
                ));
            }
            expected += refund.stake;
            continue;
        }
        match row {
            None => out.problems.push(format!(
                "acknowledged bet round {} slot {} stake {} missing from history",
                bet.round_id,
                bet.slot,
                fmt_paise(bet.stake)
            )),
            Some(row) => {
                if row.stake != bet.stake {
                    out.problems.push(format!(
                        "round {} slot {}: acknowledged stake {} but history betAmt {}",
                        bet.round_id,
                        bet.slot,
                        fmt_paise(bet.stake),
                        fmt_paise(row.stake)
                    ));
                }
                if row.status == "Open" {
                    out.problems.push(format!("round {} slot {} still Open in history", bet.round_id, bet.slot));
                }
            }
        }
        match (bet.payout, row) {
            (Some(p), Some(row)) => {
                if row.status != "Open" && row.winnings != p {
                    out.problems.push(format!(
                        "round {} slot {}: client saw payout {} but history winningAmt {}",
                        bet.round_id,
                        bet.slot,
                        fmt_paise(p),
                        fmt_paise(row.winnings)
                    ));
                }
                expected += p;
            }
            (Some(p), None) => expected += p,
            (None, Some(row)) if bet.missed_events => {
                out.filled_from_history += 1;
                if row.winnings > 0 {
                    out.filled_wins += 1;
                }
                expected += row.winnings;
            }
            (None, Some(row)) => {
                out.problems.push(format!(
                    "round {} slot {}: no settlement event received (history: {} {})",
                    bet.round_id,
                    bet.slot,
                    row.status,
                    fmt_paise(row.winnings)
                ));
                expected += row.winnings;
            }
            (None, None) => {}
        }
    }
    for row in rows.values() {
        out.problems.push(format!(
            "history row round {} slot {} stake {} ({}) was never acknowledged",
            row.round_id,
            row.slot,
            fmt_paise(row.stake),
            row.status
        ));
    }
    if server.balance != expected {
        out.problems.push(format!(
            "balance {} but expected {} (difference {})",
            fmt_paise(server.balance),
            fmt_paise(expected),
            fmt_paise(server.balance - expected)
        ));
    }
    if server.exposure != 0 {
        out.problems.push(format!("exposure {} after the last round settled", fmt_paise(server.exposure)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bet(round_id: i64, slot: u8, stake: i64, payout: Option<i64>, missed: bool) -> BetRecord {
        BetRecord { round_id, slot, stake, payout, missed_events: missed }
    }

    fn row(round_id: i64, slot: u8, stake: i64, winnings: i64, status: &str) -> HistoryRow {
        HistoryRow { round_id, slot, stake, winnings, status: status.into() }
    }

    #[test]
    fn agreeing_player_has_no_problems_and_fills_missed_payouts_from_history() {
        let bets =
            [bet(1, 0, 10_000, Some(25_000), false), bet(1, 1, 5_050, Some(0), false), bet(2, 0, 1_000, None, true)];
        let server = ServerView {
            // 100000.00 − 100 − 50.50 − 10 + 250 + 0 + 13 = 100102.50
            balance: 10_010_250,
            exposure: 0,
            history: vec![
                row(1, 0, 10_000, 25_000, "Won"),
                row(1, 1, 5_050, 0, "Lost"),
                row(2, 0, 1_000, 1_300, "Won"),
            ],
        };
        let r = reconcile(10_000_000, &bets, &server);
        assert_eq!(r.problems, Vec::<String>::new());
        assert_eq!(r.filled_from_history, 1);
        assert_eq!(r.filled_wins, 1);
    }

    /// A round made void (its table cut mid-round) refunds each acknowledged bet: the stake comes back, and the
    /// refunded row stands for the bet; a refund of another amount is a problem.
    #[test]
    fn bets_of_a_void_round_are_matched_by_their_refunds() {
        let bets = [bet(4, 0, 10_000, None, true), bet(4, 1, 2_500, None, true), bet(5, 0, 700, None, true)];
        let server = ServerView {
            balance: 10_000_000 - 700 + 600,
            exposure: 0,
            history: vec![
                row(4, 0, 10_000, 10_000, "Refunded"),
                row(4, 1, 2_500, 2_500, "Refunded"),
                row(5, 0, 600, 600, "Refunded"),
            ],
        };
        let r = reconcile(10_000_000, &bets, &server);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(r.problems[0].contains("round 5 slot 0"), "{:?}", r.problems);
    }

    #[test]
    fn wrong_balance_stake_exposure_and_extra_rows_are_all_reported() {
        let bets = [bet(1, 0, 10_000, Some(0), false)];
        let server = ServerView {
            balance: 9_990_001,
            exposure: 500,
            history: vec![row(1, 0, 9_000, 0, "Lost"), row(3, 1, 100, 0, "Open")],
        };
        let r = reconcile(10_000_000, &bets, &server);
        assert_eq!(r.problems.len(), 4, "{:?}", r.problems);
    }

    #[test]
    fn a_viewers_money_must_not_move() {
        let untouched = ServerView { balance: 10_000_000, exposure: 0, history: vec![] };
        assert_eq!(reconcile(10_000_000, &[], &untouched).problems, Vec::<String>::new());
        let moved = ServerView { balance: 9_990_000, exposure: 0, history: vec![row(1, 0, 10_000, 0, "Lost")] };
        let r = reconcile(10_000_000, &[], &moved);
        assert_eq!(r.problems.len(), 2, "a bet never acknowledged, and the balance: {:?}", r.problems);
    }

    #[test]
    fn a_settlement_missed_without_a_reconnect_is_a_problem() {
        let bets = [bet(1, 0, 10_000, None, false)];
        let server = ServerView { balance: 9_990_000, exposure: 0, history: vec![row(1, 0, 10_000, 0, "Lost")] };
        let r = reconcile(10_000_000, &bets, &server);
        assert_eq!(r.problems.len(), 1);
        assert_eq!(r.filled_from_history, 0);
    }
}
