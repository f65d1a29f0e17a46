//! People for operators: search (`GET /api/admin/users?q=&limit=50`), one person with their sessions
//! (`/users/{id}`), their ledger (`/users/{id}/ledger?limit=100&before={entryId}`) and their bets
//! (`/users/{id}/bets?limit=100`), newest first. `{id}` is the user id or the user number (as for block).

use super::{BadPage, NoSuchPerson, PersonPath, bounded_limit, optional_id};
use crate::auth::Operator;
use crate::aviator::{InPlay, player_bets};
use crate::error::{Answer, ApiError};
use crate::json::iso;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::Role;
use casino_actors::admin_queries::{self as queries, UserRow};
use casino_actors::aviator::table::OpenBet;
use casino_actors::aviator::wire;
use casino_actors::compliance::rules::KycLevel;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// A person as the console lists them, with what their wallet holds.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AdminUserJson {
    pub id: i64,
    pub userNo: i64,
    pub name: String,
    pub phone: String,
    pub email: Option<String>,
    pub role: Role,
    pub blocked: bool,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    /// Held for open bets and pending withdrawals.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
    /// ISO 8601, UTC.
    pub createdAt: String,
    /// Real mode: the date of birth declared at sign-up, `YYYY-MM-DD` (null for accounts made before).
    pub dateOfBirth: Option<String>,
    /// Full years today (India's day).
    pub age: Option<i64>,
    /// Real mode: the region declared at sign-up (`IN-MH`).
    pub region: Option<String>,
    /// False when the configured regions leave the player's out: bets and deposits are refused.
    pub regionAllowed: bool,
    /// `none`, `basic` (submitted) or `verified` (an operator approved the identity documents).
    pub kycLevel: KycLevel,
}

fn user_json(r: &UserRow, now: i64) -> AdminUserJson {
    let u = &r.user;
    AdminUserJson {
        id: u.id.0,
        userNo: u.user_no,
        name: u.name.clone(),
        phone: u.phone.clone(),
        email: u.email.clone(),
        role: u.role,
        blocked: r.blocked,
        balance: r.balance,
        exposure: r.exposure,
        createdAt: iso(u.created_at),
        age: crate::kyc::age_now(r.date_of_birth.as_deref(), now),
        dateOfBirth: r.date_of_birth.clone(),
        region: r.region.clone(),
        regionAllowed: !r.region_refused,
        kycLevel: r.kyc.level(),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Keeps those whose user number equals it, or whose phone, name or e-mail contains it (case-insensitive); at
    /// most 100 characters. Empty or absent: everyone.
    q: Option<String>,
    /// 1 to 500; 50 when absent.
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminUserList {
    pub success: bool,
    pub users: Vec<AdminUserJson>,
}

#[utoipa::path(
    params(SearchQuery),
    responses((status = 200, description = "People matching `q`, newest first", body = AdminUserList), BadPage)
)]
#[get("/api/admin/users")]
pub async fn search(state: State, _op: Operator, q: web::Query<SearchQuery>) -> Answer {
    let limit = bounded_limit(q.limit, 50)?;
    let text = q.q.as_deref().unwrap_or_default();
    if text.chars().count() > 100 {
        return Err(ApiError::bad_request(ErrorCode::InvalidQuery, "q may have at most 100 characters"));
    }
    let rows = queries::search_users(&state.db, text, limit).await.map_err(ApiError::internal)?;
    let now = state.clock.now_ms();
    let users = rows.iter().map(|r| user_json(r, now)).collect();
    Ok(HttpResponse::Ok().json(AdminUserList { success: true, users }))
}

/// One session of a person (its token is never shown). Times are ISO 8601, UTC.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AdminSessionJson {
    pub createdAt: String,
    pub expiresAt: String,
    pub revokedAt: Option<String>,
    /// Neither revoked nor expired.
    pub live: bool,
}

#[derive(Serialize, ToSchema)]
pub struct AdminUserDetail {
    pub success: bool,
    pub user: AdminUserJson,
    /// The last 50 sessions, newest first.
    pub sessions: Vec<AdminSessionJson>,
    /// The limits the person set on their own play and any break or self-exclusion in force.
    pub rg: crate::accounts::settings::SettingsJson,
}

#[utoipa::path(
    params(PersonPath),
    responses((status = 200, description = "The person and their sessions", body = AdminUserDetail), NoSuchPerson)
)]
#[get("/api/admin/users/{id}")]
pub async fn detail(state: State, _op: Operator, path: web::Path<PersonPath>) -> Answer {
    let user = path.find(&state).await?;
    let row = queries::user(&state.db, user.id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("User not found"))?;
    let sessions = queries::sessions(&state.db, user.id, state.clock.now_ms()).await.map_err(ApiError::internal)?;
    let sessions: Vec<AdminSessionJson> = sessions
        .iter()
        .map(|s| AdminSessionJson {
            createdAt: iso(s.created_at),
            expiresAt: iso(s.expires_at),
            revokedAt: s.revoked_at.map(iso),
            live: s.live,
        })
        .collect();
    let rg = crate::accounts::settings::settings_of(&state, user.id).await?;
    Ok(HttpResponse::Ok().json(AdminUserDetail {
        success: true,
        user: user_json(&row, state.clock.now_ms()),
        sessions,
        rg,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1 to 500; 100 when absent.
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
    /// Only entries older than this entry id (the next page).
    #[param(minimum = 1)]
    before: Option<i64>,
}

/// One ledger row of a person's account: how it moved the balance and the exposure, and what they were after.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AdminLedgerEntryJson {
    pub id: i64,
    /// ISO 8601, UTC.
    pub at: String,
    /// e.g. `deposit`, `aviator_bet`, `aviator_win`.
    pub kind: String,
    /// What it belongs to, e.g. `aviator:{round}`.
    pub reference: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub deltaBalance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub deltaExposure: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balanceAfter: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposureAfter: Paise,
}

#[derive(Serialize, ToSchema)]
pub struct AdminLedgerPage {
    pub success: bool,
    pub entries: Vec<AdminLedgerEntryJson>,
}

#[utoipa::path(
    params(PersonPath, PageQuery),
    responses((status = 200, description = "Ledger rows, newest first", body = AdminLedgerPage), BadPage, NoSuchPerson)
)]
#[get("/api/admin/users/{id}/ledger")]
pub async fn ledger(state: State, _op: Operator, path: web::Path<PersonPath>, q: web::Query<PageQuery>) -> Answer {
    let limit = bounded_limit(q.limit, 100)?;
    let before = optional_id(q.before, "before")?;
    let user = path.find(&state).await?;
    let entries = queries::ledger(&state.db, user.id, limit, before).await.map_err(ApiError::internal)?;
    let entries: Vec<AdminLedgerEntryJson> = entries
        .iter()
        .map(|e| AdminLedgerEntryJson {
            id: e.id,
            at: iso(e.at),
            kind: e.kind.clone(),
            reference: e.reference.clone(),
            deltaBalance: e.delta_balance,
            deltaExposure: e.delta_exposure,
            balanceAfter: e.balance_after,
            exposureAfter: e.exposure_after,
        })
        .collect();
    Ok(HttpResponse::Ok().json(AdminLedgerPage { success: true, entries }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LimitQuery {
    /// 1 to 500; 100 when absent.
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
}

// Only Aviator's bets are listed.
/// Always `aviator`.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum AdminBetGame {
    Aviator,
}

/// `open` (the round in play, until the wallet commits its outcome), `won`, `lost` or `refunded`.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum AdminBetResult {
    Open,
    Won,
    Lost,
    Refunded,
}

/// One Aviator bet of a person.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AdminBetJson {
    /// Always `aviator`.
    #[schema(value_type = AdminBetGame, inline)]
    pub game: &'static str,
    pub round: i64,
    /// The bet panel: 0 or 1.
    pub slot: u8,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub stake: Paise,
    /// The multiplier cashed out at (e.g. 2.35), or `null`.
    #[schema(value_type = Option<f64>, example = 2.35)]
    pub cashedOutAt: Option<Value>,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub payout: Paise,
    /// `open` (the round in play, until the wallet commits its outcome), `won`, `lost` or `refunded`.
    #[schema(value_type = AdminBetResult)]
    pub result: String,
    /// When it was placed: ISO 8601, UTC.
    pub at: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminBetList {
    pub success: bool,
    pub bets: Vec<AdminBetJson>,
}

/// Aviator bets: the round in play (from the table; `result` is `open` until the wallet commits its outcome),
/// then settled ones from history (`won`, `lost` or `refunded`). `cashedOutAt` is the multiplier.
#[utoipa::path(
    params(PersonPath, LimitQuery),
    responses((status = 200, description = "Aviator bets: the round in play first, then settled ones, newest first", body = AdminBetList), BadPage, NoSuchPerson)
)]
#[get("/api/admin/users/{id}/bets")]
pub async fn bets(state: State, _op: Operator, path: web::Path<PersonPath>, q: web::Query<LimitQuery>) -> Answer {
    let limit = bounded_limit(q.limit, 100)?;
    let user = path.find(&state).await?;
    let (in_play, settled) = player_bets(&state, user.id, limit).await?;
    let bet = |round: i64, slot: u8, stake, cashed_out: Option<u64>, payout, result: &str, at| AdminBetJson {
        game: "aviator",
        round,
        slot,
        stake,
        cashedOutAt: cashed_out.map(wire::multiplier),
        payout,
        result: result.to_string(),
        at: iso(at),
    };
    let mut rows: Vec<AdminBetJson> = Vec::new();
    for InPlay { bet: OpenBet { round, bet: b, placed_at, .. }, status, multiplier, payout } in in_play {
        rows.push(bet(round.0, b.slot.index(), b.stake, multiplier, payout, status.lower(), placed_at));
    }
    for r in &settled {
        rows.push(bet(r.round.0, r.slot, r.stake, r.multiplier, r.payout, &r.status.to_lowercase(), r.created_at));
    }
    rows.truncate(limit as usize);
    Ok(HttpResponse::Ok().json(AdminBetList { success: true, bets: rows }))
}
