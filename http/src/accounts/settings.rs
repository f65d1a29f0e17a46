//! The player's own settings (`/api/account/…`): language, session reminder, responsible-gaming limits, a break or
//! self-exclusion, and the summary the session reminder shows. The wallet and the cashier enforce the limits; these
//! routes only set them.

use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::money::parse_rupees;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::clock::EpochMs;
use casino_actors::ids::UserId;
use casino_actors::money::{Paise, RupeesJson, as_rupees, rupees_opt};
use casino_actors::rg::rules::{BREAK_DAYS, EXCLUSION_MONTHS, add_months};
use casino_actors::rg::{ExclusionKind, LimitKind, Period, store};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The languages the app speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Hi,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Hi => "hi",
        }
    }

    /// A stored language (`en` when it is not one we speak).
    pub fn of(stored: &str) -> Language {
        if stored == "hi" { Language::Hi } else { Language::En }
    }
}

/// A raise or removal of a limit, waiting until `effectiveAt`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingLimitJson {
    /// The new value (`null`: the limit removed).
    #[serde(serialize_with = "rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub amount: Option<Paise>,
    pub effective_at: EpochMs,
}

#[derive(Serialize, ToSchema)]
pub struct LimitJson {
    pub kind: LimitKind,
    /// In force now (`null`: no limit).
    #[serde(serialize_with = "rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub amount: Option<Paise>,
    pub pending: Option<PendingLimitJson>,
    /// So far this period (IST day, week from Monday, month): deposits asked for, or net losses in games (negative
    /// when ahead); `null` for the largest stake.
    #[serde(serialize_with = "rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub used: Option<Paise>,
}

#[derive(Serialize, ToSchema)]
pub struct ExclusionJson {
    pub kind: ExclusionKind,
    /// When it ends (epoch ms); bets and deposits are refused until then.
    pub until: EpochMs,
}

/// The player's settings: every limit (all seven, set or not), the exclusion in force, language and reminder.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsJson {
    pub language: Language,
    /// Minutes between session reminders (`null`: off).
    pub reminder_minutes: Option<i64>,
    pub limits: Vec<LimitJson>,
    pub exclusion: Option<ExclusionJson>,
}

pub(crate) fn storage(e: impl std::fmt::Display) -> ApiError {
    ApiError::internal(e)
}

/// A body's value that `null` clears: `None` for `null`, else what `read` makes of it.
fn unless_null<T>(v: &Value, read: impl FnOnce(&Value) -> Result<T, ApiError>) -> Result<Option<T>, ApiError> {
    if v.is_null() { Ok(None) } else { read(v).map(Some) }
}

/// The 200 of the settings routes: the settings as they now stand.
async fn answer(state: &State, user: UserId) -> Answer {
    Ok(HttpResponse::Ok().json(settings_of(state, user).await?))
}

pub(crate) async fn settings_of(state: &State, user: UserId) -> Result<SettingsJson, ApiError> {
    let now = state.clock.now_ms();
    let limits = store::limits(&state.db, user).await.map_err(storage)?;
    let deposits = store::deposits_asked(&state.db, user, now).await.map_err(storage)?;
    let mut conn = state.db.pool.acquire().await.map_err(storage)?;
    let losses = store::losses(&mut conn, user, now).await.map_err(storage)?;
    drop(conn);
    let used = |kind: LimitKind| {
        let of = |sums: &[(Period, Paise); 3], p: Period| sums.iter().find(|s| s.0 == p).map(|s| s.1);
        Period::ALL.into_iter().find_map(|p| {
            if kind == LimitKind::deposit(p) {
                of(&deposits, p)
            } else if kind == LimitKind::loss(p) {
                of(&losses, p)
            } else {
                None
            }
        })
    };
    let limits = LimitKind::ALL
        .into_iter()
        .map(|kind| {
            let l = limits.get(&kind).copied().unwrap_or_default();
            LimitJson {
                kind,
                amount: l.in_force(now),
                pending: l.waiting(now).map(|p| PendingLimitJson { amount: p.amount, effective_at: p.at }),
                used: used(kind),
            }
        })
        .collect();
    let exclusion = store::exclusion(&state.db, user, now)
        .await
        .map_err(storage)?
        .map(|e| ExclusionJson { kind: e.kind, until: e.until });
    let user_row = state.accounts.by_id(user).await?.ok_or_else(ApiError::unauthorized)?;
    Ok(SettingsJson {
        language: Language::of(&user_row.language),
        reminder_minutes: state.accounts.reminder(user).await?,
        limits,
        exclusion,
    })
}

/// The caller's settings and limits.
#[utoipa::path(
    responses((status = 200, description = "Every limit (set or not), the exclusion in force, language and reminder", body = SettingsJson))
)]
#[get("/api/account/settings")]
pub async fn get_settings(state: State, who: Authed) -> Answer {
    answer(&state, who.user.id).await
}

/// A new value for one limit: rupees, or `null` to remove it.
#[derive(Deserialize, ToSchema)]
pub struct LimitBody {
    #[schema(value_type = Option<crate::money::Rupees>)]
    amount: Value,
}

refusals!(SetLimitRefusals { 400: "`invalid_amount`, `invalid_limit`, `invalid_request`" });
/// Sets, lowers, raises or removes one limit. Lowering (or setting a first one) applies at once; raising or removing
/// takes effect after 24 hours, and the answer shows it waiting.
#[utoipa::path(
    params(("kind" = LimitKind, Path, description = "Which limit")),
    request_body = LimitBody,
    responses((status = 200, description = "The settings after the change", body = SettingsJson), SetLimitRefusals)
)]
#[put("/api/account/limits/{kind}")]
pub async fn set_limit(state: State, who: Authed, path: web::Path<String>, body: web::Json<LimitBody>) -> Answer {
    let kind = LimitKind::parse(&path).ok_or_else(|| {
        ApiError::bad_request(
            ErrorCode::InvalidLimit,
            "Unknown limit: use deposit_day, deposit_week, deposit_month, loss_day, loss_week, loss_month or max_stake",
        )
    })?;
    let amount = unless_null(&body.amount, |v| match parse_rupees(v) {
        Ok(p) if p.is_positive() => Ok(p),
        Ok(_) => Err(ApiError::bad_request(
            ErrorCode::InvalidAmount,
            "A limit must be greater than 0 (or null to remove it)",
        )),
        Err(e) => Err(ApiError::bad_request(ErrorCode::InvalidAmount, e)),
    })?;
    let now = state.clock.now_ms();
    let user = who.user.id;
    let current = store::limits(&state.db, user).await.map_err(storage)?.get(&kind).copied().unwrap_or_default();
    store::save_limit(&state.db, user, kind, current.ask(amount, now), now).await.map_err(storage)?;
    answer(&state, user).await
}

#[derive(Deserialize, ToSchema)]
pub struct LanguageBody {
    language: Language,
}

refusals!(SetLanguageRefusals { 400: "`invalid_request` (not en or hi)" });
/// The language the app shows, remembered for the account.
#[utoipa::path(
    request_body = LanguageBody,
    responses((status = 200, description = "Saved", body = SettingsJson), SetLanguageRefusals)
)]
#[put("/api/account/language")]
pub async fn set_language(state: State, who: Authed, body: web::Json<LanguageBody>) -> Answer {
    state.accounts.set_language(who.user.id, body.language.as_str()).await?;
    answer(&state, who.user.id).await
}

/// Minutes between session reminders: 5 to 240, or `null` for none.
#[derive(Deserialize, ToSchema)]
pub struct ReminderBody {
    #[schema(value_type = Option<i64>, minimum = 5, maximum = 240)]
    minutes: Value,
}

refusals!(SetReminderRefusals { 400: "`invalid_input`, `invalid_request`" });
/// How often the app reminds the player of the time played and the net result since login.
#[utoipa::path(
    request_body = ReminderBody,
    responses((status = 200, description = "Saved", body = SettingsJson), SetReminderRefusals)
)]
#[put("/api/account/reminder")]
pub async fn set_reminder(state: State, who: Authed, body: web::Json<ReminderBody>) -> Answer {
    let minutes = unless_null(&body.minutes, |v| {
        v.as_i64().filter(|m| (5..=240).contains(m)).ok_or_else(|| {
            ApiError::bad_request(ErrorCode::InvalidInput, "A reminder comes every 5 to 240 minutes, or never (null)")
        })
    })?;
    state.accounts.set_reminder(who.user.id, minutes).await?;
    answer(&state, who.user.id).await
}

/// A break of `days` (1 to 42) or a self-exclusion of `months` (6 to 60).
#[derive(Deserialize, ToSchema)]
pub struct ExclusionBody {
    kind: ExclusionKind,
    #[schema(minimum = 1, maximum = 42)]
    days: Option<i64>,
    #[schema(minimum = 6, maximum = 60)]
    months: Option<i64>,
}

refusals!(ExcludeRefusals {
    400: "`invalid_input`, `invalid_request`",
    409: "`exclusion_active`: one in force already ends as late or later",
});
/// Takes a break or excludes the player: bets and deposits are refused until it ends; withdrawals still work. It can
/// be made longer, never shorter, and the player cannot end it early.
#[utoipa::path(
    request_body = ExclusionBody,
    responses((status = 200, description = "In force from now", body = SettingsJson), ExcludeRefusals)
)]
#[post("/api/account/exclusion")]
pub async fn exclude(state: State, who: Authed, body: web::Json<ExclusionBody>) -> Answer {
    let now = state.clock.now_ms();
    let until = match (body.kind, body.days, body.months) {
        (ExclusionKind::Break, Some(d), None) if BREAK_DAYS.contains(&d) => now + d * 24 * 3600 * 1000,
        (ExclusionKind::SelfExclusion, None, Some(m)) if EXCLUSION_MONTHS.contains(&m) => add_months(now, m),
        _ => {
            return Err(ApiError::bad_request(
                ErrorCode::InvalidInput,
                "A break is 1 to 42 days (`days`); a self-exclusion is 6 to 60 months (`months`)",
            ));
        }
    };
    if !store::exclude(&state.db, who.user.id, body.kind, until, now).await.map_err(storage)? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::ExclusionActive,
            "You already have a break or self-exclusion that ends later: it can be made longer, not shorter",
        ));
    }
    answer(&state, who.user.id).await
}

/// What the session reminder shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionSummaryJson {
    /// When this session logged in.
    pub since: EpochMs,
    pub now: EpochMs,
    /// Won minus lost in games since then (negative: down).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub net: Paise,
    pub reminder_minutes: Option<i64>,
}

/// Time played and the net result since this session's login.
#[utoipa::path(
    responses((status = 200, description = "Since login", body = SessionSummaryJson))
)]
#[get("/api/account/session-summary")]
pub async fn session_summary(state: State, who: Authed) -> Answer {
    let since = state.accounts.session_started(&who.token).await?.ok_or_else(ApiError::unauthorized)?;
    let net = store::net_since(&state.db, who.user.id, since).await.map_err(storage)?;
    Ok(HttpResponse::Ok().json(SessionSummaryJson {
        since,
        now: state.clock.now_ms(),
        net,
        reminder_minutes: state.accounts.reminder(who.user.id).await?,
    }))
}
