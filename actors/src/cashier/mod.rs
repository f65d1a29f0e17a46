//! The cashier: deposit and withdrawal requests, decided once by an operator; payment details and news;
//! the operators' books (what each kind of account holds).
//!
//! A decision is first recorded with a guarded UPDATE (`… WHERE status = 'pending'`), so it happens
//! once; then the wallet moves the money under an idempotency key derived from the request. If the
//! process dies in between, `reconcile` (run at start-up) finishes the wallet side exactly once.
//!
//! A withdrawal request is recorded before its amount is held. A request whose hold has no final answer (a commit
//! whose outcome is unknown, a shard on another node that did not answer in time) stays `pending` and its hold is
//! asked again with the same key — in the background, by a rejection, and at start-up — until the wallet answers for
//! good: held (the request stays), or refused with nothing moved (the request is removed). Until then the request's
//! hold is simply missing from the ledger, and approving it is refused.

use crate::clock::{EpochMs, SharedClock};
use crate::compliance::kyc;
use crate::compliance::rules::Thresholds;
use crate::ids::UserId;
use crate::money::Paise;
use crate::play::MoneyMode;
use crate::store::Db;
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Change, LedgerKind, Movement, SystemAccount, WalletError, WalletHandle, shard::balances};
use serde::Serialize;
use std::time::Duration;
// Dynamic SQL in this file is assembled only from constants and placeholder counts, never from input.
use sqlx::AssertSqlSafe;
use sqlx::any::{AnyRow, AnyTypeInfo, AnyValueRef};
use sqlx::{Any, FromRow, Row};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Status {
    Pending,
    Approved,
    Rejected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Approved => "approved",
            Status::Rejected => "rejected",
        }
    }
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "pending" => Some(Status::Pending),
            "approved" => Some(Status::Approved),
            "rejected" => Some(Status::Rejected),
            _ => None,
        }
    }
}

/// Stored as its text ([`Status::as_str`]).
impl sqlx::Type<Any> for Status {
    fn type_info() -> AnyTypeInfo {
        <String as sqlx::Type<Any>>::type_info()
    }
    fn compatible(ty: &AnyTypeInfo) -> bool {
        <String as sqlx::Type<Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, Any> for Status {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        let text = <String as sqlx::Decode<'r, Any>>::decode(value)?;
        Status::parse(&text).ok_or_else(|| format!("bad status {text}").into())
    }
}

/// A deposit request, as its row in `deposits` has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx_macros::FromRow)]
pub struct Deposit {
    pub id: i64,
    pub user_id: UserId,
    pub utr: String,
    pub user_name: String,
    pub phone: String,
    pub amount: Paise,
    pub status: Status,
    pub created_at: EpochMs,
    pub decided_at: Option<EpochMs>,
    /// The note of the UPI payment the deposit screen made (`tn=`), tying the payment to this request.
    pub reference: Option<String>,
}

/// A withdrawal request, as its row in `withdrawals` has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx_macros::FromRow)]
pub struct Withdrawal {
    pub id: i64,
    pub user_id: UserId,
    pub user_name: String,
    pub upi_id: String,
    pub phone: String,
    pub amount: Paise,
    pub status: Status,
    pub created_at: EpochMs,
    pub decided_at: Option<EpochMs>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PaymentDetails {
    pub upi_id: String,
    /// The name UPI apps show for the payee (`pn=`).
    pub payee_name: String,
    pub phone: String,
    pub qr_code: String,
}

#[derive(Debug, thiserror::Error)]
pub enum CashierError {
    #[error("This UTR number has already been submitted")]
    UtrTaken,
    #[error("Amount must be greater than 0")]
    NonPositiveAmount,
    #[error("Insufficient wallet balance!")]
    InsufficientBalance,
    #[error("{0} is required")]
    Missing(&'static str),
    #[error("request not found")]
    NotFound,
    #[error("request already decided")]
    AlreadyDecided,
    #[error("This withdrawal's amount is not held, so it cannot be approved")]
    HoldMissing,
    #[error("wallet: {0}")]
    Wallet(#[from] WalletError),
    /// Past a deposit limit the player set, or during their break or self-exclusion.
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    /// Real mode: a withdrawal past the thresholds needs a verified identity.
    #[error(
        "Withdrawals above {} rupees a request or {} rupees in 30 days need a verified identity: submit your documents under Identity",
        .0.single.to_rupees_json(), .0.rolling_30_days.to_rupees_json()
    )]
    IdentityRequired(Thresholds),
    /// Play mode: points have no cash value, so nothing is deposited, withdrawn or paid to.
    #[error("This platform plays for points with no cash value: there are no deposits or withdrawals")]
    PlayMode,
    #[error("storage: {0}")]
    Storage(#[from] sqlx::Error),
}

/// What a group of wallet accounts holds together.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BookLine {
    pub accounts: i64,
    pub balance: Paise,
    pub exposure: Paise,
}

/// The books by kind of account. Load-test money (the shards' `load_test` accounts and the fixture players
/// they fund) is reported apart from real money; all of it together sums to zero (double entry).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Books {
    /// The shards' house accounts (their results against fixture players included, until those are removed).
    pub house: BookLine,
    pub cashier: BookLine,
    pub load_test: BookLine,
    pub players: BookLine,
    pub fixture_players: BookLine,
    /// The shards' `play` accounts: the play points given (play mode), less those voided.
    pub play: BookLine,
}

impl Books {
    /// Balance plus exposure of every account: zero while the books balance. None on overflow.
    pub fn total(&self) -> Option<Paise> {
        [self.house, self.cashier, self.load_test, self.players, self.fixture_players, self.play]
            .iter()
            .try_fold(Paise::ZERO, |t, l| t.checked_add(l.balance).and_then(|t| t.checked_add(l.exposure)).ok())
    }
}

pub const DEFAULT_NEWS: &str =
    "Welcome! Deposits and withdrawals are processed by our team around the clock. Play responsibly.";

/// What [`Cashier::reconcile`] did at start-up.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Reconciled {
    pub fixed: usize,
    /// Withdrawal requests whose hold the wallet refused for good: nothing moved, and the request is gone.
    pub removed: usize,
    /// Requests it could not finish (reported in the log, left for the operators).
    pub failed: usize,
}

/// What the wallet finally answered to a withdrawal's hold.
#[derive(Debug)]
enum Hold {
    /// Held (now or before): the amount is in the player's exposure.
    Held,
    /// Refused for good: nothing moved.
    Refused(WalletError),
}

#[derive(Clone)]
pub struct Cashier {
    db: Db,
    wallet: WalletHandle,
    clock: SharedClock,
    /// How long a withdrawal request waits for its hold's final answer before it is answered as pending.
    hold_patience: Duration,
    /// In play mode no money comes in or goes out: every request, approval and payment detail is refused.
    mode: MoneyMode,
    /// Real mode: the withdrawals a player may ask for without a verified identity.
    identity: Thresholds,
}

fn required(value: &str, field: &'static str) -> Result<String, CashierError> {
    let t = value.trim();
    if t.is_empty() || t.len() > 128 { Err(CashierError::Missing(field)) } else { Ok(t.to_string()) }
}

/// A request an operator decides: a deposit or a withdrawal, a row of its own table.
trait Request: for<'r> FromRow<'r, AnyRow> + Send + Unpin {
    const TABLE: &'static str;
    /// The columns its rows are read from.
    const COLUMNS: &'static str;
}

impl Request for Deposit {
    const TABLE: &'static str = "deposits";
    const COLUMNS: &'static str =
        "id, user_id, utr, user_name, phone, amount, status, created_at, decided_at, reference";
}

impl Request for Withdrawal {
    const TABLE: &'static str = "withdrawals";
    const COLUMNS: &'static str = "id, user_id, user_name, upi_id, phone, amount, status, created_at, decided_at";
}

/// One row of the books' query: a kind of account, how many there are and what they hold.
#[derive(sqlx_macros::FromRow)]
struct BookDbRow {
    kind: String,
    accounts: i64,
    balance: i64,
    exposure: i64,
}

#[derive(sqlx_macros::FromRow)]
struct SettingRow {
    key: String,
    value: String,
}

impl Cashier {
    pub fn new(db: Db, wallet: WalletHandle, clock: SharedClock) -> Self {
        Cashier {
            db,
            wallet,
            clock,
            hold_patience: crate::table::PATIENCE,
            mode: MoneyMode::Real,
            identity: Thresholds::default(),
        }
    }

    /// This cashier in `mode` (default real).
    pub fn in_mode(mut self, mode: MoneyMode) -> Self {
        self.mode = mode;
        self
    }

    /// This cashier asking a verified identity for withdrawals past `thresholds` (default ₹10,000 a request or
    /// ₹50,000 in 30 days).
    pub fn with_identity_thresholds(mut self, thresholds: Thresholds) -> Self {
        self.identity = thresholds;
        self
    }

    /// Refuses what moves real money, or shows where to pay it, in play mode.
    pub fn real_money(&self) -> Result<(), CashierError> {
        if self.mode == MoneyMode::Play { Err(CashierError::PlayMode) } else { Ok(()) }
    }

    /// This cashier waiting `patience` for a withdrawal's hold (default: a table's patience with the wallet).
    pub fn with_hold_patience(mut self, patience: Duration) -> Self {
        self.hold_patience = patience;
        self
    }

    pub async fn request_deposit(
        &self,
        user: UserId,
        utr: &str,
        user_name: &str,
        phone: &str,
        amount: Paise,
        reference: Option<&str>,
    ) -> Result<Deposit, CashierError> {
        self.real_money()?;
        let utr = required(utr, "UTR NO")?;
        let user_name = required(user_name, "UserName")?;
        let phone = if phone.trim().is_empty() { "N/A".to_string() } else { required(phone, "Mobile No")? };
        if !amount.is_positive() {
            return Err(CashierError::NonPositiveAmount);
        }
        let now = self.clock.now_ms();
        // The player's own limits: checked and the request recorded in one write transaction, the person's row taken
        // first, so two requests at once cannot both fit into what is left.
        let mut w = self.db.begin_write().await?;
        sqlx::query::<Any>("UPDATE users SET id = id WHERE id = $1").bind(user.0).execute(&mut *w.tx).await?;
        crate::rg::store::check_deposit(&mut w.tx, user, amount, now).await?.map_err(CashierError::Limited)?;
        let sql = format!(
            "INSERT INTO deposits (user_id, utr, user_name, phone, amount, status, created_at, reference) \
             VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7) ON CONFLICT (utr) DO NOTHING RETURNING {}",
            Deposit::COLUMNS
        );
        let d = sqlx::query_as::<Any, Deposit>(AssertSqlSafe(sql))
            .bind(user.0)
            .bind(utr)
            .bind(user_name)
            .bind(phone)
            .bind(amount.get())
            .bind(now)
            .bind(reference.map(str::to_string))
            .fetch_optional(&mut *w.tx)
            .await?
            .ok_or(CashierError::UtrTaken)?;
        w.commit().await?;
        Ok(d)
    }

    /// A player's deposits (newest first), or every deposit with a status when `user` is None.
    pub async fn deposits(&self, user: Option<UserId>, status: Option<Status>) -> Result<Vec<Deposit>, CashierError> {
        self.requests(user, status).await
    }

    pub async fn withdrawals(
        &self,
        user: Option<UserId>,
        status: Option<Status>,
    ) -> Result<Vec<Withdrawal>, CashierError> {
        self.requests(user, status).await
    }

    /// A player's requests of a kind (newest first, at most 500), or every one with a status when `user` is None.
    async fn requests<R: Request>(&self, user: Option<UserId>, status: Option<Status>) -> Result<Vec<R>, CashierError> {
        let sql = format!(
            "SELECT {} FROM {} WHERE ($1 < 0 OR user_id = $1) AND ($2 = '' OR status = $2) \
             ORDER BY id DESC LIMIT 500",
            R::COLUMNS,
            R::TABLE
        );
        Ok(sqlx::query_as::<Any, R>(AssertSqlSafe(sql))
            .bind(user.map_or(-1, |u| u.0))
            .bind(status.map_or("", Status::as_str))
            .fetch_all(&self.db.pool)
            .await?)
    }

    /// Records the decision once. Errors: NotFound, or AlreadyDecided for a second decision.
    async fn decide<R: Request>(&self, id: i64, to: Status, operator: UserId) -> Result<(), CashierError> {
        let table = R::TABLE;
        let sql = format!(
            "UPDATE {table} SET status = $1, decided_at = $2, decided_by = $3 WHERE id = $4 AND status = 'pending'"
        );
        let done = sqlx::query::<Any>(AssertSqlSafe(sql))
            .bind(to.as_str())
            .bind(self.clock.now_ms())
            .bind(operator.0)
            .bind(id)
            .execute(&self.db.pool)
            .await?;
        if done.rows_affected() == 1 {
            return Ok(());
        }
        let exists = sqlx::query::<Any>(AssertSqlSafe(format!("SELECT 1 FROM {table} WHERE id = $1")))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        Err(if exists.is_some() { CashierError::AlreadyDecided } else { CashierError::NotFound })
    }

    /// A request by its id; NotFound if there is none.
    async fn request<R: Request>(&self, id: i64) -> Result<R, CashierError> {
        let sql = format!("SELECT {} FROM {} WHERE id = $1", R::COLUMNS, R::TABLE);
        sqlx::query_as::<Any, R>(AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .ok_or(CashierError::NotFound)
    }

    fn deposit_credit(d: &Deposit) -> Change {
        Change {
            user: d.user_id,
            movement: Movement::Credit { amount: d.amount, from: SystemAccount::Cashier },
            kind: LedgerKind::Deposit,
            reference: format!("deposit:{}", d.id),
            idempotency_key: format!("deposit:{}", d.id),
        }
    }

    fn withdrawal_change(w: &Withdrawal, step: Status) -> Change {
        let (movement, kind, step_name) = match step {
            Status::Pending => (Movement::Hold { amount: w.amount }, LedgerKind::WithdrawalHold, "hold"),
            Status::Approved => (
                Movement::Settle { hold: w.amount, payout: Paise::ZERO, with: SystemAccount::Cashier },
                LedgerKind::Withdrawal,
                "settle",
            ),
            Status::Rejected => (Movement::Release { amount: w.amount }, LedgerKind::WithdrawalRelease, "release"),
        };
        Change {
            user: w.user_id,
            movement,
            kind,
            reference: format!("withdrawal:{}", w.id),
            idempotency_key: format!("withdrawal:{}:{step_name}", w.id),
        }
    }

    pub async fn approve_deposit(&self, id: i64, operator: UserId) -> Result<Deposit, CashierError> {
        self.real_money()?;
        self.decide::<Deposit>(id, Status::Approved, operator).await?;
        let d = self.request::<Deposit>(id).await?;
        apply_until_final(&self.wallet, Self::deposit_credit(&d)).await?;
        Ok(d)
    }

    pub async fn reject_deposit(&self, id: i64, operator: UserId) -> Result<Deposit, CashierError> {
        self.decide::<Deposit>(id, Status::Rejected, operator).await?;
        self.request::<Deposit>(id).await
    }

    /// Holds the amount at once, so it can be neither spent nor withdrawn twice while pending. A hold the wallet
    /// refuses for good removes the request (nothing moved); one with no final answer within the patience leaves it
    /// pending, its hold settled in the background.
    pub async fn request_withdrawal(
        &self,
        user: UserId,
        user_name: &str,
        upi_id: &str,
        phone: &str,
        amount: Paise,
    ) -> Result<Withdrawal, CashierError> {
        self.real_money()?;
        let user_name = required(user_name, "Username")?;
        let upi_id = required(upi_id, "UPI ID")?;
        let phone = required(phone, "Phone Number")?;
        if !amount.is_positive() {
            return Err(CashierError::NonPositiveAmount);
        }
        if balances(&self.db, user).await?.balance < amount {
            return Err(CashierError::InsufficientBalance);
        }
        // The identity check counts the last 30 days' requests: checked and this one recorded in one write
        // transaction, the person's row taken first, so two requests at once cannot both slip under the threshold.
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        sqlx::query::<Any>("UPDATE users SET id = id WHERE id = $1").bind(user.0).execute(&mut *tx.tx).await?;
        if kyc::withdrawal_needs_identity(&mut tx.tx, user, amount, now, &self.identity).await? {
            return Err(CashierError::IdentityRequired(self.identity));
        }
        let sql = format!(
            "INSERT INTO withdrawals (user_id, user_name, upi_id, phone, amount, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING {}",
            Withdrawal::COLUMNS
        );
        let w = sqlx::query_as::<Any, Withdrawal>(AssertSqlSafe(sql))
            .bind(user.0)
            .bind(user_name)
            .bind(upi_id)
            .bind(phone)
            .bind(amount.get())
            .bind(now)
            .fetch_one(&mut *tx.tx)
            .await?;
        tx.commit().await?;
        match tokio::time::timeout(self.hold_patience, self.settle_hold(&w)).await {
            Ok(Ok(Hold::Held)) => self.request::<Withdrawal>(w.id).await,
            Ok(Ok(Hold::Refused(e))) => Err(match e {
                WalletError::InsufficientBalance => CashierError::InsufficientBalance,
                other => CashierError::Wallet(other),
            }),
            Ok(Err(e)) => {
                // The hold's answer came, but recording what follows from it failed: finished in the background.
                self.settle_in_background(w);
                Err(e)
            }
            Err(_) => {
                // No final answer in time: the request stays pending while its hold is settled in the background.
                tracing::warn!(id = w.id, "a withdrawal's hold has no final answer yet; it stays pending meanwhile");
                self.settle_in_background(w.clone());
                Ok(w)
            }
        }
    }

    /// Asks for a withdrawal's hold with its key until the wallet's answer is final. Asking again moves nothing if
    /// the hold happened, and a shard takes the asks in order, so this answer is the hold's. Held: if the request
    /// was rejected (or removed) meanwhile, the amount goes back to the balance. Refused: the request is removed
    /// unless an operator decided it meanwhile.
    async fn settle_hold(&self, w: &Withdrawal) -> Result<Hold, CashierError> {
        match apply_until_final(&self.wallet, Self::withdrawal_change(w, Status::Pending)).await {
            Ok(_) => {
                let give_back = match self.request::<Withdrawal>(w.id).await {
                    Ok(now) => now.status == Status::Rejected,
                    Err(CashierError::NotFound) => true,
                    Err(e) => return Err(e),
                };
                if give_back {
                    apply_until_final(&self.wallet, Self::withdrawal_change(w, Status::Rejected)).await?;
                }
                Ok(Hold::Held)
            }
            Err(e) => {
                sqlx::query::<Any>("DELETE FROM withdrawals WHERE id = $1 AND status = 'pending'")
                    .bind(w.id)
                    .execute(&self.db.pool)
                    .await?;
                Ok(Hold::Refused(e))
            }
        }
    }

    /// Settles a withdrawal's hold on a task of its own; what it cannot finish is left for start-up.
    fn settle_in_background(&self, w: Withdrawal) {
        let cashier = self.clone();
        actix::spawn(async move {
            match cashier.settle_hold(&w).await {
                Ok(Hold::Held) => tracing::info!(id = w.id, "a withdrawal's hold is confirmed"),
                Ok(Hold::Refused(e)) => {
                    tracing::warn!(id = w.id, error = %e, "a withdrawal's hold was refused; the request is removed")
                }
                Err(e) => {
                    tracing::error!(id = w.id, error = %e, "a withdrawal's hold is not settled; start-up retries")
                }
            }
        });
    }

    /// Pays out a pending withdrawal from its hold. Refused, changing nothing, when the hold is not in the
    /// ledger: settling it would take exposure that belongs to the player's bets.
    pub async fn approve_withdrawal(&self, id: i64, operator: UserId) -> Result<Withdrawal, CashierError> {
        self.real_money()?;
        let w = self.request::<Withdrawal>(id).await?;
        if w.status == Status::Pending && !self.hold_exists(&w).await? {
            return Err(CashierError::HoldMissing);
        }
        self.decide::<Withdrawal>(id, Status::Approved, operator).await?;
        let w = self.request::<Withdrawal>(id).await?;
        apply_until_final(&self.wallet, Self::withdrawal_change(&w, Status::Approved)).await?;
        Ok(w)
    }

    async fn hold_exists(&self, w: &Withdrawal) -> Result<bool, CashierError> {
        let row = sqlx::query::<Any>("SELECT 1 FROM ledger WHERE idempotency_key = $1 AND account_id = $2")
            .bind(Self::withdrawal_change(w, Status::Pending).idempotency_key)
            .bind(w.user_id.0)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Returns what the request holds to the balance. Its hold is asked again first (with its key): a hold whose
    /// answer was lost, or that is still on its way, is then either in the ledger — and released — or refused for
    /// good, with nothing to release (releasing anyway would free exposure that belongs to the player's bets).
    pub async fn reject_withdrawal(&self, id: i64, operator: UserId) -> Result<Withdrawal, CashierError> {
        self.decide::<Withdrawal>(id, Status::Rejected, operator).await?;
        let w = self.request::<Withdrawal>(id).await?;
        self.settle_hold(&w).await?;
        Ok(w)
    }

    /// Finishes the wallet side of decisions interrupted by a crash, and settles every withdrawal hold whose answer
    /// was lost (the request pending if held, removed if refused). Every step is idempotent. A request that
    /// cannot be finished is reported (and counted) and the others still are: start-up never stops on one row.
    pub async fn reconcile(&self) -> Result<Reconciled, CashierError> {
        let mut done = Reconciled::default();
        let mut failed = |what: &str, id: i64, e: &dyn std::fmt::Display| {
            tracing::error!(what, id, error = %e, "could not finish a cashier decision; left for the operators");
            done.failed += 1;
        };
        let missing = "NOT EXISTS (SELECT 1 FROM ledger l WHERE l.account_id = t.user_id AND l.idempotency_key = ";
        let sql = format!(
            "SELECT {} FROM deposits t WHERE status = 'approved' AND {missing} 'deposit:' || t.id)",
            Deposit::COLUMNS
        );
        let (mut fixed, mut removed) = (0, 0);
        for row in sqlx::query::<Any>(AssertSqlSafe(sql)).fetch_all(&self.db.pool).await? {
            // Each row decoded on its own, so one that does not read stops none of the others.
            let id = row.try_get::<i64, _>("id").unwrap_or(0);
            let result = match Deposit::from_row(&row) {
                Ok(d) => apply_until_final(&self.wallet, Self::deposit_credit(&d)).await.map_err(CashierError::from),
                Err(e) => Err(e.into()),
            };
            match result {
                Ok(_) => fixed += 1,
                Err(e) => failed("deposit", id, &e),
            }
        }
        for (status, step) in [("pending", "hold"), ("approved", "settle"), ("rejected", "release")] {
            let sql = format!(
                "SELECT {} FROM withdrawals t WHERE status = '{status}' AND \
                 {missing} 'withdrawal:' || t.id || ':{step}')",
                Withdrawal::COLUMNS
            );
            for row in sqlx::query::<Any>(AssertSqlSafe(sql)).fetch_all(&self.db.pool).await? {
                let id = row.try_get::<i64, _>("id").unwrap_or(0);
                let w = match Withdrawal::from_row(&row) {
                    Ok(w) => w,
                    Err(e) => {
                        failed("withdrawal", id, &e);
                        continue;
                    }
                };
                // A pending request's hold, or a rejected one's release (its hold asked again first), settles through
                // the hold; an approved request was held before it was approved.
                let result = match w.status {
                    Status::Approved => apply_until_final(&self.wallet, Self::withdrawal_change(&w, w.status))
                        .await
                        .map(|_| Hold::Held)
                        .map_err(CashierError::from),
                    Status::Pending | Status::Rejected => self.settle_hold(&w).await,
                };
                match result {
                    Ok(Hold::Held) => fixed += 1,
                    Ok(Hold::Refused(e)) if w.status == Status::Pending => {
                        tracing::warn!(id, error = %e, "a withdrawal's hold was refused; the request is removed");
                        removed += 1;
                    }
                    // A rejected request whose hold never happened: nothing to give back (asked again at each start,
                    // so a hold still on its way when the last run stopped is found and given back).
                    Ok(Hold::Refused(_)) => {}
                    Err(e) => failed("withdrawal", id, &e),
                }
            }
        }
        done.fixed = fixed;
        done.removed = removed;
        Ok(done)
    }

    /// The books: per kind of account, how many there are and what they hold.
    pub async fn books(&self) -> Result<Books, CashierError> {
        let rows = sqlx::query_as::<Any, BookDbRow>(
            "SELECT CASE WHEN a.kind <> 'user' THEN a.kind WHEN u.fixture <> 0 THEN 'fixture_player' ELSE 'player' END \
             AS kind, COUNT(*) AS accounts, CAST(SUM(a.balance) AS BIGINT) AS balance, \
             CAST(SUM(a.exposure) AS BIGINT) AS exposure \
             FROM accounts a LEFT JOIN users u ON u.id = a.id GROUP BY 1",
        )
        .fetch_all(&self.db.pool)
        .await?;
        let mut books = Books::default();
        for r in rows {
            let line =
                BookLine { accounts: r.accounts, balance: Paise::new(r.balance), exposure: Paise::new(r.exposure) };
            match r.kind.as_str() {
                "house" => books.house = line,
                "cashier" => books.cashier = line,
                "load_test" => books.load_test = line,
                "play" => books.play = line,
                "fixture_player" => books.fixture_players = line,
                _ => books.players = line,
            }
        }
        Ok(books)
    }

    pub async fn payment_details(&self) -> Result<PaymentDetails, CashierError> {
        self.real_money()?;
        let rows = sqlx::query_as::<Any, SettingRow>(
            "SELECT key, value FROM settings WHERE key IN ('upi_id', 'upi_name', 'upi_phone', 'upi_qr')",
        )
        .fetch_all(&self.db.pool)
        .await?;
        let mut d = PaymentDetails::default();
        for r in rows {
            let (k, v) = (r.key, r.value);
            match k.as_str() {
                "upi_id" => d.upi_id = v,
                "upi_phone" => d.phone = v,
                "upi_name" => d.payee_name = v,
                _ => d.qr_code = v,
            }
        }
        Ok(d)
    }

    pub async fn set_payment_details(&self, d: &PaymentDetails) -> Result<(), CashierError> {
        self.real_money()?;
        for (k, v) in
            [("upi_id", &d.upi_id), ("upi_name", &d.payee_name), ("upi_phone", &d.phone), ("upi_qr", &d.qr_code)]
        {
            sqlx::query::<Any>("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                .bind(k)
                .bind(v.clone())
                .execute(&self.db.pool)
                .await?;
        }
        Ok(())
    }

    /// Current news items, newest first; the welcome text when there are none.
    pub async fn news(&self) -> Result<Vec<String>, CashierError> {
        let mut items: Vec<String> =
            sqlx::query_scalar::<Any, String>("SELECT content FROM news ORDER BY id DESC LIMIT 20")
                .fetch_all(&self.db.pool)
                .await?;
        if items.is_empty() {
            items.push(DEFAULT_NEWS.to_string());
        }
        Ok(items)
    }

    /// Replaces the news with the given items (operator).
    pub async fn set_news(&self, items: &[String]) -> Result<(), CashierError> {
        let mut tx = self.db.begin_write().await?;
        sqlx::query::<Any>("DELETE FROM news").execute(&mut *tx).await?;
        for content in items.iter().rev().map(|c| c.trim()).filter(|c| !c.is_empty()) {
            sqlx::query::<Any>("INSERT INTO news (content, created_at) VALUES ($1, $2)")
                .bind(content.to_string())
                .bind(self.clock.now_ms())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
