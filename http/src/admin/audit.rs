//! The audit log over HTTP: `GET /api/admin/audit?limit=100&before={id}` (newest first), and [`write`], which
//! every operator route calls after its action succeeded.

use super::{BadPage, bounded_limit, optional_id};
use crate::auth::Operator;
use crate::error::{Answer, ApiError};
use crate::json::iso;
use crate::state::{AppState, State};
use actix_web::{HttpResponse, get, web};
use casino_actors::audit::{self, Action};
use casino_actors::ids::UserId;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

/// Records one operator action that has happened. A failure is logged and counted
/// (`casino_audit_failures_total`), never returned: the action stands (money may have moved), so its answer stays
/// a success.
pub async fn write(
    state: &AppState,
    operator: UserId,
    action: Action,
    target: &str,
    before: Option<Value>,
    after: Option<Value>,
) {
    let now = state.clock.now_ms();
    if let Err(e) = audit::record(&state.db, now, operator, action, target, before, after).await {
        metrics::counter!("casino_audit_failures_total").increment(1);
        tracing::error!(%operator, action = action.as_str(), target, error = %e, "audit row not written");
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// 1 to 500; 100 when absent.
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
    /// Only rows older than this row id (the next page).
    #[param(minimum = 1)]
    before: Option<i64>,
}

/// Who did it.
#[derive(Serialize, ToSchema)]
pub struct AuditOperatorJson {
    pub id: i64,
    /// Empty if the account is gone.
    pub name: String,
}

/// One operator action.
#[derive(Serialize, ToSchema)]
pub struct AuditEntryJson {
    pub id: i64,
    /// ISO 8601, UTC.
    pub at: String,
    pub operator: AuditOperatorJson,
    /// e.g. `deposit.approve`, `user.block`, `game.settings`, `cluster.move`.
    #[schema(example = "user.block")]
    pub action: String,
    /// What was acted on, e.g. `deposit:17`, `user:5`, `news`, `game:aviator`.
    #[schema(example = "user:5")]
    pub target: String,
    /// Free-form JSON whose shape depends on the action: the state before it (`null`: none recorded).
    pub before: Option<Value>,
    /// Free-form JSON whose shape depends on the action: the state after it (`null`: none recorded).
    pub after: Option<Value>,
}

#[derive(Serialize, ToSchema)]
pub struct AuditPage {
    pub success: bool,
    pub entries: Vec<AuditEntryJson>,
}

#[utoipa::path(
    operation_id = "audit_list",
    params(AuditQuery),
    responses((status = 200, description = "Audit rows, newest first", body = AuditPage), BadPage)
)]
#[get("/api/admin/audit")]
pub async fn list(state: State, _op: Operator, q: web::Query<AuditQuery>) -> Answer {
    let limit = bounded_limit(q.limit, 100)?;
    let before = optional_id(q.before, "before")?;
    let entries = audit::list(&state.db, limit, before).await.map_err(ApiError::internal)?;
    let entries: Vec<AuditEntryJson> = entries
        .into_iter()
        .map(|e| AuditEntryJson {
            id: e.id,
            at: iso(e.at),
            operator: AuditOperatorJson { id: e.operator.0, name: e.operator_name },
            action: e.action,
            target: e.target,
            before: e.before,
            after: e.after,
        })
        .collect();
    Ok(HttpResponse::Ok().json(AuditPage { success: true, entries }))
}
