//! Operator-only calls: decide deposits and withdrawals, set payment details and news, issue reset
//! codes, adjust a wallet (`POST /wallet/update`, which players may never use), and read the books. Every call that
//! changes something writes an audit row after it succeeded (`crate::admin::audit::write`).

use super::{deposit_json, withdrawal_json};
use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::ApiError;
use crate::money::{Rupees, rupees};
use crate::state::State;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::accounts::Role;
use casino_actors::audit::Action;
use casino_actors::cashier::{BookLine, PaymentDetails, Status};
use casino_actors::ids::UserId;
use casino_actors::wallet::{Change, Movement, SystemAccount};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
pub struct StatusQuery {
    status: Option<String>,
}

fn status_filter(q: &StatusQuery) -> Result<Option<Status>, ApiError> {
    match q.status.as_deref().map(str::to_lowercase).as_deref() {
        None | Some("") | Some("all") => Ok(None),
        Some(s) => Status::parse(s)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("invalid_status", "status must be pending, approved or rejected")),
    }
}

fn decision(action: &str) -> Result<bool, ApiError> {
    match action {
        "approve" => Ok(true),
        "reject" => Ok(false),
        _ => Err(ApiError::not_found("Unknown action")),
    }
}

/// A decision is recorded only from `pending` (a second one is refused), so that is always the state before.
fn pending() -> Value {
    json!({ "status": "pending" })
}

#[get("/api/admin/deposits")]
pub async fn list_deposits(state: State, _op: Operator, q: web::Query<StatusQuery>) -> Result<HttpResponse, ApiError> {
    let list = state.cashier.deposits(None, status_filter(&q)?).await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "success": true, "deposits": list.iter().map(deposit_json).collect::<Vec<_>>() })))
}

#[post("/api/admin/deposits/{id}/{action}")]
pub async fn decide_deposit(
    state: State,
    op: Operator,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, action) = path.into_inner();
    let (d, act) = if decision(&action)? {
        (state.cashier.approve_deposit(id, op.0.id).await?, Action::DepositApprove)
    } else {
        (state.cashier.reject_deposit(id, op.0.id).await?, Action::DepositReject)
    };
    let after = json!({ "status": d.status.as_str(), "user": d.user_id.0, "amount": rupees(d.amount) });
    audit::write(&state, op.0.id, act, &format!("deposit:{id}"), Some(pending()), Some(after)).await;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "deposit": deposit_json(&d) })))
}

#[get("/api/admin/withdrawals")]
pub async fn list_withdrawals(
    state: State,
    _op: Operator,
    q: web::Query<StatusQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = state.cashier.withdrawals(None, status_filter(&q)?).await?;
    Ok(HttpResponse::Ok()
        .json(json!({ "success": true, "withdrawals": list.iter().map(withdrawal_json).collect::<Vec<_>>() })))
}

#[post("/api/admin/withdrawals/{id}/{action}")]
pub async fn decide_withdrawal(
    state: State,
    op: Operator,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, action) = path.into_inner();
    let (w, act) = if decision(&action)? {
        (state.cashier.approve_withdrawal(id, op.0.id).await?, Action::WithdrawalApprove)
    } else {
        (state.cashier.reject_withdrawal(id, op.0.id).await?, Action::WithdrawalReject)
    };
    let after = json!({ "status": w.status.as_str(), "user": w.user_id.0, "amount": rupees(w.amount) });
    audit::write(&state, op.0.id, act, &format!("withdrawal:{id}"), Some(pending()), Some(after)).await;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "withdrawal": withdrawal_json(&w) })))
}

#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct PaymentBody {
    upi_id: Option<String>,
    phone: Option<String>,
    qrCode: Option<String>,
}

#[put("/api/admin/upi")]
pub async fn set_payment_details(
    state: State,
    op: Operator,
    body: web::Json<PaymentBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let d = PaymentDetails {
        upi_id: b.upi_id.unwrap_or_default().trim().to_string(),
        phone: b.phone.unwrap_or_default().trim().to_string(),
        qr_code: b.qrCode.unwrap_or_default().trim().to_string(),
    };
    if d.upi_id.is_empty() {
        return Err(ApiError::bad_request("missing_field", "UPI ID is required"));
    }
    let before = state.cashier.payment_details().await?;
    state.cashier.set_payment_details(&d).await?;
    let details = |d: &PaymentDetails| json!({ "upi_id": d.upi_id, "phone": d.phone, "qrCode": d.qr_code });
    let (before, after) = (Some(details(&before)), Some(details(&d)));
    audit::write(&state, op.0.id, Action::PaymentDetailsSet, "payment_details", before, after).await;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "upi_id": d.upi_id, "phone": d.phone, "qrCode": d.qr_code })))
}

#[derive(Deserialize)]
pub struct NewsBody {
    items: Vec<String>,
}

#[put("/api/admin/news")]
pub async fn set_news(state: State, op: Operator, body: web::Json<NewsBody>) -> Result<HttpResponse, ApiError> {
    if body.items.iter().any(|i| i.len() > 500) {
        return Err(ApiError::bad_request("too_long", "A news item may have at most 500 characters"));
    }
    let before = state.cashier.news().await?;
    state.cashier.set_news(&body.items).await?;
    let after = state.cashier.news().await?;
    audit::write(&state, op.0.id, Action::NewsSet, "news", Some(json!(before)), Some(json!(after))).await;
    Ok(HttpResponse::Ok().json(json!({ "success": true })))
}

#[post("/api/admin/users/{who}/reset-code")]
pub async fn issue_reset_code(state: State, op: Operator, who: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.by_login(&who).await?.ok_or_else(|| ApiError::not_found("User not found"))?;
    let code = state.accounts.start_reset(&user.user_no.to_string()).await?;
    // The code itself is never written to the log.
    let target = format!("user:{}", user.id);
    audit::write(&state, op.0.id, Action::UserResetCode, &target, None, Some(json!({ "codeIssued": true }))).await;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "userNo": user.user_no, "code": code })))
}

#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct WalletUpdateBody {
    userId: Option<Value>,
    amount: Option<Rupees>,
    reason: Option<String>,
    idempotencyKey: Option<String>,
}

/// Operator adjustment: a positive amount credits, a negative one debits, against the cashier account.
/// The spec let the client call this to pay itself; here a player gets 403 and nothing moves.
#[post("/wallet/update")]
pub async fn wallet_update(
    state: State,
    who: Authed,
    body: web::Json<WalletUpdateBody>,
) -> Result<HttpResponse, ApiError> {
    if who.user.role != Role::Operator {
        return Err(ApiError::new(
            actix_web::http::StatusCode::FORBIDDEN,
            "forbidden",
            "Balances are changed only by the server.",
        ));
    }
    let b = body.into_inner();
    let target = match &b.userId {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_request("missing_field", "userId is required"))?;
    let Some(Rupees(amount)) = b.amount else {
        return Err(ApiError::bad_request("missing_field", "amount is required"));
    };
    // A fixture player's money is load-test money: it never meets the cashier's.
    if state.accounts.by_id(UserId(target)).await?.is_some_and(|u| u.fixture) {
        return Err(super::player::fixture_account());
    }
    let movement = if amount.is_negative() {
        Movement::Debit { amount: amount.checked_neg().map_err(ApiError::internal)?, to: SystemAccount::Cashier }
    } else {
        Movement::Credit { amount, from: SystemAccount::Cashier }
    };
    let key = b.idempotencyKey.unwrap_or_else(|| format!("adjust:{}:{}", who.user.id, rand::random::<u64>()));
    let reason = b.reason.unwrap_or_default();
    let receipt = state
        .wallet
        .apply(Change {
            user: UserId(target),
            movement,
            kind: casino_actors::wallet::LedgerKind::Adjustment,
            reference: format!("operator:{}:{reason}", who.user.id),
            idempotency_key: key.clone(),
        })
        .await?;
    // A replay moved nothing, so it changed nothing to log.
    if !receipt.replayed {
        let before = receipt.balance.checked_sub(receipt.delta_balance).ok().map(|b| json!({ "balance": rupees(b) }));
        let after = json!({
            "balance": rupees(receipt.balance), "amount": rupees(amount), "reason": reason, "idempotencyKey": key,
        });
        let target = format!("user:{target}");
        audit::write(&state, who.user.id, Action::WalletAdjust, &target, before, Some(after)).await;
    }
    Ok(HttpResponse::Ok().json(json!({
        "success": true, "message": "Wallet updated", "balance": rupees(receipt.balance),
        "exposureBalance": rupees(receipt.exposure), "replayed": receipt.replayed,
    })))
}

/// The books by kind of account, load-test money apart from real money; `total` is zero while they balance.
#[get("/api/admin/books")]
pub async fn books(state: State, _op: Operator) -> Result<HttpResponse, ApiError> {
    let b = state.cashier.books().await?;
    let line =
        |l: BookLine| json!({ "accounts": l.accounts, "balance": rupees(l.balance), "exposure": rupees(l.exposure) });
    let total = b.total().ok_or_else(|| ApiError::internal("books total overflows"))?;
    Ok(HttpResponse::Ok().json(json!({
        "success": true,
        "house": line(b.house),
        "cashier": line(b.cashier),
        "loadTest": line(b.load_test),
        "players": line(b.players),
        "fixturePlayers": line(b.fixture_players),
        "total": rupees(total),
    })))
}
