//! The per-player money check of a round game, in integer paise: what the bettor was acknowledged and paid
//! against the server's wallet and its ticket history (GET /api/games/{game}/bets), and every settled ticket's
//! payout against the revealed result and the game's published payouts.

use crate::common::fixture::{self, Player, get_json, int_field};
use crate::common::money::{Reconciliation, fmt_paise, number_hundredths, value_paise};
use crate::rounds::protocol::{Game, Line, Pick, fmt_lines, sorted};
use anyhow::{Result, anyhow};
use serde_json::Value;
use std::collections::HashMap;

/// The most rows the history route returns; a player never has more tickets than this (checked up front).
pub const HISTORY_LIMIT: usize = 500;

/// One ticket the server acknowledged, as the bettor saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketRecord {
    pub round_id: i64,
    pub ticket: u32,
    pub lines: Vec<Line>,
    pub stake: i64,
    /// Gross payout in paise from its `winResult` (0 for a loss); `None` while not seen.
    pub payout: Option<i64>,
    /// The websocket was dropped between the acknowledgement and the settlement.
    pub missed_events: bool,
}

/// One row of the ticket history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub round_id: i64,
    pub ticket: u32,
    pub lines: Vec<Line>,
    pub stake: i64,
    /// Null while the round is open.
    pub payout: Option<i64>,
    /// `open`, `won` or `lost`.
    pub status: String,
    pub result: Value,
}

/// What the server says about one player at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerView {
    pub balance: i64,
    pub exposure: i64,
    pub history: Vec<HistoryRow>,
}

/// What a winning line on each pick returns, in hundredths of its stake (1000: 10×), from GET /api/fair/{game}.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Payouts(pub HashMap<Pick, i64>);

impl Payouts {
    /// `{payouts: [{pick, payout, rtp}]}`
    pub fn from_fair(fair: &Value) -> Result<Payouts> {
        let rows = fair["payouts"].as_array().ok_or_else(|| anyhow!("no payouts in {fair}"))?;
        let mut table = HashMap::with_capacity(rows.len());
        for row in rows {
            let pick: Pick = serde_json::from_value(row["pick"].clone()).map_err(|e| anyhow!("pick in {row}: {e}"))?;
            let pays =
                row["payout"].as_number().and_then(number_hundredths).ok_or_else(|| anyhow!("payout in {row}"))?;
            table.insert(pick, pays);
        }
        Ok(Payouts(table))
    }

    /// What `lines` return when `winner` wins: each winning line its stake × payout, rounded down to the paisa.
    pub fn ticket_payout(&self, lines: &[Line], winner: &Pick) -> Option<i64> {
        lines.iter().try_fold(0i64, |sum, l| {
            if &l.pick == winner { Some(sum + l.amount * self.0.get(&l.pick)? / 100) } else { Some(sum) }
        })
    }
}

/// GET /api/fair/{game}: the published payouts.
pub async fn payouts(http: &reqwest::Client, base: &str, game: Game) -> Result<Payouts> {
    let resp = http.get(format!("{base}/api/fair/{game}")).send().await?;
    let fair: Value = resp.error_for_status()?.json().await?;
    Payouts::from_fair(&fair)
}

/// GET /api/getwalletandexposure/{id} and GET /api/games/{game}/bets with the player's own token.
pub async fn server_view(http: &reqwest::Client, base: &str, game: Game, player: &Player) -> Result<ServerView> {
    let wallet = fixture::wallet(http, base, player).await?;
    let url = format!("{base}/api/games/{game}/bets?limit={HISTORY_LIMIT}");
    let body = get_json(http, &url, &player.token).await?;
    let rows = body["bets"].as_array().ok_or_else(|| anyhow!("bets is not an array: {body}"))?;
    let history = rows.iter().map(history_row).collect::<Result<Vec<_>>>()?;
    Ok(ServerView { balance: wallet.balance, exposure: wallet.exposure, history })
}

fn history_row(row: &Value) -> Result<HistoryRow> {
    let field = |name: &str| anyhow!("ticket row without a valid {name}: {row}");
    Ok(HistoryRow {
        round_id: int_field(row, "roundId").ok_or_else(|| field("roundId"))?,
        ticket: int_field(row, "ticket").and_then(|t| u32::try_from(t).ok()).ok_or_else(|| field("ticket"))?,
        lines: serde_json::from_value(row["bets"].clone()).map_err(|_| field("bets"))?,
        stake: row.get("stake").and_then(value_paise).ok_or_else(|| field("stake"))?,
        payout: match row.get("payout") {
            None | Some(Value::Null) => None,
            Some(v) => Some(value_paise(v).ok_or_else(|| field("payout"))?),
        },
        status: row.get("status").and_then(Value::as_str).ok_or_else(|| field("status"))?.to_owned(),
        result: row.get("result").cloned().unwrap_or(Value::Null),
    })
}

/// Expected balance = start − Σ acknowledged stakes + Σ payouts; exposure must be 0; the history's tickets must be
/// exactly the acknowledged ones with the same lines and stakes, each settled, each paid what its `winResult` said
/// (payouts the bettor missed while reconnecting come from the history) and what the revealed result pays.
pub fn reconcile(
    start_balance: i64,
    tickets: &[TicketRecord],
    server: &ServerView,
    game: Game,
    payouts: &Payouts,
) -> Reconciliation {
    let mut out = Reconciliation::default();
    let mut rows: HashMap<(i64, u32), &HistoryRow> = HashMap::with_capacity(server.history.len());
    for row in &server.history {
        if rows.insert((row.round_id, row.ticket), row).is_some() {
            out.problems.push(format!("history has two rows for round {} ticket {}", row.round_id, row.ticket));
        }
        check_row(row, game, payouts, &mut out.problems);
    }
    let mut expected = start_balance;
    for t in tickets {
        let name = format!("round {} ticket {}", t.round_id, t.ticket);
        expected -= t.stake;
        let row = rows.remove(&(t.round_id, t.ticket));
        match row {
            None => out.problems.push(format!(
                "acknowledged {name} ({}) stake {} missing from history",
                fmt_lines(&t.lines),
                fmt_paise(t.stake)
            )),
            Some(row) => {
                if row.stake != t.stake {
                    out.problems.push(format!(
                        "{name}: acknowledged stake {} but history stake {}",
                        fmt_paise(t.stake),
                        fmt_paise(row.stake)
                    ));
                }
                if sorted(&row.lines) != sorted(&t.lines) {
                    out.problems.push(format!(
                        "{name}: acknowledged lines {} but history lines {}",
                        fmt_lines(&t.lines),
                        fmt_lines(&row.lines)
                    ));
                }
            }
        }
        let history_payout = row.and_then(|r| r.payout);
        match (t.payout, history_payout) {
            (Some(p), Some(h)) => {
                if h != p {
                    out.problems.push(format!(
                        "{name}: winResult paid {} but history payout {}",
                        fmt_paise(p),
                        fmt_paise(h)
                    ));
                }
                expected += p;
            }
            (Some(p), None) => expected += p,
            (None, Some(h)) if t.missed_events => {
                out.filled_from_history += 1;
                if h > 0 {
                    out.filled_wins += 1;
                }
                expected += h;
            }
            (None, Some(h)) => {
                out.problems.push(format!("{name}: no winResult received (history: payout {})", fmt_paise(h)));
                expected += h;
            }
            (None, None) => {}
        }
    }
    for row in rows.values() {
        out.problems.push(format!(
            "history round {} ticket {} ({}) stake {} ({}) was never acknowledged",
            row.round_id,
            row.ticket,
            fmt_lines(&row.lines),
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

/// A history row on its own: settled, its status agrees with its payout, and the payout is what its result pays.
fn check_row(row: &HistoryRow, game: Game, payouts: &Payouts, problems: &mut Vec<String>) {
    let name = format!("round {} ticket {}", row.round_id, row.ticket);
    let Some(paid) = row.payout else {
        problems.push(format!("{name} still {} after the last round", row.status));
        return;
    };
    let status = if paid > 0 { "won" } else { "lost" };
    if row.status != status {
        problems.push(format!("{name}: status {} but payout {}", row.status, fmt_paise(paid)));
    }
    let line_sum: i64 = row.lines.iter().map(|l| l.amount).sum();
    if line_sum != row.stake {
        problems.push(format!("{name}: lines add up to {} but stake {}", fmt_paise(line_sum), fmt_paise(row.stake)));
    }
    match game.winner(&row.result).and_then(|w| Some((payouts.ticket_payout(&row.lines, &w)?, w))) {
        Some((due, _)) if due == paid => {}
        Some((due, winner)) => problems.push(format!(
            "{name}: paid {} but {} on {winner} pays {}",
            fmt_paise(paid),
            fmt_lines(&row.lines),
            fmt_paise(due)
        )),
        None => problems.push(format!("{name}: cannot tell what result {} pays", row.result)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(pick: u8, amount: i64) -> Line {
        Line { pick: Pick::Number(pick), amount }
    }

    fn titli() -> Payouts {
        Payouts((1..=12).map(|p| (Pick::Number(p), 1_000)).collect())
    }

    fn ticket(round_id: i64, no: u32, lines: Vec<Line>, payout: Option<i64>, missed: bool) -> TicketRecord {
        let stake = lines.iter().map(|l| l.amount).sum();
        TicketRecord { round_id, ticket: no, lines, stake, payout, missed_events: missed }
    }

    fn row(round_id: i64, no: u32, lines: Vec<Line>, payout: i64, winner: u8) -> HistoryRow {
        let stake = lines.iter().map(|l| l.amount).sum();
        HistoryRow {
            round_id,
            ticket: no,
            lines,
            stake,
            payout: Some(payout),
            status: if payout > 0 { "won" } else { "lost" }.into(),
            result: json!({"winningImageNumber": winner, "winningImage": "x"}),
        }
    }

    #[test]
    fn the_published_payouts_are_read_exactly_and_winning_lines_are_rounded_down() {
        let fair = json!({"payouts": [{"pick": "Andar", "payout": 1.9, "rtp": 0.9}, {"pick": "Bahar", "payout": 2, "rtp": 0.9}]});
        let p = Payouts::from_fair(&fair).unwrap_or_default();
        let andar = Pick::Name("Andar".into());
        assert_eq!(p.0.get(&andar), Some(&190));
        // 10.01 × 1.9 = 19.019 → 19.01
        assert_eq!(p.ticket_payout(&[Line { pick: andar.clone(), amount: 1_001 }], &andar), Some(1_901));
        assert_eq!(p.ticket_payout(&[Line { pick: andar, amount: 1_001 }], &Pick::Name("Bahar".into())), Some(0));
        assert_eq!(titli().ticket_payout(&[n(3, 1_000), n(5, 2_050)], &Pick::Number(5)), Some(20_500));
    }

    #[test]
    fn an_agreeing_player_has_no_problems_and_missed_payouts_come_from_history() {
        let tickets = [
            ticket(1, 1, vec![n(3, 1_000), n(5, 2_050)], Some(20_500), false),
            ticket(1, 4, vec![n(7, 1_000)], Some(0), false),
            ticket(2, 2, vec![n(9, 5_000)], None, true),
        ];
        let server = ServerView {
            // 100000 − 30.50 − 10 − 50 + 205 + 0 + 500 = 100614.50
            balance: 10_061_450,
            exposure: 0,
            history: vec![
                row(2, 2, vec![n(9, 5_000)], 50_000, 9),
                row(1, 4, vec![n(7, 1_000)], 0, 5),
                row(1, 1, vec![n(5, 2_050), n(3, 1_000)], 20_500, 5),
            ],
        };
        let r = reconcile(10_000_000, &tickets, &server, Game::Titli, &titli());
        assert_eq!(r.problems, Vec::<String>::new());
        assert_eq!((r.filled_from_history, r.filled_wins), (1, 1));
    }

    #[test]
    fn wrong_payouts_stakes_balances_and_strangers_are_all_reported() {
        let tickets = [ticket(1, 1, vec![n(5, 1_000)], Some(10_000), false)];
        let mut wrong = row(1, 1, vec![n(5, 1_000)], 9_000, 5); // pays 9× instead of 10×
        wrong.status = "won".into();
        let stranger = row(1, 2, vec![n(1, 1_000)], 0, 5);
        let server = ServerView { balance: 10_008_000, exposure: 100, history: vec![wrong, stranger] };
        let r = reconcile(10_000_000, &tickets, &server, Game::Titli, &titli());
        // history 90 ≠ winResult 100; 90 ≠ what picture 5 pays; the unacknowledged ticket; balance; exposure.
        assert_eq!(r.problems.len(), 5, "{:#?}", r.problems);
    }

    #[test]
    fn a_settlement_missed_without_a_reconnect_and_an_open_row_are_problems() {
        let tickets = [ticket(1, 1, vec![n(5, 1_000)], None, false)];
        let mut open = row(1, 1, vec![n(5, 1_000)], 0, 5);
        open.payout = None;
        open.status = "open".into();
        let server = ServerView { balance: 9_999_000, exposure: 0, history: vec![open.clone()] };
        let r = reconcile(10_000_000, &tickets, &server, Game::Titli, &titli());
        assert_eq!(r.problems.len(), 1, "{:#?}", r.problems);
        let settled =
            ServerView { balance: 10_000_000, exposure: 0, history: vec![row(1, 1, vec![n(5, 1_000)], 10_000, 5)] };
        let r = reconcile(10_000_000, &tickets, &settled, Game::Titli, &titli());
        assert_eq!(r.problems.len(), 2, "{:#?}", r.problems); // no winResult; balance (its payout is counted)
    }

    #[test]
    fn a_viewers_money_must_not_move() {
        let untouched = ServerView { balance: 10_000_000, exposure: 0, history: vec![] };
        assert_eq!(reconcile(10_000_000, &[], &untouched, Game::Titli, &titli()).problems, Vec::<String>::new());
        let held = ServerView { balance: 9_999_000, exposure: 1_000, history: vec![] };
        let r = reconcile(10_000_000, &[], &held, Game::Titli, &titli());
        assert_eq!(r.problems.len(), 2, "balance and exposure: {:?}", r.problems);
    }

    #[test]
    fn history_rows_are_read() {
        let v = json!({"roundId": 7, "ticket": 2, "bets": [{"pick": "red", "amount": 10.5}], "stake": 10.5,
            "payout": null, "status": "open", "createdAt": "2024-01-01T00:00:00Z", "result": null});
        let r = history_row(&v).ok();
        assert_eq!(r.as_ref().map(|r| (r.round_id, r.ticket, r.stake, r.payout)), Some((7, 2, 1_050, None)));
        assert!(history_row(&json!({"roundId": 7})).is_err());
    }
}
