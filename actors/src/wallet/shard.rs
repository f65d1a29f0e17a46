//! The wallet shard actor and the handle that routes users to shards.
//!
//! A shard is the only writer of its users' accounts and of its own system accounts. Requests queue up
//! while a batch is being written; when the batch commits, every caller in it gets its receipt and the
//! queue becomes the next batch (group commit without a timer: one request alone commits at once, many
//! requests share one transaction and one fsync).

use super::rules::{self, Account};
use super::{Balances, Change, LedgerKind, Movement, Receipt, SystemAccount, WalletError};
use crate::clock::SharedClock;
use crate::cluster::Fence;
use crate::cluster::remote::Route;
use crate::ids::{AccountId, UserId};
use crate::money::Paise;
use crate::observe::families::wallet as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::rg;
use crate::store::{Db, WriteTx};
use actix::prelude::*;
// Dynamic SQL in this file is assembled only from constants and placeholder counts, never from input.
use sqlx::Any;
use sqlx::AssertSqlSafe;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::oneshot;

/// Called after each committed, non-replayed change (e.g. to push `balance_update` to the player).
pub type Observer = Arc<dyn Fn(&Change, &Receipt) + Send + Sync>;

#[derive(Debug, Clone, Copy)]
pub struct WalletConfig {
    pub shards: usize,
    /// The most changes one transaction carries.
    pub max_batch: usize,
}

impl Default for WalletConfig {
    fn default() -> Self {
        WalletConfig { shards: 4, max_batch: 2_000 }
    }
}

/// Cheap to clone; the way every other part of the system moves money. Each shard is reached through its route:
/// the local actor, or in cluster mode the node that holds the shard's lease.
#[derive(Clone)]
pub struct WalletHandle {
    pub(super) shards: Arc<Vec<Route<WalletShard>>>,
    /// Cluster mode: the lease of the table that moves money through this handle; each change proves it.
    pub(super) fence: Option<Fence>,
}

impl WalletHandle {
    /// Creates the system accounts if missing and starts the shards (`wallet-{index}` in `registry`) on an
    /// arbiter of their own.
    pub async fn start(
        db: Db,
        config: WalletConfig,
        clock: SharedClock,
        observer: Option<Observer>,
        registry: &Registry,
    ) -> Result<WalletHandle, WalletError> {
        let mut shards = Vec::with_capacity(config.shards);
        // The shards share a thread of their own, off the arbiter that runs the tables and the hub.
        let arbiter = Arbiter::new();
        for index in 0..config.shards.max(1) {
            let shard = launch(&db, index, &config, &clock, &observer, registry, &arbiter.handle()).await?;
            shards.push(Route::local(shard));
        }
        Ok(WalletHandle { shards: Arc::new(shards), fence: None })
    }

    /// This handle with every change carrying `fence` (a leased table's): a change from a table that lost its lease
    /// is refused with [`WalletError::Fenced`] in the shard's own transaction.
    pub fn fenced(&self, fence: Fence) -> WalletHandle {
        WalletHandle { shards: self.shards.clone(), fence: Some(fence) }
    }

    pub fn shard_of(&self, user: UserId) -> usize {
        user.0.rem_euclid(self.shards.len() as i64) as usize
    }

    /// Applies one change; resolves after it is committed (or refused, moving nothing).
    pub async fn apply(&self, change: Change) -> Result<Receipt, WalletError> {
        let shard = &self.shards[self.shard_of(change.user)];
        shard.ask(Apply { change, fence: self.fence.clone() }).await.map_err(|_| WalletError::Unavailable)?
    }

    /// Resolves when every shard running here has written everything it was given.
    pub async fn drain(&self) {
        for shard in self.shards.iter().filter_map(Route::local_addr) {
            let _ = shard.send(Drain).await;
        }
    }

    pub fn shard_count(&self) -> usize {
        self.shards.len()
    }
}

/// Creates the shard's system accounts if missing, loads them, and starts the shard on `arbiter`.
pub(super) async fn launch(
    db: &Db,
    index: usize,
    config: &WalletConfig,
    clock: &SharedClock,
    observer: &Option<Observer>,
    registry: &Registry,
    arbiter: &ArbiterHandle,
) -> Result<Probed<WalletShard>, WalletError> {
    let mut cache = HashMap::new();
    for which in SystemAccount::ALL {
        let id = rules::system_account_id(index, which);
        sqlx::query::<Any>(
            "INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, $2, 0, 0) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id.0)
        .bind(which.as_str())
        .execute(&db.pool)
        .await?;
        let row = sqlx::query_as::<Any, AccountRow>("SELECT balance, exposure FROM accounts WHERE id = $1")
            .bind(id.0)
            .fetch_one(&db.pool)
            .await?;
        cache.insert(id, row.account());
    }
    let probe = registry.register(format!("wallet-{index}"), &fig::FAMILY);
    let shard = WalletShard {
        probe: probe.clone(),
        index,
        db: db.clone(),
        clock: clock.clone(),
        observer: observer.clone(),
        max_batch: config.max_batch.max(1),
        cache,
        pending: VecDeque::new(),
        flushing: false,
        drain_waiters: Vec::new(),
    };
    Ok(Probed::new(WalletShard::start_in_arbiter(arbiter, move |_| shard), probe))
}

/// The committed balance and exposure of a user, as the database holds them.
pub async fn balances(db: &Db, user: UserId) -> Result<Balances, WalletError> {
    let a = sqlx::query_as::<Any, AccountRow>("SELECT balance, exposure FROM accounts WHERE id = $1 AND kind = 'user'")
        .bind(user.0)
        .fetch_optional(&db.pool)
        .await?
        .ok_or(WalletError::UnknownUser)?
        .account();
    Ok(Balances { balance: a.balance, exposure: a.exposure })
}

/// An account's balance and exposure, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct AccountRow {
    balance: i64,
    exposure: i64,
}

impl AccountRow {
    fn account(&self) -> Account {
        Account { balance: Paise::new(self.balance), exposure: Paise::new(self.exposure) }
    }
}

/// An account with its id.
#[derive(sqlx_macros::FromRow)]
struct IdAccountRow {
    id: i64,
    #[sqlx(flatten)]
    account: AccountRow,
}

/// A ledger row as a replayed key answers it.
#[derive(sqlx_macros::FromRow)]
struct ReplayRow {
    account_id: i64,
    idempotency_key: String,
    delta_balance: i64,
    delta_exposure: i64,
    balance_after: i64,
    exposure_after: i64,
    kind: String,
    reference: String,
    request: Option<String>,
}

struct Pending {
    change: Change,
    /// The lease of the table that asked (cluster mode).
    fence: Option<Fence>,
    reply: oneshot::Sender<Result<Receipt, WalletError>>,
}

pub struct WalletShard {
    probe: Arc<Probe>,
    index: usize,
    db: Db,
    clock: SharedClock,
    observer: Option<Observer>,
    max_batch: usize,
    /// Committed state of every account this shard has touched. Valid because no one else writes them.
    cache: HashMap<AccountId, Account>,
    pending: VecDeque<Pending>,
    flushing: bool,
    drain_waiters: Vec<oneshot::Sender<()>>,
}

impl Actor for WalletShard {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(8_192);
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for WalletShard {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

crate::timed_handlers!(WalletShard: Apply, Drain, Stop);

/// One change, with the lease of the table asking for it (cluster mode).
#[derive(Message, serde::Serialize, serde::Deserialize)]
#[rtype(result = "Result<Receipt, WalletError>")]
pub struct Apply {
    change: Change,
    fence: Option<Fence>,
}

crate::remote!(Apply => "wallet.apply");

#[derive(Message)]
#[rtype(result = "()")]
pub(super) struct Drain;

/// The shard's lease is gone: stop now (a batch in flight is refused by its fence or has committed).
#[derive(Message)]
#[rtype(result = "()")]
pub(super) struct Stop;

impl Handler<Stop> for WalletShard {
    type Result = ();

    fn handle(&mut self, _: Stop, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

impl Handler<Apply> for WalletShard {
    type Result = ResponseFuture<Result<Receipt, WalletError>>;

    fn handle(&mut self, msg: Apply, ctx: &mut Self::Context) -> Self::Result {
        let (reply, rx) = oneshot::channel();
        self.pending.push_back(Pending { change: msg.change, fence: msg.fence, reply });
        self.maybe_flush(ctx);
        self.probe.set(fig::QUEUE, self.pending.len() as i64);
        Box::pin(async move { rx.await.unwrap_or(Err(WalletError::Unavailable)) })
    }
}

impl Handler<Drain> for WalletShard {
    type Result = ResponseFuture<()>;

    fn handle(&mut self, _: Drain, _: &mut Self::Context) -> Self::Result {
        if !self.flushing && self.pending.is_empty() {
            return Box::pin(async {});
        }
        let (tx, rx) = oneshot::channel();
        self.drain_waiters.push(tx);
        Box::pin(async move {
            let _ = rx.await;
        })
    }
}

impl WalletShard {
    fn maybe_flush(&mut self, ctx: &mut Context<Self>) {
        if self.flushing {
            return;
        }
        if self.pending.is_empty() {
            for w in self.drain_waiters.drain(..) {
                let _ = w.send(());
            }
            return;
        }
        self.flushing = true;
        let n = self.pending.len().min(self.max_batch);
        let batch: Vec<Pending> = self.pending.drain(..n).collect();
        let mut accounts = HashMap::new();
        let mut missing = Vec::new();
        for which in SystemAccount::ALL {
            let id = rules::system_account_id(self.index, which);
            match self.cache.get(&id) {
                Some(a) => {
                    accounts.insert(id, *a);
                }
                None => missing.push(id),
            }
        }
        for p in &batch {
            let id = AccountId::from(p.change.user);
            match self.cache.get(&id) {
                Some(a) => {
                    accounts.insert(id, *a);
                }
                None if !missing.contains(&id) => missing.push(id),
                None => {}
            }
        }
        let changes: Vec<Change> = batch.iter().map(|p| p.change.clone()).collect();
        let fences: Vec<Option<Fence>> = batch.iter().map(|p| p.fence.clone()).collect();
        let now = self.clock.now_ms();
        let work = Batch {
            db: self.db.clone(),
            shard: self.index,
            now,
            changes,
            fences,
            accounts,
            missing,
            guards: HashMap::new(),
        };
        let started = Instant::now();
        ctx.spawn(work.run().into_actor(self).map(move |(outcome, results), act, ctx| {
            act.probe.spread_duration(fig::COMMIT, started.elapsed());
            act.probe.spread(fig::BATCH, batch.len() as u64);
            act.probe.add(fig::CHANGES, batch.len() as i64);
            match outcome {
                Outcome::Committed(accounts) => act.cache.extend(accounts),
                Outcome::Untouched => {}
                // The commit failed or its outcome is unknown: forget what this batch touched, so the next one
                // reads the books again instead of trusting (and writing over them from) a copy that may be stale.
                Outcome::Unknown(touched) => {
                    for id in touched {
                        act.cache.remove(&id);
                    }
                }
            }
            for (p, result) in batch.into_iter().zip(results) {
                if let (Some(obs), Ok(r)) = (&act.observer, &result)
                    && !r.replayed
                {
                    obs(&p.change, r);
                }
                let _ = p.reply.send(result);
            }
            act.flushing = false;
            act.maybe_flush(ctx);
            act.probe.set(fig::QUEUE, act.pending.len() as i64);
        }));
    }
}

/// One group commit: everything it needs is owned, so it runs outside the actor while new requests queue.
struct Batch {
    db: Db,
    shard: usize,
    now: i64,
    changes: Vec<Change>,
    /// Per change, the asking table's lease (cluster mode).
    fences: Vec<Option<Fence>>,
    accounts: HashMap<AccountId, Account>,
    missing: Vec<AccountId>,
    /// The responsible-gaming guards of the batch's bettors who set any (loaded in `prepare`), counting its play.
    guards: HashMap<UserId, rg::Guard>,
}

/// The stake of a bet: a hold for a game. Bets are what responsible-gaming limits and exclusions refuse.
fn bet_stake(c: &Change) -> Option<Paise> {
    match (c.movement, c.kind) {
        (Movement::Hold { amount }, LedgerKind::Bet(_)) => Some(amount),
        _ => None,
    }
}

/// First results of idempotency keys, with the request each was first used for.
type Replays = HashMap<String, (Receipt, String)>;

/// What a batch did to the books.
enum Outcome {
    /// Committed: the touched accounts' new state.
    Committed(HashMap<AccountId, Account>),
    /// Nothing was written (every change refused or replayed).
    Untouched,
    /// Failed, possibly after committing: these accounts must be read again.
    Unknown(Vec<AccountId>),
}

struct LedgerRow {
    account: AccountId,
    counterparty: Option<AccountId>,
    delta_balance: Paise,
    delta_exposure: Paise,
    after: Account,
    kind: LedgerKind,
    reference: String,
    key: Option<String>,
    request: Option<String>,
}

/// Rows per multi-row statement. Small on purpose: binding cost in the SQLite driver grows with the
/// square of a statement's parameter count (measured: 500 rows × 10 columns took 30 ms, 50 rows 1 ms).
const ROWS_PER_STATEMENT: usize = 50;

impl Batch {
    /// Returns what happened to the books and one result per change.
    async fn run(mut self) -> (Outcome, Vec<Result<Receipt, WalletError>>) {
        let n = self.changes.len();
        let begun = match self.prepare().await {
            Ok(replays) => self.begin().await.map(|(w, stale)| (replays, w, stale)),
            Err(e) => Err(e),
        };
        match begun {
            Err(e) => (Outcome::Unknown(self.accounts.keys().copied().collect()), vec![Err(e); n]),
            Ok((replays, w, stale)) => {
                let (rows, mut results) = self.apply_all(&replays, &stale);
                if rows.is_empty() {
                    return (Outcome::Untouched, results);
                }
                if let Err(e) = self.write(w, &rows).await {
                    tracing::error!(shard = self.shard, error = %e, "wallet batch failed; its changes may be retried");
                    for r in results.iter_mut().filter(|r| r.is_ok()) {
                        *r = Err(e.clone());
                    }
                    return (Outcome::Unknown(self.accounts.into_keys().collect()), results);
                }
                (Outcome::Committed(self.accounts), results)
            }
        }
    }

    /// Loads accounts not yet cached and the first results of any idempotency keys seen before.
    async fn prepare(&mut self) -> Result<Replays, WalletError> {
        if !self.missing.is_empty() {
            let sql = format!(
                "SELECT id, balance, exposure FROM accounts WHERE id IN ({})",
                placeholders(1, self.missing.len())
            );
            let mut q = sqlx::query_as::<Any, IdAccountRow>(AssertSqlSafe(sql));
            for id in &self.missing {
                q = q.bind(id.0);
            }
            for row in q.fetch_all(&self.db.pool).await? {
                self.accounts.insert(AccountId(row.id), row.account.account());
            }
        }
        let mut bettors: Vec<UserId> = self.changes.iter().filter(|c| bet_stake(c).is_some()).map(|c| c.user).collect();
        bettors.sort_unstable();
        bettors.dedup();
        if !bettors.is_empty() {
            let mut conn = self.db.pool.acquire().await?;
            self.guards = rg::store::guards(&mut conn, &bettors, self.now).await?;
        }
        self.replays().await
    }

    async fn replays(&self) -> Result<Replays, WalletError> {
        let keys: Vec<&str> = self.changes.iter().map(|c| c.idempotency_key.as_str()).collect();
        let mut found = HashMap::new();
        for chunk in keys.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "SELECT account_id, idempotency_key, delta_balance, delta_exposure, balance_after, exposure_after, kind, \
                 reference, request FROM ledger WHERE idempotency_key IN ({})",
                placeholders(1, chunk.len())
            );
            let mut q = sqlx::query_as::<Any, ReplayRow>(AssertSqlSafe(sql));
            for k in chunk {
                q = q.bind(*k);
            }
            for row in q.fetch_all(&self.db.pool).await? {
                let account = AccountId(row.account_id);
                let receipt = Receipt {
                    user: UserId(account.0),
                    delta_balance: Paise::new(row.delta_balance),
                    delta_exposure: Paise::new(row.delta_exposure),
                    balance: Paise::new(row.balance_after),
                    exposure: Paise::new(row.exposure_after),
                    replayed: true,
                };
                let (kind, reference) = (row.kind, row.reference);
                // Rows written before requests were recorded are bound to their account, kind and reference.
                let request = row.request.unwrap_or_else(|| format!("{}|*|{kind}|{reference}", account.0));
                found.insert(row.idempotency_key, (receipt, request));
            }
        }
        Ok(found)
    }

    /// Begins the batch's transaction (a fenced shard proves its own lease there) and finds the callers' leases
    /// that moved on, taking each lease's row until the commit.
    async fn begin(&self) -> Result<(WriteTx, HashSet<Fence>), WalletError> {
        let mut w = self.db.begin_write().await.map_err(|e| match e {
            // The shard's own lease moved on: the caller asks the new owner.
            sqlx::Error::Protocol(_) => WalletError::Unavailable,
            e => WalletError::from(e),
        })?;
        let mut stale = HashSet::new();
        let asked: HashSet<&Fence> = self.fences.iter().flatten().collect();
        for fence in asked {
            if !fence.holds(&mut w.tx).await? {
                stale.insert(fence.clone());
            }
        }
        Ok((w, stale))
    }

    /// Applies the batch in order to the in-memory copy, producing ledger rows and one result per change. A change
    /// whose caller's lease moved on is refused.
    fn apply_all(
        &mut self,
        replays: &Replays,
        stale: &HashSet<Fence>,
    ) -> (Vec<LedgerRow>, Vec<Result<Receipt, WalletError>>) {
        let mut rows = Vec::new();
        let mut results = Vec::with_capacity(self.changes.len());
        let mut in_batch: Replays = HashMap::new();
        for (c, fence) in self.changes.iter().zip(&self.fences) {
            if fence.as_ref().is_some_and(|f| stale.contains(f)) {
                results.push(Err(WalletError::Fenced));
                continue;
            }
            let acct = AccountId::from(c.user);
            let key = c.idempotency_key.clone();
            if let Some((first, request)) = replays.get(&key).or_else(|| in_batch.get(&key)) {
                results.push(if same_request(request, c) { Ok(*first) } else { Err(WalletError::KeyConflict) });
                continue;
            }
            let Some(mut user) = self.accounts.get(&acct).copied() else {
                results.push(Err(WalletError::UnknownUser));
                continue;
            };
            if let (Some(stake), Some(guard)) = (bet_stake(c), self.guards.get(&c.user))
                && let Err(refusal) = guard.check(stake)
            {
                results.push(Err(WalletError::Limited(refusal)));
                continue;
            }
            let applied = rules::effect(&user, c.movement).and_then(|e| {
                let cp_id = e.counterparty.map(|(w, _)| rules::system_account_id(self.shard, w));
                let mut cp = cp_id.and_then(|id| self.accounts.get(&id).copied());
                rules::commit(&mut user, cp.as_mut(), &e)?;
                Ok((e, cp_id.zip(cp)))
            });
            let (e, counterparty) = match applied {
                Ok(x) => x,
                Err(err) => {
                    results.push(Err(err));
                    continue;
                }
            };
            self.accounts.insert(acct, user);
            if c.kind.is_play()
                && let Some(guard) = self.guards.get_mut(&c.user)
            {
                guard.moved(e.user_delta_balance);
            }
            rows.push(LedgerRow {
                account: acct,
                counterparty: counterparty.map(|(id, _)| id),
                delta_balance: e.user_delta_balance,
                delta_exposure: e.user_delta_exposure,
                after: user,
                kind: c.kind,
                reference: c.reference.clone(),
                key: Some(c.idempotency_key.clone()),
                request: Some(c.request()),
            });
            if let (Some((id, after)), Some((_, delta))) = (counterparty, e.counterparty) {
                self.accounts.insert(id, after);
                rows.push(LedgerRow {
                    account: id,
                    counterparty: Some(acct),
                    delta_balance: delta,
                    delta_exposure: Paise::ZERO,
                    after,
                    kind: c.kind,
                    reference: c.reference.clone(),
                    key: None,
                    request: None,
                });
            }
            let receipt = Receipt {
                user: c.user,
                balance: user.balance,
                exposure: user.exposure,
                delta_balance: e.user_delta_balance,
                delta_exposure: e.user_delta_exposure,
                replayed: false,
            };
            let replayed = Receipt { replayed: true, ..receipt };
            in_batch.insert(key, (replayed, c.request()));
            results.push(Ok(receipt));
        }
        (rows, results)
    }

    async fn write(&self, mut w: WriteTx, rows: &[LedgerRow]) -> Result<(), WalletError> {
        // A slow or timed-out database: `delay(ms)` stalls the batch, `return` fails it before anything is written.
        fail::fail_point!("wallet::before_write", |_| Err(WalletError::Storage("failpoint: timed out".into())));
        let tx = &mut w.tx;
        for chunk in rows.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO ledger (account_id, counterparty_id, delta_balance, delta_exposure, balance_after, \
                 exposure_after, kind, reference, idempotency_key, request, created_at) VALUES {}",
                tuples(chunk.len(), 11)
            );
            let mut q = sqlx::query::<Any>(AssertSqlSafe(sql));
            for r in chunk {
                q = q
                    .bind(r.account.0)
                    .bind(r.counterparty.map(|c| c.0))
                    .bind(r.delta_balance.get())
                    .bind(r.delta_exposure.get())
                    .bind(r.after.balance.get())
                    .bind(r.after.exposure.get())
                    .bind(r.kind.as_str())
                    .bind(r.reference.clone())
                    .bind(r.key.clone())
                    .bind(r.request.clone())
                    .bind(self.now);
            }
            q.execute(&mut **tx).await?;
        }
        // The books move by deltas, never by values from the cache; the rows they end at must be the ones the
        // cache expects, or the batch is rolled back and the accounts are read again.
        let mut deltas: Vec<(AccountId, Paise, Paise)> = Vec::new();
        for r in rows {
            match deltas.iter_mut().find(|d| d.0 == r.account) {
                Some(d) => {
                    d.1 = d.1.checked_add(r.delta_balance).map_err(|_| WalletError::Overflow)?;
                    d.2 = d.2.checked_add(r.delta_exposure).map_err(|_| WalletError::Overflow)?;
                }
                None => deltas.push((r.account, r.delta_balance, r.delta_exposure)),
            }
        }
        for chunk in deltas.chunks(ROWS_PER_STATEMENT) {
            // `UPDATE … FROM (VALUES …)`: one statement per chunk on both SQLite and PostgreSQL, whose unnamed
            // VALUES columns are `column1…`.
            let sql = format!(
                "UPDATE accounts SET balance = accounts.balance + d.column2, exposure = accounts.exposure + d.column3 \
                 FROM (VALUES {}) AS d WHERE accounts.id = d.column1 RETURNING accounts.id, accounts.balance, accounts.exposure",
                tuples(chunk.len(), 3)
            );
            let mut q = sqlx::query_as::<Any, IdAccountRow>(AssertSqlSafe(sql));
            for (id, balance, exposure) in chunk {
                q = q.bind(id.0).bind(balance.get()).bind(exposure.get());
            }
            let rows = q.fetch_all(&mut **tx).await?;
            if rows.len() != chunk.len() {
                return Err(WalletError::Storage("an account of the batch is missing from the books".into()));
            }
            for row in rows {
                let id = AccountId(row.id);
                let now = row.account.account();
                if self.accounts.get(&id) != Some(&now) {
                    metrics::counter!("wallet_cache_divergence_total").increment(1);
                    return Err(WalletError::Storage(format!("account {} differs from the shard's copy", id.0)));
                }
            }
        }
        fail::fail_point!("wallet::before_commit", |_| Err(WalletError::Storage("failpoint: commit failed".into())));
        w.commit().await?;
        fail::fail_point!("wallet::after_commit", |_| {
            Err(WalletError::Storage("failpoint: committed, reported as failed".into()))
        });
        Ok(())
    }
}

/// A replayed key must carry the request it was first used for. Rows from before requests were recorded
/// (`account|*|kind|reference`) match on everything but the movement.
fn same_request(first: &str, c: &Change) -> bool {
    let now = c.request();
    if first == now {
        return true;
    }
    let old: Vec<&str> = first.splitn(4, '|').collect();
    old.get(1) == Some(&"*") && first == format!("{}|*|{}|{}", c.user, c.kind, c.reference)
}

/// `$from, $from+1, …` for an IN list.
fn placeholders(from: usize, n: usize) -> String {
    (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// `($1, …, $cols), ($cols+1, …)` for a multi-row VALUES.
fn tuples(rows: usize, cols: usize) -> String {
    (0..rows).map(|r| format!("({})", placeholders(r * cols + 1, cols))).collect::<Vec<_>>().join(", ")
}
