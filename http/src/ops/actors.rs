//! Live actors: `GET /api/admin/actors` (every actor's row), `GET /api/admin/actors/{id}` (one actor, its last two
//! minutes, and for a table what is on it), and the sampler that pushes `ops_actors` to watching operators.

use crate::auth::Operator;
use crate::error::ApiError;
use crate::money::rupees;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::aviator::operate::{Inspect, Inspection};
use casino_actors::aviator::table::{self as aviator, TableRoute};
use casino_actors::clock::SharedClock;
use casino_actors::hub::{Broadcast, HubAddr, encode_event};
use casino_actors::observe::{ActorView, Registry};
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The room of operators watching the live actors (joined with `ops_watch`; players are refused).
pub const OPS_ROOM: &str = "ops";
/// How often the actors are sampled and pushed to the room.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(250);

/// Every actor's row at `at` (epoch ms): the body of `GET /api/admin/actors` and of each `ops_actors` event.
#[derive(Serialize)]
struct Actors<'a> {
    at: i64,
    actors: &'a [ActorView],
}

#[get("/api/admin/actors")]
pub async fn list(state: State, _op: Operator) -> HttpResponse {
    HttpResponse::Ok().json(Actors { at: state.clock.now_ms(), actors: &state.actors.latest() })
}

#[get("/api/admin/actors/{id}")]
pub async fn one(state: State, _op: Operator, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let latest = state.actors.latest();
    let actor = latest.iter().find(|a| a.id == *id).ok_or_else(|| ApiError::not_found("No such actor"))?;
    let detail = if actor.id == aviator::ROOM { table_detail(&state.tables.aviator).await? } else { Value::Null };
    Ok(HttpResponse::Ok().json(json!({ "actor": actor, "history": state.actors.history(&id), "detail": detail })))
}

async fn table_detail(table: &TableRoute) -> Result<Value, ApiError> {
    let Inspection { settings, bets } =
        table.ask(Inspect).await.map_err(ApiError::internal)?.map_err(ApiError::internal)?;
    let bets: Vec<Value> = bets
        .iter()
        .map(|b| {
            json!({
                "user": b.user.0, "name": b.name, "slot": b.slot, "stake": rupees(b.stake),
                "autoCashout": b.auto_cashout.map(|h| h as f64 / 100.0), "state": b.state,
            })
        })
        .collect();
    Ok(json!({ "round": settings.round.0, "phase": settings.phase, "suspended": settings.suspended, "bets": bets }))
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
            let payload = serde_json::to_value(Actors { at: now, actors: &rows }).unwrap_or(Value::Null);
            let frame = encode_event("ops_actors", &payload);
            hub.do_send(Broadcast::one(OPS_ROOM, frame));
        }
    });
}
