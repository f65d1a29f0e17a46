//! Test-only hooks, for operators on a server started with `CASINO_TEST_HOOKS=1` (404 `not_found` otherwise, so a
//! production server has none): a cricket match that moves only when a test says so, so an end-to-end test knows
//! where the match is instead of racing a timed one; and quotes a test publishes on it (audited like the feed's, so a
//! test can show that a set some bets would beat in every outcome is never published).

use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::state::State;
use actix_web::{HttpResponse, post, web};
use casino_actors::ErrorCode;
use casino_actors::sports::desk::{PlayTestMatch, QuoteTestMatch, StartTestMatch};
use casino_actors::sports::feed::{FancyResult, MatchState, MatchStatus, Score};
use casino_actors::sports::match_actor::TestQuotes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

fn enabled(state: &State) -> Result<(), ApiError> {
    if state.test_hooks {
        Ok(())
    } else {
        Err(ApiError::not_found("Test hooks are disabled (start the server with CASINO_TEST_HOOKS=1)"))
    }
}

fn unavailable() -> ApiError {
    ApiError::new(actix_web::http::StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, "Sports are unavailable")
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TestHookMatchBody)]
pub struct TestMatchBody {
    /// The match's random seed: the same seed plays the same match.
    #[schema(minimum = 0)]
    seed: u64,
}

#[derive(Serialize, ToSchema)]
#[schema(as = TestHookMatchJson)]
#[allow(non_snake_case)]
pub struct TestMatchJson {
    matchId: i64,
    name: String,
}

refusals!(StartMatchRefusals {
    400: "`invalid_request`",
    404: "`not_found`: test hooks are disabled",
    503: "`unavailable`",
});
/// Starts a cricket match that moves only through `…/play` (test hooks only).
#[utoipa::path(
    request_body = TestMatchBody,
    responses((status = 201, description = "The match, listed as upcoming until its first step", body = TestMatchJson), StartMatchRefusals)
)]
#[post("/api/admin/test/sports/matches")]
pub async fn start_match(state: State, _op: Operator, body: web::Json<TestMatchBody>) -> Answer {
    enabled(&state)?;
    let sports = &state.tables.sports;
    let id = sports.ask(StartTestMatch { seed: body.seed }).await.map_err(|_| unavailable())?;
    let m = sports.ask(PlayTestMatch { match_id: id, steps: 0 }).await.map_err(|_| unavailable())?;
    let name = m.map(|m| m.name).unwrap_or_default();
    Ok(HttpResponse::Created().json(TestMatchJson { matchId: id, name }))
}

/// A test match as it stands after the steps played.
#[derive(Serialize, ToSchema)]
#[schema(as = TestHookMatchState)]
#[serde(rename_all = "camelCase")]
pub struct TestMatchState {
    status: MatchStatus,
    score: Score,
    /// The fancy markets decided so far.
    fancy_results: Vec<FancyResult>,
    /// The winning runner's selection id, once settled.
    winner: Option<i64>,
}

impl TestMatchState {
    fn of(m: MatchState) -> TestMatchState {
        TestMatchState { status: m.status, score: m.score, fancy_results: m.fancy_results, winner: m.winner }
    }
}

#[derive(Deserialize, ToSchema)]
#[schema(as = TestHookPlayBody)]
pub struct PlayBody {
    /// Steps to play now: the first starts the match, then each ball takes two (bowled, its result).
    #[schema(minimum = 0, maximum = 1000)]
    steps: u32,
}

refusals!(PlayMatchRefusals {
    400: "`invalid_request`, `invalid_steps`",
    404: "`not_found`: test hooks are disabled, or no such match",
    503: "`unavailable`",
});
/// Plays a test match's next steps now; answers the match as it then is (test hooks only).
#[utoipa::path(
    params(("matchId" = i64, Path, description = "A match started by this hook")),
    request_body = PlayBody,
    responses((status = 200, body = TestMatchState), PlayMatchRefusals)
)]
#[post("/api/admin/test/sports/matches/{matchId}/play")]
pub async fn play_match(state: State, _op: Operator, id: web::Path<i64>, body: web::Json<PlayBody>) -> Answer {
    enabled(&state)?;
    if body.steps > 1_000 {
        return Err(ApiError::bad_request(ErrorCode::InvalidSteps, "steps must be between 0 and 1000"));
    }
    let m = state
        .tables
        .sports
        .ask(PlayTestMatch { match_id: *id, steps: body.steps })
        .await
        .map_err(|_| unavailable())?
        .ok_or_else(|| ApiError::not_found("No such match"))?;
    Ok(HttpResponse::Ok().json(TestMatchState::of(m)))
}

refusals!(QuoteMatchRefusals {
    400: "`invalid_request`",
    404: "`not_found`: test hooks are disabled, or no such match",
    503: "`unavailable`",
});
/// Publishes a test's quotes on a test match now, through the quote auditor like every quote set (test hooks only):
/// a set some bets would beat in every outcome comes back with every market suspended.
#[utoipa::path(
    params(("matchId" = i64, Path, description = "A match started by this hook")),
    request_body = TestQuotes,
    responses((status = 200, description = "The match as published", body = TestMatchQuotes), QuoteMatchRefusals)
)]
#[post("/api/admin/test/sports/matches/{matchId}/quotes")]
pub async fn quote_match(state: State, _op: Operator, id: web::Path<i64>, body: web::Json<TestQuotes>) -> Answer {
    enabled(&state)?;
    let m = state
        .tables
        .sports
        .ask(QuoteTestMatch { match_id: *id, quotes: body.into_inner() })
        .await
        .map_err(|_| unavailable())?
        .ok_or_else(|| ApiError::not_found("No such match"))?;
    Ok(HttpResponse::Ok().json(TestMatchQuotes::of(&m)))
}

/// The markets as published after a test's quotes.
#[derive(Serialize, ToSchema)]
#[schema(as = TestHookMatchQuotes)]
#[serde(rename_all = "camelCase")]
pub struct TestMatchQuotes {
    #[schema(value_type = Object)]
    market: serde_json::Value,
    #[schema(value_type = Object)]
    bookmaker: serde_json::Value,
    #[schema(value_type = Vec<Object>)]
    fancy: serde_json::Value,
}

impl TestMatchQuotes {
    fn of(m: &MatchState) -> TestMatchQuotes {
        let v = |x: serde_json::Result<serde_json::Value>| x.unwrap_or_default();
        TestMatchQuotes {
            market: v(serde_json::to_value(&m.market)),
            bookmaker: v(serde_json::to_value(&m.bookmaker)),
            fancy: v(serde_json::to_value(&m.fancy)),
        }
    }
}
