//! `GET /api/admin/risk`: money held for open bets (in all, per table, and the ten players holding most) and what
//! the house won per game, today (since midnight UTC) and all time. Computed from the books on each call.

use crate::auth::Operator;
use crate::error::{Answer, ApiError};
use crate::state::State;
use actix_web::{HttpResponse, get};
use casino_actors::admin_queries;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::Serialize;
use utoipa::ToSchema;

/// Money held for one game table's open bets.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RiskTableJson {
    #[schema(example = "aviator")]
    pub game: &'static str,
    #[schema(example = "aviator")]
    pub table: &'static str,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
    /// Stakes held and not yet closed.
    pub openBets: i64,
}

/// What the house won (positive) or lost on one game.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RiskHouseJson {
    #[schema(example = "aviator")]
    pub game: &'static str,
    /// Since midnight UTC.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub today: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub allTime: Paise,
}

/// A player holding money for open bets or pending withdrawals.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RiskHolderJson {
    pub userId: i64,
    pub userNo: i64,
    pub name: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
}

#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct RiskJson {
    pub success: bool,
    /// Every player account's exposure: open bets and pending withdrawals' holds alike.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposureTotal: Paise,
    pub tables: Vec<RiskTableJson>,
    pub houseResult: Vec<RiskHouseJson>,
    /// The ten players holding most (only those holding something).
    pub largest: Vec<RiskHolderJson>,
}

#[utoipa::path(
    responses((status = 200, description = "Money held and the house's result, from the books", body = RiskJson))
)]
#[get("/api/admin/risk")]
pub async fn risk(state: State, _op: Operator) -> Answer {
    let r = admin_queries::risk(&state.db, state.clock.now_ms()).await.map_err(ApiError::internal)?;
    let tables: Vec<_> = r
        .tables
        .iter()
        .map(|t| RiskTableJson { game: t.game, table: t.table, exposure: t.exposure, openBets: t.open_bets })
        .collect();
    let house: Vec<_> =
        r.house.iter().map(|h| RiskHouseJson { game: h.game, today: h.today, allTime: h.all_time }).collect();
    let largest: Vec<_> = r
        .largest
        .iter()
        .map(|h| RiskHolderJson { userId: h.user.0, userNo: h.user_no, name: h.name.clone(), exposure: h.exposure })
        .collect();
    Ok(HttpResponse::Ok().json(RiskJson {
        success: true,
        exposureTotal: r.exposure_total,
        tables,
        houseResult: house,
        largest,
    }))
}
