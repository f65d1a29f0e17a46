//! Money in integer paise: rupee amounts from JSON parsed through their decimal text (never summed as `f64`),
//! and the per-player reconciliation of what the bettor saw against the server's wallet and history.

use serde_json::{Number, Value};
use std::collections::HashMap;

/// Parse a decimal text with at most 2 fractional digits into hundredths (paise for rupees, hundredths for
/// multipliers). `"100"` → 10000, `"100.1"` → 10010, `"1000.0"` → 100000. Exponents and more than two
/// significant decimals are refused; trailing zeros beyond two decimals are accepted (`"1.500"`).
pub fn parse_hundredths(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, frac) = match digits.split_once('.') {
        Some((w, f)) => (w, f),
        None => (digits, ""),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 2 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let mut cents: i64 = 0;
    for (i, b) in frac.bytes().enumerate() {
        let d = i64::from(b - b'0');
        cents += if i == 0 { d * 10 } else { d };
    }
    let value = whole.checked_mul(100)?.checked_add(cents)?;
    Some(if negative { -value } else { value })
}

/// A JSON number of rupees (or a multiplier) in hundredths, through its shortest decimal text.
pub fn number_hundredths(n: &Number) -> Option<i64> {
    parse_hundredths(&n.to_string())
}

/// A JSON value that should be a rupee amount: a number, or a numeric string.
pub fn value_paise(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => number_hundredths(n),
        Value::String(s) => parse_hundredths(s.trim()),
        _ => None,
    }
}

/// Paise as rupee text with two decimals, for messages.
pub fn fmt_paise(p: i64) -> String {
    let sign = if p < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", (p / 100).abs(), (p % 100).abs())
}

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

/// The result of reconciling one player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reconciliation {
    /// Empty when everything agrees.
    pub problems: Vec<String>,
    /// Bets whose payout came from the history row because the bettor missed the settlement.
    pub filled_from_history: u64,
    /// Filled bets that were wins (they count as cash-outs).
    pub filled_wins: u64,
}

/// Expected balance = start − Σ acknowledged stakes + Σ payouts; exposure must be 0; the history's bets must
/// be exactly the acknowledged ones with the same stakes. Payouts the bettor missed come from the history row.
pub fn reconcile(start_balance: i64, bets: &[BetRecord], server: &ServerView) -> Reconciliation {
    let mut out = Reconciliation::default();
    let mut rows: HashMap<(i64, u8), &HistoryRow> = HashMap::with_capacity(server.history.len());
    for row in &server.history {
        if row.status == "Refunded" {
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

    #[test]
    fn decimal_text_becomes_exact_hundredths() {
        assert_eq!(parse_hundredths("100"), Some(10_000));
        assert_eq!(parse_hundredths("100.1"), Some(10_010));
        assert_eq!(parse_hundredths("100.25"), Some(10_025));
        assert_eq!(parse_hundredths("1000.0"), Some(100_000));
        assert_eq!(parse_hundredths("0.07"), Some(7));
        assert_eq!(parse_hundredths("1.500"), Some(150));
        assert_eq!(parse_hundredths("-2.5"), Some(-250));
        assert_eq!(parse_hundredths("1.005"), None);
        assert_eq!(parse_hundredths("1e3"), None);
        assert_eq!(parse_hundredths(""), None);
        assert_eq!(parse_hundredths(".5"), None);
    }

    #[test]
    fn json_numbers_are_read_through_their_text_not_summed_as_floats() {
        let v: Value = serde_json::from_str("[0.1, 0.2, 123.45, 5, 1000.0]").unwrap_or_default();
        let sum: i64 = v.as_array().into_iter().flatten().filter_map(value_paise).sum();
        assert_eq!(sum, 10 + 20 + 12_345 + 500 + 100_000);
        assert_eq!(value_paise(&Value::String(" 7.5 ".into())), Some(750));
        assert_eq!(fmt_paise(-12_345), "-123.45");
        assert_eq!(fmt_paise(5), "0.05");
    }

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
    fn a_settlement_missed_without_a_reconnect_is_a_problem() {
        let bets = [bet(1, 0, 10_000, None, false)];
        let server = ServerView { balance: 9_990_000, exposure: 0, history: vec![row(1, 0, 10_000, 0, "Lost")] };
        let r = reconcile(10_000_000, &bets, &server);
        assert_eq!(r.problems.len(), 1);
        assert_eq!(r.filled_from_history, 0);
    }
}
