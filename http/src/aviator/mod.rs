//! Aviator over HTTP: the public round list, the fairness commitment and verifier, a player's history;
//! and (`socket`) the Socket.IO events that reach the table.

pub mod socket;

use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::json::iso;
use crate::openapi::Area;
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::aviator::chains::{self, Chain, SaltError};
use casino_actors::aviator::rules::BetState;
use casino_actors::aviator::table::{OpenBet, OpenBets, Snapshot};
use casino_actors::aviator::{fair, store, wire};
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "aviator").public(rounds).public(fairness).public(verify).player(history).operator(fix_salt);
}

const FORMULA: &str = "Chain: every round hash is the SHA-256 of the next round's hash, and SHA-256 applied n \
times to the hash of game n of a chain (round firstRound + n - 1) gives that chain's published commitment. Crash point: HMAC-SHA256 with key = the round hash as 64 \
lowercase hex characters and message = the salt; X = the first 13 hex digits as an integer (52 bits); \
crash = max(1.00, floor(100 * (1 - edge) * 2^52 / (2^52 - X)) / 100).";

use crate::json::Limit;

/// An ended Aviator round, as the public list shows it. Multipliers are numbers with at most 2 decimals.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorRoundJson {
    pub roundId: i64,
    #[schema(value_type = f64)]
    pub crashPoint: Value,
    /// The round's revealed hash (64 hex characters).
    pub hash: String,
    /// Where the liability cap ended the round early, if it did.
    #[schema(value_type = Option<f64>)]
    pub cappedAt: Option<Value>,
    /// ISO 8601, UTC.
    pub endedAt: String,
}

#[utoipa::path(
    operation_id = "aviator_rounds",
    params(Limit),
    responses((status = 200, description = "The latest ended rounds, newest first (default 20, 1–200)", body = Vec<AviatorRoundJson>))
)]
#[get("/api/aviator/rounds")]
pub async fn rounds(state: State, q: web::Query<Limit>) -> Answer {
    let limit = q.within(20, 200);
    let list = store::recent_rounds(&state.db, limit).await?;
    Ok(HttpResponse::Ok().json(
        list.iter()
            .map(|r| AviatorRoundJson {
                roundId: r.round.0,
                crashPoint: wire::multiplier(r.crash_point),
                hash: r.hash.clone(),
                cappedAt: r.capped_at.map(wire::multiplier),
                endedAt: iso(r.ended_at),
            })
            .collect::<Vec<_>>(),
    ))
}

/// A chain of Aviator round hashes: its rounds, its published commitment and its salt.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorChainJson {
    pub firstRound: i64,
    pub lastRound: i64,
    pub chainLength: usize,
    /// SHA-256 applied `chainLength` times to the first round's hash (64 hex characters).
    pub commitment: String,
    /// `null` until fixed from `saltSource`; the chain cannot be played before.
    pub salt: Option<String>,
    /// Where the salt comes from (announced before it is known).
    pub saltSource: String,
    /// ISO 8601, UTC.
    pub saltFixedAt: Option<String>,
    pub houseEdgePercent: f64,
    /// ISO 8601, UTC.
    pub createdAt: String,
}

fn chain_json(c: &Chain) -> AviatorChainJson {
    AviatorChainJson {
        firstRound: c.first_round,
        lastRound: c.last_round(),
        chainLength: c.length,
        commitment: fair::to_hex(&c.commitment),
        salt: c.salt.clone(),
        saltSource: c.salt_source.clone(),
        saltFixedAt: c.salt_fixed_at.map(iso),
        houseEdgePercent: f64::from(c.house_edge_bp) / 100.0,
        createdAt: iso(c.created_at),
    }
}

/// The public value a chain's `saltSource` announced.
#[derive(Deserialize, ToSchema)]
pub struct AviatorSaltBody {
    /// 1 to 128 visible characters.
    salt: Option<String>,
}

refusals!(FixSaltRefusals {
    400: "`invalid_request`, `invalid_path`, `invalid_salt`",
    404: "`not_found`: no chain starts at that round",
    409: "`salt_fixed`: the chain's salt is already fixed",
});
/// An operator fixes, once, the salt of a chain committed without one: the public value its `saltSource`
/// announced. The chain can start only after.
#[utoipa::path(
    params(("firstRound" = i64, Path, description = "The first round of the chain")),
    request_body = AviatorSaltBody,
    responses((status = 200, description = "The chain, its salt fixed", body = AviatorChainJson), FixSaltRefusals)
)]
#[post("/api/admin/aviator/chains/{firstRound}/salt")]
pub async fn fix_salt(
    state: State,
    op: Operator,
    first_round: web::Path<i64>,
    body: web::Json<AviatorSaltBody>,
) -> Answer {
    let salt = body.salt.as_deref().unwrap_or_default();
    let first_round = first_round.into_inner();
    let fixed = chains::fix_salt(&state.db, &state.tables.aviator_fairness, first_round, salt, state.clock.now_ms())
        .await
        .map_err(|e| match e {
            SaltError::NoSuchChain => ApiError::not_found(e.to_string()),
            SaltError::AlreadyFixed => ApiError::new(StatusCode::CONFLICT, ErrorCode::SaltFixed, e.to_string()),
            SaltError::Invalid => ApiError::bad_request(ErrorCode::InvalidSalt, e.to_string()),
            SaltError::Storage(_) => ApiError::internal(e),
        })?;
    tracing::info!(operator = %op.0.id, first_round, "Aviator chain salt fixed by an operator");
    let target = format!("aviator_chain:{first_round}");
    let after = Some(serde_json::json!({ "salt": salt }));
    crate::admin::audit::write(&state, op.0.id, Action::AviatorSalt, &target, None, after).await;
    Ok(HttpResponse::Ok().json(chain_json(&fixed)))
}

/// Aviator's fairness: the chain in play (top-level fields), the next one and every chain ever played.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorPublicFairness {
    /// The commitment of the chain in play (64 hex characters).
    pub commitment: String,
    pub salt: Option<String>,
    pub chainLength: usize,
    pub firstRound: i64,
    pub houseEdgePercent: f64,
    pub rtpPercent: f64,
    /// How the multiplier grows with flight time.
    pub growth: String,
    /// How a round's hash and crash point are checked.
    pub formula: String,
    /// The chain after the one in play, published before its first round.
    pub next: Option<AviatorChainJson>,
    pub chains: Vec<AviatorChainJson>,
}

refusals!(FairnessRefusals { 503: "`unavailable`: no chain yet" });
/// The commitments: the chain in play (top-level fields, as before), the next one (published before its first
/// round), and every chain ever played, so any past round can be checked against its own.
#[utoipa::path(
    responses((status = 200, body = AviatorPublicFairness), FairnessRefusals)
)]
#[get("/api/aviator/fairness")]
pub async fn fairness(state: State) -> HttpResponse {
    let f = &state.tables.aviator_fairness;
    let round = state.tables.aviator.ask(Snapshot).await.ok().and_then(|s| s["roundId"].as_i64()).unwrap_or(1);
    let chains = f.chains();
    let current = chains.iter().find(|c| c.contains(RoundId(round))).or(chains.first());
    let next = current.and_then(|c| chains.iter().find(|n| n.first_round == c.last_round() + 1));
    let Some(current) = current else {
        let e = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable, "No chain yet");
        return actix_web::ResponseError::error_response(&e);
    };
    let edge = f64::from(current.house_edge_bp) / 100.0;
    HttpResponse::Ok().json(AviatorPublicFairness {
        commitment: fair::to_hex(&current.commitment),
        salt: current.salt.clone(),
        chainLength: current.length,
        firstRound: current.first_round,
        houseEdgePercent: edge,
        rtpPercent: 100.0 - edge,
        growth: "multiplier(ms) = floor(100 * e^(0.00006 * ms)) / 100".into(),
        formula: FORMULA.into(),
        next: next.map(|n| chain_json(n)),
        chains: chains.iter().map(|c| chain_json(c)).collect(),
    })
}

/// A round recomputed from its revealed hash. Where the hash is not one of a known chain's, only `roundId`,
/// `hash`, `crashPoint` and `valid` (false) are present.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorVerifyJson {
    pub roundId: i64,
    pub hash: String,
    /// The chain's salt (`null` while not fixed).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, required = false)]
    pub salt: Option<Option<String>>,
    /// The commitment of the round's chain.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, required = false)]
    pub commitment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = i64, required = false)]
    pub chainFirstRound: Option<i64>,
    /// The recorded crash point.
    #[schema(value_type = f64)]
    pub crashPoint: Value,
    /// The crash point recomputed from the hash and the salt.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = f64, required = false)]
    pub computedCrashPoint: Option<Value>,
    /// Where the liability cap ended the round early (`null`: it did not).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, required = false)]
    pub cappedAt: Option<Option<Value>>,
    /// Which game of its chain the hash is (`null`: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<usize>, required = false)]
    pub chainSteps: Option<Option<usize>>,
    pub valid: bool,
}

refusals!(VerifyRefusals {
    404: "`not_found`: no such round, or it has not ended yet (its hash is secret until the crash)",
    429: "`too_many_requests`: too many verifications from this address in a minute",
});
/// Recomputes a past round from its revealed hash: the crash point, and the hash's place in its chain (found from
/// the chain's checkpoints, so a request costs at most a thousand hashes). Limited per client address.
#[utoipa::path(
    params(("round" = i64, Path, description = "The round to verify")),
    responses((status = 200, body = AviatorVerifyJson), VerifyRefusals)
)]
#[get("/api/aviator/verify/{round}")]
pub async fn verify(state: State, req: HttpRequest, round: web::Path<i64>) -> Answer {
    let addr = state.client_net.key(&req);
    if !state.verify_by_addr.reserve(&addr, state.clock.now_ms()) {
        return Err(ApiError::too_many(ErrorCode::TooManyRequests, "Too many verifications, please wait a minute"));
    }
    let round = RoundId(round.into_inner());
    let ended = store::ended_round(&state.db, round)
        .await?
        .ok_or_else(|| ApiError::not_found("This round has not ended yet (its hash is revealed at the crash)"))?;
    let checked = store::parse_hash(&ended.hash).and_then(|h| state.tables.aviator_fairness.verify(round, &h));
    let Some(v) = checked else {
        return Ok(HttpResponse::Ok().json(AviatorVerifyJson {
            roundId: round.0,
            hash: ended.hash,
            salt: None,
            commitment: None,
            chainFirstRound: None,
            crashPoint: wire::multiplier(ended.crash_point),
            computedCrashPoint: None,
            cappedAt: None,
            chainSteps: None,
            valid: false,
        }));
    };
    let valid = v.computed_crash_point == ended.crash_point && v.game.is_some() && v.game == v.chain.game(round);
    Ok(HttpResponse::Ok().json(AviatorVerifyJson {
        roundId: round.0,
        hash: ended.hash,
        salt: Some(v.chain.salt.clone()),
        commitment: Some(fair::to_hex(&v.chain.commitment)),
        chainFirstRound: Some(v.chain.first_round),
        crashPoint: wire::multiplier(ended.crash_point),
        computedCrashPoint: Some(wire::multiplier(v.computed_crash_point)),
        cappedAt: Some(ended.capped_at.map(wire::multiplier)),
        chainSteps: Some(v.game),
        valid,
    }))
}

/// A row of a player's Aviator history.
#[derive(Clone, Copy, Serialize, ToSchema)]
pub enum AviatorBetStatus {
    /// The round is in play, or its outcome is not final yet.
    Open,
    Won,
    Lost,
    Refunded,
}

impl AviatorBetStatus {
    /// The status in lower case, as the console's bet list shows it.
    pub(crate) fn lower(self) -> &'static str {
        match self {
            AviatorBetStatus::Open => "open",
            AviatorBetStatus::Won => "won",
            AviatorBetStatus::Lost => "lost",
            AviatorBetStatus::Refunded => "refunded",
        }
    }
}

/// A bet of the round in play that the history does not hold yet, with what it has come to so far.
pub(crate) struct InPlay {
    pub bet: OpenBet,
    pub status: AviatorBetStatus,
    /// The cash-out multiplier of a won bet.
    pub multiplier: Option<u64>,
    pub payout: Paise,
}

/// A player's Aviator bets: those of the round in play that the history does not hold yet (from the table), then at
/// most `limit` settled ones, newest first.
pub(crate) async fn player_bets(
    state: &State,
    user: UserId,
    limit: i64,
) -> Result<(Vec<InPlay>, Vec<store::HistoryRow>), ApiError> {
    let open = state.tables.aviator.ask(OpenBets(user)).await.unwrap_or_default();
    let settled = store::history(&state.db, user, limit).await?;
    let in_play = open
        .into_iter()
        .filter(|o| !settled.iter().any(|r| r.round == o.round && r.slot == o.bet.slot.index()))
        .map(|o| {
            // An outcome is final once the wallet has committed it; until then the bet is Open.
            let (status, multiplier, payout) = match o.bet.state {
                BetState::CashedOut { multiplier, payout } if o.settled => {
                    (AviatorBetStatus::Won, Some(multiplier), payout)
                }
                BetState::Lost if o.settled => (AviatorBetStatus::Lost, None, Default::default()),
                BetState::CashedOut { .. }
                | BetState::Lost
                | BetState::Open
                | BetState::Reserved
                | BetState::Cancelled => (AviatorBetStatus::Open, None, Default::default()),
            };
            InPlay { bet: o, status, multiplier, payout }
        })
        .collect();
    Ok((in_play, settled))
}

/// One of the player's Aviator bets. Multipliers are numbers with at most 2 decimals.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorHistoryRow {
    pub round_id: i64,
    /// The bet slot, 0 or 1.
    pub slot: u8,
    /// ISO 8601, UTC.
    pub createdAt: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub betAmt: Paise,
    /// The cash-out multiplier of a won bet.
    #[schema(value_type = Option<f64>)]
    pub multiplier: Option<Value>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub winningAmt: Paise,
    /// The round's crash point (`null` while it is in play).
    #[schema(value_type = Option<f64>)]
    pub crashPoint: Option<Value>,
    pub status: AviatorBetStatus,
    /// The bet's auto cash-out target; present on bets of the round in play only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<f64>, required = false)]
    pub autoCashout: Option<Option<Value>>,
}

/// The player's Aviator bets, newest first: the round in play (from the table) then settled ones.
#[utoipa::path(
    operation_id = "aviator_history",
    params(
        Limit,
    ),
    responses((status = 200, description = "The user's bets, newest first (default 200, 1–5000)", body = Vec<AviatorHistoryRow>))
)]
#[get("/api/history/{userId}")]
pub async fn history(state: State, PathUser { user, .. }: PathUser, q: web::Query<Limit>) -> Answer {
    let limit = q.within(200, 5_000);
    let (in_play, settled) = player_bets(&state, user.id, limit).await?;
    let mut rows: Vec<AviatorHistoryRow> = Vec::new();
    for InPlay { bet: OpenBet { round, bet, placed_at: created_at, .. }, status, multiplier, payout } in in_play {
        rows.push(AviatorHistoryRow {
            round_id: round.0,
            slot: bet.slot.index(),
            createdAt: iso(created_at),
            betAmt: bet.stake,
            multiplier: multiplier.map(wire::multiplier),
            winningAmt: payout,
            crashPoint: None,
            status,
            autoCashout: Some(bet.auto_cashout.map(wire::multiplier)),
        });
    }
    for r in settled {
        rows.push(AviatorHistoryRow {
            round_id: r.round.0,
            slot: r.slot,
            createdAt: iso(r.created_at),
            betAmt: r.stake,
            multiplier: r.multiplier.map(wire::multiplier),
            winningAmt: r.payout,
            crashPoint: r.crash_point.map(wire::multiplier),
            status: match r.status {
                "Won" => AviatorBetStatus::Won,
                "Refunded" => AviatorBetStatus::Refunded,
                _ => AviatorBetStatus::Lost,
            },
            autoCashout: None,
        });
    }
    Ok(HttpResponse::Ok().json(rows))
}
