//! Operator tools beyond the cashier. `POST /api/admin/fixtures/players` creates funded players with
//! sessions for the load swarm; it exists only when the server runs with `CASINO_LOAD_TEST=1`. Fixture
//! players have no password (the token is their only way in), may not deposit or withdraw, and are funded
//! from their shard's load-test account, never the cashier's.
//! `users`: blocking and unblocking a person; `user_detail`: finding people, their sessions, ledger and bets;
//! `risk`: money held and the house's result; `accounting`: the daily report per game with the ledger's figures;
//! `audit`: the log every operator action writes; `feed_markets`: the
//! exchange stream's markets mapped to matches.

use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::money::{Rupees, positive, rupees};
use crate::openapi::Area;
use crate::state::State;
use actix_web::{HttpResponse, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::wallet::{Change, Movement, SystemAccount};
use futures_util::future::join_all;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

mod accounting;
pub mod audit;
mod feed_markets;
mod hold;
mod risk;
mod test_hooks;
mod user_detail;
mod users;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "admin")
        .operator(fixture_players)
        .operator(users::block)
        .operator(users::unblock)
        .operator(users::lift_break)
        .operator(user_detail::search)
        .operator(user_detail::detail)
        .operator(user_detail::ledger)
        .operator(user_detail::bets)
        .operator(risk::risk)
        .operator(hold::report)
        .operator(hold::daily)
        .operator(accounting::accounting_report)
        .operator(accounting::accounting_csv)
        .operator(audit::list)
        .operator(test_hooks::start_match)
        .operator(test_hooks::play_match)
        .operator(test_hooks::quote_match)
        .operator(feed_markets::map_feed_market)
        .operator(feed_markets::list_feed_markets);
}

/// `{id}` of the person routes (`/api/admin/users/{id}/…`).
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct PersonPath {
    /// The person's user id, user number, phone or e-mail
    id: String,
}

refusals!(
    /// The 400 of the admin lists read with [`bounded_limit`] (and [`optional_id`]): a query that does not read, or a
    /// page size out of range.
    BadPage { 400: "`invalid_query`, `invalid_limit`" }
);

refusals!(
    /// The answer of every person route whose `{id}` names nobody.
    NoSuchPerson { 404: "`not_found`" }
);

impl PersonPath {
    /// The person it names, or a 404 `not_found`.
    pub(crate) async fn find(&self, state: &State) -> Result<casino_actors::accounts::User, ApiError> {
        crate::accounts::find_user(state, &self.id).await
    }
}

/// A page size from the query: `default` when absent, else 1 to 500 or a 400.
pub(crate) fn bounded_limit(limit: Option<i64>, default: i64) -> Result<i64, ApiError> {
    match limit.unwrap_or(default) {
        n @ 1..=500 => Ok(n),
        _ => Err(ApiError::bad_request(ErrorCode::InvalidLimit, "limit must be between 1 and 500")),
    }
}

/// An optional positive row id from the query (`before`), or a 400 naming the field.
pub(crate) fn optional_id(id: Option<i64>, name: &str) -> Result<Option<i64>, ApiError> {
    match id {
        Some(n) if n < 1 => {
            Err(ApiError::bad_request(ErrorCode::InvalidQuery, format!("{name} must be a positive id")))
        }
        other => Ok(other),
    }
}

/// Load-test players to create: how many, and what each is credited from the load-test account.
#[derive(Deserialize, ToSchema)]
pub struct FixtureBody {
    #[schema(minimum = 1, maximum = 1000, example = 50)]
    count: usize,
    /// Required, greater than 0.
    balance: Option<Rupees>,
}

/// One load-test player: the session `token` is its only way in (no password).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct FixturePlayerJson {
    pub id: i64,
    pub userNo: i64,
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct FixturePlayersJson {
    pub players: Vec<FixturePlayerJson>,
}

refusals!(FixturePlayersRefusals {
    400: "`invalid_request`, `invalid_count`, `missing_field`, `invalid_amount`",
    404: "`not_found`: fixtures are disabled (the server runs without `CASINO_LOAD_TEST=1`)",
    503: "`unavailable`: the wallet is briefly unavailable",
});
#[utoipa::path(
    request_body = FixtureBody,
    responses((status = 201, description = "Created, funded and logged in", body = FixturePlayersJson), FixturePlayersRefusals)
)]
#[post("/api/admin/fixtures/players")]
pub async fn fixture_players(state: State, op: Operator, body: web::Json<FixtureBody>) -> Answer {
    if !state.load_test_fixtures {
        return Err(ApiError::not_found("Load-test fixtures are disabled (start the server with CASINO_LOAD_TEST=1)"));
    }
    if body.count == 0 || body.count > 1_000 {
        return Err(ApiError::bad_request(ErrorCode::InvalidCount, "count must be between 1 and 1000"));
    }
    let balance = positive(body.balance, "balance")?;
    let label = format!("load-{:x}", rand::random::<u64>());
    let players = state.accounts.create_fixture_players(&label, body.count).await?;
    let credits = players.iter().map(|(u, _)| {
        state.wallet.apply(Change {
            user: u.id,
            movement: Movement::Credit { amount: balance, from: SystemAccount::LoadTest },
            kind: casino_actors::wallet::LedgerKind::Fixture,
            reference: format!("fixture:{label}"),
            idempotency_key: format!("fixture:{}", u.id),
        })
    });
    for r in join_all(credits).await {
        r?;
    }
    let after = json!({ "label": label, "count": body.count, "balance": rupees(balance) });
    audit::write(&state, op.0.id, Action::FixturesCreate, &format!("fixtures:{label}"), None, Some(after)).await;
    let list: Vec<_> = players
        .iter()
        .map(|(u, token)| FixturePlayerJson { id: u.id.0, userNo: u.user_no, token: token.clone() })
        .collect();
    Ok(HttpResponse::Created().json(FixturePlayersJson { players: list }))
}
