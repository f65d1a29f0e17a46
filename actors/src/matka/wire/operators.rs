//! The operators' Matka shapes (`docs/API.md` "Matka", mirrored by `web/src/features/admin/api/matka.ts`): markets
//! and their schedules as operators write them, the draws still waiting for a result, a draw's book and what a result
//! would cost, and the answers to a declaration and a correction. Money is rupees.

use super::ChartRow;
use crate::clock::EpochMs;
use crate::matka::rules::{BidType, Panna, Session};
use crate::matka::schedule::{Schedule, clock_text};
use crate::matka::store::{BookLine, DrawRow, Market, Mode};
use crate::money::Paise;
use serde::Serialize;

/// A schedule as operators write it: `{kind: "daily", openTime: "15:45", closeTime: "17:45", weekdays: [0, …, 6]}`
/// (IST; 0 = Monday) or `{kind: "every", seconds}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaSchedule)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ScheduleView {
    #[serde(rename_all = "camelCase")]
    Daily {
        open_time: String,
        close_time: String,
        weekdays: Vec<u8>,
    },
    Every {
        seconds: u32,
    },
}

impl From<&Schedule> for ScheduleView {
    fn from(s: &Schedule) -> ScheduleView {
        match *s {
            Schedule::Daily { open_minute, close_minute, weekdays } => ScheduleView::Daily {
                open_time: clock_text(open_minute),
                close_time: clock_text(close_minute),
                weekdays: (0..7).filter(|d| weekdays & (1 << d) != 0).collect(),
            },
            Schedule::Every { seconds } => ScheduleView::Every { seconds },
        }
    }
}

/// A market as operators see it: the answer to a create or an edit, and what the audit keeps of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaMarketEntry)]
pub struct MarketEntry {
    pub id: i64,
    pub name: String,
    pub mode: Mode,
    pub active: bool,
    pub schedule: ScheduleView,
}

impl MarketEntry {
    pub fn of(m: &Market) -> MarketEntry {
        MarketEntry {
            id: m.id,
            name: m.name.clone(),
            mode: m.mode,
            active: m.active,
            schedule: ScheduleView::from(&m.schedule),
        }
    }
}

/// `POST /api/admin/matka/markets` (201) and `PUT /api/admin/matka/markets/{id}`: the market as saved.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaSavedMarket)]
pub struct SavedMarket {
    pub success: bool,
    pub market: MarketEntry,
}

/// A draw still waiting for a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaUnsettledDraw)]
#[serde(rename_all = "camelCase")]
pub struct UnsettledDraw {
    pub draw_no: i64,
    #[schema(value_type = i64)]
    pub opens_at: EpochMs,
    #[schema(value_type = i64)]
    pub closes_at: EpochMs,
    pub open_panna: Option<String>,
}

impl UnsettledDraw {
    pub fn of(d: &DrawRow) -> UnsettledDraw {
        UnsettledDraw {
            draw_no: d.draw.no,
            opens_at: d.draw.opens_at,
            closes_at: d.draw.closes_at,
            open_panna: d.open.map(|p| p.to_string()),
        }
    }
}

/// A market with its draws still waiting for a result.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaOperatorMarket)]
pub struct OperatorMarket {
    #[serde(flatten)]
    pub market: MarketEntry,
    pub unsettled: Vec<UnsettledDraw>,
}

/// `GET /api/admin/matka/markets`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaOperatorMarkets)]
pub struct OperatorMarkets {
    pub success: bool,
    pub markets: Vec<OperatorMarket>,
}

/// The held bids of a draw on one number of one type and session, and what they pay if it wins.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaBookLine)]
#[serde(rename_all = "camelCase")]
pub struct BookLineView {
    pub bid_type: BidType,
    pub session: Session,
    pub number: String,
    pub bids: i64,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub points: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout_if_wins: Paise,
    /// Whether it wins on the (candidate) result; `None` while undecided.
    pub wins: Option<bool>,
}

/// What the house keeps (`houseResult`; negative: it pays out) if a result is declared; `complete`: every line of
/// the book is decided by it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaIfDeclared)]
#[serde(rename_all = "camelCase")]
pub struct IfDeclared {
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub staked: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub paid: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub house_result: Paise,
    pub complete: bool,
}

/// `GET /api/admin/matka/markets/{id}/draws/{no}`: a draw's book, and what a (candidate) result would cost.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaDrawBook)]
#[serde(rename_all = "camelCase")]
pub struct DrawBook {
    pub success: bool,
    pub market_id: i64,
    pub draw_no: i64,
    #[schema(value_type = i64)]
    pub opens_at: EpochMs,
    #[schema(value_type = i64)]
    pub closes_at: EpochMs,
    pub open_panna: Option<String>,
    pub close_panna: Option<String>,
    pub book: Vec<BookLineView>,
    /// `None` until there is an open result (candidate or recorded).
    pub if_declared: Option<IfDeclared>,
}

impl DrawBook {
    /// The book of `draw` decided on the result `open` / `close` (a candidate, or the recorded one).
    pub fn of(draw: &DrawRow, lines: &[BookLine], open: Option<Panna>, close: Option<Panna>) -> DrawBook {
        let mut staked = 0i64;
        let mut paid = 0i64;
        let mut decided = true;
        let book = lines
            .iter()
            .map(|l| {
                staked += l.stake.get();
                let wins = open.and_then(|o| l.pick.wins(l.session, o, close));
                match wins {
                    Some(true) => paid += l.payout.get(),
                    Some(false) => {}
                    None => decided = false,
                }
                BookLineView {
                    bid_type: l.bid,
                    session: l.session,
                    number: l.pick.text(),
                    bids: l.bids,
                    points: l.stake,
                    payout_if_wins: l.payout,
                    wins,
                }
            })
            .collect();
        let if_declared = open.map(|_| IfDeclared {
            staked: Paise::new(staked),
            paid: Paise::new(paid),
            house_result: Paise::new(staked - paid),
            complete: decided,
        });
        DrawBook {
            success: true,
            market_id: draw.market,
            draw_no: draw.draw.no,
            opens_at: draw.draw.opens_at,
            closes_at: draw.draw.closes_at,
            open_panna: draw.open.map(|p| p.to_string()),
            close_panna: draw.close.map(|p| p.to_string()),
            book,
            if_declared,
        }
    }
}

/// `POST /api/admin/matka/markets/{id}/draws/{no}/declare`: the draw once its bids are settled.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaDeclared)]
pub struct Declared {
    pub success: bool,
    pub result: ChartRow,
}

/// A correction's debit that a player could no longer cover: its intent stays failed, for follow-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaShortfall)]
#[serde(rename_all = "camelCase")]
pub struct Shortfall {
    pub user_id: i64,
    pub key: String,
    pub message: String,
}

/// `POST /api/admin/matka/markets/{id}/draws/{no}/correct`: the corrected draw, how many players were paid more
/// (`credits`) or had money taken back (`debits`), and the debits that failed.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaCorrection)]
pub struct CorrectionAnswer {
    pub success: bool,
    pub result: ChartRow,
    pub credits: usize,
    pub debits: usize,
    pub shortfalls: Vec<Shortfall>,
}
