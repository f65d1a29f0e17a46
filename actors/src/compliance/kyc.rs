//! Identity checks (KYC): a player submits identity details and document images, an operator approves or rejects
//! the submission, and a withdrawal past the thresholds needs an approved one. The images are checked by their
//! bytes and stored in the database (`kyc_documents`); they are served only to operators and their owner.

use super::rules::{IdentityDetails, ImageKind, KycLevel, KycStatus, Thresholds, WINDOW_30_DAYS_MS};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{Any, AnyConnection};

#[derive(Debug, thiserror::Error)]
pub enum KycError {
    #[error(transparent)]
    Details(#[from] super::rules::Details),
    #[error("Add a photo of the document's front")]
    NoFront,
    #[error("The {0} of the document is not a JPEG, PNG or WebP image")]
    NotAnImage(&'static str),
    #[error("The {side} of the document is larger than {} MB", .max / (1024 * 1024))]
    TooLarge { side: &'static str, max: usize },
    #[error("Your identity documents are already waiting for a check")]
    Pending,
    #[error("Your identity is already verified")]
    Verified,
    #[error("This submission is not waiting for a decision")]
    NotPending,
    #[error("Give the reason for the rejection: 4 to 200 characters")]
    Reason,
    #[error("No identity submission for this player")]
    NotFound,
    #[error("storage: {0}")]
    Storage(#[from] sqlx::Error),
}

/// A stored document image, without its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx_macros::FromRow)]
pub struct DocumentInfo {
    pub id: i64,
    pub side: String,
    pub content_type: String,
    pub size: i64,
}

/// A player's identity check: the latest submission, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kyc {
    pub status: KycStatus,
    pub full_name: Option<String>,
    pub id_type: Option<String>,
    pub id_number: Option<String>,
    pub submitted_at: Option<EpochMs>,
    pub decided_at: Option<EpochMs>,
    pub reason: Option<String>,
    /// The latest submission's images.
    pub documents: Vec<DocumentInfo>,
}

impl Kyc {
    pub fn level(&self) -> KycLevel {
        self.status.level()
    }
}

/// A submission as operators list it: the player, what they declared at sign-up, and the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub user: UserId,
    pub user_no: i64,
    pub name: String,
    pub phone: String,
    pub date_of_birth: Option<String>,
    pub region: Option<String>,
    pub kyc: Kyc,
}

/// An image as uploaded: which side of the document, and its bytes.
#[derive(Debug, Clone)]
pub struct Upload {
    pub side: &'static str,
    pub bytes: Vec<u8>,
}

/// A stored image with its owner.
#[derive(Debug, Clone, sqlx_macros::FromRow)]
pub struct Document {
    pub user_id: i64,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(sqlx_macros::FromRow)]
struct KycRow {
    user_id: i64,
    attempt: i64,
    status: String,
    full_name: String,
    id_type: String,
    id_number: String,
    submitted_at: i64,
    decided_at: Option<i64>,
    reason: Option<String>,
}

#[derive(sqlx_macros::FromRow)]
struct SubmissionRow {
    user_no: Option<i64>,
    name: String,
    phone: String,
    date_of_birth: Option<String>,
    region: Option<String>,
    #[sqlx(flatten)]
    kyc: KycRow,
}

const KYC_COLUMNS: &str =
    "k.user_id, k.attempt, k.status, k.full_name, k.id_type, k.id_number, k.submitted_at, k.decided_at, k.reason";

fn none() -> Kyc {
    Kyc {
        status: KycStatus::None,
        full_name: None,
        id_type: None,
        id_number: None,
        submitted_at: None,
        decided_at: None,
        reason: None,
        documents: Vec::new(),
    }
}

async fn with_documents(conn: &mut AnyConnection, row: KycRow) -> Result<Kyc, sqlx::Error> {
    let documents = sqlx::query_as::<Any, DocumentInfo>(
        "SELECT id, side, content_type, size FROM kyc_documents WHERE user_id = $1 AND attempt = $2 ORDER BY id",
    )
    .bind(row.user_id)
    .bind(row.attempt)
    .fetch_all(conn)
    .await?;
    Ok(Kyc {
        status: KycStatus::parse(&row.status).unwrap_or(KycStatus::Pending),
        full_name: Some(row.full_name),
        id_type: Some(row.id_type),
        id_number: Some(row.id_number),
        submitted_at: Some(row.submitted_at),
        decided_at: row.decided_at,
        reason: row.reason,
        documents,
    })
}

async fn row_on(conn: &mut AnyConnection, user: UserId) -> Result<Option<KycRow>, sqlx::Error> {
    let sql = format!("SELECT {KYC_COLUMNS} FROM kyc k WHERE k.user_id = $1");
    sqlx::query_as::<Any, KycRow>(sqlx::AssertSqlSafe(sql)).bind(user.0).fetch_optional(conn).await
}

/// A player's check (status `none` before any submission).
pub async fn status(db: &Db, user: UserId) -> Result<Kyc, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    match row_on(&mut conn, user).await? {
        Some(row) => with_documents(&mut conn, row).await,
        None => Ok(none()),
    }
}

/// Checks each image (the front required, each an accepted image of at most `max_bytes`), before anything is
/// stored.
pub fn check_uploads(uploads: &[Upload], max_bytes: usize) -> Result<Vec<ImageKind>, KycError> {
    if !uploads.iter().any(|u| u.side == "front") {
        return Err(KycError::NoFront);
    }
    uploads
        .iter()
        .map(|u| {
            if u.bytes.len() > max_bytes {
                return Err(KycError::TooLarge { side: u.side, max: max_bytes });
            }
            ImageKind::sniff(&u.bytes).ok_or(KycError::NotAnImage(u.side))
        })
        .collect()
}

/// Stores a submission: refused while one is pending or once verified; a rejected player submits again.
pub async fn submit(
    db: &Db,
    user: UserId,
    details: IdentityDetails,
    uploads: Vec<Upload>,
    max_bytes: usize,
    now: EpochMs,
) -> Result<Kyc, KycError> {
    let kinds = check_uploads(&uploads, max_bytes)?;
    let mut w = db.begin_write().await?;
    let attempt = match row_on(&mut w.tx, user).await? {
        Some(r) if r.status == "pending" => return Err(KycError::Pending),
        Some(r) if r.status == "approved" => return Err(KycError::Verified),
        Some(r) => r.attempt + 1,
        None => 1,
    };
    sqlx::query::<Any>(
        "INSERT INTO kyc (user_id, attempt, status, full_name, id_type, id_number, submitted_at) \
         VALUES ($1, $2, 'pending', $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET attempt = $2, \
         status = 'pending', full_name = $3, id_type = $4, id_number = $5, submitted_at = $6, decided_at = NULL, \
         decided_by = NULL, reason = NULL",
    )
    .bind(user.0)
    .bind(attempt)
    .bind(details.full_name)
    .bind(details.id_type)
    .bind(details.id_number)
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    for (u, kind) in uploads.into_iter().zip(kinds) {
        let sha = hex::encode(Sha256::digest(&u.bytes));
        sqlx::query::<Any>(
            "INSERT INTO kyc_documents (user_id, attempt, side, content_type, size, sha256, bytes, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(user.0)
        .bind(attempt)
        .bind(u.side)
        .bind(kind.content_type())
        .bind(i64::try_from(u.bytes.len()).unwrap_or(i64::MAX))
        .bind(sha)
        .bind(u.bytes)
        .bind(now)
        .execute(&mut *w.tx)
        .await?;
    }
    let row = row_on(&mut w.tx, user).await?.ok_or(KycError::NotFound)?;
    let kyc = with_documents(&mut w.tx, row).await?;
    w.commit().await?;
    Ok(kyc)
}

/// A stored image and its owner (the caller decides who may see it).
pub async fn document(db: &Db, id: i64) -> Result<Option<Document>, sqlx::Error> {
    sqlx::query_as::<Any, Document>("SELECT user_id, content_type, bytes FROM kyc_documents WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The most submissions a list shows.
pub const LIST_MAX: i64 = 200;

/// Submissions, oldest first (the queue's order), of one status or all.
pub async fn submissions(db: &Db, status: Option<KycStatus>) -> Result<Vec<Submission>, sqlx::Error> {
    let filter = if status.is_some() { "WHERE k.status = $1" } else { "" };
    let sql = format!(
        "SELECT u.user_no, u.name, u.phone, u.date_of_birth, u.region, {KYC_COLUMNS} FROM kyc k \
         JOIN users u ON u.id = k.user_id {filter} ORDER BY k.submitted_at, k.user_id LIMIT {LIST_MAX}"
    );
    let mut conn = db.pool.acquire().await?;
    let mut q = sqlx::query_as::<Any, SubmissionRow>(sqlx::AssertSqlSafe(sql));
    if let Some(s) = status {
        q = q.bind(s.as_str());
    }
    let rows = q.fetch_all(&mut *conn).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let user = UserId(r.kyc.user_id);
        out.push(Submission {
            user,
            user_no: r.user_no.unwrap_or_default(),
            name: r.name,
            phone: r.phone,
            date_of_birth: r.date_of_birth,
            region: r.region,
            kyc: with_documents(&mut conn, r.kyc).await?,
        });
    }
    Ok(out)
}

/// An operator's decision on a pending submission: approved, or rejected with a reason the player reads.
pub async fn decide(
    db: &Db,
    user: UserId,
    operator: UserId,
    approve: bool,
    reason: Option<&str>,
    now: EpochMs,
) -> Result<Kyc, KycError> {
    let reason = match (approve, reason.map(str::trim)) {
        (true, _) => None,
        (false, Some(r)) if (4..=200).contains(&r.chars().count()) => Some(r.to_string()),
        (false, _) => return Err(KycError::Reason),
    };
    let mut w = db.begin_write().await?;
    let done = sqlx::query::<Any>(
        "UPDATE kyc SET status = $1, decided_at = $2, decided_by = $3, reason = $4 \
         WHERE user_id = $5 AND status = 'pending'",
    )
    .bind(if approve { "approved" } else { "rejected" })
    .bind(now)
    .bind(operator.0)
    .bind(reason)
    .bind(user.0)
    .execute(&mut *w.tx)
    .await?;
    let row = row_on(&mut w.tx, user).await?.ok_or(KycError::NotFound)?;
    if done.rows_affected() == 0 {
        return Err(KycError::NotPending);
    }
    let kyc = with_documents(&mut w.tx, row).await?;
    w.commit().await?;
    Ok(kyc)
}

/// Does a withdrawal of `amount` at `now` need a verified identity the player does not have? Counts the pending and
/// paid requests of the last 30 days. Read on the caller's connection, in the transaction that records the request.
pub async fn withdrawal_needs_identity(
    conn: &mut AnyConnection,
    user: UserId,
    amount: Paise,
    now: EpochMs,
    thresholds: &Thresholds,
) -> Result<bool, sqlx::Error> {
    let asked = sqlx::query_scalar::<Any, i64>(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM withdrawals WHERE user_id = $1 \
         AND status IN ('pending', 'approved') AND created_at > $2",
    )
    .bind(user.0)
    .bind(now - WINDOW_30_DAYS_MS)
    .fetch_one(&mut *conn)
    .await?;
    if !thresholds.needs_verified(amount, Paise::new(asked)) {
        return Ok(false);
    }
    let status = sqlx::query_scalar::<Any, String>("SELECT status FROM kyc WHERE user_id = $1")
        .bind(user.0)
        .fetch_optional(conn)
        .await?;
    Ok(status.as_deref() != Some("approved"))
}
