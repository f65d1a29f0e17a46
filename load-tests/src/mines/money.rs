//! The per-player money check of Mines, in integer paise: the games the server said ended (from its answers)
//! against the wallet, the open game and the history (`GET /api/mines/history`), and every payout against the
//! published formula.

use crate::common::fixture::{self, Player, get_json};
use crate::common::money::{Reconciliation, fmt_paise};
use crate::mines::wire::{History, HistoryRow, MinesState};
use anyhow::{Context, Result};
use std::collections::HashMap;

/// The most rows the history route returns; a player never plays more games than this (checked up front).
pub const HISTORY_LIMIT: usize = 500;
/// Basis points: 10,000 is the whole stake.
const BP: u128 = 10_000;
const TILES: u64 = 25;

/// `C(n, k)`, exact for a 25-tile board.
fn choose(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..u128::from(k)).fold(1u128, |acc, i| acc * (u128::from(n) - i) / (i + 1))
}

/// What a cash-out after `safe` safe tiles with `mines` mines pays, stake included (`docs/API.md`):
/// `stake × (1 − edge) × C(25, safe) / C(25 − mines, safe)`, rounded down to the paisa, at most `cap`.
pub fn payout(stake: i64, mines: u8, safe: u8, edge_bp: u32, cap: i64) -> i64 {
    if safe == 0 {
        return stake;
    }
    let num = (BP - u128::from(edge_bp)) * choose(TILES, u64::from(safe));
    let den = BP * choose(TILES - u64::from(mines), u64::from(safe));
    if den == 0 {
        return 0;
    }
    let exact = u128::try_from(stake).unwrap_or(0) * num / den;
    i64::try_from(exact).unwrap_or(i64::MAX).min(cap)
}

/// How a game ended, as the answer that ended it said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    pub won: bool,
    /// Paid (0 when lost).
    pub payout: i64,
    pub safe: u8,
}

/// One game the server started for this player, as the player saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub game_id: i64,
    pub stake: i64,
    pub mines: u8,
    /// `None` when no answer said it ended (a request failed mid-game): the history tells.
    pub ended: Option<Ended>,
}

/// What the server says about one player at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerView {
    pub balance: i64,
    pub exposure: i64,
    /// The game still open, if any.
    pub open_game: Option<i64>,
    pub history: Vec<HistoryRow>,
}

/// GET /api/getwalletandexposure/{id}, GET /api/mines and GET /api/mines/history with the player's own token.
pub async fn server_view(http: &reqwest::Client, base: &str, player: &Player) -> Result<ServerView> {
    let wallet = fixture::wallet(http, base, player).await?;
    let state = get_json(http, &format!("{base}/api/mines"), &player.token).await?;
    let state: MinesState = serde_json::from_value(state).context("GET /api/mines")?;
    let url = format!("{base}/api/mines/history?limit={HISTORY_LIMIT}");
    let history: History =
        serde_json::from_value(get_json(http, &url, &player.token).await?).context("GET /api/mines/history")?;
    Ok(ServerView {
        balance: wallet.balance,
        exposure: wallet.exposure,
        open_game: state.game.map(|g| g.game_id),
        history: history.games,
    })
}

/// Expected balance = start + Σ (payout − stake) over the games the answers said ended; exposure 0; no game open;
/// the history holds exactly the player's games, each with the stake, result, tiles and payout its answer said,
/// each paying what the formula pays (`edge_bp`, `cap`). A game whose end the player missed comes from the
/// history.
pub fn reconcile(
    start_balance: i64,
    games: &[GameRecord],
    server: &ServerView,
    edge_bp: u32,
    cap: i64,
) -> Reconciliation {
    let mut out = Reconciliation::default();
    let mut rows: HashMap<i64, &HistoryRow> = HashMap::with_capacity(server.history.len());
    for row in &server.history {
        if rows.insert(row.game_id, row).is_some() {
            out.problems.push(format!("history has two rows for game {}", row.game_id));
        }
        check_row(row, edge_bp, cap, &mut out.problems);
    }
    let mut expected = start_balance;
    for g in games {
        let name = format!("game {} (stake {}, {} mines)", g.game_id, fmt_paise(g.stake), g.mines);
        let row = rows.remove(&g.game_id);
        match (g.ended, row) {
            (Some(e), Some(row)) => {
                expected += e.payout - g.stake;
                let said = (g.stake, e.won, e.payout, g.mines, e.safe);
                let history = (row.bet, row.result == "Won", row.winnings, row.mines, row.safe);
                if said != history {
                    out.problems.push(format!(
                        "{name}: answered {} paying {} after {} safe, but history says stake {} {} paying {} after {} safe, {} mines",
                        if e.won { "won" } else { "lost" },
                        fmt_paise(e.payout),
                        e.safe,
                        fmt_paise(row.bet),
                        row.result,
                        fmt_paise(row.winnings),
                        row.safe,
                        row.mines
                    ));
                }
            }
            (Some(e), None) => {
                expected += e.payout - g.stake;
                out.problems
                    .push(format!("{name}: answered as ended (paid {}) but not in history", fmt_paise(e.payout)));
            }
            (None, Some(row)) => {
                out.filled_from_history += 1;
                if row.result == "Won" {
                    out.filled_wins += 1;
                }
                expected += row.winnings - g.stake;
            }
            (None, None) if server.open_game == Some(g.game_id) => {
                expected -= g.stake;
                out.problems.push(format!("{name}: still open at the end"));
            }
            (None, None) => {
                expected -= g.stake;
                out.problems.push(format!("{name}: never answered as ended, not open and not in history"));
            }
        }
    }
    for row in rows.values() {
        out.problems.push(format!(
            "history game {} (stake {}, {}) was never started by this player",
            row.game_id,
            fmt_paise(row.bet),
            row.result
        ));
    }
    if let Some(open) = server.open_game
        && !games.iter().any(|g| g.game_id == open)
    {
        out.problems.push(format!("game {open} is open but was never started by this player"));
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
        out.problems.push(format!("exposure {} after the last game", fmt_paise(server.exposure)));
    }
    out
}

/// A history row on its own: a win pays the formula after at least one safe tile, a loss pays nothing.
fn check_row(row: &HistoryRow, edge_bp: u32, cap: i64, problems: &mut Vec<String>) {
    let due = match row.result.as_str() {
        "Won" if row.safe > 0 => payout(row.bet, row.mines, row.safe, edge_bp, cap),
        "Lost" => 0,
        other => {
            problems.push(format!("history game {}: result {other} after {} safe", row.game_id, row.safe));
            return;
        }
    };
    if row.winnings != due {
        problems.push(format!(
            "history game {}: {} with {} mines, {} safe, stake {} paid {} but the formula pays {}",
            row.game_id,
            row.result,
            row.mines,
            row.safe,
            fmt_paise(row.bet),
            fmt_paise(row.winnings),
            fmt_paise(due)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payouts_follow_the_published_formula() {
        // docs/API.md and the API tests: one mine, one safe tile, ₹100 → ₹101.04; 24 mines, the one safe tile,
        // ₹10 → ₹242.50.
        assert_eq!(payout(10_000, 1, 1, 300, 100_000_000), 10_104);
        assert_eq!(payout(1_000, 24, 1, 300, 100_000_000), 24_250);
        assert_eq!(payout(1_000, 24, 1, 100, 100_000_000), 24_750);
        assert_eq!(payout(10_000, 5, 0, 300, 100_000_000), 10_000, "no safe tile: the stake");
        assert_eq!(payout(5_000_000, 10, 5, 300, 100_000_000), 85_807_692, "0.97 × 53130 / 3003, rounded down");
        assert_eq!(payout(5_000_000, 10, 6, 300, 100_000_000), 100_000_000, "capped");
    }

    fn row(game_id: i64, bet: i64, won: bool, winnings: i64, mines: u8, safe: u8) -> HistoryRow {
        let result = if won { "Won" } else { "Lost" }.to_owned();
        HistoryRow { game_id, bet, result, winnings, mines, safe }
    }

    fn ended(won: bool, payout: i64, safe: u8) -> Option<Ended> {
        Some(Ended { won, payout, safe })
    }

    const CAP: i64 = 100_000_000;

    #[test]
    fn an_agreeing_player_has_no_problems_and_missed_ends_come_from_history() {
        let games = [
            GameRecord { game_id: 1, stake: 10_000, mines: 1, ended: ended(true, 10_104, 1) },
            GameRecord { game_id: 2, stake: 1_050, mines: 3, ended: ended(false, 0, 2) },
            GameRecord { game_id: 3, stake: 1_000, mines: 24, ended: None },
        ];
        let server = ServerView {
            // 100000 − 100 + 101.04 − 10.50 − 10 + 242.50 = 100223.04
            balance: 10_022_304,
            exposure: 0,
            open_game: None,
            history: vec![
                row(3, 1_000, true, 24_250, 24, 1),
                row(2, 1_050, false, 0, 3, 2),
                row(1, 10_000, true, 10_104, 1, 1),
            ],
        };
        let r = reconcile(10_000_000, &games, &server, 300, CAP);
        assert_eq!(r.problems, Vec::<String>::new());
        assert_eq!((r.filled_from_history, r.filled_wins), (1, 1));
    }

    #[test]
    fn wrong_payouts_balances_strangers_and_open_games_are_all_reported() {
        let games = [
            GameRecord { game_id: 1, stake: 10_000, mines: 1, ended: ended(true, 10_104, 1) },
            GameRecord { game_id: 2, stake: 1_000, mines: 5, ended: None },
        ];
        let server = ServerView {
            balance: 9_999_000,
            exposure: 1_000,
            open_game: Some(2),
            // Game 1 paid ₹101.05, not the formula's ₹101.04, and not what its answer said; game 9 is a stranger.
            history: vec![row(1, 10_000, true, 10_105, 1, 1), row(9, 1_000, false, 0, 5, 1)],
        };
        let r = reconcile(10_000_000, &games, &server, 300, CAP);
        // formula; answer ≠ history; game 2 open; stranger; balance; exposure.
        assert_eq!(r.problems.len(), 6, "{:#?}", r.problems);
    }

    #[test]
    fn a_game_answered_as_ended_but_missing_from_history_is_a_problem() {
        let games = [GameRecord { game_id: 4, stake: 1_000, mines: 2, ended: ended(false, 0, 0) }];
        let server = ServerView { balance: 9_999_000, exposure: 0, open_game: None, history: vec![] };
        let r = reconcile(10_000_000, &games, &server, 300, CAP);
        assert_eq!(r.problems.len(), 1, "{:#?}", r.problems);
    }
}
