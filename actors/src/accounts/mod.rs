//! People and their sessions: sign-up, login with Argon2id, opaque session tokens stored hashed,
//! and password reset with a one-time code delivered through a `Notifier` (`reset.rs`, `notify.rs`).
//! Argon2 work goes through a fair queue of a few slots, each with its own memory (`hashing.rs`, `passwords.rs`), so
//! floods of unauthenticated requests queue instead of exhausting memory.

pub mod blocking;
pub mod budget;
pub mod hashing;
pub mod notify;
pub mod own;
pub mod passwords;
pub mod ratelimit;
mod reset;
pub mod rules;

pub use notify::{LogNotifier, NoNotifier, Notifier, NotifierConfig, WebhookConfig};
pub use reset::{RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS, RESET_GUESSES, RESET_GUESSES_PER_ACCOUNT, RESET_REQUESTS};

use crate::clock::{EpochMs, SharedClock};
use crate::compliance::rules::Declared;
use crate::ids::UserId;
use crate::store::Db;
use passwords::{hash_password, verify_password};
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
// Dynamic SQL in this file is assembled only from constants and placeholder counts, never from input.
use hashing::{HashQueue, Lane};
use sqlx::Any;
use sqlx::AssertSqlSafe;
use std::sync::Arc;
use std::time::Duration;

pub const SESSION_TTL_MS: i64 = 7 * 24 * 3600 * 1000;
/// How long a request waits for an Argon2 slot before it is answered "busy".
const HASHING_WAIT: Duration = Duration::from_secs(10);
/// User numbers are short and typeable: 100001, 100002, …
const USER_NO_BASE: i64 = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Player,
    Operator,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Operator => "operator",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct User {
    pub id: UserId,
    pub user_no: i64,
    pub phone: String,
    pub name: String,
    pub email: Option<String>,
    pub role: Role,
    pub created_at: EpochMs,
    /// A load-test fixture player (`CASINO_LOAD_TEST=1`): no password, no deposits or withdrawals.
    pub fixture: bool,
    /// The language the app shows: `en` or `hi`.
    pub language: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error(transparent)]
    Invalid(#[from] rules::Invalid),
    #[error("Phone number is already registered")]
    PhoneTaken,
    #[error("Invalid user number or password")]
    BadCredentials,
    #[error("This account is blocked. Please contact support.")]
    Blocked,
    #[error("Invalid or expired code")]
    BadResetCode,
    #[error("storage: {0}")]
    Storage(#[from] sqlx::Error),
    #[error("password hashing failed")]
    Hashing,
    #[error("Too many attempts. Please try again later.")]
    TooManyAttempts,
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
}

#[derive(Clone)]
pub struct Accounts {
    db: Db,
    clock: SharedClock,
    notifier: Arc<dyn Notifier>,
    /// Argon2 runs allowed at once, shared fairly between accounts.
    hashing: Arc<HashQueue>,
}

/// The default cap on concurrent Argon2 work: one per core (at least two, so a known device always has one).
pub fn default_hashing_limit() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).max(2)
}

const USER_COLUMNS: &str = "id, user_no, phone, name, email, role, created_at, fixture, language";

/// A row of `USER_COLUMNS`, as the database has it.
#[derive(sqlx_macros::FromRow)]
pub(crate) struct UserDbRow {
    id: i64,
    user_no: i64,
    phone: String,
    name: String,
    email: Option<String>,
    role: String,
    created_at: EpochMs,
    fixture: i64,
    language: String,
}

impl From<UserDbRow> for User {
    fn from(row: UserDbRow) -> Self {
        User {
            id: UserId(row.id),
            user_no: row.user_no,
            phone: row.phone,
            name: row.name,
            email: row.email,
            role: if row.role == "operator" { Role::Operator } else { Role::Player },
            created_at: row.created_at,
            fixture: row.fixture != 0,
            language: row.language,
        }
    }
}

/// SHA-256 hex: tokens and codes are stored only this way.
pub fn digest(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

impl Accounts {
    pub fn new(db: Db, clock: SharedClock, notifier: Arc<dyn Notifier>) -> Self {
        Accounts { db, clock, notifier, hashing: Arc::new(HashQueue::new(default_hashing_limit())) }
    }

    /// Caps concurrent Argon2 work at `permits` (at least one).
    pub fn with_hashing_limit(mut self, permits: usize) -> Self {
        self.hashing = Arc::new(HashQueue::new(permits));
        self
    }

    /// Argon2 takes tens of milliseconds of CPU and megabytes of memory: run it off the async workers, a bounded
    /// number at a time, one at a time per `lane`. A request that cannot get a slot soon is answered `Busy`.
    async fn hashing<T: Send + 'static>(
        &self,
        lane: Lane,
        f: impl FnOnce(&mut passwords::Memory) -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        match self.hashing.run(lane, HASHING_WAIT, f).await {
            Some(out) => out.map_err(|_| AccountError::Hashing),
            None => Err(AccountError::Busy),
        }
    }

    /// Validates, hashes and stores a new person with an empty wallet, and what they declared at sign-up (real
    /// mode's date of birth and region, checked by `compliance`).
    pub async fn register(
        &self,
        phone: &str,
        name: &str,
        password: &str,
        role: Role,
        declared: Option<Declared>,
    ) -> Result<User, AccountError> {
        let name = rules::name(name)?;
        let phone = rules::phone(phone)?;
        let password = rules::signup_password(password)?.to_string();
        let hash = self.hashing(Lane::SignUp, move |m| hash_password(&password, m)).await??;
        self.insert_user(&phone, &name, &hash, role, declared).await
    }

    /// Stores a person whose password is already hashed.
    pub async fn insert_user(
        &self,
        phone: &str,
        name: &str,
        hash: &str,
        role: Role,
        declared: Option<Declared>,
    ) -> Result<User, AccountError> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let inserted = sqlx::query_scalar::<Any, i64>(
            "INSERT INTO users (phone, name, password_hash, role, created_at, date_of_birth, region) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (phone) DO NOTHING RETURNING id",
        )
        .bind(phone)
        .bind(name)
        .bind(hash)
        .bind(role.as_str())
        .bind(now)
        .bind(declared.map(|d| d.date_of_birth_text()))
        .bind(declared.map(|d| d.region.code))
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = inserted else { return Err(AccountError::PhoneTaken) };
        sqlx::query::<Any>("UPDATE users SET user_no = $1 WHERE id = $2")
            .bind(USER_NO_BASE + id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, 'user', 0, 0)")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        self.by_id(UserId(id)).await?.ok_or(AccountError::BadCredentials)
    }

    /// Creates `count` fixture players, each with a session, in one transaction. They have no password
    /// ([`FIXTURE_PASSWORD_HASH`] never verifies): the returned session token is their only way in.
    /// For load tests only (the HTTP route is disabled unless the server runs with CASINO_LOAD_TEST=1).
    pub async fn create_fixture_players(&self, label: &str, count: usize) -> Result<Vec<(User, String)>, AccountError> {
        let now = self.clock.now_ms();
        let mut w = self.db.begin_write().await?;
        let tx = &mut w.tx;
        let mut players = Vec::with_capacity(count);
        for i in 0..count {
            let phone = format!("{label}-{i}");
            let id = sqlx::query_scalar::<Any, i64>(
                "INSERT INTO users (phone, name, password_hash, role, created_at, fixture) \
                 VALUES ($1, 'Load Player', $2, 'player', $3, 1) RETURNING id",
            )
            .bind(phone.clone())
            .bind(FIXTURE_PASSWORD_HASH)
            .bind(now)
            .fetch_one(&mut **tx)
            .await?;
            sqlx::query::<Any>("UPDATE users SET user_no = $1 WHERE id = $2")
                .bind(USER_NO_BASE + id)
                .bind(id)
                .execute(&mut **tx)
                .await?;
            sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, 'user', 0, 0)")
                .bind(id)
                .execute(&mut **tx)
                .await?;
            let mut bytes = [0u8; 32];
            rand::rng().fill_bytes(&mut bytes);
            let token = hex::encode(bytes);
            sqlx::query::<Any>(
                "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(digest(&token))
            .bind(id)
            .bind(now)
            .bind(now + SESSION_TTL_MS)
            .execute(&mut **tx)
            .await?;
            let user = User {
                id: UserId(id),
                user_no: USER_NO_BASE + id,
                phone,
                name: "Load Player".into(),
                email: None,
                role: Role::Player,
                created_at: now,
                fixture: true,
                language: "en".into(),
            };
            players.push((user, token));
        }
        w.commit().await?;
        Ok(players)
    }

    pub async fn by_id(&self, id: UserId) -> Result<Option<User>, AccountError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
        let row = sqlx::query_as::<Any, UserDbRow>(AssertSqlSafe(sql)).bind(id.0).fetch_optional(&self.db.pool).await?;
        Ok(row.map(User::from))
    }

    /// Finds a person by user number, phone or e-mail, the ways a player may name themselves.
    pub async fn by_login(&self, identifier: &str) -> Result<Option<User>, AccountError> {
        let id = identifier.trim();
        if id.is_empty() {
            return Ok(None);
        }
        let user_no: i64 = id.parse().unwrap_or(-1);
        let sql = format!(
            "SELECT {USER_COLUMNS} FROM users WHERE user_no = $1 OR phone = $2 OR email = $2 ORDER BY (user_no = $1) DESC LIMIT 1"
        );
        let row = sqlx::query_as::<Any, UserDbRow>(AssertSqlSafe(sql))
            .bind(user_no)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.map(User::from))
    }

    async fn password_hash(&self, id: UserId) -> Result<Option<String>, AccountError> {
        Ok(sqlx::query_scalar::<Any, String>("SELECT password_hash FROM users WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.db.pool)
            .await?)
    }

    /// Checks the password and opens a session. The error never says which part was wrong.
    pub async fn login(&self, identifier: &str, password: &str) -> Result<(User, String), AccountError> {
        let user = self.by_login(identifier).await?;
        self.login_as(user, password, false).await
    }

    /// As `login`, for a caller that has already looked the person up (to count attempts per account) and knows
    /// whether the request comes from a device that has logged in to this account before (it goes first).
    pub async fn login_as(
        &self,
        user: Option<User>,
        password: &str,
        known_device: bool,
    ) -> Result<(User, String), AccountError> {
        let hash = match &user {
            Some(u) => self.password_hash(u.id).await?,
            None => None,
        };
        let lane = match &user {
            Some(u) if known_device => Lane::Known(u.id.0),
            Some(u) => Lane::Account(u.id.0),
            None => Lane::Unknown,
        };
        let password = password.to_string();
        // Verify against a dummy hash when the user is unknown, so timing does not reveal it.
        let ok = self
            .hashing(lane, move |m| match hash {
                Some(h) => verify_password(&password, &h, m),
                None => {
                    let _ = verify_password(&password, DUMMY_HASH, m);
                    false
                }
            })
            .await?;
        match (user, ok) {
            // Said only to whoever knows the password.
            (Some(u), true) if self.is_blocked(u.id).await? == Some(true) => Err(AccountError::Blocked),
            (Some(u), true) => {
                let token = self.open_session(u.id).await?;
                Ok((u, token))
            }
            _ => Err(AccountError::BadCredentials),
        }
    }

    /// A new random 256-bit session token; only its digest is stored.
    pub async fn open_session(&self, user: UserId) -> Result<String, AccountError> {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        let token = hex::encode(bytes);
        let now = self.clock.now_ms();
        sqlx::query::<Any>(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(digest(&token))
        .bind(user.0)
        .bind(now)
        .bind(now + SESSION_TTL_MS)
        .execute(&self.db.pool)
        .await?;
        Ok(token)
    }

    /// The person behind a live session token, if any.
    pub async fn session_user(&self, token: &str) -> Result<Option<User>, AccountError> {
        let sql = format!(
            "SELECT {} FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2",
            USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
        );
        let row = sqlx::query_as::<Any, UserDbRow>(AssertSqlSafe(sql))
            .bind(digest(token))
            .bind(self.clock.now_ms())
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.map(User::from))
    }

    pub async fn logout(&self, token: &str) -> Result<(), AccountError> {
        sqlx::query::<Any>("UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL")
            .bind(self.clock.now_ms())
            .bind(digest(token))
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }
}

/// What a fixture player has instead of a password hash: not a PHC string (those start with `$`), so
/// `verify_password` refuses every password against it. The schema refuses a fixture any value starting with `$`.
pub const FIXTURE_PASSWORD_HASH: &str = "!fixture: token only";

/// A valid Argon2id hash of a random password, verified against when the user does not exist.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0oQ3nD0d2pNqvI0bE8Yq1Wc3gXk5Q8u6m7QqgQ2w9yA";

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::PasswordHash;
    use passwords::Memory;

    #[test]
    fn the_fixture_marker_never_verifies_any_password() {
        let m = &mut Memory::new();
        for password in ["", "load-test-player", FIXTURE_PASSWORD_HASH, "!fixture", "secret1"] {
            assert!(!verify_password(password, FIXTURE_PASSWORD_HASH, m), "{password:?}");
        }
        assert!(PasswordHash::new(FIXTURE_PASSWORD_HASH).is_err(), "not a PHC string");
        let real = hash_password("secret1", m).unwrap();
        assert!(verify_password("secret1", &real, m), "a real hash still verifies");
    }
}
