//! The exchange's calls and answers (`docs/API.md` "Exchange betting"), mirrored by
//! `web/src/features/exchange/wire.ts`. Requests keep the spec's field names; what the spec's client sent about
//! profit, exposure and balance is accepted and ignored: the server computes them.

use super::rules::Side;
use crate::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};

/// Which market a bet is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeMarketType)]
#[serde(rename_all = "camelCase")]
pub enum MarketType {
    /// The Betfair-style Match Odds (decimal odds, three levels a side): `"exchange"`.
    Exchange,
    /// The house book: one Lagai and one Khai rate (×100) a team. The betting screen's Lgaai / khaai columns.
    Bookmaker,
    /// A fancy (session) line: runs at an over, NO / YES.
    Fancy,
}

/// `POST /api/laggai_khai_bets`: the spec's match-odds bet record. `type` is `Lgaai` (back) or `khaai` (lay);
/// `odds` is the price the player saw — a Bookmaker rate ×100 (the betting screen's Lgaai / khaai, whatever
/// `marketType` says, as the spec's client sends `matchOdds`), or decimal odds with `marketType: "exchange"`; `teamIndex` the team's row (or `label` its name). Other fields are ignored.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunnerBetRequest {
    #[serde(rename = "match")]
    pub match_id: serde_json::Value,
    #[serde(default)]
    pub team_index: Option<usize>,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(rename = "type")]
    pub side: String,
    pub odds: serde_json::Value,
    pub stake: serde_json::Value,
    #[serde(default)]
    pub market_type: Option<String>,
}

/// One record of `POST /api/cricket-market/bets {myBets: [record]}`: `type` `yes` or `no`, `runs` the line and
/// `odds` (or `rate`) the rate ×100 the player saw, `label` the session's name (or `marketId` its id), `match` the
/// event id. Other fields are ignored.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FancyBetRequest {
    #[serde(rename = "match", default)]
    pub match_id: Option<serde_json::Value>,
    #[serde(default)]
    pub event_id: Option<serde_json::Value>,
    /// The spec's over-market record names its match this way.
    #[serde(default)]
    pub match_name: Option<serde_json::Value>,
    #[serde(default)]
    pub market_id: Option<String>,
    #[serde(default)]
    pub label: Option<String>,
    #[serde(rename = "type")]
    pub side: String,
    pub odds: serde_json::Value,
    pub runs: serde_json::Value,
    pub stake: serde_json::Value,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FancyBets {
    pub my_bets: Vec<FancyBetRequest>,
}

/// How a bet stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeBetStatus)]
#[serde(rename_all = "lowercase")]
pub enum BetStatus {
    Open,
    Won,
    Lost,
    Void,
}

/// A bet's side in the spec's words: `Lgaai` (back) or `khaai` (lay) on a team, `yes` or `no` on a fancy line.
#[derive(utoipa::ToSchema)]
#[schema(as = ExchangeBetType)]
#[allow(dead_code)]
pub enum BetType {
    Lgaai,
    #[serde(rename = "khaai")]
    Khaai,
    #[serde(rename = "yes")]
    Yes,
    #[serde(rename = "no")]
    No,
}

/// A bet as the lists show it (the spec's listed bet fields, plus ours).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ExchangeBet)]
#[serde(rename_all = "camelCase")]
pub struct BetView {
    pub id: i64,
    #[serde(rename = "match")]
    pub match_id: i64,
    pub match_name: String,
    pub market_id: String,
    pub market_type: MarketType,
    /// The team or the session.
    pub label: String,
    /// `Lgaai` / `khaai` on a team, `yes` / `no` on a line.
    #[serde(rename = "type")]
    #[schema(value_type = BetType)]
    pub kind: &'static str,
    pub side: Side,
    /// As placed: a rate ×100 (Bookmaker, fancy) or decimal odds (exchange).
    pub odds: f64,
    /// The line (fancy).
    pub runs: Option<u32>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub stake: Paise,
    /// What it wins if it wins, and loses if it loses.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub profit: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub loss: Paise,
    pub status: BetStatus,
    /// Once settled: what it paid (+) or cost (−).
    #[serde(serialize_with = "opt_rupees")]
    #[schema(value_type = Option<RupeesJson>)]
    pub pl: Option<i64>,
    /// A fancy line's runs at its over, once settled.
    pub winning_runs: Option<u32>,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// The player's wallet balance once the bet was taken (the spec's bet record; `null` for bets taken before it
    /// was recorded).
    #[serde(serialize_with = "crate::money::rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub balance: Option<Paise>,
    /// The player's exposure once the bet was taken (as `balance`).
    #[serde(serialize_with = "crate::money::rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub exposure: Option<Paise>,
}

fn opt_rupees<S: serde::Serializer>(v: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(p) => Paise::new(*p).to_rupees_json().serialize(s),
        None => s.serialize_none(),
    }
}

/// A player's position in one market: each outcome's P/L and the exposure held for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeMarketBook)]
#[serde(rename_all = "camelCase")]
pub struct MarketBook {
    pub market_id: String,
    pub market_type: MarketType,
    pub name: String,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
    /// Runner markets: each team's P/L if it wins, in runner order.
    pub runners: Vec<OutcomePl>,
    /// Fancy: the P/L from each number of runs up to the next stretch's start.
    pub runs: Vec<RunsPl>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeOutcomePl)]
#[serde(rename_all = "camelCase")]
pub struct OutcomePl {
    pub name: String,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = RupeesJson)]
    pub pl: Paise,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeRunsPl)]
#[serde(rename_all = "camelCase")]
pub struct RunsPl {
    pub from: u32,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = RupeesJson)]
    pub pl: Paise,
}

/// `GET /api/exchange/book/{match}`: the player's positions in a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ExchangeMatchBook)]
#[serde(rename_all = "camelCase")]
pub struct MatchBook {
    #[serde(rename = "match")]
    pub match_id: i64,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
    pub markets: Vec<MarketBook>,
}

/// 201 of a bet: the bet, the player's wallet after its hold, and the market's position now.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ExchangeBetPlaced)]
#[serde(rename_all = "camelCase")]
pub struct Placed {
    pub success: bool,
    #[schema(value_type = String)]
    pub message: &'static str,
    pub bet: BetView,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
    pub book: MarketBook,
}

/// The bet lists: `{success, bets}` newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ExchangeBetList)]
pub struct Bets {
    pub success: bool,
    pub bets: Vec<BetView>,
}
