//! `rg_limits` and `rg_exclusions`: what players set, and the sums the checks need.

use super::rules::{Exclusion, ExclusionKind, Guard, Limit, LimitKind, PendingLimit, Period};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use sqlx::{Any, AnyConnection, FromRow};
use std::collections::HashMap;

/// Every limit the player has set (a kind not there was never set).
pub async fn limits(db: &Db, user: UserId) -> Result<HashMap<LimitKind, Limit>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    limits_on(&mut conn, user).await
}

/// A limit's columns of `rg_limits`, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct LimitDbRow {
    amount: Option<i64>,
    pending_amount: Option<i64>,
    pending_at: Option<EpochMs>,
}

impl From<LimitDbRow> for Limit {
    fn from(r: LimitDbRow) -> Self {
        let pending_amount = r.pending_amount.map(Paise::new);
        Limit {
            amount: r.amount.map(Paise::new),
            pending: r.pending_at.map(|at| PendingLimit { amount: pending_amount, at }),
        }
    }
}

/// A row of `rg_limits` with its kind.
#[derive(sqlx_macros::FromRow)]
struct KindLimitRow {
    kind: String,
    #[sqlx(flatten)]
    limit: LimitDbRow,
}

async fn limits_on(conn: &mut AnyConnection, user: UserId) -> Result<HashMap<LimitKind, Limit>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, KindLimitRow>(
        "SELECT kind, amount, pending_amount, pending_at FROM rg_limits WHERE user_id = $1",
    )
    .bind(user.0)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = HashMap::new();
    for r in rows {
        let Some(kind) = LimitKind::parse(&r.kind) else { continue };
        out.insert(kind, Limit::from(r.limit));
    }
    Ok(out)
}

pub async fn save_limit(db: &Db, user: UserId, kind: LimitKind, limit: Limit, now: EpochMs) -> Result<(), sqlx::Error> {
    sqlx::query::<Any>(
        "INSERT INTO rg_limits (user_id, kind, amount, pending_amount, pending_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (user_id, kind) DO UPDATE SET amount = excluded.amount, pending_amount = excluded.pending_amount, \
         pending_at = excluded.pending_at, updated_at = excluded.updated_at",
    )
    .bind(user.0)
    .bind(kind.as_str())
    .bind(limit.amount.map(Paise::get))
    .bind(limit.pending.and_then(|p| p.amount).map(Paise::get))
    .bind(limit.pending.map(|p| p.at))
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The exclusion in force at `now`: the one ending last (a self-exclusion over a break when both are).
pub async fn exclusion(db: &Db, user: UserId, now: EpochMs) -> Result<Option<Exclusion>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    exclusion_on(&mut conn, user, now).await
}

/// An exclusion's kind and end, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct ExclusionDbRow {
    kind: String,
    ends_at: EpochMs,
}

async fn exclusion_on(conn: &mut AnyConnection, user: UserId, now: EpochMs) -> Result<Option<Exclusion>, sqlx::Error> {
    let row = sqlx::query::<Any>(
        "SELECT kind, ends_at FROM rg_exclusions WHERE user_id = $1 AND starts_at <= $2 AND ends_at > $2 \
         AND lifted_at IS NULL ORDER BY (kind = 'self_exclusion') DESC, ends_at DESC LIMIT 1",
    )
    .bind(user.0)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    // A row that does not read counts as no exclusion, as does an unknown kind.
    Ok(row.and_then(|r| {
        let r = ExclusionDbRow::from_row(&r).ok()?;
        Some(Exclusion { kind: ExclusionKind::parse(&r.kind)?, until: r.ends_at })
    }))
}

/// Starts an exclusion from `now`. Refused (`Ok(false)`) when one in force already ends as late or later: an
/// exclusion can be made longer, never shorter.
pub async fn exclude(
    db: &Db,
    user: UserId,
    kind: ExclusionKind,
    until: EpochMs,
    now: EpochMs,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if let Some(e) = exclusion_on(&mut tx, user, now).await?
        && (e.until >= until || e.kind == ExclusionKind::SelfExclusion && kind == ExclusionKind::Break)
    {
        return Ok(false);
    }
    sqlx::query::<Any>("INSERT INTO rg_exclusions (user_id, kind, starts_at, ends_at) VALUES ($1, $2, $3, $4)")
        .bind(user.0)
        .bind(kind.as_str())
        .bind(now)
        .bind(until)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// What an operator's lift did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lift {
    Lifted,
    /// A self-exclusion is in force: it ends on its date, not before.
    SelfExcluded {
        until: EpochMs,
    },
    NotExcluded,
}

/// An operator ends a break early. A self-exclusion is never lifted.
pub async fn lift_break(db: &Db, user: UserId, by: UserId, now: EpochMs) -> Result<Lift, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    match exclusion_on(&mut tx, user, now).await? {
        None => Ok(Lift::NotExcluded),
        Some(Exclusion { kind: ExclusionKind::SelfExclusion, until }) => Ok(Lift::SelfExcluded { until }),
        Some(Exclusion { kind: ExclusionKind::Break, .. }) => {
            sqlx::query::<Any>(
                "UPDATE rg_exclusions SET lifted_at = $1, lifted_by = $2 WHERE user_id = $3 AND kind = 'break' \
                 AND starts_at <= $1 AND ends_at > $1 AND lifted_at IS NULL",
            )
            .bind(now)
            .bind(by.0)
            .bind(user.0)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(Lift::Lifted)
        }
    }
}

/// A sum per period over one user's rows: constant SQL fragments only.
struct Sum {
    table: &'static str,
    who: &'static str,
    time: &'static str,
    column: &'static str,
    filter: &'static str,
}

const LOSSES: Sum = Sum {
    table: "ledger",
    who: "account_id",
    time: "created_at",
    column: "-delta_balance",
    filter: "kind NOT IN ('deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release', 'adjustment', 'fixture')",
};

const DEPOSITS: Sum =
    Sum { table: "deposits", who: "user_id", time: "created_at", column: "amount", filter: "status <> 'rejected'" };

/// A sum since the start of the day, the week and the month, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct PeriodSums {
    day_sum: i64,
    week_sum: i64,
    month_sum: i64,
}

impl PeriodSums {
    fn periods(&self) -> [(Period, Paise); 3] {
        [
            (Period::Day, Paise::new(self.day_sum)),
            (Period::Week, Paise::new(self.week_sum)),
            (Period::Month, Paise::new(self.month_sum)),
        ]
    }
}

/// [`PeriodSums`] of one user.
#[derive(sqlx_macros::FromRow)]
struct UserPeriodSums {
    user_id: i64,
    #[sqlx(flatten)]
    sums: PeriodSums,
}

impl Sum {
    /// (period, sum since the period's start) for the day, the week and the month holding `now`.
    async fn per_period(
        &self,
        conn: &mut AnyConnection,
        user: UserId,
        now: EpochMs,
    ) -> Result<[(Period, Paise); 3], sqlx::Error> {
        let Sum { table, who, time, column, filter } = self;
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(CASE WHEN {time} >= $2 THEN {column} ELSE 0 END), 0) AS BIGINT) AS day_sum, \
                    CAST(COALESCE(SUM(CASE WHEN {time} >= $3 THEN {column} ELSE 0 END), 0) AS BIGINT) AS week_sum, \
                    CAST(COALESCE(SUM(CASE WHEN {time} >= $4 THEN {column} ELSE 0 END), 0) AS BIGINT) AS month_sum \
             FROM {table} WHERE {who} = $1 AND {time} >= $5 AND {filter}"
        );
        let starts = Period::ALL.map(|p| p.start(now));
        let row = sqlx::query_as::<Any, PeriodSums>(sqlx::AssertSqlSafe(sql))
            .bind(user.0)
            .bind(starts[0])
            .bind(starts[1])
            .bind(starts[2])
            .bind(starts[1].min(starts[2]))
            .fetch_one(&mut *conn)
            .await?;
        Ok(row.periods())
    }
}

impl Sum {
    /// As [`Sum::per_period`], for several users in one statement; users without rows are left out.
    async fn per_period_of(
        &self,
        conn: &mut AnyConnection,
        users: &[UserId],
        now: EpochMs,
    ) -> Result<Vec<(UserId, [(Period, Paise); 3])>, sqlx::Error> {
        let Sum { table, who, time, column, filter } = self;
        let list = (0..users.len()).map(|i| format!("${}", i + 5)).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT {who} AS user_id, \
                    CAST(COALESCE(SUM(CASE WHEN {time} >= $1 THEN {column} ELSE 0 END), 0) AS BIGINT) AS day_sum, \
                    CAST(COALESCE(SUM(CASE WHEN {time} >= $2 THEN {column} ELSE 0 END), 0) AS BIGINT) AS week_sum, \
                    CAST(COALESCE(SUM(CASE WHEN {time} >= $3 THEN {column} ELSE 0 END), 0) AS BIGINT) AS month_sum \
             FROM {table} WHERE {time} >= $4 AND {filter} AND {who} IN ({list}) GROUP BY {who}"
        );
        let starts = Period::ALL.map(|p| p.start(now));
        let mut q = sqlx::query_as::<Any, UserPeriodSums>(sqlx::AssertSqlSafe(sql))
            .bind(starts[0])
            .bind(starts[1])
            .bind(starts[2])
            .bind(starts[1].min(starts[2]));
        for u in users {
            q = q.bind(u.0);
        }
        Ok(q.fetch_all(&mut *conn).await?.iter().map(|r| (UserId(r.user_id), r.sums.periods())).collect())
    }
}

/// What the player has lost in games in each period so far: stakes put in minus money back (negative when ahead);
/// every ledger kind but money in and out and the fixtures' funding is a game's.
pub async fn losses(conn: &mut AnyConnection, user: UserId, now: EpochMs) -> Result<[(Period, Paise); 3], sqlx::Error> {
    LOSSES.per_period(conn, user, now).await
}

/// What the player has asked to deposit in each period so far (requests not rejected).
pub async fn deposits_asked(db: &Db, user: UserId, now: EpochMs) -> Result<[(Period, Paise); 3], sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    DEPOSITS.per_period(&mut conn, user, now).await
}

/// Users per statement when guards are read for a batch (binding cost grows with a statement's parameter count).
const GUARD_CHUNK: usize = 200;

/// A row of `rg_limits` with its user and kind.
#[derive(sqlx_macros::FromRow)]
struct UserLimitRow {
    user_id: i64,
    kind: String,
    #[sqlx(flatten)]
    limit: LimitDbRow,
}

/// A user's exclusion.
#[derive(sqlx_macros::FromRow)]
struct UserExclusionRow {
    user_id: i64,
    kind: String,
    ends_at: EpochMs,
}

/// `q` with the users of `chunk` bound, in order.
fn users_of<R>(
    mut q: sqlx::query::QueryAs<'static, Any, R, sqlx::any::AnyArguments>,
    chunk: &[UserId],
) -> sqlx::query::QueryAs<'static, Any, R, sqlx::any::AnyArguments> {
    for u in chunk {
        q = q.bind(u.0);
    }
    q
}

/// The guard of each user who has anything set, for the wallet's batch: exclusion, largest stake, and each loss limit
/// in force with what was lost so far, and whether their region is refused (real mode). Users with nothing set are
/// left out. Four statements per chunk of users,
/// however many of them have limits.
pub async fn guards(
    conn: &mut AnyConnection,
    users: &[UserId],
    now: EpochMs,
) -> Result<HashMap<UserId, Guard>, sqlx::Error> {
    let mut out: HashMap<UserId, Guard> = HashMap::new();
    for chunk in users.chunks(GUARD_CHUNK) {
        // `$from, $from+1, …`: the chunk's users.
        let list = |from: usize| (0..chunk.len()).map(|i| format!("${}", i + from)).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT user_id, kind, amount, pending_amount, pending_at FROM rg_limits WHERE user_id IN ({}) \
             AND kind IN ('loss_day', 'loss_week', 'loss_month', 'max_stake')",
            list(1)
        );
        let mut lossy = Vec::new();
        for r in
            users_of(sqlx::query_as::<Any, UserLimitRow>(sqlx::AssertSqlSafe(sql)), chunk).fetch_all(&mut *conn).await?
        {
            let user = UserId(r.user_id);
            let Some(kind) = LimitKind::parse(&r.kind) else { continue };
            let Some(value) = Limit::from(r.limit).in_force(now) else { continue };
            let guard = out.entry(user).or_default();
            match kind {
                LimitKind::MaxStake => guard.max_stake = Some(value),
                _ => {
                    let period = Period::ALL.into_iter().find(|p| LimitKind::loss(*p) == kind).unwrap_or(Period::Day);
                    guard.losses.push((period, value, Paise::ZERO));
                    lossy.push(user);
                }
            }
        }
        let sql = format!(
            "SELECT user_id, kind, ends_at FROM rg_exclusions WHERE user_id IN ({}) AND starts_at <= $1 \
             AND ends_at > $1 AND lifted_at IS NULL",
            list(2)
        );
        for r in users_of(sqlx::query_as::<Any, UserExclusionRow>(sqlx::AssertSqlSafe(sql)).bind(now), chunk)
            .fetch_all(&mut *conn)
            .await?
        {
            let user = UserId(r.user_id);
            let Some(kind) = ExclusionKind::parse(&r.kind) else { continue };
            let until = r.ends_at;
            let guard = out.entry(user).or_default();
            // The one that says most: a self-exclusion over a break, then the one ending last.
            let stronger = match guard.exclusion {
                None => true,
                Some(e) => {
                    (kind == ExclusionKind::SelfExclusion, until) > (e.kind == ExclusionKind::SelfExclusion, e.until)
                }
            };
            if stronger {
                guard.exclusion = Some(Exclusion { kind, until });
            }
        }
        let sql = format!("SELECT id FROM users WHERE id IN ({}) AND region_refused = 1", list(1));
        for (id,) in
            users_of(sqlx::query_as::<Any, (i64,)>(sqlx::AssertSqlSafe(sql)), chunk).fetch_all(&mut *conn).await?
        {
            out.entry(UserId(id)).or_default().region_refused = true;
        }
        lossy.sort_unstable();
        lossy.dedup();
        if !lossy.is_empty() {
            for (user, lost) in LOSSES.per_period_of(conn, &lossy, now).await? {
                if let Some(guard) = out.get_mut(&user) {
                    for l in &mut guard.losses {
                        l.2 = lost.iter().find(|(p, _)| *p == l.0).map_or(Paise::ZERO, |(_, v)| *v);
                    }
                }
            }
        }
    }
    for guard in out.values_mut() {
        guard.losses.sort_by_key(|l| Period::ALL.iter().position(|p| *p == l.0));
    }
    Ok(out)
}

/// Won minus lost in games since `since` (negative: down), as the session reminder shows it.
pub async fn net_since(db: &Db, user: UserId, since: EpochMs) -> Result<Paise, sqlx::Error> {
    let Sum { table, who, time, column, filter } = LOSSES;
    let sql = format!(
        "SELECT CAST(COALESCE(SUM({column}), 0) AS BIGINT) FROM {table} WHERE {who} = $1 AND {time} >= $2 AND {filter}"
    );
    let net =
        sqlx::query_scalar::<Any, i64>(sqlx::AssertSqlSafe(sql)).bind(user.0).bind(since).fetch_one(&db.pool).await?;
    Ok(Paise::new(-net))
}

/// May the player ask to deposit `amount` now (no exclusion in force, every deposit limit has room)? Read on the
/// caller's connection, inside the transaction that records the request.
pub async fn check_deposit(
    conn: &mut AnyConnection,
    user: UserId,
    amount: Paise,
    now: EpochMs,
) -> Result<Result<(), super::Refusal>, sqlx::Error> {
    if crate::compliance::region_refused(conn, user).await? {
        return Ok(Err(super::Refusal::RegionNotAllowed));
    }
    let set = limits_on(conn, user).await?;
    let exclusion = exclusion_on(conn, user, now).await?;
    let mut limits = Vec::new();
    if Period::ALL.iter().any(|p| set.get(&LimitKind::deposit(*p)).and_then(|l| l.in_force(now)).is_some()) {
        for (period, asked) in DEPOSITS.per_period(conn, user, now).await? {
            if let Some(limit) = set.get(&LimitKind::deposit(period)).and_then(|l| l.in_force(now)) {
                limits.push((period, limit, asked));
            }
        }
    }
    Ok(super::rules::deposit(exclusion, &limits, amount))
}
