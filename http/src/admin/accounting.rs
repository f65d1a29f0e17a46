//! `GET /api/admin/accounting?from=&to=`: per IST day and game (or exchange market type) the bets, turnover, payouts
//! and GGR of the bets settled, and per day and over the range the ledger's deposits, withdrawals, adjustments, play
//! points and GGR, NGR, and the reconciliation between the bets and the ledger; `GET /api/admin/accounting.csv` the
//! same as a spreadsheet. Computed on each call (`casino_actors::accounting`); `docs/OPERATORS.md` ("Accounting")
//! defines every figure.

use super::hold::range;
use crate::auth::Operator;
use crate::error::{Answer, refusals};
use crate::json::iso;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::accounting::{self, GameDay, Report, Totals};
use casino_actors::hold::rules::date_text;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use utoipa::{IntoParams, ToSchema};

/// The longest range, in days.
const MAX_DAYS: i64 = 92;
/// Days shown without a `from`: today and the six before.
const DEFAULT_DAYS: i64 = 7;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountingQuery {
    /// Start, included: an IST date (`2026-03-01`: its IST midnight) or an ISO 8601 instant with `Z` or an offset
    /// (`2026-03-01T06:30:00Z`). Absent: the IST midnight six days before today's.
    #[param(example = "2026-03-01")]
    from: Option<String>,
    /// End, excluded, written like `from`. Absent: now.
    #[param(example = "2026-03-08")]
    to: Option<String>,
}

/// One game's (or exchange market type's) bets settled on the day.
#[derive(Serialize, ToSchema)]
pub struct AccountingGameJson {
    /// `aviator`, `titli`, `andar_bahar`, `color`, `mines`, `matka`, `parchi`, or an exchange market type: `exchange`
    /// (Match Odds), `bookmaker`, `fancy`.
    #[schema(example = "mines")]
    pub game: &'static str,
    pub bets: i64,
    /// Stakes (exchange: what each bet risked).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub turnover: Paise,
    /// Paid back, stakes included.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub payouts: Paise,
    /// Turnover − payouts.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ggr: Paise,
}

fn game_json(g: &GameDay) -> AccountingGameJson {
    AccountingGameJson {
        game: g.game,
        bets: g.bets,
        turnover: Paise::new(g.turnover),
        payouts: Paise::new(g.payouts),
        ggr: Paise::new(g.ggr()),
    }
}

/// A day's (or the range's) figures: the bets' (summed over games) and the ledger's (players' rows by kind).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AccountingTotalsJson {
    pub bets: i64,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub turnover: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub payouts: Paise,
    /// Turnover − payouts of the bets settled.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ggr: Paise,
    /// What players lost in the ledger's game rows written that day (what the house accounts gained).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ledgerGgr: Paise,
    /// GGR − ledger GGR: zero unless a settlement committed on another IST day than its bets' decision.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub unreconciled: Paise,
    /// Operators' wallet adjustments, net: credits to players positive.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub adjustments: Paise,
    /// GGR − adjustments.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ngr: Paise,
    /// Play mode's grants and top-ups less voided points: not money, outside NGR.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub playPoints: Paise,
    /// Load-test players' funding (`CASINO_LOAD_TEST=1`).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub fixtures: Paise,
    /// Deposits approved (credited to players).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub deposits: Paise,
    /// Withdrawals paid.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub withdrawals: Paise,
    /// Players' other rows (withdrawal holds and releases: zero in sum).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub other: Paise,
    /// Σ players' balance + exposure change in the ledger = deposits − withdrawals − ledger GGR + adjustments + play
    /// points + fixtures + other.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub playersChange: Paise,
}

fn totals_json(t: &Totals) -> AccountingTotalsJson {
    AccountingTotalsJson {
        bets: t.bets,
        turnover: Paise::new(t.turnover),
        payouts: Paise::new(t.payouts),
        ggr: Paise::new(t.ggr),
        ledgerGgr: Paise::new(t.ledger_ggr),
        unreconciled: Paise::new(t.unreconciled()),
        adjustments: Paise::new(t.adjustments),
        ngr: Paise::new(t.ngr()),
        playPoints: Paise::new(t.play_points),
        fixtures: Paise::new(t.fixtures),
        deposits: Paise::new(t.deposits),
        withdrawals: Paise::new(t.withdrawals),
        other: Paise::new(t.other),
        playersChange: Paise::new(t.players_change),
    }
}

/// One IST day.
#[derive(Serialize, ToSchema)]
pub struct AccountingDayJson {
    /// The IST date.
    #[schema(example = "2026-03-01")]
    pub day: String,
    /// The games that settled bets that day, in a fixed order.
    pub games: Vec<AccountingGameJson>,
    pub totals: AccountingTotalsJson,
}

#[derive(Serialize, ToSchema)]
pub struct AccountingJson {
    pub success: bool,
    /// The range, ISO 8601 UTC: `from` included, `to` excluded.
    pub from: String,
    pub to: String,
    /// Every IST day the range touches, oldest first (a partial first or last day counts only its part).
    pub days: Vec<AccountingDayJson>,
    /// The whole range.
    pub totals: AccountingTotalsJson,
}

refusals!(AccountingRefusals {
    400: "`invalid_range` (unreadable, or the start not before the end), `range_too_long` (over 92 days), \
        `invalid_query`",
});

async fn read(state: &State, q: &AccountingQuery) -> Result<(i64, i64, Report), crate::error::ApiError> {
    let (from, to) = range(state, q.from.as_deref(), q.to.as_deref(), DEFAULT_DAYS, MAX_DAYS)?;
    let r = accounting::report(&state.db, from, to).await.map_err(crate::error::ApiError::internal)?;
    Ok((from, to, r))
}

#[utoipa::path(
    params(AccountingQuery),
    responses((status = 200, description = "Each IST day's accounting per game, its totals and the range's", body = AccountingJson), AccountingRefusals)
)]
#[get("/api/admin/accounting")]
pub async fn accounting_report(state: State, _op: Operator, q: web::Query<AccountingQuery>) -> Answer {
    let (from, to, r) = read(&state, &q).await?;
    let days = r
        .days
        .iter()
        .map(|d| AccountingDayJson {
            day: date_text(d.day),
            games: d.games.iter().map(game_json).collect(),
            totals: totals_json(&d.totals),
        })
        .collect();
    Ok(HttpResponse::Ok().json(AccountingJson {
        success: true,
        from: iso(from),
        to: iso(to),
        days,
        totals: totals_json(&r.totals),
    }))
}

#[utoipa::path(
    params(AccountingQuery),
    responses((status = 200, description = "The report as CSV: a header, a row per day and game, a `total` row per day, \
        and a last row for the range (date `total`); amounts in rupees with two decimals", content_type = "text/csv", body = String), AccountingRefusals)
)]
#[get("/api/admin/accounting.csv")]
pub async fn accounting_csv(state: State, _op: Operator, q: web::Query<AccountingQuery>) -> Answer {
    let (_, _, r) = read(&state, &q).await?;
    let name = match (r.days.first(), r.days.last()) {
        (Some(a), Some(b)) => format!("accounting-{}-to-{}.csv", date_text(a.day), date_text(b.day)),
        _ => "accounting.csv".into(),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}\"")))
        .body(csv_text(&r)))
}

/// The CSV's columns; a game's row leaves the day's own figures (from `ledger_ggr`) empty.
pub const CSV_HEADER: &str = "date,game,bets,turnover,payouts,ggr,ledger_ggr,unreconciled,adjustments,ngr,\
    play_points,fixtures,deposits,withdrawals,other,players_change";

fn rs(paise: i64) -> String {
    Paise::new(paise).to_string()
}

/// A `total` row: the day's (or, dated `total`, the range's) figures.
fn totals_row(out: &mut String, date: &str, t: &Totals) {
    let _ = writeln!(
        out,
        "{date},total,{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
        t.bets,
        rs(t.turnover),
        rs(t.payouts),
        rs(t.ggr),
        rs(t.ledger_ggr),
        rs(t.unreconciled()),
        rs(t.adjustments),
        rs(t.ngr()),
        rs(t.play_points),
        rs(t.fixtures),
        rs(t.deposits),
        rs(t.withdrawals),
        rs(t.other),
        rs(t.players_change),
    );
}

/// The report as CSV (no field needs quoting: dates, game names and numbers).
pub fn csv_text(r: &Report) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for d in &r.days {
        let date = date_text(d.day);
        for g in &d.games {
            let (turnover, payouts, ggr) = (rs(g.turnover), rs(g.payouts), rs(g.ggr()));
            let _ = writeln!(out, "{date},{},{},{turnover},{payouts},{ggr},,,,,,,,,,", g.game, g.bets);
        }
        totals_row(&mut out, &date, &d.totals);
    }
    totals_row(&mut out, "total", &r.totals);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use casino_actors::accounting::rules::{KindDay, build};

    #[test]
    fn the_csv_has_a_row_per_day_and_game_a_total_per_day_and_one_for_the_range() {
        let games = [
            (20_513, GameDay { game: "mines", bets: 2, turnover: 20_000, payouts: 35_050 }),
            (20_513, GameDay { game: "aviator", bets: 1, turnover: 10_000, payouts: 0 }),
        ];
        let kinds = [
            KindDay { day: 20_513, kind: "deposit".into(), rows: 1, delta_balance: 100_000, delta_exposure: 0 },
            KindDay { day: 20_513, kind: "adjustment".into(), rows: 1, delta_balance: -5, delta_exposure: 0 },
            KindDay { day: 20_513, kind: "mines_win".into(), rows: 2, delta_balance: 35_050, delta_exposure: -20_000 },
            KindDay { day: 20_513, kind: "aviator_loss".into(), rows: 1, delta_balance: 0, delta_exposure: -10_000 },
        ];
        let r = build(20_513, 20_514, &["aviator", "mines"], games, &kinds);
        let text = csv_text(&r);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADER);
        assert_eq!(lines[1], "2026-03-01,aviator,1,100.00,0.00,100.00,,,,,,,,,,");
        assert_eq!(lines[2], "2026-03-01,mines,2,200.00,350.50,-150.50,,,,,,,,,,");
        assert_eq!(
            lines[3],
            "2026-03-01,total,3,300.00,350.50,-50.50,-50.50,0.00,-0.05,-50.45,0.00,0.00,1000.00,0.00,0.00,1050.45"
        );
        assert_eq!(lines[4], "2026-03-02,total,0,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00");
        assert_eq!(lines[5], lines[3].replace("2026-03-01", "total"));
        assert_eq!(lines.len(), 6);
        let columns = CSV_HEADER.split(',').count();
        assert!(lines.iter().all(|l| l.split(',').count() == columns), "{text}");
    }
}
