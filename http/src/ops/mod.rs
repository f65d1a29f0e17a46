//! The operators' console beyond money: live actors (`actors`) and the games' settings (`games`). The cashier's
//! operator calls live in `cashier::admin`, people in `admin`. Every route here is for operators only.

pub mod actors;
pub mod games;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(actors::list)
        .service(actors::one)
        .service(games::list)
        .service(games::configure)
        .service(games::suspend);
}
