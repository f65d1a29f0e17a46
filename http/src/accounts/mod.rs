//! Sign-up, login, logout, password reset, and the profile/wallet reads of the spec.

mod login;
mod profile;

pub(crate) use profile::{find_user, resolve_user};
mod reset;
mod signup;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(signup::signup)
        .service(signup::login_user_no)
        .service(login::login)
        .service(login::logout)
        .service(reset::forgot_password)
        .service(profile::me)
        .service(profile::name)
        .service(profile::wallet_and_exposure);
}
