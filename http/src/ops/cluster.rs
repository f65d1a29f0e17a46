//! Cluster mode in the console: `GET /api/admin/cluster` (this node, every node with its heartbeat and lease count,
//! every lease with its owner, epoch and expiry) and `POST /api/admin/cluster/leases/{resource}/move {to}`, which
//! asks the owner to hand the lease to node `to` at the resource's next safe point (Aviator: when the round in play
//! has ended and all its money has moved), audited as `cluster.move`. One node alone answers `{mode: "single"}`.

use crate::admin::audit;
use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::cluster::lease::{self, LeaseRow, NodeRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `single` (one node alone) or `cluster`.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum ClusterMode {
    Single,
    Cluster,
}

/// The cluster as this node sees it. A node running alone answers `mode: single`, `node: null` and empty lists.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ClusterView)]
struct ClusterAnswer {
    /// `single` or `cluster`.
    #[schema(value_type = ClusterMode)]
    mode: &'static str,
    /// This node's id (`null` when single).
    node: Option<String>,
    nodes: Vec<NodeRow>,
    leases: Vec<LeaseRow>,
}

#[utoipa::path(
    responses((status = 200, description = "This node, every node and every lease", body = ClusterAnswer))
)]
#[get("/api/admin/cluster")]
pub async fn view(state: State, _op: Operator) -> Answer {
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

/// Where the lease should go.
#[derive(Deserialize, ToSchema)]
#[schema(as = LeaseMoveBody)]
pub struct MoveBody {
    /// A live node's id (required).
    to: Option<String>,
}

refusals!(MoveLeaseRefusals {
    400: "`invalid_request`, `missing_field`, `same_node`, `bad_node` (not a live node, or the owner does not hold the lease)",
    404: "`not_found`: no such lease",
    409: "`not_clustered`: this server runs alone",
});
#[utoipa::path(
    params(("resource" = String, Path, description = "The leased resource, e.g. `aviator`")),
    request_body = MoveBody,
    responses((status = 202, description = "Asked: the owner hands the lease over at the resource's next safe point", body = MoveAsked), MoveLeaseRefusals)
)]
#[post("/api/admin/cluster/leases/{resource}/move")]
pub async fn move_lease(state: State, op: Operator, resource: web::Path<String>, body: web::Json<MoveBody>) -> Answer {
    let Some(c) = &state.cluster else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::NotClustered,
            "This server runs alone: there is no node to move to",
        ));
    };
    let resource = resource.into_inner();
    let to = body.to.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let Some(to) = to else {
        return Err(ApiError::bad_request(ErrorCode::MissingField, "Name the node to move to: {to}"));
    };
    let leases = lease::leases(&state.db).await.map_err(ApiError::internal)?;
    let Some(before) = leases.into_iter().find(|l| l.resource == resource) else {
        return Err(ApiError::not_found("No such lease"));
    };
    if before.owner.as_deref() == Some(to) {
        return Err(ApiError::bad_request(ErrorCode::SameNode, "That node already runs it"));
    }
    if !lease::request_move(&state.db, &resource, to, c.lease_ttl_ms).await.map_err(ApiError::internal)? {
        return Err(ApiError::bad_request(ErrorCode::BadNode, "Move to a live node, from a node that holds the lease"));
    }
    let asked = MoveAsked { resource: &resource, owner: before.owner.as_deref(), moving_to: to };
    let was = Held { owner: before.owner.as_deref(), epoch: before.epoch };
    let (was, now) = (serde_json::to_value(was).ok(), serde_json::to_value(&asked).ok());
    audit::write(&state, op.0.id, Action::LeaseMove, &format!("lease:{resource}"), was, now).await;
    Ok(HttpResponse::Accepted().json(asked))
}

/// The answer to a move, and the audit row's `after`: the lease, who holds it now, and the node it moves to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LeaseMoveAsked)]
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
