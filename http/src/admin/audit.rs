//! The audit log over HTTP: `GET /api/admin/audit?limit=100&before={id}` (newest first), and [`write`], which
//! every operator route calls after its action succeeded.

use super::{bounded_limit, optional_id};
use crate::auth::Operator;
use crate::error::ApiError;
use crate::json::iso;
use crate::state::{AppState, State};
use actix_web::{HttpResponse, get, web};
use casino_actors::audit::{self, Action};
use casino_actors::ids::UserId;
use serde::Deserialize;
use serde_json::{Value, json};

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

#[derive(Deserialize)]
pub struct AuditQuery {
    limit: Option<i64>,
    before: Option<i64>,
}

#[get("/api/admin/audit")]
pub async fn list(state: State, _op: Operator, q: web::Query<AuditQuery>) -> Result<HttpResponse, ApiError> {
    let limit = bounded_limit(q.limit, 100)?;
    let before = optional_id(q.before, "before")?;
    let entries = audit::list(&state.db, limit, before).await.map_err(ApiError::internal)?;
    let entries: Vec<Value> = entries
        .into_iter()
        .map(|e| {
            json!({
                "id": e.id, "at": iso(e.at), "operator": { "id": e.operator.0, "name": e.operator_name },
                "action": e.action, "target": e.target, "before": e.before, "after": e.after,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "success": true, "entries": entries })))
}
