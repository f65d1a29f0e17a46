//! The audit log: who did what to what, when, with the state before and after (JSON, either may be absent).
//! The HTTP layer writes one row after each operator action that changed something; operators read it newest
//! first. Rows are never updated or deleted.

use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::store::Db;
use serde_json::Value;
use sqlx::Any;

/// What an operator did (`action` in the log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    DepositApprove,
    DepositReject,
    WithdrawalApprove,
    WithdrawalReject,
    PaymentDetailsSet,
    NewsSet,
    UserBlock,
    UserUnblock,
    UserResetCode,
    WalletAdjust,
    GameSettings,
    GameSuspend,
    GameResume,
    AviatorSalt,
    FixturesCreate,
    MatkaMarket,
    MatkaDeclare,
    MatkaCorrect,
    ExchangeVoid,
    ExchangeLimits,
    ParchiAbandon,
    /// Cluster mode: a lease asked to move to another node at its next round boundary.
    LeaseMove,
    /// A player's break ended early (a self-exclusion never is).
    BreakLift,
    /// A feed market of the exchange stream mapped to a new match.
    SportsFeedMarket,
    /// A player's identity documents approved (real mode).
    KycApprove,
    /// A player's identity documents rejected, with the reason.
    KycReject,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::DepositApprove => "deposit.approve",
            Action::DepositReject => "deposit.reject",
            Action::WithdrawalApprove => "withdrawal.approve",
            Action::WithdrawalReject => "withdrawal.reject",
            Action::PaymentDetailsSet => "payment_details.set",
            Action::NewsSet => "news.set",
            Action::UserBlock => "user.block",
            Action::UserUnblock => "user.unblock",
            Action::UserResetCode => "user.reset_code",
            Action::WalletAdjust => "wallet.adjust",
            Action::GameSettings => "game.settings",
            Action::GameSuspend => "game.suspend",
            Action::GameResume => "game.resume",
            Action::AviatorSalt => "aviator.salt",
            Action::FixturesCreate => "fixtures.create",
            Action::MatkaMarket => "matka.market",
            Action::MatkaDeclare => "matka.declare",
            Action::MatkaCorrect => "matka.correct",
            Action::ExchangeVoid => "exchange.void",
            Action::ExchangeLimits => "exchange.limits",
            Action::ParchiAbandon => "parchi.abandon",
            Action::LeaseMove => "cluster.move",
            Action::BreakLift => "user.break_lift",
            Action::SportsFeedMarket => "sports.feed_market",
            Action::KycApprove => "kyc.approve",
            Action::KycReject => "kyc.reject",
        }
    }
}

/// One row of the log, with the operator's name.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: i64,
    pub at: EpochMs,
    pub operator: UserId,
    pub operator_name: String,
    pub action: String,
    /// What was acted on, e.g. `deposit:17`, `user:5`, `news`.
    pub target: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Appends one row. `target` names what was acted on (`deposit:17`, `user:5`, `news`).
pub async fn record(
    db: &Db,
    at: EpochMs,
    operator: UserId,
    action: Action,
    target: &str,
    before: Option<Value>,
    after: Option<Value>,
) -> Result<(), sqlx::Error> {
    sqlx::query::<Any>(
        "INSERT INTO audit_log (at, operator_id, action, target, before, after) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(at)
    .bind(operator.0)
    .bind(action.as_str())
    .bind(target.to_string())
    .bind(before.map(|v| v.to_string()))
    .bind(after.map(|v| v.to_string()))
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A row of the log with its operator's name, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct EntryRow {
    id: i64,
    at: EpochMs,
    operator_id: i64,
    operator_name: String,
    action: String,
    target: String,
    before: Option<String>,
    after: Option<String>,
}

/// Up to `limit` rows, newest first; with `before_id`, only rows older than that one (the next page).
pub async fn list(db: &Db, limit: i64, before_id: Option<i64>) -> Result<Vec<Entry>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, EntryRow>(
        "SELECT a.id, a.at, a.operator_id, COALESCE(u.name, '') AS operator_name, a.action, a.target, a.before, a.after \
         FROM audit_log a LEFT JOIN users u ON u.id = a.operator_id WHERE a.id < $1 ORDER BY a.id DESC LIMIT $2",
    )
    .bind(before_id.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    // Stored by `record` from a `Value`, so it parses; anything else is shown as the text it is.
    let json = |text: Option<String>| text.map(|t| serde_json::from_str(&t).unwrap_or(Value::String(t)));
    Ok(rows
        .into_iter()
        .map(|r| Entry {
            id: r.id,
            at: r.at,
            operator: UserId(r.operator_id),
            operator_name: r.operator_name,
            action: r.action,
            target: r.target,
            before: json(r.before),
            after: json(r.after),
        })
        .collect())
}
