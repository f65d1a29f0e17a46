//! Cluster mode in the console: `GET /api/admin/cluster` (this node, every node with its heartbeat and lease count,
//! every lease with its owner, epoch and expiry) and `POST /api/admin/cluster/leases/{resource}/move {to}`, which
//! asks the owner to hand the lease to node `to` at the resource's next safe point (Aviator: when the round in play
//! has ended and all its money has moved), audited as `cluster.move`. One node alone answers `{mode: "single"}`.

use crate::admin::audit;
use crate::auth::Operator;
use crate::error::ApiError;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::audit::Action;
use casino_actors::cluster::lease::{self, LeaseRow, NodeRow};
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ClusterAnswer {
    mode: &'static str,
    node: Option<String>,
    nodes: Vec<NodeRow>,
    leases: Vec<LeaseRow>,
}

#[get("/api/admin/cluster")]
pub async fn view(state: State, _op: Operator) -> Result<HttpResponse, ApiError> {
    let Some(c) = &state.cluster else {
        return Ok(HttpResponse::Ok().json(ClusterAnswer {
            mode: "single",
            node: None,
            nodes: vec![],
            leases: vec![],
        }));
    };
    let nodes = lease::nodes(&state.db, c.lease_ttl_ms).await.map_err(ApiError::internal)?;
    let leases = lease::leases(&state.db).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(ClusterAnswer { mode: "cluster", node: Some(c.node.clone()), nodes, leases }))
}

#[derive(Deserialize)]
pub struct MoveBody {
    to: Option<String>,
}

#[post("/api/admin/cluster/leases/{resource}/move")]
pub async fn move_lease(
    state: State,
    op: Operator,
    resource: web::Path<String>,
    body: web::Json<MoveBody>,
) -> Result<HttpResponse, ApiError> {
    let Some(c) = &state.cluster else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_clustered",
            "This server runs alone: there is no node to move to",
        ));
    };
    let resource = resource.into_inner();
    let to = body.to.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let Some(to) = to else {
        return Err(ApiError::bad_request("missing_field", "Name the node to move to: {to}"));
    };
    let leases = lease::leases(&state.db).await.map_err(ApiError::internal)?;
    let Some(before) = leases.into_iter().find(|l| l.resource == resource) else {
        return Err(ApiError::not_found("No such lease"));
    };
    if before.owner.as_deref() == Some(to) {
        return Err(ApiError::bad_request("same_node", "That node already runs it"));
    }
    if !lease::request_move(&state.db, &resource, to, c.lease_ttl_ms).await.map_err(ApiError::internal)? {
        return Err(ApiError::bad_request("bad_node", "Move to a live node, from a node that holds the lease"));
    }
    let asked = MoveAsked { resource: &resource, owner: before.owner.as_deref(), moving_to: to };
    let was = Held { owner: before.owner.as_deref(), epoch: before.epoch };
    let (was, now) = (serde_json::to_value(was).ok(), serde_json::to_value(&asked).ok());
    audit::write(&state, op.0.id, Action::LeaseMove, &format!("lease:{resource}"), was, now).await;
    Ok(HttpResponse::Accepted().json(asked))
}

/// The answer to a move, and the audit row's `after`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveAsked<'a> {
    resource: &'a str,
    owner: Option<&'a str>,
    moving_to: &'a str,
}

/// The audit row's `before`: who held the lease, under which epoch.
#[derive(Serialize)]
struct Held<'a> {
    owner: Option<&'a str>,
    epoch: i64,
}
