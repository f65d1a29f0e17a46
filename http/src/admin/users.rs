//! POST /api/admin/users/{id}/block and /unblock (operators only), and /break/lift (a player's break ended early). A block revokes every session of the person,
//! refuses their logins while it lasts (the database will not open a session for them), and closes their live
//! sockets at once. `{id}` is the user id or the user number. Each writes an audit row (`blocked` before and after).

use super::{NoSuchPerson, PersonPath, audit};
use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::socketio::end_user_sockets;
use crate::state::State;
use actix_web::{HttpResponse, post, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::User;
use casino_actors::audit::Action;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// Whether the person is now blocked.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct BlockStateJson {
    pub success: bool,
    pub userId: i64,
    pub userNo: i64,
    pub blocked: bool,
}

refusals!(BlockRefusals { 400: "`cannot_block_self`" });
#[utoipa::path(
    params(PersonPath),
    responses((status = 200, description = "Blocked: every session revoked, live sockets closed", body = BlockStateJson), NoSuchPerson, BlockRefusals)
)]
#[post("/api/admin/users/{id}/block")]
pub async fn block(state: State, op: Operator, path: web::Path<PersonPath>) -> Answer {
    let user = path.find(&state).await?;
    if user.id == op.0.id {
        return Err(ApiError::bad_request(ErrorCode::CannotBlockSelf, "You cannot block your own account"));
    }
    set_blocked(&state, &op, &user, true).await
}

#[utoipa::path(
    params(PersonPath),
    responses((status = 200, description = "Unblocked: the person may log in again", body = BlockStateJson), NoSuchPerson)
)]
#[post("/api/admin/users/{id}/unblock")]
pub async fn unblock(state: State, op: Operator, path: web::Path<PersonPath>) -> Answer {
    let user = path.find(&state).await?;
    set_blocked(&state, &op, &user, false).await
}

/// Blocks or unblocks a person (a 404 if they are gone meanwhile), writes the audit row and answers their state.
async fn set_blocked(state: &State, op: &Operator, user: &User, blocked: bool) -> Answer {
    let was = state.accounts.is_blocked(user.id).await?;
    let changed =
        if blocked { state.accounts.block_user(user.id).await? } else { state.accounts.unblock_user(user.id).await? };
    if !changed {
        return Err(ApiError::not_found("User not found"));
    }
    let (action, what) = if blocked {
        // Sessions are revoked first, so a socket that reconnects (or re-checks) finds nothing to resume.
        end_user_sockets(&state.tables.hub, user.id);
        (Action::UserBlock, "user blocked")
    } else {
        (Action::UserUnblock, "user unblocked")
    };
    tracing::info!(operator = %op.0.id, user = %user.id, "{what}");
    let target = format!("user:{}", user.id);
    let before = was.map(|b| json!({ "blocked": b }));
    audit::write(state, op.0.id, action, &target, before, Some(json!({ "blocked": blocked }))).await;
    Ok(HttpResponse::Ok().json(BlockStateJson { success: true, userId: user.id.0, userNo: user.user_no, blocked }))
}

/// The break ended.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct BreakLiftedJson {
    pub success: bool,
    pub userId: i64,
}

refusals!(LiftBreakRefusals { 409: "`self_exclusion_locked` (it ends on its date), `not_excluded`" });
/// Ends a player's break early (audited). A self-exclusion is never lifted before its end: 409.
#[utoipa::path(
    params(PersonPath),
    responses((status = 200, description = "The break is over: the player may bet and deposit again", body = BreakLiftedJson), NoSuchPerson, LiftBreakRefusals)
)]
#[post("/api/admin/users/{id}/break/lift")]
pub async fn lift_break(state: State, op: Operator, path: web::Path<PersonPath>) -> Answer {
    use actix_web::http::StatusCode;
    use casino_actors::rg::store::{self, Lift};
    let user = path.find(&state).await?;
    let now = state.clock.now_ms();
    match store::lift_break(&state.db, user.id, op.0.id, now).await.map_err(ApiError::internal)? {
        Lift::Lifted => {}
        Lift::SelfExcluded { until } => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::SelfExclusionLocked,
                format!("This player excluded themselves until {}: nobody can lift it early", crate::json::iso(until)),
            ));
        }
        Lift::NotExcluded => {
            return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::NotExcluded, "This player is not on a break"));
        }
    }
    tracing::info!(operator = %op.0.id, user = %user.id, "break lifted");
    let target = format!("user:{}", user.id);
    audit::write(
        &state,
        op.0.id,
        Action::BreakLift,
        &target,
        Some(json!({ "break": true })),
        Some(json!({ "break": false })),
    )
    .await;
    Ok(HttpResponse::Ok().json(BreakLiftedJson { success: true, userId: user.id.0 }))
}
