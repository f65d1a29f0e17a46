//! Aviator over HTTP: the public round list, the fairness commitment and verifier, a player's history;
//! and (`socket`) the Socket.IO events that reach the table.

pub mod socket;

use crate::accounts::resolve_user;
use crate::auth::Authed;
use crate::error::ApiError;
use crate::json::iso;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::aviator::rules::BetState;
use casino_actors::aviator::table::{OpenBet, OpenBets};
use casino_actors::aviator::{fair, store, wire};
use casino_actors::ids::RoundId;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(rounds).service(fairness).service(verify).service(history);
}

const FORMULA: &str = "Chain: every round hash is the SHA-256 of the next round's hash, and SHA-256 applied n \
times to round n's hash gives the published commitment. Crash point: HMAC-SHA256 with key = the round hash as 64 \
lowercase hex characters and message = the salt; X = the first 13 hex digits as an integer (52 bits); \
crash = max(1.00, floor(100 * (1 - edge) * 2^52 / (2^52 - X)) / 100).";

#[derive(Deserialize)]
pub struct Limit {
    limit: Option<i64>,
}

#[get("/api/aviator/rounds")]
pub async fn rounds(state: State, q: web::Query<Limit>) -> Result<HttpResponse, ApiError> {
    let limit = q.limit.unwrap_or(20).clamp(1, 200);
    let list = store::recent_rounds(&state.db, limit).await?;
    Ok(HttpResponse::Ok().json(
        list.iter()
            .map(|r| {
                json!({
                    "roundId": r.round.0, "crashPoint": wire::multiplier(r.crash_point), "hash": r.hash,
                    "cappedAt": r.capped_at.map(wire::multiplier), "endedAt": iso(r.ended_at),
                })
            })
            .collect::<Vec<_>>(),
    ))
}

#[get("/api/aviator/fairness")]
pub async fn fairness(state: State) -> HttpResponse {
    let f = &state.tables.aviator_fairness;
    HttpResponse::Ok().json(json!({
        "commitment": fair::to_hex(&f.commitment), "salt": f.salt, "chainLength": f.chain.len(),
        "houseEdgePercent": f64::from(f.house_edge_bp) / 100.0, "rtpPercent": 100.0 - f64::from(f.house_edge_bp) / 100.0,
        "growth": "multiplier(ms) = floor(100 * e^(0.00006 * ms)) / 100", "formula": FORMULA,
    }))
}

/// Recomputes a past round from its revealed hash: the crash point, and the hash's place in the chain.
#[get("/api/aviator/verify/{round}")]
pub async fn verify(state: State, round: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let round = RoundId(round.into_inner());
    let ended = store::ended_round(&state.db, round)
        .await?
        .ok_or_else(|| ApiError::not_found("This round has not ended yet (its hash is revealed at the crash)"))?;
    let f = &state.tables.aviator_fairness;
    let hash = store::parse_hash(&ended.hash);
    let (computed, chain_steps) = match hash {
        Some(h) => (
            Some(fair::crash_point_hundredths(&h, &f.salt, f.house_edge_bp)),
            fair::verify_chain(&h, &f.commitment, f.chain.len() + 1),
        ),
        None => (None, None),
    };
    let valid = computed == Some(ended.crash_point) && chain_steps == usize::try_from(round.0).ok();
    Ok(HttpResponse::Ok().json(json!({
        "roundId": round.0, "hash": ended.hash, "salt": f.salt, "commitment": fair::to_hex(&f.commitment),
        "crashPoint": wire::multiplier(ended.crash_point), "computedCrashPoint": computed.map(wire::multiplier),
        "cappedAt": ended.capped_at.map(wire::multiplier), "chainSteps": chain_steps, "valid": valid,
    })))
}

/// The player's Aviator bets, newest first: the round in play (from the table) then settled ones.
#[get("/api/history/{userId}")]
pub async fn history(
    state: State,
    who: Authed,
    path: web::Path<String>,
    q: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let user = resolve_user(&state, &who, &path).await?;
    let limit = q.limit.unwrap_or(200).clamp(1, 5_000);
    let open = state.tables.aviator.send(OpenBets(user.id)).await.unwrap_or_default();
    let settled = store::history(&state.db, user.id, limit).await?;
    let mut rows: Vec<Value> = Vec::new();
    let settled_rounds: Vec<(i64, u8)> = settled.iter().map(|r| (r.round.0, r.slot)).collect();
    for OpenBet { round, bet, placed_at: created_at, settled } in open {
        if settled_rounds.contains(&(round.0, bet.slot.index())) {
            continue;
        }
        // An outcome is final once the wallet has committed it; until then the bet is Open.
        let (status, multiplier, payout) = match bet.state {
            BetState::CashedOut { multiplier, payout } if settled => ("Won", Some(multiplier), payout),
            BetState::Lost if settled => ("Lost", None, Default::default()),
            BetState::CashedOut { .. } | BetState::Lost | BetState::Open | BetState::Reserved | BetState::Cancelled => {
                ("Open", None, Default::default())
            }
        };
        rows.push(json!({
            "round_id": round.0, "slot": bet.slot.index(), "createdAt": iso(created_at),
            "betAmt": bet.stake.to_rupees_json(), "multiplier": multiplier.map(wire::multiplier),
            "winningAmt": payout.to_rupees_json(), "crashPoint": Value::Null, "status": status,
            "autoCashout": bet.auto_cashout.map(wire::multiplier),
        }));
    }
    for r in settled {
        rows.push(json!({
            "round_id": r.round.0, "slot": r.slot, "createdAt": iso(r.created_at), "betAmt": r.stake.to_rupees_json(),
            "multiplier": r.multiplier.map(wire::multiplier), "winningAmt": r.payout.to_rupees_json(),
            "crashPoint": r.crash_point.map(wire::multiplier), "status": r.status,
        }));
    }
    Ok(HttpResponse::Ok().json(rows))
}
