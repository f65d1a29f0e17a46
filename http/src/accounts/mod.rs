//! Sign-up, login, logout, password reset, the profile/wallet reads of the spec, and the player's own settings,
//! limits and sessions.

mod login;
mod profile;

pub(crate) use profile::find_user;
mod reset;
mod sessions;
pub(crate) mod settings;
mod signup;

use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(signup::signup)
        .service(signup::login_user_no)
        .service(login::login)
        .service(login::logout)
        .service(reset::forgot_password)
        .service(profile::me)
        .service(profile::name)
        .service(profile::wallet_and_exposure)
        .service(profile::update_profile)
        .service(settings::get_settings)
        .service(settings::set_limit)
        .service(settings::set_language)
        .service(settings::set_reminder)
        .service(settings::exclude)
        .service(settings::session_summary)
        .service(sessions::list)
        .service(sessions::end)
        .service(sessions::change_password);
}

/// A user number, as a number or a string (a phone number or e-mail address is accepted too).
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum UserNoInput {
    Number(i64),
    Text(String),
}

/// A wallet as the player sees it: the spendable balance, and the amount held by open bets and withdrawals.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WalletBalancesJson {
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposureBalance: Paise,
}
