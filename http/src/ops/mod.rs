//! The operators' console beyond money: live actors (`actors`), the games' settings (`games`) and, in cluster mode,
//! the nodes and their leases (`cluster`). The cashier's
//! operator calls live in `cashier::admin`, people in `admin`. Every route here is for operators only.

pub mod actors;
pub mod cluster;
pub mod games;

use crate::openapi::Area;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "ops")
        .operator(actors::list)
        .operator(actors::one)
        .operator(games::list)
        .operator(games::configure)
        .operator(games::suspend)
        .operator(cluster::view)
        .operator(cluster::move_lease);
}
