//! Aviator over HTTP: the public round list, the fairness commitment and verifier, a player's history;
//! and (`socket`) the Socket.IO events that reach the table.

pub mod socket;

use crate::accounts::resolve_user;
use crate::auth::{Authed, Operator, client_ip};
use crate::error::ApiError;
use crate::json::iso;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use casino_actors::audit::Action;
use casino_actors::aviator::chains::{self, Chain, SaltError};
use casino_actors::aviator::rules::BetState;
use casino_actors::aviator::table::{OpenBet, OpenBets, Snapshot};
use casino_actors::aviator::{fair, store, wire};
use casino_actors::ids::RoundId;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(rounds).service(fairness).service(verify).service(history).service(fix_salt);
}

const FORMULA: &str = "Chain: every round hash is the SHA-256 of the next round's hash, and SHA-256 applied n \
times to the hash of game n of a chain (round firstRound + n - 1) gives that chain's published commitment. Crash point: HMAC-SHA256 with key = the round hash as 64 \
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

fn chain_json(c: &Chain) -> Value {
    json!({
        "firstRound": c.first_round, "lastRound": c.last_round(), "chainLength": c.length,
        "commitment": fair::to_hex(&c.commitment), "salt": c.salt, "saltSource": c.salt_source,
        "saltFixedAt": c.salt_fixed_at.map(iso), "houseEdgePercent": f64::from(c.house_edge_bp) / 100.0,
        "createdAt": iso(c.created_at),
    })
}

#[derive(Deserialize)]
pub struct SaltBody {
    salt: Option<String>,
}

/// An operator fixes, once, the salt of a chain committed without one: the public value its `saltSource`
/// announced. The chain can start only after.
#[post("/api/admin/aviator/chains/{firstRound}/salt")]
pub async fn fix_salt(
    state: State,
    op: Operator,
    first_round: web::Path<i64>,
    body: web::Json<SaltBody>,
) -> Result<HttpResponse, ApiError> {
    let salt = body.salt.as_deref().unwrap_or_default();
    let first_round = first_round.into_inner();
    let fixed = chains::fix_salt(&state.db, &state.tables.aviator_fairness, first_round, salt, state.clock.now_ms())
        .await
        .map_err(|e| match e {
            SaltError::NoSuchChain => ApiError::not_found(e.to_string()),
            SaltError::AlreadyFixed => ApiError::new(StatusCode::CONFLICT, "salt_fixed", e.to_string()),
            SaltError::Invalid => ApiError::bad_request("invalid_salt", e.to_string()),
            SaltError::Storage(_) => ApiError::internal(e),
        })?;
    tracing::info!(operator = %op.0.id, first_round, "Aviator chain salt fixed by an operator");
    let target = format!("aviator_chain:{first_round}");
    let after = Some(serde_json::json!({ "salt": salt }));
    crate::admin::audit::write(&state, op.0.id, Action::AviatorSalt, &target, None, after).await;
    Ok(HttpResponse::Ok().json(chain_json(&fixed)))
}

/// The commitments: the chain in play (top-level fields, as before), the next one (published before its first
/// round), and every chain ever played, so any past round can be checked against its own.
#[get("/api/aviator/fairness")]
pub async fn fairness(state: State) -> HttpResponse {
    let f = &state.tables.aviator_fairness;
    let round = state.tables.aviator.ask(Snapshot).await.ok().and_then(|s| s["roundId"].as_i64()).unwrap_or(1);
    let chains = f.chains();
    let current = chains.iter().find(|c| c.contains(RoundId(round))).or(chains.first());
    let next = current.and_then(|c| chains.iter().find(|n| n.first_round == c.last_round() + 1));
    let Some(current) = current else {
        return HttpResponse::ServiceUnavailable().json(json!({"error": "unavailable", "message": "No chain yet"}));
    };
    let edge = f64::from(current.house_edge_bp) / 100.0;
    HttpResponse::Ok().json(json!({
        "commitment": fair::to_hex(&current.commitment), "salt": current.salt, "chainLength": current.length,
        "firstRound": current.first_round, "houseEdgePercent": edge, "rtpPercent": 100.0 - edge,
        "growth": "multiplier(ms) = floor(100 * e^(0.00006 * ms)) / 100", "formula": FORMULA,
        "next": next.map(|n| chain_json(n)),
        "chains": chains.iter().map(|c| chain_json(c)).collect::<Vec<_>>(),
    }))
}

/// Recomputes a past round from its revealed hash: the crash point, and the hash's place in its chain (found from
/// the chain's checkpoints, so a request costs at most a thousand hashes). Limited per client address.
#[get("/api/aviator/verify/{round}")]
pub async fn verify(state: State, req: HttpRequest, round: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let addr = client_ip(&req, &state.trusted_proxies).map(|a| a.to_string()).unwrap_or_default();
    if !state.verify_by_addr.reserve(&addr, state.clock.now_ms()) {
        return Err(ApiError::too_many("too_many_requests", "Too many verifications, please wait a minute"));
    }
    let round = RoundId(round.into_inner());
    let ended = store::ended_round(&state.db, round)
        .await?
        .ok_or_else(|| ApiError::not_found("This round has not ended yet (its hash is revealed at the crash)"))?;
    let checked = store::parse_hash(&ended.hash).and_then(|h| state.tables.aviator_fairness.verify(round, &h));
    let Some(v) = checked else {
        return Ok(HttpResponse::Ok().json(json!({
            "roundId": round.0, "hash": ended.hash, "crashPoint": wire::multiplier(ended.crash_point), "valid": false,
        })));
    };
    let valid = v.computed_crash_point == ended.crash_point && v.game.is_some() && v.game == v.chain.game(round);
    Ok(HttpResponse::Ok().json(json!({
        "roundId": round.0, "hash": ended.hash, "salt": v.chain.salt, "commitment": fair::to_hex(&v.chain.commitment),
        "chainFirstRound": v.chain.first_round, "crashPoint": wire::multiplier(ended.crash_point),
        "computedCrashPoint": wire::multiplier(v.computed_crash_point),
        "cappedAt": ended.capped_at.map(wire::multiplier), "chainSteps": v.game, "valid": valid,
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
    let open = state.tables.aviator.ask(OpenBets(user.id)).await.unwrap_or_default();
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
