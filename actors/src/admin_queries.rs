//! Read-only queries for the operators' console: people with their wallets, their sessions and ledger, and the
//! risk figures (money held for open bets, the house's result per game, who holds most). Bets come from each
//! game's own store (`aviator::store::history`).

use crate::accounts::User;
use crate::clock::EpochMs;
use crate::compliance::rules::KycStatus;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
// Dynamic SQL in this file is assembled only from constants, never from input.
use sqlx::Any;
use sqlx::AssertSqlSafe;

/// A person as the console lists them: who, whether blocked, and what their wallet holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRow {
    pub user: User,
    pub blocked: bool,
    pub balance: Paise,
    pub exposure: Paise,
    /// Real mode: declared at sign-up (`YYYY-MM-DD`, a region code); none for accounts made before.
    pub date_of_birth: Option<String>,
    pub region: Option<String>,
    /// The configured regions leave the player's out.
    pub region_refused: bool,
    pub kyc: KycStatus,
}

const USER_ROW: &str = "SELECT u.id, u.user_no, u.phone, u.name, u.email, u.role, u.created_at, u.fixture, \
    u.blocked_at, COALESCE(a.balance, 0) AS balance, COALESCE(a.exposure, 0) AS exposure, u.language, \
    u.date_of_birth, u.region, u.region_refused, k.status AS kyc_status \
    FROM users u LEFT JOIN accounts a ON a.id = u.id LEFT JOIN kyc k ON k.user_id = u.id";

/// One row of `USER_ROW`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct UserDbRow {
    #[sqlx(flatten)]
    user: crate::accounts::UserDbRow,
    blocked_at: Option<i64>,
    balance: i64,
    exposure: i64,
    date_of_birth: Option<String>,
    region: Option<String>,
    region_refused: i64,
    kyc_status: Option<String>,
}

impl From<UserDbRow> for UserRow {
    fn from(r: UserDbRow) -> Self {
        UserRow {
            user: r.user.into(),
            blocked: r.blocked_at.is_some(),
            balance: Paise::new(r.balance),
            exposure: Paise::new(r.exposure),
            date_of_birth: r.date_of_birth,
            region: r.region,
            region_refused: r.region_refused == 1,
            kyc: r.kyc_status.as_deref().and_then(KycStatus::parse).unwrap_or(KycStatus::None),
        }
    }
}

/// `text` as a LIKE pattern matching it anywhere, its wildcards escaped (with `ESCAPE '\'`), lower-cased.
fn contains_pattern(text: &str) -> String {
    let escaped = text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// Up to `limit` people, newest first. A non-empty `q` keeps those whose user number equals it, or whose phone,
/// name or e-mail contains it (case-insensitive).
pub async fn search_users(db: &Db, q: &str, limit: i64) -> Result<Vec<UserRow>, sqlx::Error> {
    let q = q.trim();
    let sql = format!(
        "{USER_ROW} WHERE $1 = '' OR u.user_no = $2 OR LOWER(u.phone) LIKE $3 ESCAPE '\\' \
         OR LOWER(u.name) LIKE $3 ESCAPE '\\' OR LOWER(COALESCE(u.email, '')) LIKE $3 ESCAPE '\\' \
         ORDER BY u.id DESC LIMIT $4"
    );
    let rows = sqlx::query_as::<Any, UserDbRow>(AssertSqlSafe(sql))
        .bind(q.to_string())
        .bind(q.parse::<i64>().unwrap_or(-1))
        .bind(contains_pattern(q))
        .bind(limit)
        .fetch_all(&db.pool)
        .await?;
    Ok(rows.into_iter().map(UserRow::from).collect())
}

pub async fn user(db: &Db, id: UserId) -> Result<Option<UserRow>, sqlx::Error> {
    let sql = format!("{USER_ROW} WHERE u.id = $1");
    let row = sqlx::query_as::<Any, UserDbRow>(AssertSqlSafe(sql)).bind(id.0).fetch_optional(&db.pool).await?;
    Ok(row.map(UserRow::from))
}

/// One session of a person (its token is never shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    pub created_at: EpochMs,
    pub expires_at: EpochMs,
    pub revoked_at: Option<EpochMs>,
    /// Neither revoked nor expired at `now`.
    pub live: bool,
}

#[derive(sqlx_macros::FromRow)]
struct SessionDbRow {
    created_at: EpochMs,
    expires_at: EpochMs,
    revoked_at: Option<EpochMs>,
}

/// A person's last 50 sessions, newest first.
pub async fn sessions(db: &Db, user: UserId, now: EpochMs) -> Result<Vec<SessionRow>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, SessionDbRow>(
        "SELECT created_at, expires_at, revoked_at FROM sessions WHERE user_id = $1 \
         ORDER BY created_at DESC LIMIT 50",
    )
    .bind(user.0)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| SessionRow {
            created_at: r.created_at,
            expires_at: r.expires_at,
            revoked_at: r.revoked_at,
            live: r.revoked_at.is_none() && r.expires_at > now,
        })
        .collect())
}

/// One ledger row of a person's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    pub id: i64,
    pub at: EpochMs,
    pub kind: String,
    pub reference: String,
    pub delta_balance: Paise,
    pub delta_exposure: Paise,
    pub balance_after: Paise,
    pub exposure_after: Paise,
}

#[derive(sqlx_macros::FromRow)]
struct LedgerDbRow {
    id: i64,
    created_at: EpochMs,
    kind: String,
    reference: String,
    delta_balance: i64,
    delta_exposure: i64,
    balance_after: i64,
    exposure_after: i64,
}

/// Up to `limit` of a person's ledger rows, newest first; with `before_id`, only rows older than that one.
pub async fn ledger(
    db: &Db,
    user: UserId,
    limit: i64,
    before_id: Option<i64>,
) -> Result<Vec<LedgerEntry>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, LedgerDbRow>(
        "SELECT id, created_at, kind, reference, delta_balance, delta_exposure, balance_after, exposure_after \
         FROM ledger WHERE account_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
    )
    .bind(user.0)
    .bind(before_id.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| LedgerEntry {
            id: r.id,
            at: r.created_at,
            kind: r.kind,
            reference: r.reference,
            delta_balance: Paise::new(r.delta_balance),
            delta_exposure: Paise::new(r.delta_exposure),
            balance_after: Paise::new(r.balance_after),
            exposure_after: Paise::new(r.exposure_after),
        })
        .collect())
}

/// Money held for one game table's open bets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRisk {
    pub game: &'static str,
    pub table: &'static str,
    pub exposure: Paise,
    /// Stakes held and not yet closed: holds minus cancels and settles.
    pub open_bets: i64,
}

/// What the house won (positive) or lost on one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseResult {
    pub game: &'static str,
    /// Since midnight UTC of `now`'s day.
    pub today: Paise,
    pub all_time: Paise,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub user: UserId,
    pub user_no: i64,
    pub name: String,
    pub exposure: Paise,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Risk {
    /// Every player account's exposure: open bets and pending withdrawals' holds alike.
    pub exposure_total: Paise,
    pub tables: Vec<TableRisk>,
    pub house: Vec<HouseResult>,
    /// The ten players holding most (only those holding something).
    pub largest: Vec<Holder>,
}

const DAY_MS: i64 = 24 * 3600 * 1000;

#[derive(sqlx_macros::FromRow)]
struct HeldDbRow {
    exposure: i64,
    open_bets: i64,
}

#[derive(sqlx_macros::FromRow)]
struct HouseDbRow {
    all_time: i64,
    today: i64,
}

#[derive(sqlx_macros::FromRow)]
struct HolderDbRow {
    id: i64,
    user_no: i64,
    name: String,
    exposure: i64,
}

/// The risk figures, from the books. A table's exposure is what players' ledger rows still hold under the
/// references of its rounds that are not closed (`aviator:{round}` of `open` rounds; a closed round holds
/// nothing). The house result sums the house accounts' ledger rows of the game's kinds (`aviator_*`), all time
/// and since midnight UTC; results against load-test fixture players are included, as in the books.
pub async fn risk(db: &Db, now: EpochMs) -> Result<Risk, sqlx::Error> {
    let total: i64 = sqlx::query_scalar::<Any, i64>(
        "SELECT CAST(COALESCE(SUM(exposure), 0) AS BIGINT) AS total FROM accounts WHERE kind = 'user'",
    )
    .fetch_one(&db.pool)
    .await?;
    let held = sqlx::query_as::<Any, HeldDbRow>(
        "SELECT CAST(COALESCE(SUM(l.delta_exposure), 0) AS BIGINT) AS exposure, \
         CAST(COALESCE(SUM(CASE WHEN l.kind = 'aviator_bet' THEN 1 \
             WHEN l.kind IN ('aviator_cancel', 'aviator_win', 'aviator_loss') THEN -1 ELSE 0 END), 0) AS BIGINT) \
             AS open_bets \
         FROM aviator_rounds r JOIN ledger l ON l.reference = 'aviator:' || r.id \
         WHERE r.status = 'open' AND l.account_id > 0",
    )
    .fetch_one(&db.pool)
    .await?;
    let midnight = now - now.rem_euclid(DAY_MS);
    let house = sqlx::query_as::<Any, HouseDbRow>(
        "SELECT CAST(COALESCE(SUM(delta_balance), 0) AS BIGINT) AS all_time, \
         CAST(COALESCE(SUM(CASE WHEN created_at >= $1 THEN delta_balance ELSE 0 END), 0) AS BIGINT) AS today \
         FROM ledger WHERE account_id IN (SELECT id FROM accounts WHERE kind = 'house') AND kind LIKE 'aviator_%'",
    )
    .bind(midnight)
    .fetch_one(&db.pool)
    .await?;
    let largest = sqlx::query_as::<Any, HolderDbRow>(
        "SELECT a.id, u.user_no, u.name, a.exposure FROM accounts a JOIN users u ON u.id = a.id \
         WHERE a.kind = 'user' AND a.exposure > 0 ORDER BY a.exposure DESC, a.id LIMIT 10",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(Risk {
        exposure_total: Paise::new(total),
        tables: vec![TableRisk {
            game: "aviator",
            table: "aviator",
            exposure: Paise::new(held.exposure),
            open_bets: held.open_bets,
        }],
        house: vec![HouseResult {
            game: "aviator",
            all_time: Paise::new(house.all_time),
            today: Paise::new(house.today),
        }],
        largest: largest
            .into_iter()
            .map(|r| Holder { user: UserId(r.id), user_no: r.user_no, name: r.name, exposure: Paise::new(r.exposure) })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn search_patterns_escape_like_wildcards() {
        assert_eq!(super::contains_pattern("Ab_1%\\"), "%ab\\_1\\%\\\\%");
    }
}
