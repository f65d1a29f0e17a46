//! Matka on the wire (`docs/API.md` "Matka"): the market list (also pushed as `matka:status` to the `matka` room),
//! what a bid request carries, and the answers; the operators' shapes (markets as they write them, a draw's book,
//! declarations and corrections) are in `wire/operators.rs`. Money is rupees; rates are multipliers (9.5 is
//! "10 Ka 95"). Mirrored by `web/src/features/matka/wire.ts`.

use super::rules::{BidType, Panna, Phase, Rates, Session};
use super::schedule::Draw;
use super::store::{BidRow, DrawRow, Market, Mode};
use crate::clock::EpochMs;
use crate::money::Paise;
use serde::{Deserialize, Serialize};
use serde_json::Value;

mod operators;
pub use operators::{
    BookLineView, CorrectionAnswer, Declared, DrawBook, IfDeclared, MarketEntry, OperatorMarket, OperatorMarkets,
    SavedMarket, ScheduleView, Shortfall, UnsettledDraw,
};

/// `POST /api/bids`: the spec's bid payload. `bids[].points` are whole rupees; `totalBidPoints` and
/// `estimatedProfit` (what the bids pay if they win, stake included), when given, must be the server's figures.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BidRequest {
    #[serde(default)]
    pub user_id: Value,
    #[serde(default)]
    pub game_name: Value,
    #[serde(default)]
    pub bid_type: Value,
    #[serde(default)]
    pub session: Value,
    #[serde(default)]
    pub bids: Vec<BidLine>,
    #[serde(default)]
    pub total_bid_points: Value,
    #[serde(default)]
    pub estimated_profit: Value,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BidLine {
    #[serde(default)]
    pub number: Value,
    #[serde(default)]
    pub points: Value,
}

/// A market as the list shows it (the spec's fields first), with its current draw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaMarketView)]
#[serde(rename_all = "camelCase")]
pub struct MarketView {
    pub id: i64,
    pub market_name: String,
    /// The open panna, or `***` until it is out.
    pub open_number: String,
    /// The open and close digits as far as they are out (`8*`, `80`, `**`).
    pub jodi_digit: String,
    pub close_number: String,
    /// `Open` (open and close bids), `Close` (close bids only: no jodi, no sangam) or `Closed` (no bids).
    #[schema(value_type = CloseStatus)]
    pub close_status: String,
    pub open_time: String,
    pub close_time: String,
    pub mode: Mode,
    /// A quick market's cycle (`None`: a daily market).
    pub cycle_seconds: Option<u32>,
    pub draw_no: Option<i64>,
    #[schema(value_type = Option<i64>)]
    pub opens_at: Option<EpochMs>,
    #[schema(value_type = Option<i64>)]
    pub closes_at: Option<EpochMs>,
    /// SHA-256 of a drawn market's seed for this draw (revealed once the close result is out).
    pub commitment: Option<String>,
    /// The latest complete result, `134-80-479`.
    pub last_result: Option<String>,
    pub active: bool,
}

fn stars(p: Option<Panna>) -> String {
    p.map_or_else(|| "***".into(), |p| p.to_string())
}

fn digit(p: Option<Panna>) -> String {
    p.map_or_else(|| "*".into(), |p| p.digit().to_string())
}

/// `134-80-479`, as far as it is out.
pub fn result_text(open: Option<Panna>, close: Option<Panna>) -> String {
    format!("{}-{}{}-{}", stars(open), digit(open), digit(close), stars(close))
}

// The texts `status_text` makes of a `Phase`.
/// `Open` (open and close bids), `Close` (close bids only: no jodi, no sangam) or `Closed` (no bids).
#[derive(utoipa::ToSchema)]
#[schema(as = MatkaCloseStatus)]
#[allow(dead_code)]
pub enum CloseStatus {
    Open,
    Close,
    Closed,
}

pub fn status_text(p: Phase) -> &'static str {
    match p {
        Phase::Open => "Open",
        Phase::Close => "Close",
        Phase::Closed => "Closed",
    }
}

impl MarketView {
    /// `draw`: the market's current draw as recorded (or `None`: a day off, or not recorded yet).
    pub fn of(m: &Market, draw: Option<&DrawRow>, current: Option<Draw>, last: Option<String>, now: EpochMs) -> Self {
        let (open_time, close_time) = m.schedule.times(now);
        let phase = match (m.active, draw, current) {
            (false, ..) => Phase::Closed,
            (true, Some(d), _) => d.draw.phase(now),
            (true, None, Some(c)) if c.closes_at > now => Phase::Open,
            _ => Phase::Closed,
        };
        let (open, close) = (draw.and_then(|d| d.open), draw.and_then(|d| d.close));
        MarketView {
            id: m.id,
            market_name: m.name.clone(),
            open_number: stars(open),
            jodi_digit: format!("{}{}", digit(open), digit(close)),
            close_number: stars(close),
            close_status: status_text(phase).to_string(),
            open_time,
            close_time,
            mode: m.mode,
            cycle_seconds: match m.schedule {
                super::schedule::Schedule::Every { seconds } => Some(seconds),
                super::schedule::Schedule::Daily { .. } => None,
            },
            draw_no: draw.map(|d| d.draw.no),
            opens_at: draw.map(|d| d.draw.opens_at),
            closes_at: draw.map(|d| d.draw.closes_at),
            commitment: draw.and_then(DrawRow::commitment),
            last_result: last,
            active: m.active,
        }
    }
}

/// A bid type's rate, with the spec's caption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaRateView)]
#[serde(rename_all = "camelCase")]
pub struct RateView {
    pub bid_type: BidType,
    /// × the stake, stake included.
    pub rate: f64,
    /// "10 Ka 95".
    pub caption: String,
    /// The return to player of its likeliest number.
    pub rtp: f64,
}

pub fn rate_views(r: &Rates) -> Vec<RateView> {
    BidType::ALL
        .iter()
        .map(|b| RateView {
            bid_type: *b,
            rate: r.of(*b) as f64 / 100.0,
            caption: format!("10 Ka {}", Paise::new(r.of(*b) * 10).to_rupees_json()),
            rtp: r.worst_rtp(*b).as_f64(),
        })
        .collect()
}

/// `GET /api/admin/getMatkas` and `matka:join`'s ack.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaMarketList)]
#[serde(rename_all = "camelCase")]
pub struct MarketList {
    pub success: bool,
    pub markets: Vec<MarketView>,
    pub rates: Vec<RateView>,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub min_points: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub max_points: Paise,
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
}

/// `matka:status`: pushed to the `matka` room when a market opens, closes or has a result.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaStatus)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub markets: Vec<MarketView>,
    /// Epoch milliseconds.
    #[schema(value_type = i64)]
    pub server_time: EpochMs,
}

crate::server_event!(Status = "matka:status" in "matka", "The markets, when one opens, closes or has a result");

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaTakenBid)]
#[serde(rename_all = "camelCase")]
pub struct TakenBid {
    pub number: String,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub points: Paise,
    pub rate: f64,
    /// What it pays if it wins.
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
}

/// The answer to a taken bid request, after its hold committed.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaBidAccepted)]
#[serde(rename_all = "camelCase")]
pub struct BidAccepted {
    pub success: bool,
    pub message: String,
    pub slip_id: i64,
    pub market_name: String,
    pub draw_no: i64,
    pub bid_type: BidType,
    pub session: Session,
    pub bids: Vec<TakenBid>,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub total_bid_points: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub estimated_profit: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub balance: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub exposure_balance: Paise,
}

/// A past result of a market (the chart).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaChartRow)]
#[serde(rename_all = "camelCase")]
pub struct ChartRow {
    pub draw_no: i64,
    #[schema(value_type = i64)]
    pub opens_at: EpochMs,
    #[schema(value_type = i64)]
    pub closes_at: EpochMs,
    pub open_panna: Option<String>,
    pub jodi: String,
    pub close_panna: Option<String>,
    pub result: String,
    /// A drawn market's seed once both results are out.
    pub server_seed: Option<String>,
    pub client_seed: Option<String>,
    pub commitment: Option<String>,
}

impl ChartRow {
    pub fn of(d: &DrawRow) -> ChartRow {
        let done = d.close.is_some();
        ChartRow {
            draw_no: d.draw.no,
            opens_at: d.draw.opens_at,
            closes_at: d.draw.closes_at,
            open_panna: d.open.map(|p| p.to_string()),
            jodi: format!("{}{}", digit(d.open), digit(d.close)),
            close_panna: d.close.map(|p| p.to_string()),
            result: result_text(d.open, d.close),
            server_seed: d.seed.as_ref().filter(|_| done).map(|(s, _)| s.to_hex()),
            client_seed: d.seed.as_ref().map(|(_, c)| c.clone()),
            commitment: d.commitment(),
        }
    }
}

/// `GET /api/bids` and `GET /api/bids/{userId}`: a player's bids, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaBids)]
pub struct Bids {
    pub success: bool,
    pub bids: Vec<BidRow>,
}

/// `GET /api/matka/markets/{id}/chart`: a market's past results, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaChart)]
pub struct Chart {
    pub success: bool,
    pub results: Vec<ChartRow>,
}
