//! Operator-only calls: decide deposits and withdrawals, set payment details and news, issue reset
//! codes, adjust a wallet (`POST /wallet/update`, which players may never use), and read the books. Every call that
//! changes something writes an audit row after it succeeded (`crate::admin::audit::write`).

use super::player::{DepositList, PaymentDetailsJson, WithdrawalList};
use super::{DepositJson, WithdrawalJson, deposit_json, withdrawal_json};
use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::{Answer, ApiError, refusals};
use crate::money::{Rupees, rupees};
use crate::state::State;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::Role;
use casino_actors::audit::Action;
use casino_actors::cashier::{BookLine, PaymentDetails, Status};
use casino_actors::ids::UserId;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::play::MoneyMode;
use casino_actors::wallet::{Change, Movement, SystemAccount};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    /// `pending`, `approved` or `rejected` (any case); absent, empty or `all` for every request.
    status: Option<String>,
}

fn status_filter(q: &StatusQuery) -> Result<Option<Status>, ApiError> {
    match q.status.as_deref().map(str::to_lowercase).as_deref() {
        None | Some("") | Some("all") => Ok(None),
        Some(s) => Status::parse(s).map(Some).ok_or_else(|| {
            ApiError::bad_request(ErrorCode::InvalidStatus, "status must be pending, approved or rejected")
        }),
    }
}

// The `{action}` of a decision in the documents: what `decision` takes.
/// `approve` or `reject`.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum Decision {
    Approve,
    Reject,
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

refusals!(ListDepositsRefusals { 400: "`invalid_query`, `invalid_status`" });
/// All deposit requests, optionally by status.
#[utoipa::path(
    params(StatusQuery),
    responses((status = 200, description = "Deposit requests of every user, newest first (at most 500)", body = DepositList), ListDepositsRefusals)
)]
#[get("/api/admin/deposits")]
pub async fn list_deposits(state: State, _op: Operator, q: web::Query<StatusQuery>) -> Answer {
    let list = state.cashier.deposits(None, status_filter(&q)?).await?;
    Ok(HttpResponse::Ok().json(DepositList { success: true, deposits: list.iter().map(deposit_json).collect() }))
}

/// A decided deposit request.
#[derive(Serialize, ToSchema)]
pub struct DepositDecided {
    pub success: bool,
    pub deposit: DepositJson,
}

refusals!(DecideDepositRefusals {
    403: "`play_mode`: an approval in play mode (a rejection moves nothing and is taken)",
    404: "`not_found`: no such request, or an action other than approve or reject",
    409: "`already_decided`",
});
/// Approve or reject a deposit request.
///
/// Approving credits the player from the cashier account. Only a pending request can be decided.
#[utoipa::path(
    params(
        ("id" = i64, Path, description = "The deposit request's id"),
        ("action" = inline(Decision), Path, description = "`approve` or `reject`"),
    ),
    responses((status = 200, description = "Decided", body = DepositDecided), DecideDepositRefusals)
)]
#[post("/api/admin/deposits/{id}/{action}")]
pub async fn decide_deposit(state: State, op: Operator, path: web::Path<(i64, String)>) -> Answer {
    let (id, action) = path.into_inner();
    let (d, act) = if decision(&action)? {
        (state.cashier.approve_deposit(id, op.0.id).await?, Action::DepositApprove)
    } else {
        (state.cashier.reject_deposit(id, op.0.id).await?, Action::DepositReject)
    };
    let after = json!({ "status": d.status.as_str(), "user": d.user_id.0, "amount": rupees(d.amount) });
    audit::write(&state, op.0.id, act, &format!("deposit:{id}"), Some(pending()), Some(after)).await;
    Ok(HttpResponse::Ok().json(DepositDecided { success: true, deposit: deposit_json(&d) }))
}

refusals!(ListWithdrawalsRefusals { 400: "`invalid_query`, `invalid_status`" });
/// All withdrawal requests, optionally by status.
#[utoipa::path(
    params(StatusQuery),
    responses((status = 200, description = "Withdrawal requests of every user, newest first (at most 500)", body = WithdrawalList), ListWithdrawalsRefusals)
)]
#[get("/api/admin/withdrawals")]
pub async fn list_withdrawals(state: State, _op: Operator, q: web::Query<StatusQuery>) -> Answer {
    let list = state.cashier.withdrawals(None, status_filter(&q)?).await?;
    Ok(HttpResponse::Ok()
        .json(WithdrawalList { success: true, withdrawals: list.iter().map(withdrawal_json).collect() }))
}

/// A decided withdrawal request.
#[derive(Serialize, ToSchema)]
pub struct WithdrawalDecided {
    pub success: bool,
    pub withdrawal: WithdrawalJson,
}

refusals!(DecideWithdrawalRefusals {
    403: "`play_mode`: an approval in play mode (a rejection moves nothing it should not and is taken)",
    404: "`not_found`: no such request, or an action other than approve or reject",
    409: "`already_decided`, `hold_missing` (the request's hold is not in the ledger: nothing changed)",
});
/// Approve or reject a withdrawal request.
///
/// Approving pays the held amount out to the cashier account; rejecting returns it to the player's balance.
/// Only a pending request can be decided.
#[utoipa::path(
    params(
        ("id" = i64, Path, description = "The withdrawal request's id"),
        ("action" = inline(Decision), Path, description = "`approve` or `reject`"),
    ),
    responses((status = 200, description = "Decided", body = WithdrawalDecided), DecideWithdrawalRefusals)
)]
#[post("/api/admin/withdrawals/{id}/{action}")]
pub async fn decide_withdrawal(state: State, op: Operator, path: web::Path<(i64, String)>) -> Answer {
    let (id, action) = path.into_inner();
    let (w, act) = if decision(&action)? {
        (state.cashier.approve_withdrawal(id, op.0.id).await?, Action::WithdrawalApprove)
    } else {
        (state.cashier.reject_withdrawal(id, op.0.id).await?, Action::WithdrawalReject)
    };
    let after = json!({ "status": w.status.as_str(), "user": w.user_id.0, "amount": rupees(w.amount) });
    audit::write(&state, op.0.id, act, &format!("withdrawal:{id}"), Some(pending()), Some(after)).await;
    Ok(HttpResponse::Ok().json(WithdrawalDecided { success: true, withdrawal: withdrawal_json(&w) }))
}

/// Where players send deposits. Each field is trimmed; absent fields become empty.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct PaymentBody {
    /// Required.
    upi_id: Option<String>,
    /// The payee name UPI apps show (`pn=` of the payment link).
    payee_name: Option<String>,
    phone: Option<String>,
    /// The QR image (a data: or https: URL).
    qrCode: Option<String>,
}

/// The payment details now shown to players.
#[derive(Serialize, ToSchema)]
pub struct PaymentDetailsSaved {
    pub success: bool,
    #[serde(flatten)]
    pub details: PaymentDetailsJson,
}

refusals!(SetPaymentDetailsRefusals {
    400: "`invalid_request`, `missing_field`",
    403: "`play_mode`: points have no cash value, so nothing is paid in",
});
/// Set the payment details players deposit to.
#[utoipa::path(
    request_body = PaymentBody,
    responses((status = 200, description = "Saved", body = PaymentDetailsSaved), SetPaymentDetailsRefusals)
)]
#[put("/api/admin/upi")]
pub async fn set_payment_details(state: State, op: Operator, body: web::Json<PaymentBody>) -> Answer {
    state.cashier.real_money()?;
    let b = body.into_inner();
    let d = PaymentDetails {
        upi_id: b.upi_id.unwrap_or_default().trim().to_string(),
        payee_name: b.payee_name.unwrap_or_default().trim().to_string(),
        phone: b.phone.unwrap_or_default().trim().to_string(),
        qr_code: b.qrCode.unwrap_or_default().trim().to_string(),
    };
    if d.upi_id.is_empty() {
        return Err(ApiError::bad_request(ErrorCode::MissingField, "UPI ID is required"));
    }
    let before = state.cashier.payment_details().await?;
    state.cashier.set_payment_details(&d).await?;
    let details = |d: &PaymentDetails| json!({ "upi_id": d.upi_id, "payee_name": d.payee_name, "phone": d.phone, "qrCode": d.qr_code });
    let (before, after) = (Some(details(&before)), Some(details(&d)));
    audit::write(&state, op.0.id, Action::PaymentDetailsSet, "payment_details", before, after).await;
    let details = PaymentDetailsJson { upi_id: d.upi_id, payeeName: d.payee_name, phone: d.phone, qrCode: d.qr_code };
    Ok(HttpResponse::Ok().json(PaymentDetailsSaved { success: true, details }))
}

/// The whole news ticker, in order; it replaces the current one (blank items are dropped).
#[derive(Deserialize, ToSchema)]
pub struct NewsBody {
    /// At most 500 characters each.
    items: Vec<String>,
}

/// `{"success": true}`.
#[derive(Serialize, ToSchema)]
pub struct NewsSaved {
    pub success: bool,
}

refusals!(SetNewsRefusals { 400: "`invalid_request`, `too_long`" });
/// Replace the news ticker.
#[utoipa::path(
    request_body = NewsBody,
    responses((status = 200, description = "Saved", body = NewsSaved), SetNewsRefusals)
)]
#[put("/api/admin/news")]
pub async fn set_news(state: State, op: Operator, body: web::Json<NewsBody>) -> Answer {
    if body.items.iter().any(|i| i.len() > 500) {
        return Err(ApiError::bad_request(ErrorCode::TooLong, "A news item may have at most 500 characters"));
    }
    let before = state.cashier.news().await?;
    state.cashier.set_news(&body.items).await?;
    let after = state.cashier.news().await?;
    audit::write(&state, op.0.id, Action::NewsSet, "news", Some(json!(before)), Some(json!(after))).await;
    Ok(HttpResponse::Ok().json(NewsSaved { success: true }))
}

/// A password-reset code for the operator to pass on to the player (it is not sent to them).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct ResetCodeIssued {
    pub success: bool,
    pub userNo: i64,
    /// The one-time code; null only if the account vanished meanwhile.
    pub code: Option<String>,
}

refusals!(IssueResetCodeRefusals { 404: "`not_found`" });
/// Issue a password-reset code for a player.
///
/// Issues a one-time code (replacing any earlier one) and starts the account's guess budget afresh. The code
/// is returned for the operator to pass on, never sent or logged.
#[utoipa::path(
    params(("who" = String, Path, description = "The player's user number, phone number or e-mail address")),
    responses((status = 200, description = "Issued", body = ResetCodeIssued), IssueResetCodeRefusals)
)]
#[post("/api/admin/users/{who}/reset-code")]
pub async fn issue_reset_code(state: State, op: Operator, who: web::Path<String>) -> Answer {
    let user = state.accounts.by_login(&who).await?.ok_or_else(|| ApiError::not_found("User not found"))?;
    let code = state.accounts.start_reset(&user.user_no.to_string()).await?;
    // The code itself is never written to the log.
    let target = format!("user:{}", user.id);
    audit::write(&state, op.0.id, Action::UserResetCode, &target, None, Some(json!({ "codeIssued": true }))).await;
    Ok(HttpResponse::Ok().json(ResetCodeIssued { success: true, userNo: user.user_no, code }))
}

/// An operator's adjustment of one user's wallet.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WalletUpdateBody {
    /// The user's id (not the user number), as a number or a numeric string.
    #[schema(value_type = Option<WalletUserId>)]
    userId: Option<Value>,
    /// Positive credits the user, negative debits them (against the cashier account).
    amount: Option<Rupees>,
    /// Kept in the ledger reference and the audit log.
    reason: Option<String>,
    /// Sending the same key again moves nothing and answers `replayed: true`; a random key when absent.
    idempotencyKey: Option<String>,
}

/// A user id, as a number or a numeric string.
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
#[serde(untagged)]
pub enum WalletUserId {
    Number(i64),
    Text(String),
}

/// The user's wallet after the adjustment.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct WalletUpdated {
    pub success: bool,
    pub message: String,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposureBalance: Paise,
    /// True when this idempotency key had been applied before and nothing moved now.
    pub replayed: bool,
}

refusals!(WalletUpdateRefusals {
    400: "`invalid_request`, `missing_field`, `invalid_amount` (zero), `insufficient_balance` (a debit larger than the balance)",
    403: "`forbidden` (not an operator), `fixture_account` (a load-test player)",
    404: "`not_found`: no such user",
    409: "`idempotency_conflict`: the key was used for a different change",
    503: "`unavailable`: the wallet is briefly unavailable; nothing moved",
});
/// Adjust a user's wallet (the spec's `/wallet/update`, operators only).
///
/// A positive amount credits, a negative one debits, against the cashier account (in play mode, the play points'
/// account: play points never meet money).
/// The spec let the client call this to pay itself; here a player gets 403 and nothing moves.
#[utoipa::path(
    request_body = WalletUpdateBody,
    responses((status = 200, description = "Applied (or replayed)", body = WalletUpdated), WalletUpdateRefusals)
)]
#[post("/wallet/update")]
pub async fn wallet_update(state: State, who: Authed, body: web::Json<WalletUpdateBody>) -> Answer {
    if who.user.role != Role::Operator {
        return Err(ApiError::new(
            actix_web::http::StatusCode::FORBIDDEN,
            ErrorCode::Forbidden,
            "Balances are changed only by the server.",
        ));
    }
    let b = body.into_inner();
    let target = match &b.userId {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_request(ErrorCode::MissingField, "userId is required"))?;
    let Some(Rupees(amount)) = b.amount else {
        return Err(ApiError::bad_request(ErrorCode::MissingField, "amount is required"));
    };
    // A fixture player's money is load-test money: it never meets the cashier's.
    if state.accounts.by_id(UserId(target)).await?.is_some_and(|u| u.fixture) {
        return Err(super::player::fixture_account());
    }
    let against = match state.play.mode() {
        MoneyMode::Real => SystemAccount::Cashier,
        MoneyMode::Play => SystemAccount::Play,
    };
    let movement = if amount.is_negative() {
        Movement::Debit { amount: amount.checked_neg().map_err(ApiError::internal)?, to: against }
    } else {
        Movement::Credit { amount, from: against }
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
    Ok(HttpResponse::Ok().json(WalletUpdated {
        success: true,
        message: "Wallet updated".into(),
        balance: receipt.balance,
        exposureBalance: receipt.exposure,
        replayed: receipt.replayed,
    }))
}

/// One kind of account in the books: how many there are and what they hold together.
#[derive(Serialize, ToSchema)]
pub struct BookLineJson {
    pub accounts: i64,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub balance: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub exposure: Paise,
}

/// The books by kind of account; load-test money (`loadTest`, `fixturePlayers`) apart from real money.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct BooksJson {
    pub success: bool,
    /// The shards' house accounts.
    pub house: BookLineJson,
    pub cashier: BookLineJson,
    pub loadTest: BookLineJson,
    pub players: BookLineJson,
    pub fixturePlayers: BookLineJson,
    /// The shards' play-points accounts (play mode's grants and top-ups, less voided points).
    pub play: BookLineJson,
    /// What the platform plays for.
    pub moneyMode: MoneyMode,
    /// Balance plus exposure of every account: zero while the books balance.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub total: Paise,
}

/// The books by kind of account, load-test money apart from real money; `total` is zero while they balance.
#[utoipa::path(
    responses((status = 200, description = "The books", body = BooksJson))
)]
#[get("/api/admin/books")]
pub async fn books(state: State, _op: Operator) -> Answer {
    let b = state.cashier.books().await?;
    let line = |l: BookLine| BookLineJson { accounts: l.accounts, balance: l.balance, exposure: l.exposure };
    let total = b.total().ok_or_else(|| ApiError::internal("books total overflows"))?;
    Ok(HttpResponse::Ok().json(BooksJson {
        success: true,
        house: line(b.house),
        cashier: line(b.cashier),
        loadTest: line(b.load_test),
        players: line(b.players),
        fixturePlayers: line(b.fixture_players),
        play: line(b.play),
        moneyMode: state.play.mode(),
        total,
    }))
}
