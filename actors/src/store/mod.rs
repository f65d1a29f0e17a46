//! The database: one `Db` handle over sqlx's Any driver, SQLite (default, WAL) or PostgreSQL.
//! Queries are runtime SQL with `$1…$n` placeholders, valid on both back ends.

// Dynamic SQL in this file is assembled only from constants and placeholder counts, never from input.
use crate::cluster::Fence;
use sqlx::AssertSqlSafe;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx_macros::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx_macros::migrate!("../migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub dialect: Dialect,
    /// Serialises the wallet's SQLite write transactions (SQLite allows one writer at a time).
    pub write_gate: Arc<tokio::sync::Mutex<()>>,
    /// SQLite: the task that checkpoints the WAL off the commit path; stops when the last handle drops.
    _checkpointer: Option<Arc<Checkpointer>>,
    /// Cluster mode: the lease this handle's owner writes under; every `begin_write` proves it first.
    fence: Option<Arc<Fence>>,
}

/// How often the WAL is copied back into the database file. SQLite's own automatic checkpoint would run
/// inside whichever commit crosses 1,000 pages, stalling that commit (and every ack waiting on it) for the
/// length of a checkpoint and its fsync; a passive checkpoint beside the writer never blocks it.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

#[derive(Debug)]
struct Checkpointer(tokio::task::JoinHandle<()>);

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpointer {
    fn start(pool: AnyPool) -> Checkpointer {
        Checkpointer(tokio::spawn(async move {
            let mut every = tokio::time::interval(CHECKPOINT_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            while !pool.is_closed() {
                every.tick().await;
                if let Err(e) = pool.execute("PRAGMA wal_checkpoint(PASSIVE)").await {
                    tracing::warn!(error = %e, "WAL checkpoint failed; the next one retries");
                }
            }
        }))
    }
}

/// What a store answers when a read or write fails: the database's own error, kept whole (its kind, its source), or
/// stored data that contradicts the code. Where it meets the wallet's answers (a table's settle, the cluster's wire)
/// it becomes a [`crate::wallet::WalletError`], which must stay `Clone` and serialisable and so keeps only the text.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed the query (a lost connection, a pool timeout, a failed commit…): asked again, it may pass.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// A stored value the code cannot read (a bad seed, a record missing): final, never retried.
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// Storage trouble may pass if asked again; inconsistent data does not.
    pub fn is_transient(&self) -> bool {
        matches!(self, StoreError::Db(_))
    }
}

impl From<serde_json::Error> for StoreError {
    /// A value the store writes as JSON that does not encode, or reads back and cannot decode.
    fn from(e: serde_json::Error) -> Self {
        StoreError::Corrupt(e.to_string())
    }
}

/// A player's latest rows: `query`'s last two parameters are the user and how many rows; each becomes a `T`.
pub async fn latest_of<'q, R, T>(
    db: &Db,
    query: sqlx::query::QueryAs<'q, sqlx::Any, R, sqlx::any::AnyArguments>,
    user: crate::ids::UserId,
    limit: i64,
) -> Result<Vec<T>, StoreError>
where
    R: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
    T: From<R>,
{
    let rows = query.bind(user.0).bind(limit).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(T::from).collect())
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database url (use sqlite://… or postgres://…): {0}")]
    UnsupportedUrl(String),
    #[error("cannot create the database folder {0}: {1}")]
    Folder(String, std::io::Error),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A write transaction that holds the SQLite write gate until it ends (committed or dropped).
pub struct WriteTx {
    pub tx: sqlx::Transaction<'static, sqlx::Any>,
    // Declared after `tx`, so the transaction ends before the gate opens.
    _gate: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl WriteTx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }
}

impl std::ops::Deref for WriteTx {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &sqlx::AnyConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.tx
    }
}

impl Db {
    /// Begins a transaction for a batch of writes, or for reads a write depends on. On SQLite, writers queue here
    /// in-process instead of sleeping in SQLite's busy handler while holding a pooled connection, and the
    /// transaction takes the write lock as it begins (`BEGIN IMMEDIATE`): a deferred one that read first would be
    /// refused at its first write ("database is locked", whatever the busy timeout) whenever another connection had
    /// written since its read.
    /// When the handle is fenced, the transaction first takes its lease's row with the epoch it holds (`FOR
    /// SHARE`): a stale epoch is refused before anything is written, and a takeover waits for this commit.
    pub async fn begin_write(&self) -> Result<WriteTx, sqlx::Error> {
        let gate = match self.dialect {
            Dialect::Sqlite => Some(self.write_gate.clone().lock_owned().await),
            Dialect::Postgres => None,
        };
        let mut tx = match self.dialect {
            Dialect::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Dialect::Postgres => self.pool.begin().await?,
        };
        if let Some(fence) = &self.fence {
            fence.prove(&mut tx).await?;
        }
        Ok(WriteTx { tx, _gate: gate })
    }

    /// Runs one write: on a fenced handle inside a write transaction that proves the fence first (a stale owner
    /// writes nothing), else straight on the pool.
    pub async fn execute(
        &self,
        query: sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments>,
    ) -> Result<sqlx::any::AnyQueryResult, sqlx::Error> {
        if self.fence.is_none() {
            return query.execute(&self.pool).await;
        }
        let mut tx = self.begin_write().await?;
        let done = query.execute(&mut *tx.tx).await?;
        tx.commit().await?;
        Ok(done)
    }

    /// This handle with every write transaction fenced by `fence` (a leased resource's owner).
    pub fn fenced(&self, fence: Fence) -> Db {
        Db { fence: Some(Arc::new(fence)), ..self.clone() }
    }

    /// A handle on a pool of its own (at most `max_connections`) to the same database, fence kept. An actor run on
    /// an arbiter that is stopped with it takes one: a connection opened on that arbiter dies with it, and must not
    /// go back to the shared pool.
    pub async fn own_pool(&self, max_connections: u32) -> Result<Db, sqlx::Error> {
        let options = (*self.pool.connect_options()).clone();
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options)
            .await?;
        Ok(Db { pool, _checkpointer: None, ..self.clone() })
    }

    /// Connects, creating the SQLite file and its folder if missing, and runs the migrations.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Db, DbError> {
        install_default_drivers();
        let (dialect, url) = if let Some(path) = url.strip_prefix("sqlite://") {
            let file = path.split('?').next().unwrap_or(path);
            let folder = Path::new(file).parent().filter(|d| !d.as_os_str().is_empty());
            if let Some(dir) = folder.filter(|_| file != ":memory:") {
                std::fs::create_dir_all(dir).map_err(|e| DbError::Folder(dir.display().to_string(), e))?;
            }
            let url = if url.contains('?') { url.to_string() } else { format!("{url}?mode=rwc") };
            (Dialect::Sqlite, url)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Dialect::Postgres, url.to_string())
        } else {
            return Err(DbError::UnsupportedUrl(url.to_string()));
        };
        // FULL (default): every commit is fsynced. NORMAL: commits survive a process crash but the
        // last ones may be lost on power failure. `CASINO_SQLITE_SYNCHRONOUS` chooses.
        let synchronous = match std::env::var("CASINO_SQLITE_SYNCHRONOUS").ok().as_deref() {
            Some("NORMAL" | "normal") => "PRAGMA synchronous = NORMAL",
            _ => "PRAGMA synchronous = FULL",
        };
        // `CASINO_SQLITE_CHECKPOINT=inline` leaves SQLite's own automatic checkpoint in the commits (for A/B runs).
        let background_checkpoint =
            !url.contains(":memory:") && std::env::var("CASINO_SQLITE_CHECKPOINT").as_deref() != Ok("inline");
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if dialect == Dialect::Sqlite {
                        // WAL lets readers run beside the single writer; FULL makes every commit durable
                        // (group commit pays one fsync per batch, not per change).
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute(synchronous).await?;
                        if background_checkpoint {
                            conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                        }
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        let checkpointer =
            (dialect == Dialect::Sqlite && background_checkpoint).then(|| Arc::new(Checkpointer::start(pool.clone())));
        let db = Db { pool, dialect, write_gate: Arc::default(), _checkpointer: checkpointer, fence: None };
        match dialect {
            Dialect::Sqlite => SQLITE_MIGRATIONS.run(&db.pool).await?,
            Dialect::Postgres => POSTGRES_MIGRATIONS.run(&db.pool).await?,
        }
        Ok(db)
    }
}

/// An operator's setting that must survive a restart (`settings` table: key → text).
pub async fn save_setting(db: &Db, key: &str, value: String) -> Result<(), crate::wallet::WalletError> {
    let query = sqlx::query::<sqlx::Any>(
        "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    );
    db.execute(query.bind(key).bind(value)).await?;
    Ok(())
}

/// A stored setting, if any.
pub async fn load_setting(db: &Db, key: &str) -> Result<Option<String>, crate::wallet::WalletError> {
    Ok(sqlx::query_scalar::<sqlx::Any, String>("SELECT value FROM settings WHERE key = $1")
        .bind(key)
        .fetch_optional(&db.pool)
        .await?)
}

/// A URL for a brand-new, empty database: a fresh PostgreSQL database when `CASINO_TEST_POSTGRES`
/// names a server (e.g. `postgres://postgres@127.0.0.1:5432/test`), else a fresh SQLite file.
/// For tests and benchmarks.
pub async fn fresh_database_url(label: &str) -> Result<String, DbError> {
    let postgres = std::env::var("CASINO_TEST_POSTGRES").ok().filter(|u| !u.is_empty());
    fresh_database_url_on(postgres.as_deref(), label).await
}

/// As `fresh_database_url`, with the PostgreSQL server given (None: SQLite).
pub async fn fresh_database_url_on(postgres: Option<&str>, label: &str) -> Result<String, DbError> {
    install_default_drivers();
    let unique = format!("{label}_{}_{:x}", std::process::id(), rand::random::<u64>());
    match postgres {
        Some(admin_url) => {
            let admin = AnyPoolOptions::new().max_connections(1).connect(admin_url).await?;
            admin.execute(AssertSqlSafe(format!("CREATE DATABASE {unique}"))).await?;
            admin.close().await;
            let base = admin_url.rsplit_once('/').map_or(admin_url, |(b, _)| b);
            Ok(format!("{base}/{unique}"))
        }
        None => {
            let dir = std::env::temp_dir().join("casino-tests");
            Ok(format!("sqlite://{}/{unique}.db", dir.display()))
        }
    }
}
