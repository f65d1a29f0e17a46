//! The platform's money mode (public), and play mode's points: where a player stands with the day's top-up, and
//! claiming it (`casino_actors::play`).

use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::openapi::Area;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post};
use casino_actors::ErrorCode;
use casino_actors::compliance::rules::{REGIONS, Thresholds};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::play::{MoneyMode, PlayError};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> Self {
        match e {
            PlayError::NotPlayMode => ApiError::new(StatusCode::FORBIDDEN, ErrorCode::PlayModeOnly, e.to_string()),
            PlayError::Claimed { .. } => ApiError::new(StatusCode::CONFLICT, ErrorCode::TopUpClaimed, e.to_string()),
            PlayError::AtCeiling => ApiError::new(StatusCode::CONFLICT, ErrorCode::AtCeiling, e.to_string()),
            PlayError::Wallet(w) => w.into(),
            PlayError::ModeChangeRefused { .. } => ApiError::internal(e),
        }
    }
}

/// Play mode's points, in rupees' units (they have no cash value).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayPointsJson {
    /// What a new player starts with.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub grant: Paise,
    /// What a top-up adds, once an IST day.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub top_up: Paise,
    /// The balance a top-up never takes the player past.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ceiling: Paise,
}

/// What the platform plays for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformJson {
    pub success: bool,
    /// `real`: points are rupees, deposited and withdrawn; `play`: points with no cash value, never deposited or
    /// withdrawn.
    pub money_mode: MoneyMode,
    /// Play mode's grant and top-up; absent in real mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_points: Option<PlayPointsJson>,
    /// Real mode's checks; absent in play mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub real_money: Option<RealMoneyJson>,
}

/// A region a player may declare at sign-up.
#[derive(Serialize, ToSchema)]
pub struct RegionJson {
    /// ISO 3166-2 (`IN-MH`) for India's states and union territories, ISO 3166-1 (`MT`) for countries.
    #[schema(example = "IN-MH")]
    pub code: &'static str,
    #[schema(example = "Maharashtra")]
    pub name: &'static str,
    /// Whether the operator offers real-money play there (a sign-up declaring it is refused otherwise).
    pub allowed: bool,
}

/// The withdrawals a player may ask for without a verified identity.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycThresholdsJson {
    /// A request above this needs a verified identity…
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub single: Paise,
    /// …and so do requests taking the last 30 days' (pending and paid) past this.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub rolling_30_days: Paise,
}

impl From<Thresholds> for KycThresholdsJson {
    fn from(t: Thresholds) -> Self {
        KycThresholdsJson { single: t.single, rolling_30_days: t.rolling_30_days }
    }
}

/// Real mode's checks, as sign-up and the wallet screens show them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RealMoneyJson {
    /// The youngest a player may sign up, in full years.
    pub min_age: u32,
    /// Every region a player may declare, with whether it is allowed.
    pub regions: Vec<RegionJson>,
    pub kyc_thresholds: KycThresholdsJson,
}

/// What the platform plays for: the screens show deposits and withdrawals only in real mode.
#[utoipa::path(responses((status = 200, description = "The money mode, play mode's points, real mode's checks", body = PlatformJson)))]
#[get("/api/platform")]
pub async fn platform(state: State) -> Answer {
    let mode = state.play.mode();
    let p = state.play.points();
    let play_points =
        (mode == MoneyMode::Play).then_some(PlayPointsJson { grant: p.grant, top_up: p.top_up, ceiling: p.ceiling });
    let real_money = state.compliance.checks().map(|c| RealMoneyJson {
        min_age: c.min_age,
        regions: REGIONS
            .iter()
            .map(|r| RegionJson { code: r.code, name: r.name, allowed: c.regions.allows(r.code) })
            .collect(),
        kyc_thresholds: c.thresholds.into(),
    });
    Ok(HttpResponse::Ok().json(PlatformJson { success: true, money_mode: mode, play_points, real_money }))
}

/// Where the player stands with the day's top-up.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopUpStatusJson {
    pub success: bool,
    pub claimed_today: bool,
    /// What a claim would add now: 0 once claimed today, or at the ceiling.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub available: Paise,
    /// When the next IST day's top-up opens (epoch ms).
    pub next_at: i64,
}

refusals!(TopUpStatusRefusals { 403: "`play_mode_only`: the platform plays for real money" });
/// The day's play-points top-up: claimed or not, and what a claim would add.
#[utoipa::path(responses((status = 200, description = "The day's top-up", body = TopUpStatusJson), TopUpStatusRefusals))]
#[get("/api/play-points")]
pub async fn top_up_status(state: State, who: Authed) -> Answer {
    let s = state.play.status(who.user.id).await?;
    Ok(HttpResponse::Ok().json(TopUpStatusJson {
        success: true,
        claimed_today: s.claimed_today,
        available: s.available,
        next_at: s.next_at,
    }))
}

/// A claimed top-up and the wallet after it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToppedUp {
    pub success: bool,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub credited: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure_balance: Paise,
    /// When the next IST day's top-up opens (epoch ms).
    pub next_at: i64,
}

refusals!(TopUpRefusals {
    403: "`play_mode_only`: the platform plays for real money",
    409: "`top_up_claimed` (today's is taken; the next opens at midnight, India time), `at_ceiling`",
    503: "`unavailable`: nothing moved, try again",
});
/// Claims the day's play points: up to the top-up, never past the ceiling; once an IST day (play mode only).
#[utoipa::path(responses((status = 200, description = "Credited", body = ToppedUp), TopUpRefusals))]
#[post("/api/play-points/top-up")]
pub async fn top_up(state: State, who: Authed) -> Answer {
    let t = state.play.top_up(who.user.id).await?;
    Ok(HttpResponse::Ok().json(ToppedUp {
        success: true,
        credited: t.credited,
        balance: t.balance,
        exposure_balance: t.exposure,
        next_at: t.next_at,
    }))
}

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "platform").public(platform).player(top_up_status).player(top_up);
}
