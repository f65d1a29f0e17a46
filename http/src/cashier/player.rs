//! The player's cashier calls (spec platform §7). Load-test fixture players may not deposit or withdraw.

use super::{DepositJson, WithdrawalJson, deposit_json, withdrawal_json};
use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::money::{Rupees, positive};
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// Where players send a deposit: the operator's UPI id, phone and QR image.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct PaymentDetailsJson {
    pub upi_id: String,
    /// The payee name for the UPI payment link (`pn=`); may be empty.
    pub payeeName: String,
    pub phone: String,
    /// The QR image (a data: or https: URL), or empty.
    pub qrCode: String,
}

refusals!(PaymentDetailsRefusals { 403: "`play_mode`: points have no cash value, so nothing is paid in" });
#[utoipa::path(
    responses((status = 200, body = PaymentDetailsJson), PaymentDetailsRefusals)
)]
#[get("/api/getupiqr")]
pub async fn payment_details(state: State, _who: Authed) -> Answer {
    let d = state.cashier.payment_details().await?;
    Ok(HttpResponse::Ok().json(PaymentDetailsJson {
        upi_id: d.upi_id,
        payeeName: d.payee_name,
        phone: d.phone,
        qrCode: d.qr_code,
    }))
}

/// Load-test fixture players play with load-test money only: they may never bring money in or take it out.
fn refuse_fixtures(who: &Authed) -> Result<(), ApiError> {
    if who.user.fixture { Err(fixture_account()) } else { Ok(()) }
}

pub(super) fn fixture_account() -> ApiError {
    ApiError::new(
        actix_web::http::StatusCode::FORBIDDEN,
        ErrorCode::FixtureAccount,
        "Load-test players cannot move real money: deposits and withdrawals are refused.",
    )
}

/// The `user` field, when sent, must name the caller (canonically).
fn check_user_field(who: &Authed, user: &Option<Value>) -> Result<(), ApiError> {
    let field = user.clone().unwrap_or(Value::Null);
    who.check_fields(&serde_json::json!({ "user": field }))
}

/// A deposit request: the UTR of the player's UPI payment and its amount. `user`, when sent, must be the caller.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct DepositBody {
    /// The UTR (UPI reference) of the payment; each is accepted once.
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128, pattern = r"\S", example = "412345678901")]
    Utr: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128, pattern = r"\S")]
    userName: Option<String>,
    #[schema(value_type = Option<UserField>)]
    user: Option<Value>,
    phoneNumber: Option<String>,
    /// More than 0.
    #[schema(required = true, value_type = Rupees)]
    deposite: Option<Rupees>,
    /// The note of the UPI payment (`tn=`) the deposit screen made, tying the payment to this request.
    #[schema(pattern = r"^[A-Za-z0-9-]{4,35}$")]
    reference: Option<String>,
}

/// The caller's id or user number, as a number or a string.
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum UserField {
    Number(i64),
    Text(String),
}

#[derive(Serialize, ToSchema)]
pub struct DepositCreated {
    pub success: bool,
    pub message: String,
    pub deposit: DepositJson,
}

refusals!(RequestDepositRefusals {
    400: "`invalid_request`, `missing_field`, `invalid_amount`, `invalid_reference`",
    403: "`play_mode` (points have no cash value), `forbidden` (another user), `fixture_account`, `rg_deposit_limit`, `rg_on_break`, `rg_self_excluded`",
    409: "`utr_taken`",
});
#[utoipa::path(
    request_body = DepositBody,
    responses((status = 201, description = "Submitted; an operator approves or rejects it", body = DepositCreated), RequestDepositRefusals)
)]
#[post("/api/add-more-points")]
pub async fn request_deposit(state: State, who: Authed, body: web::Json<DepositBody>) -> Answer {
    // Play mode refuses before the body's fields are checked (the cashier refuses too, whoever calls it).
    state.cashier.real_money()?;
    refuse_fixtures(&who)?;
    let b = body.into_inner();
    check_user_field(&who, &b.user)?;
    let amount = positive(b.deposite, "Deposit amount")?;
    let reference = b.reference.as_deref().map(str::trim).filter(|r| !r.is_empty());
    if reference
        .is_some_and(|r| !(4..=35).contains(&r.len()) || !r.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
    {
        return Err(ApiError::bad_request(
            ErrorCode::InvalidReference,
            "The payment reference is 4 to 35 letters, digits or '-'",
        ));
    }
    let d = state
        .cashier
        .request_deposit(
            who.user.id,
            b.Utr.as_deref().unwrap_or(""),
            b.userName.as_deref().unwrap_or(""),
            b.phoneNumber.as_deref().unwrap_or(""),
            amount,
            reference,
        )
        .await?;
    Ok(HttpResponse::Created().json(DepositCreated {
        success: true,
        message: "Submitted! Your payment proof has been sent successfully.".into(),
        deposit: deposit_json(&d),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct DepositList {
    pub success: bool,
    pub deposits: Vec<DepositJson>,
}

#[utoipa::path(
    responses((status = 200, description = "The user's deposit requests, newest first", body = DepositList))
)]
#[get("/api/deposits/{userId}")]
pub async fn my_deposits(state: State, PathUser { user: u, .. }: PathUser) -> Answer {
    let list = state.cashier.deposits(Some(u.id), None).await?;
    Ok(HttpResponse::Ok().json(DepositList { success: true, deposits: list.iter().map(deposit_json).collect() }))
}

/// A withdrawal request: the amount is held from the balance until an operator decides.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WithdrawBody {
    #[schema(value_type = Option<UserField>)]
    user: Option<Value>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128, pattern = r"\S")]
    userName: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128, pattern = r"\S")]
    upi_id: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 128, pattern = r"\S")]
    phoneNumber: Option<String>,
    /// More than 0, at most the balance.
    #[schema(required = true, value_type = Rupees)]
    withdrawAmount: Option<Rupees>,
}

#[derive(Serialize, ToSchema)]
pub struct WithdrawalCreated {
    pub success: bool,
    pub message: String,
    pub withdrawal: WithdrawalJson,
}

refusals!(RequestWithdrawalRefusals {
    400: "`invalid_request`, `missing_field`, `invalid_amount`, `insufficient_balance`",
    403: "`play_mode` (points have no cash value), `forbidden` (another user), `fixture_account`",
    503: "`unavailable`: the wallet is briefly unavailable; nothing moved",
});
#[utoipa::path(
    request_body = WithdrawBody,
    responses((status = 201, description = "Submitted; the amount is held until an operator decides", body = WithdrawalCreated), RequestWithdrawalRefusals)
)]
#[post("/api/withdraw")]
pub async fn request_withdrawal(state: State, who: Authed, body: web::Json<WithdrawBody>) -> Answer {
    state.cashier.real_money()?;
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
    Ok(HttpResponse::Created().json(WithdrawalCreated {
        success: true,
        message: "Withdrawal request submitted successfully!".into(),
        withdrawal: withdrawal_json(&w),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct WithdrawalList {
    pub success: bool,
    pub withdrawals: Vec<WithdrawalJson>,
}

#[utoipa::path(
    responses((status = 200, description = "The user's withdrawal requests, newest first", body = WithdrawalList))
)]
#[get("/api/getwithdrawal/{userId}")]
pub async fn my_withdrawals(state: State, PathUser { user: u, .. }: PathUser) -> Answer {
    let list = state.cashier.withdrawals(Some(u.id), None).await?;
    Ok(HttpResponse::Ok()
        .json(WithdrawalList { success: true, withdrawals: list.iter().map(withdrawal_json).collect() }))
}

/// One line of the news ticker.
#[derive(Serialize, ToSchema)]
pub struct NewsItem {
    pub content: String,
}

#[utoipa::path(responses((status = 200, description = "The news ticker, in order", body = Vec<NewsItem>)))]
#[get("/api/platform/news")]
pub async fn news(state: State) -> Answer {
    let items = state.cashier.news().await?;
    Ok(HttpResponse::Ok().json(items.into_iter().map(|content| NewsItem { content }).collect::<Vec<_>>()))
}
