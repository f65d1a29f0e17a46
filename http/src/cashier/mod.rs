//! Deposits, withdrawals, payment details and news: the player's side and the operator's decisions.

mod admin;
mod player;

use crate::json::iso;
use crate::money::rupees;
use actix_web::web;
use casino_actors::cashier::{Deposit, Status, Withdrawal};
use serde_json::{Value, json};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(player::payment_details)
        .service(player::request_deposit)
        .service(player::my_deposits)
        .service(player::request_withdrawal)
        .service(player::my_withdrawals)
        .service(player::news)
        .service(admin::list_deposits)
        .service(admin::decide_deposit)
        .service(admin::list_withdrawals)
        .service(admin::decide_withdrawal)
        .service(admin::set_payment_details)
        .service(admin::set_news)
        .service(admin::issue_reset_code)
        .service(admin::wallet_update)
        .service(admin::books);
}

fn status(s: Status) -> &'static str {
    match s {
        Status::Pending => "Pending",
        Status::Approved => "Approved",
        Status::Rejected => "Rejected",
    }
}

fn deposit_json(d: &Deposit) -> Value {
    json!({
        "id": d.id, "_id": d.id.to_string(), "user": d.user_id.0, "userName": d.user_name,
        "phoneNumber": d.phone, "deposite": rupees(d.amount), "Utr": d.utr, "status": status(d.status),
        "createdAt": iso(d.created_at), "decidedAt": d.decided_at.map(iso),
    })
}

fn withdrawal_json(w: &Withdrawal) -> Value {
    json!({
        "id": w.id, "_id": w.id.to_string(), "user": w.user_id.0, "userName": w.user_name, "upi_id": w.upi_id,
        "phoneNumber": w.phone, "withdrawAmount": rupees(w.amount), "status": status(w.status),
        "createdAt": iso(w.created_at), "decidedAt": w.decided_at.map(iso),
    })
}
