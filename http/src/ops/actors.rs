//! Live actors: `GET /api/admin/actors` (every actor's row), `GET /api/admin/actors/{id}` (one actor, its last two
//! minutes, and for a table what is on it), and the sampler that pushes `ops_actors` to watching operators.

use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::aviator::operate::{Inspect, Inspection};
use casino_actors::aviator::table::{self as aviator, TableRoute};
use casino_actors::clock::SharedClock;
use casino_actors::hub::{Broadcast, HubAddr, encode};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::observe::{ActorView, Point, Registry};
use serde::Serialize;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

/// The room of operators watching the live actors (joined with `ops_watch`; players are refused).
pub const OPS_ROOM: &str = "ops";
/// How often the actors are sampled and pushed to the room.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(250);

/// Every actor's row at `at` (epoch ms): the body of `GET /api/admin/actors` and of each `ops_actors` event.
#[derive(Serialize, ToSchema)]
#[schema(as = ActorsJson)]
pub struct Actors<'a> {
    /// When sampled: epoch milliseconds.
    at: i64,
    actors: &'a [ActorView],
}

casino_actors::server_event!(
    Actors<'_> = "ops_actors" in "ops",
    "Every live actor's row, about four times a second",
    casino_actors::hub::catalogue::payload::<Actors<'static>>
);

#[utoipa::path(
    operation_id = "actors_list",
    responses((status = 200, description = "Every live actor's row, as last sampled", body = Actors))
)]
#[get("/api/admin/actors")]
pub async fn list(state: State, _op: Operator) -> HttpResponse {
    HttpResponse::Ok().json(Actors { at: state.clock.now_ms(), actors: &state.actors.latest() })
}

/// One actor, its last two minutes (a point a second, oldest first) and, for the Aviator table, what is on it.
#[derive(Serialize, ToSchema)]
pub struct ActorDetailJson<'a> {
    actor: &'a ActorView,
    history: Vec<Point>,
    /// The Aviator table's round and bets; `null` for any other actor.
    detail: Option<AviatorTableDetailJson>,
}

/// What is on the Aviator table: the round in play and its bets.
#[derive(Serialize, ToSchema)]
pub struct AviatorTableDetailJson {
    round: i64,
    /// `betting`, `flying`, `crashed` or `suspended`.
    #[schema(value_type = super::games::AviatorPhase)]
    phase: String,
    suspended: bool,
    bets: Vec<AviatorInspectedBetJson>,
}

/// One bet of the round in play.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorInspectedBetJson {
    user: i64,
    name: String,
    /// The bet panel: 0 or 1.
    slot: u8,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    stake: Paise,
    /// The auto cash-out multiplier (e.g. 2.5), or `null`.
    autoCashout: Option<f64>,
    /// `reserved` (waiting for the wallet), `open`, `cashed_out`, `cancelled` or `lost`.
    #[schema(value_type = AviatorBetState)]
    state: String,
}

// The Aviator table's `bet_state`.
/// `reserved` (waiting for the wallet), `open`, `cashed_out`, `cancelled` or `lost`.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum AviatorBetState {
    Reserved,
    Open,
    CashedOut,
    Cancelled,
    Lost,
}

refusals!(OneRefusals { 404: "`not_found`: no such actor" });
#[utoipa::path(
    params(("id" = String, Path, description = "The actor's id, e.g. `aviator`, `wallet-3`, `hub`")),
    responses((status = 200, description = "The actor, its history and (Aviator) its table", body = ActorDetailJson), OneRefusals)
)]
#[get("/api/admin/actors/{id}")]
pub async fn one(state: State, _op: Operator, id: web::Path<String>) -> Answer {
    let latest = state.actors.latest();
    let actor = latest.iter().find(|a| a.id == *id).ok_or_else(|| ApiError::not_found("No such actor"))?;
    let detail = if actor.id == aviator::ROOM { Some(table_detail(&state.tables.aviator).await?) } else { None };
    Ok(HttpResponse::Ok().json(ActorDetailJson { actor, history: state.actors.history(&id), detail }))
}

async fn table_detail(table: &TableRoute) -> Result<AviatorTableDetailJson, ApiError> {
    let Inspection { settings, bets } =
        table.ask(Inspect).await.map_err(ApiError::internal)?.map_err(ApiError::internal)?;
    let bets: Vec<AviatorInspectedBetJson> = bets
        .into_iter()
        .map(|b| AviatorInspectedBetJson {
            user: b.user.0,
            name: b.name,
            slot: b.slot,
            stake: b.stake,
            autoCashout: b.auto_cashout.map(|h| h as f64 / 100.0),
            state: b.state,
        })
        .collect();
    Ok(AviatorTableDetailJson { round: settings.round.0, phase: settings.phase, suspended: settings.suspended, bets })
}

/// Samples every actor four times a second and pushes the rows to the operators' room (the hub drops the frame
/// at once when nobody watches). Runs until the registry's server is gone.
pub fn spawn_sampler(registry: Arc<Registry>, hub: HubAddr, clock: SharedClock) {
    actix::spawn(async move {
        let mut every = tokio::time::interval(SAMPLE_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        while hub.connected() {
            every.tick().await;
            let now = clock.now_ms();
            let rows = registry.sample(now);
            hub.do_send(Broadcast::one(OPS_ROOM, encode(&Actors { at: now, actors: &rows })));
        }
    });
}
