//! The operators' console beyond money: live actors (`actors`), the games' settings (`games`) and, in cluster mode,
//! the nodes and their leases (`cluster`). The cashier's
//! operator calls live in `cashier::admin`, people in `admin`. Every route here is for operators only.

pub mod actors;
pub mod cluster;
pub mod games;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(actors::list)
        .service(actors::one)
        .service(games::list)
        .service(games::configure)
        .service(games::suspend)
        .service(cluster::view)
        .service(cluster::move_lease);
}
