//! The player's cashier calls (spec platform §7). Load-test fixture players may not deposit or withdraw.

use super::{deposit_json, withdrawal_json};
use crate::accounts::resolve_user;
use crate::auth::Authed;
use crate::error::ApiError;
use crate::money::{Rupees, positive};
use crate::state::State;
use actix_web::{HttpResponse, get, post, web};
use serde::Deserialize;
use serde_json::{Value, json};

#[get("/api/getupiqr")]
pub async fn payment_details(state: State, _who: Authed) -> Result<HttpResponse, ApiError> {
    let d = state.cashier.payment_details().await?;
    Ok(HttpResponse::Ok().json(json!({ "upi_id": d.upi_id, "phone": d.phone, "qrCode": d.qr_code })))
}

/// Load-test fixture players play with load-test money only: they may never bring money in or take it out.
fn refuse_fixtures(who: &Authed) -> Result<(), ApiError> {
    if who.user.fixture { Err(fixture_account()) } else { Ok(()) }
}

pub(super) fn fixture_account() -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::FORBIDDEN,
        "fixture_account",
        "Load-test players cannot move real money: deposits and withdrawals are refused.",
    )
}

/// The `user` field, when sent, must be the caller.
fn check_user_field(who: &Authed, user: &Option<Value>) -> Result<(), ApiError> {
    match user {
        None | Some(Value::Null) => Ok(()),
        Some(Value::String(s)) => who.ensure_self(s),
        Some(v) => who.ensure_self(&v.to_string()),
    }
}

#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct DepositBody {
    Utr: Option<String>,
    userName: Option<String>,
    user: Option<Value>,
    phoneNumber: Option<String>,
    deposite: Option<Rupees>,
}

#[post("/api/add-more-points")]
pub async fn request_deposit(
    state: State,
    who: Authed,
    body: web::Json<DepositBody>,
) -> Result<HttpResponse, ApiError> {
    refuse_fixtures(&who)?;
    let b = body.into_inner();
    check_user_field(&who, &b.user)?;
    let amount = positive(b.deposite, "Deposit amount")?;
    let d = state
        .cashier
        .request_deposit(
            who.user.id,
            b.Utr.as_deref().unwrap_or(""),
            b.userName.as_deref().unwrap_or(""),
            b.phoneNumber.as_deref().unwrap_or(""),
            amount,
        )
        .await?;
    Ok(HttpResponse::Created().json(json!({
        "success": true,
        "message": "Submitted! Your payment proof has been sent successfully.",
        "deposit": deposit_json(&d),
    })))
}

#[get("/api/deposits/{userId}")]
pub async fn my_deposits(state: State, who: Authed, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let u = resolve_user(&state, &who, &path).await?;
    let list = state.cashier.deposits(Some(u.id), None).await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "success": true, "deposits": list.iter().map(deposit_json).collect::<Vec<_>>() })))
}

#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct WithdrawBody {
    user: Option<Value>,
    userName: Option<String>,
    upi_id: Option<String>,
    phoneNumber: Option<String>,
    withdrawAmount: Option<Rupees>,
}

#[post("/api/withdraw")]
pub async fn request_withdrawal(
    state: State,
    who: Authed,
    body: web::Json<WithdrawBody>,
) -> Result<HttpResponse, ApiError> {
    refuse_fixtures(&who)?;
    let b = body.into_inner();
    check_user_field(&who, &b.user)?;
    let amount = positive(b.withdrawAmount, "Amount")?;
    let w = state
        .cashier
        .request_withdrawal(
            who.user.id,
            b.userName.as_deref().unwrap_or(""),
            b.upi_id.as_deref().unwrap_or(""),
            b.phoneNumber.as_deref().unwrap_or(""),
            amount,
        )
        .await?;
    Ok(HttpResponse::Created().json(json!({
        "success": true,
        "message": "Withdrawal request submitted successfully!",
        "withdrawal": withdrawal_json(&w),
    })))
}

#[get("/api/getwithdrawal/{userId}")]
pub async fn my_withdrawals(state: State, who: Authed, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let u = resolve_user(&state, &who, &path).await?;
    let list = state.cashier.withdrawals(Some(u.id), None).await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "success": true, "withdrawals": list.iter().map(withdrawal_json).collect::<Vec<_>>() })))
}

#[get("/api/platform/news")]
pub async fn news(state: State) -> Result<HttpResponse, ApiError> {
    let items = state.cashier.news().await?;
    Ok(HttpResponse::Ok().json(items.into_iter().map(|content| json!({ "content": content })).collect::<Vec<_>>()))
}
