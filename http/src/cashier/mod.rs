//! Deposits, withdrawals, payment details and news: the player's side and the operator's decisions.

mod admin;
mod player;

use crate::json::iso;
use crate::openapi::Area;
use casino_actors::cashier::{Deposit, Status, Withdrawal};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "cashier")
        .player(player::payment_details)
        .player(player::request_deposit)
        .player(player::my_deposits)
        .player(player::request_withdrawal)
        .player(player::my_withdrawals)
        .public(player::news)
        .operator(admin::list_deposits)
        .operator(admin::decide_deposit)
        .operator(admin::list_withdrawals)
        .operator(admin::decide_withdrawal)
        .operator(admin::set_payment_details)
        .operator(admin::set_news)
        .operator(admin::issue_reset_code)
        .operator(admin::wallet_update)
        .operator(admin::books);
}

#[derive(Serialize, ToSchema, Clone, Copy)]
pub enum RequestStatus {
    Pending,
    Approved,
    Rejected,
}

fn status(s: Status) -> RequestStatus {
    match s {
        Status::Pending => RequestStatus::Pending,
        Status::Approved => RequestStatus::Approved,
        Status::Rejected => RequestStatus::Rejected,
    }
}

/// A deposit request (the spec's field names, `deposite` included).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DepositJson {
    pub id: i64,
    pub _id: String,
    pub user: i64,
    pub userName: String,
    pub phoneNumber: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub deposite: Paise,
    pub Utr: String,
    pub status: RequestStatus,
    /// ISO 8601, UTC.
    pub createdAt: String,
    pub decidedAt: Option<String>,
    /// The UPI payment note (`tn=`) the player's deposit screen made, to match against the bank statement.
    pub reference: Option<String>,
}

/// A cashier request's JSON: the fields every request (`$r`, a deposit or a withdrawal) has, then its own ones.
macro_rules! request_json {
    ($r:expr, $json:ident { $($field:ident: $value:expr),* $(,)? }) => {
        $json {
            id: $r.id,
            _id: $r.id.to_string(),
            user: $r.user_id.0,
            userName: $r.user_name.clone(),
            phoneNumber: $r.phone.clone(),
            status: status($r.status),
            createdAt: iso($r.created_at),
            decidedAt: $r.decided_at.map(iso),
            $($field: $value),*
        }
    };
}

fn deposit_json(d: &Deposit) -> DepositJson {
    request_json!(d, DepositJson { deposite: d.amount, Utr: d.utr.clone(), reference: d.reference.clone() })
}

/// A withdrawal request.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WithdrawalJson {
    pub id: i64,
    pub _id: String,
    pub user: i64,
    pub userName: String,
    pub upi_id: String,
    pub phoneNumber: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub withdrawAmount: Paise,
    pub status: RequestStatus,
    /// ISO 8601, UTC.
    pub createdAt: String,
    pub decidedAt: Option<String>,
}

fn withdrawal_json(w: &Withdrawal) -> WithdrawalJson {
    request_json!(w, WithdrawalJson { upi_id: w.upi_id.clone(), withdrawAmount: w.amount })
}
