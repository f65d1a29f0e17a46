//! Operators map the exchange stream's markets to matches of ours (`CASINO_STREAM_ADDR`): `POST` makes a new match
//! priced from the feed's market with the house's margin (recorded, so it is resumed after a restart, and written to
//! the audit log); `GET` lists every mapping with what the stream's cache says of its market now.

use super::audit;
use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::sports::desk::{FeedMarketView, FeedMarkets, MapFeedMarket, MapRefused, NewFeedMarket};
use casino_actors::sports::feed_markets::FeedMarketStatus;
use casino_actors::sports::sim::CRICKET;
use casino_actors::sports::simple::OTHER_SPORTS;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

fn unavailable() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, "Sports are unavailable")
}

/// One runner of the feed's market.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedRunnerBody {
    /// The feed's selection id in its market.
    feed_id: i64,
    /// The runner's name as our market shows it.
    name: String,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedMarketBody {
    /// The feed's market id ("1.23456789").
    feed_market_id: String,
    /// Our sport (4: cricket, 1: football, 2: tennis, …).
    sport_id: i64,
    /// The match's name as lists show it ("India v Australia").
    name: String,
    competition: Option<String>,
    /// When the match starts (ms since the epoch).
    starts_at: i64,
    /// The two sides.
    teams: [String; 2],
    /// The market's runners in the order ours lists them: 2 or 3 (a draw), each followed by its feed id.
    runners: Vec<FeedRunnerBody>,
}

const LONGEST: usize = 100;

fn text_ok(s: &str) -> bool {
    !s.trim().is_empty() && s.len() <= LONGEST
}

impl FeedMarketBody {
    /// The mapping asked for, or why it cannot be made.
    fn check(self) -> Result<NewFeedMarket, ApiError> {
        let bad = ApiError::bad_request;
        let market = self.feed_market_id.trim().to_string();
        if market.is_empty() || market.len() > 40 {
            return Err(bad(
                ErrorCode::InvalidFeedMarket,
                "feedMarketId must be the feed's market id (\"1.23456789\")",
            ));
        }
        if self.sport_id != CRICKET && !OTHER_SPORTS.iter().any(|p| p.sport_id == self.sport_id) {
            return Err(bad(ErrorCode::InvalidSport, "No sport with that sportId"));
        }
        if !text_ok(&self.name) || self.competition.as_deref().is_some_and(|c| c.len() > LONGEST) {
            return Err(bad(ErrorCode::InvalidName, "name must be 1 to 100 characters (competition at most 100)"));
        }
        let teams = self.teams.map(|t| t.trim().to_string());
        if !teams.iter().all(|t| text_ok(t)) || teams[0].eq_ignore_ascii_case(&teams[1]) {
            return Err(bad(ErrorCode::InvalidTeams, "teams must be two distinct names"));
        }
        if self.starts_at <= 0 {
            return Err(bad(ErrorCode::InvalidRequest, "startsAt must be a time (ms since the epoch)"));
        }
        let runners = &self.runners;
        let distinct = runners.iter().enumerate().all(|(i, r)| runners[..i].iter().all(|x| x.feed_id != r.feed_id));
        if !(2..=3).contains(&runners.len()) || !distinct || !runners.iter().all(|r| text_ok(&r.name)) {
            return Err(bad(ErrorCode::InvalidRunners, "runners: 2 or 3, each with a distinct feedId and a name"));
        }
        Ok(NewFeedMarket {
            feed_market_id: market,
            sport_id: self.sport_id,
            name: self.name.trim().to_string(),
            competition: self.competition.map(|c| c.trim().to_string()).unwrap_or_default(),
            starts_at: self.starts_at,
            teams,
            runners: self.runners.into_iter().map(|r| (r.feed_id, r.name.trim().to_string())).collect(),
        })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedMarketMapped {
    /// Our match, listed and priced from the feed's market.
    match_id: i64,
    feed_market_id: String,
}

refusals!(MapFeedMarketRefusals {
    400: "`invalid_request`, `invalid_feed_market`, `invalid_sport`, `invalid_name`, \
        `invalid_teams`, `invalid_runners`",
    409: "`feed_market_mapped`: that feed market is mapped already",
    503: "`no_stream`: no exchange stream is configured (`CASINO_STREAM_ADDR`); \
        `unavailable`",
});
/// Maps a feed market of the exchange stream to a new match of ours, priced from it with the house's margin
/// (`CASINO_STREAM_MARGIN`) and suspended whenever the stream is silent or the feed suspends it; the feed's
/// settlement settles its bets.
#[utoipa::path(
    request_body = FeedMarketBody,
    responses((status = 201, description = "The match, started", body = FeedMarketMapped), MapFeedMarketRefusals)
)]
#[post("/api/admin/sports/feed-markets")]
pub async fn map_feed_market(state: State, op: Operator, body: web::Json<FeedMarketBody>) -> Answer {
    let asked = body.into_inner().check()?;
    let feed_market_id = asked.feed_market_id.clone();
    let after = serde_json::to_value(&asked).ok();
    let answer = state.tables.sports.ask(MapFeedMarket(asked)).await.map_err(|_| unavailable())?;
    let match_id = match answer {
        Ok(id) => id,
        Err(MapRefused::NoStream) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::NoStream,
                "No exchange stream is configured (CASINO_STREAM_ADDR)",
            ));
        }
        Err(MapRefused::Mapped) => {
            return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::FeedMarketMapped, "That feed market is mapped"));
        }
        Err(MapRefused::Store(e)) => return Err(ApiError::internal(e)),
    };
    let target = format!("match:{match_id}");
    let after = after.map(|mut v| {
        v["matchId"] = match_id.into();
        v
    });
    audit::write(&state, op.0.id, Action::SportsFeedMarket, &target, None, after).await;
    Ok(HttpResponse::Created().json(FeedMarketMapped { match_id, feed_market_id }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedRunnerJson {
    /// Ours: what bets and the settlement name.
    selection_id: i64,
    feed_id: i64,
    name: String,
}

/// A mapping, and what the stream says of its market now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedMarketJson {
    feed_market_id: String,
    match_id: i64,
    sport_id: i64,
    name: String,
    competition: String,
    starts_at: i64,
    teams: [String; 2],
    runners: Vec<FeedRunnerJson>,
    /// `active`: followed; `ended`: the feed settled it.
    status: FeedMarketStatus,
    created_at: i64,
    /// Its match is played and its market followed now.
    followed: bool,
    /// The stream has sent the market's image.
    imaged: bool,
    /// The feed's status of the market (`OPEN`, `SUSPENDED`, `CLOSED`, `INACTIVE`), once imaged.
    feed_status: Option<String>,
    in_play: bool,
    /// Since the stream last spoke (ms); absent: never since the start.
    heard_ms_ago: Option<i64>,
    /// The stream is connected and subscribed.
    stream_live: bool,
}

impl FeedMarketJson {
    fn of(v: FeedMarketView) -> FeedMarketJson {
        let m = v.market.mapping;
        FeedMarketJson {
            feed_market_id: m.market_id,
            match_id: m.match_id,
            sport_id: m.sport_id,
            name: m.name,
            competition: m.competition,
            starts_at: m.starts_at,
            teams: m.teams,
            runners: m
                .runners
                .into_iter()
                .map(|r| FeedRunnerJson { selection_id: r.selection_id, feed_id: r.feed_id, name: r.name })
                .collect(),
            status: v.market.status,
            created_at: v.market.created_at,
            followed: v.followed,
            imaged: v.imaged,
            feed_status: v.feed_status,
            in_play: v.in_play,
            heard_ms_ago: v.heard_ms_ago,
            stream_live: v.live,
        }
    }
}

refusals!(ListFeedMarketsRefusals { 503: "`unavailable`" });
/// Every feed market mapped, newest first, with what the stream's cache says of each now.
#[utoipa::path(
    responses((status = 200, body = Vec<FeedMarketJson>), ListFeedMarketsRefusals)
)]
#[get("/api/admin/sports/feed-markets")]
pub async fn list_feed_markets(state: State, _op: Operator) -> Answer {
    let listed = state.tables.sports.ask(FeedMarkets).await.map_err(|_| unavailable())?.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(listed.into_iter().map(FeedMarketJson::of).collect::<Vec<_>>()))
}
