//! The sports calls' shapes, as the spec's app reads them (`docs/API.md` "Sports"). Mirrored by
//! `web/src/features/sports/wire.ts`.

use super::desk::Summary;
use super::feed::{Bookmaker, Fancy, Market, MarketStatus, MatchState, MatchStatus, Score};
use crate::clock::EpochMs;
use serde::{Deserialize, Serialize};

/// A price level in the list's short form.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[schema(as = SportsListPrice)]
pub struct Short {
    pub price: f64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsListBook)]
pub struct ShortBook {
    pub b: Vec<Short>,
    pub l: Vec<Short>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsListRunner)]
pub struct ListRunner {
    pub ex: ShortBook,
}

/// A row of `GET /api/matches/{sportId}` / `inplay`: the spec's several names for the same fields.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsListItem)]
#[serde(rename_all = "camelCase")]
pub struct ListItem {
    pub id: i64,
    pub match_id: i64,
    #[serde(rename = "event_id")]
    pub event_id: i64,
    pub name: String,
    #[serde(rename = "event_name")]
    pub event_name: String,
    pub competition: String,
    /// When the match starts, in epoch milliseconds.
    #[serde(rename = "event_date")]
    #[schema(value_type = i64)]
    pub event_date: EpochMs,
    pub inplay: bool,
    pub is_live: bool,
    #[serde(rename = "has_stream")]
    pub has_stream: bool,
    pub status: MatchStatus,
    pub market_id: String,
    pub runners: Vec<ListRunner>,
    pub runner_names: [String; 2],
    pub teams: [String; 2],
    pub score: String,
    pub score_iframe: String,
}

impl ListItem {
    pub fn of(s: &Summary) -> ListItem {
        let live = s.status == MatchStatus::InPlay;
        ListItem {
            id: s.match_id,
            match_id: s.match_id,
            event_id: s.match_id,
            name: s.name.clone(),
            event_name: s.name.clone(),
            competition: s.competition.clone(),
            event_date: s.starts_at,
            inplay: live,
            is_live: live,
            has_stream: false,
            status: s.status,
            market_id: s.market_id.clone(),
            runners: s
                .prices
                .iter()
                .map(|(b, l)| ListRunner {
                    ex: ShortBook { b: vec![Short { price: *b }], l: vec![Short { price: *l }] },
                })
                .collect(),
            runner_names: s.teams.clone(),
            teams: s.teams.clone(),
            score: s.score.clone(),
            score_iframe: format!("/score/{}", s.match_id),
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsMatchList)]
pub struct MatchList {
    pub data: Vec<ListItem>,
}

/// `GET /api/match/{matchId}`: the spec's `{match, markets, fancyMarkets, bookmakers, upcoming}`, plus the score and
/// the feed's sequence number (deltas over the socket follow it).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsMatchDetail)]
#[serde(rename_all = "camelCase")]
pub struct MatchDetail {
    #[serde(rename = "match")]
    pub the_match: Market,
    pub event: EventInfo,
    pub markets: Vec<Market>,
    pub fancy_markets: Vec<Fancy>,
    pub bookmakers: Vec<Bookmaker>,
    pub upcoming: bool,
    pub score: Score,
    pub seq: u64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsEventInfo)]
#[serde(rename_all = "camelCase")]
pub struct EventInfo {
    pub id: i64,
    pub name: String,
    pub competition: String,
    /// When the match starts, in epoch milliseconds.
    #[schema(value_type = i64)]
    pub event_date: EpochMs,
    pub status: MatchStatus,
    pub teams: [String; 2],
    pub winner: Option<i64>,
    pub score_iframe: String,
}

impl MatchDetail {
    pub fn of(s: &MatchState) -> MatchDetail {
        MatchDetail {
            the_match: s.market.clone(),
            event: EventInfo {
                id: s.match_id,
                name: s.name.clone(),
                competition: s.competition.clone(),
                event_date: s.starts_at,
                status: s.status,
                teams: s.teams.clone(),
                winner: s.winner,
                score_iframe: format!("/score/{}", s.match_id),
            },
            markets: vec![s.market.clone()],
            fancy_markets: s.fancy.clone(),
            // Only cricket's feed has a Bookmaker market: another sport's empty one is not shown.
            bookmakers: (!s.bookmaker.selections.is_empty()).then(|| s.bookmaker.clone()).into_iter().collect(),
            upcoming: s.status == MatchStatus::Upcoming,
            score: s.score.clone(),
            seq: s.seq,
        }
    }
}

/// The spec's odds feed: `{matchOdds: [{team_name, lgaai, khaai}], fancyMarkets: [{session_name, runsNo, oddsNo,
/// runsYes, oddsYes}]}` (bookmaker rates ×100), also pushed as `updateOdds` with its `marketId`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsOddsFeed)]
#[serde(rename_all = "camelCase")]
pub struct OddsFeed {
    pub market_id: String,
    pub event_id: i64,
    pub status: MarketStatus,
    pub match_odds: Vec<OddsLine>,
    pub fancy_markets: Vec<FancyLine>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsOddsLine)]
pub struct OddsLine {
    pub team_name: String,
    pub lgaai: u32,
    pub khaai: u32,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsFancyLine)]
#[serde(rename_all = "camelCase")]
pub struct FancyLine {
    pub session_name: String,
    pub status: MarketStatus,
    #[serde(rename = "runsNo")]
    pub runs_no: u32,
    #[serde(rename = "oddsNo")]
    pub odds_no: u32,
    #[serde(rename = "runsYes")]
    pub runs_yes: u32,
    #[serde(rename = "oddsYes")]
    pub odds_yes: u32,
}

impl OddsFeed {
    pub fn of(s: &MatchState) -> OddsFeed {
        OddsFeed {
            market_id: s.market.market_id.clone(),
            event_id: s.match_id,
            status: s.bookmaker.status,
            match_odds: s
                .bookmaker
                .selections
                .iter()
                .map(|x| OddsLine { team_name: x.name.clone(), lgaai: x.back_odds, khaai: x.lay_odds })
                .collect(),
            fancy_markets: s
                .fancy
                .iter()
                .map(|f| FancyLine {
                    session_name: f.market_name.clone(),
                    status: f.status,
                    runs_no: f.run_value.no,
                    odds_no: f.odds.no,
                    runs_yes: f.run_value.yes,
                    odds_yes: f.odds.yes,
                })
                .collect(),
        }
    }
}

crate::server_event!(OddsFeed = "updateOdds" in "event:{id}", "The bookmaker and fancy prices, when they move");

/// `updateMatches`: the live list.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsLiveMatch)]
#[serde(rename_all = "camelCase")]
pub struct LiveItem {
    pub market_id: String,
    pub score_iframe: String,
    pub match_name: String,
    #[schema(value_type = i64)]
    pub match_date: EpochMs,
    pub event_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SportsLiveList)]
#[serde(transparent)]
pub struct LiveList(pub Vec<LiveItem>);

crate::server_event!(
    LiveList = "updateMatches" in "matches",
    "The live list, whenever the matches in play change (and to the connection that sent `getMatches`, `null` \
     while the sports desk is unavailable)",
    |s| crate::hub::catalogue::or_null(s, crate::hub::catalogue::payload::<LiveList>)
);

/// `GET /api/sports/counts`: how many matches each sport has in play and upcoming (the sidebar's counts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SportCount {
    pub sport_id: i64,
    pub in_play: usize,
    pub upcoming: usize,
}

/// `GET /api/score/{matchId}`: what the live scoreboard page draws.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = SportsScoreView)]
#[serde(rename_all = "camelCase")]
pub struct ScoreView {
    pub match_id: i64,
    pub name: String,
    pub status: MatchStatus,
    pub score: Score,
    pub seq: u64,
}

impl ScoreView {
    pub fn of(s: &MatchState) -> ScoreView {
        ScoreView { match_id: s.match_id, name: s.name.clone(), status: s.status, score: s.score.clone(), seq: s.seq }
    }
}
