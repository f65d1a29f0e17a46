//! Sign-up, login, logout, password reset, the profile/wallet reads of the spec, and the player's own settings,
//! limits and sessions.

mod login;
mod profile;

pub(crate) use profile::find_user;
mod reset;
mod sessions;
pub(crate) mod settings;
mod signup;

use crate::openapi::Area;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "accounts")
        .public(signup::signup)
        .public(signup::login_user_no)
        .public(login::login)
        .player(login::logout)
        .public(reset::forgot_password)
        .player(profile::me)
        .player(profile::name)
        .player(profile::wallet_and_exposure)
        .player(profile::update_profile);
    Area::new(cfg, "account")
        .player(settings::get_settings)
        .player(settings::set_limit)
        .player(settings::set_language)
        .player(settings::set_reminder)
        .player(settings::exclude)
        .player(settings::session_summary)
        .player(sessions::list)
        .player(sessions::end)
        .player(sessions::change_password);
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
