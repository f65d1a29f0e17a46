//! Identity checks (`casino_actors::compliance::kyc`): a player's status, a submission as `multipart/form-data`
//! (identity details and document images, each read with a size cap and checked by its bytes), the player's own
//! images; the operators' queue, the images, and the decision (audited).

use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::{Answer, ApiError, refusals};
use crate::json::iso;
use crate::openapi::Area;
use crate::state::State;
use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::compliance::kyc::{self, DocumentInfo, Kyc, KycError, Submission, Upload};
use casino_actors::compliance::rules::{self, DOCUMENT_SIDES, KycLevel, KycStatus};
use casino_actors::hold::rules::{date, ist_day};
use casino_actors::ids::UserId;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

impl From<KycError> for ApiError {
    fn from(e: KycError) -> Self {
        let (status, code) = match &e {
            KycError::Details(_) | KycError::NoFront | KycError::Reason => {
                (StatusCode::BAD_REQUEST, ErrorCode::InvalidInput)
            }
            KycError::NotAnImage(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::NotAnImage),
            KycError::TooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::FileTooLarge),
            KycError::Pending => (StatusCode::CONFLICT, ErrorCode::KycPending),
            KycError::Verified => (StatusCode::CONFLICT, ErrorCode::KycVerified),
            KycError::NotPending => (StatusCode::CONFLICT, ErrorCode::KycNotPending),
            KycError::NotFound => (StatusCode::NOT_FOUND, ErrorCode::NotFound),
            KycError::Storage(_) => return ApiError::internal(e),
        };
        ApiError::new(status, code, e.to_string())
    }
}

/// A document image, without its bytes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycDocumentJson {
    pub id: i64,
    /// `front` or `back`.
    pub kind: String,
    /// `image/jpeg`, `image/png` or `image/webp`, as its bytes say.
    pub content_type: String,
    /// Bytes.
    pub size: i64,
}

impl From<DocumentInfo> for KycDocumentJson {
    fn from(d: DocumentInfo) -> Self {
        KycDocumentJson { id: d.id, kind: d.side, content_type: d.content_type, size: d.size }
    }
}

/// A player's identity check.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycJson {
    pub success: bool,
    /// `none` (nothing submitted), `basic` (submitted, not verified), `verified`.
    pub level: KycLevel,
    /// `none`, `pending`, `approved` or `rejected`.
    pub status: KycStatus,
    /// Why an operator rejected it.
    pub reason: Option<String>,
    pub full_name: Option<String>,
    /// `aadhaar`, `pan`, `passport`, `voter_id` or `driving_licence`.
    pub id_type: Option<String>,
    /// ISO 8601.
    pub submitted_at: Option<String>,
    pub decided_at: Option<String>,
    /// The latest submission's images.
    pub documents: Vec<KycDocumentJson>,
}

impl From<Kyc> for KycJson {
    fn from(k: Kyc) -> Self {
        KycJson {
            success: true,
            level: k.level(),
            status: k.status,
            reason: k.reason,
            full_name: k.full_name,
            id_type: k.id_type,
            submitted_at: k.submitted_at.map(iso),
            decided_at: k.decided_at.map(iso),
            documents: k.documents.into_iter().map(Into::into).collect(),
        }
    }
}

/// The player's identity check.
#[utoipa::path(responses((status = 200, description = "Level, status and the latest submission's documents", body = KycJson)))]
#[get("/api/kyc")]
pub async fn my_status(state: State, who: Authed) -> Answer {
    let k = kyc::status(&state.db, who.user.id).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(KycJson::from(k)))
}

/// A submission's form (`multipart/form-data`).
#[derive(ToSchema)]
#[allow(dead_code, non_snake_case)]
pub struct KycForm {
    /// The name as on the document: letters and spaces, 4 to 64.
    fullName: String,
    /// `aadhaar`, `pan`, `passport`, `voter_id` or `driving_licence`.
    idType: String,
    /// 4 to 20 letters and digits (spaces and dashes ignored).
    idNumber: String,
    /// The document's front: a JPEG, PNG or WebP image, at most the configured size (2 MB by default).
    #[schema(value_type = String, format = Binary)]
    front: Vec<u8>,
    /// The back, when the document has one.
    #[schema(value_type = Option<String>, format = Binary)]
    back: Option<Vec<u8>>,
}

/// The longest text field of the form, in bytes.
const TEXT_MAX: usize = 256;
/// The most parts a form may have: its five fields, each once (empty images are skipped, so they count here).
const PARTS_MAX: usize = 5;

fn form_error(message: impl Into<String>) -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidInput, message)
}

/// The form's text fields and images, each read up to its cap (an image past it is refused by name, unread).
async fn read_form(mut form: Multipart, max_image: usize) -> Result<([String; 3], Vec<Upload>), ApiError> {
    const TEXTS: [&str; 3] = ["fullName", "idType", "idNumber"];
    let mut texts: [Option<String>; 3] = Default::default();
    let mut uploads: Vec<Upload> = Vec::new();
    let mut parts = 0;
    while let Some(field) = form.next().await {
        parts += 1;
        if parts > PARTS_MAX {
            return Err(form_error("The form has too many parts"));
        }
        let mut field = field.map_err(|e| form_error(format!("Send the form as multipart/form-data: {e}")))?;
        let name = field.name().unwrap_or_default().to_string();
        let (cap, text) = if let Some(i) = TEXTS.iter().position(|t| *t == name) {
            (TEXT_MAX, Some(i))
        } else if DOCUMENT_SIDES.contains(&name.as_str()) {
            (max_image, None)
        } else {
            return Err(form_error(format!("Unknown field `{name}`")));
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| form_error(format!("The form was cut short: {e}")))?;
            if bytes.len() + chunk.len() > cap {
                return Err(match text {
                    Some(_) => form_error(format!("`{name}` is too long")),
                    None => KycError::TooLarge { side: side(&name), max: max_image }.into(),
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        match text {
            Some(i) if texts[i].is_none() => {
                texts[i] = Some(String::from_utf8(bytes).map_err(|_| form_error(format!("`{name}` is not text")))?);
            }
            None if !uploads.iter().any(|u| u.side == name) && !bytes.is_empty() => {
                uploads.push(Upload { side: side(&name), bytes });
            }
            None if bytes.is_empty() => {}
            _ => return Err(form_error(format!("`{name}` is sent twice"))),
        }
    }
    let [a, b, c] = texts;
    Ok(([a.unwrap_or_default(), b.unwrap_or_default(), c.unwrap_or_default()], uploads))
}

fn side(name: &str) -> &'static str {
    DOCUMENT_SIDES.iter().find(|s| **s == name).copied().unwrap_or("front")
}

refusals!(SubmitRefusals {
    400: "`invalid_input`: a detail missing or refused, no front image, an unknown field",
    403: "`play_mode`: play points need no identity check",
    409: "`kyc_pending` (one is waiting for a check), `kyc_verified`",
    413: "`file_too_large`: an image past the configured size",
    415: "`not_an_image`: a document that is not a JPEG, PNG or WebP image",
});
/// Submits identity details and document images.
///
/// Real mode: the check an operator makes before withdrawals past the thresholds (`GET /api/platform`,
/// `realMoney.kycThresholds`). Refused while a submission waits or once verified; after a rejection, submit again.
/// Images are checked by their bytes, whatever the browser calls them.
#[utoipa::path(
    request_body(content = KycForm, content_type = "multipart/form-data"),
    responses((status = 201, description = "Submitted: pending an operator's check", body = KycJson), SubmitRefusals)
)]
#[post("/api/kyc")]
pub async fn submit(state: State, who: Authed, form: Multipart) -> Answer {
    let Some(checks) = state.compliance.checks() else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            ErrorCode::PlayMode,
            "This platform plays for points with no cash value: there is no identity check",
        ));
    };
    let ([full_name, id_type, id_number], uploads) = read_form(form, checks.max_document_bytes).await?;
    let details = rules::identity_details(&full_name, &id_type, &id_number).map_err(KycError::from)?;
    let k =
        kyc::submit(&state.db, who.user.id, details, uploads, checks.max_document_bytes, state.clock.now_ms()).await?;
    tracing::info!(user = %who.user.id, "identity documents submitted");
    Ok(HttpResponse::Created().json(KycJson::from(k)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct DocumentPath {
    /// The document's id.
    id: i64,
}

/// An image as served: never cached, never sniffed into anything else, never run.
fn image(d: kyc::Document, id: i64) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(d.content_type)
        .insert_header(("Cache-Control", "no-store, private"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .insert_header(("Content-Security-Policy", "default-src 'none'; sandbox"))
        .insert_header(("Content-Disposition", format!("inline; filename=\"document-{id}\"")))
        .body(d.bytes)
}

refusals!(OwnDocumentRefusals { 404: "`not_found`: no such document of this player" });
/// One of the player's own document images.
#[utoipa::path(
    params(DocumentPath),
    responses((status = 200, description = "The image", content_type = "image/*", body = Vec<u8>), OwnDocumentRefusals)
)]
#[get("/api/kyc/documents/{id}")]
pub async fn own_document(state: State, who: Authed, path: web::Path<DocumentPath>) -> Answer {
    match kyc::document(&state.db, path.id).await.map_err(ApiError::internal)? {
        Some(d) if d.user_id == who.user.id.0 => Ok(image(d, path.id)),
        _ => Err(ApiError::not_found("No such document")),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// `pending` (the default), `approved`, `rejected` or `all`.
    status: Option<String>,
}

/// A submission in the operators' queue.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmissionJson {
    pub user_id: i64,
    pub user_no: i64,
    pub name: String,
    pub phone: String,
    /// As declared at sign-up, `YYYY-MM-DD`; null for accounts made before real mode's checks.
    pub date_of_birth: Option<String>,
    /// Full years today (India's day).
    pub age: Option<i64>,
    pub region: Option<String>,
    pub full_name: Option<String>,
    pub id_type: Option<String>,
    pub id_number: Option<String>,
    pub status: KycStatus,
    pub level: KycLevel,
    pub reason: Option<String>,
    pub submitted_at: Option<String>,
    pub decided_at: Option<String>,
    pub documents: Vec<KycDocumentJson>,
}

/// Full years at `now` of a `YYYY-MM-DD` date of birth.
pub fn age_now(date_of_birth: Option<&str>, now: i64) -> Option<i64> {
    date_of_birth.and_then(date).map(|born| rules::age(born, ist_day(now)))
}

fn submission_json(s: Submission, now: i64) -> SubmissionJson {
    let k = s.kyc;
    SubmissionJson {
        user_id: s.user.0,
        user_no: s.user_no,
        name: s.name,
        phone: s.phone,
        age: age_now(s.date_of_birth.as_deref(), now),
        date_of_birth: s.date_of_birth,
        region: s.region,
        level: k.level(),
        status: k.status,
        full_name: k.full_name,
        id_type: k.id_type,
        id_number: k.id_number,
        reason: k.reason,
        submitted_at: k.submitted_at.map(iso),
        decided_at: k.decided_at.map(iso),
        documents: k.documents.into_iter().map(Into::into).collect(),
    }
}

#[derive(Serialize, ToSchema)]
pub struct SubmissionsJson {
    pub success: bool,
    /// Oldest first, at most 200.
    pub submissions: Vec<SubmissionJson>,
}

refusals!(QueueRefusals { 400: "`invalid_input`: an unknown status" });
/// Identity submissions, oldest first: the queue to check.
#[utoipa::path(params(QueueQuery), responses((status = 200, description = "The submissions", body = SubmissionsJson), QueueRefusals))]
#[get("/api/admin/kyc")]
pub async fn queue(state: State, _op: Operator, q: web::Query<QueueQuery>) -> Answer {
    let status = match q.status.as_deref().unwrap_or("pending") {
        "all" => None,
        s => match KycStatus::parse(s).filter(|s| *s != KycStatus::None) {
            Some(s) => Some(s),
            None => return Err(form_error("status: pending, approved, rejected or all")),
        },
    };
    let list = kyc::submissions(&state.db, status).await.map_err(ApiError::internal)?;
    let now = state.clock.now_ms();
    let submissions = list.into_iter().map(|s| submission_json(s, now)).collect();
    Ok(HttpResponse::Ok().json(SubmissionsJson { success: true, submissions }))
}

refusals!(DocumentRefusals { 404: "`not_found`" });
/// A submitted document image.
#[utoipa::path(
    params(DocumentPath),
    responses((status = 200, description = "The image", content_type = "image/*", body = Vec<u8>), DocumentRefusals)
)]
#[get("/api/admin/kyc/documents/{id}")]
pub async fn document(state: State, _op: Operator, path: web::Path<DocumentPath>) -> Answer {
    match kyc::document(&state.db, path.id).await.map_err(ApiError::internal)? {
        Some(d) => Ok(image(d, path.id)),
        None => Err(ApiError::not_found("No such document")),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(non_snake_case)]
pub struct SubmissionPath {
    /// The player's user id.
    userId: i64,
}

/// A rejection's reason, which the player reads.
#[derive(Deserialize, ToSchema)]
pub struct RejectBody {
    #[schema(min_length = 4, max_length = 200, example = "The photo is blurred: send a sharper one")]
    reason: Option<String>,
}

refusals!(DecideRefusals {
    400: "`invalid_input`: a rejection without a reason of 4 to 200 characters",
    404: "`not_found`: no submission of this player",
    409: "`kyc_not_pending`: already decided",
});

async fn decide(state: &State, op: &Operator, user: i64, approve: bool, reason: Option<&str>) -> Answer {
    let user = UserId(user);
    let k = kyc::decide(&state.db, user, op.0.id, approve, reason, state.clock.now_ms()).await?;
    let (action, after) = match approve {
        true => (Action::KycApprove, json!({ "status": "approved" })),
        false => (Action::KycReject, json!({ "status": "rejected", "reason": k.reason })),
    };
    tracing::info!(operator = %op.0.id, %user, approve, "identity check decided");
    audit::write(state, op.0.id, action, &format!("user:{user}"), Some(json!({ "status": "pending" })), Some(after))
        .await;
    Ok(HttpResponse::Ok().json(KycJson::from(k)))
}

/// Approves a pending identity submission (audited): the player's level becomes `verified`.
#[utoipa::path(params(SubmissionPath), responses((status = 200, description = "Approved", body = KycJson), DecideRefusals))]
#[post("/api/admin/kyc/{userId}/approve")]
pub async fn approve_submission(state: State, op: Operator, path: web::Path<SubmissionPath>) -> Answer {
    decide(&state, &op, path.userId, true, None).await
}

/// Rejects a pending identity submission with a reason the player reads (audited); the player may submit again.
#[utoipa::path(
    params(SubmissionPath),
    request_body = RejectBody,
    responses((status = 200, description = "Rejected", body = KycJson), DecideRefusals)
)]
#[post("/api/admin/kyc/{userId}/reject")]
pub async fn reject_submission(
    state: State,
    op: Operator,
    path: web::Path<SubmissionPath>,
    body: web::Json<RejectBody>,
) -> Answer {
    decide(&state, &op, path.userId, false, body.reason.as_deref()).await
}

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "kyc")
        .player(my_status)
        .player(submit)
        .player(own_document)
        .operator(queue)
        .operator(document)
        .operator(approve_submission)
        .operator(reject_submission);
}
