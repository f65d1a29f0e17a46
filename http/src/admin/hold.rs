//! `GET /api/admin/hold?from=&to=`: per game and exchange market type, the turnover, payouts and GGR of the bets settled
//! in `[from, to)`, the realised hold against the theoretical one with its 99 % band, and the players whose return is
//! too good to be luck; `GET /api/admin/hold/daily?from=&to=`: the same per IST day. Computed from the bets on each
//! call (`casino_actors::hold`); `docs/OPERATORS.md` ("Hold") explains the figures.

use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::json::iso;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::ErrorCode;
use casino_actors::hold::rules::{self, RangeError};
use casino_actors::hold::{self, GameHold};
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The longest range of `GET /api/admin/hold`, in days.
const MAX_DAYS: i64 = 366;
/// The longest range of `GET /api/admin/hold/daily`, in days.
const MAX_DAILY_DAYS: i64 = 92;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HoldQuery {
    /// Start, included: an IST date (`2026-03-01`: its IST midnight) or an ISO 8601 instant with `Z` or an offset
    /// (`2026-03-01T06:30:00Z`). Absent: today's IST midnight (daily: six IST days before today's).
    #[param(example = "2026-03-01")]
    from: Option<String>,
    /// End, excluded, written like `from`. Absent: now.
    #[param(example = "2026-03-08")]
    to: Option<String>,
}

/// A realised hold's 99 % band: theoretical ± 2.576 standard errors.
#[derive(Serialize, ToSchema)]
pub struct HoldBandJson {
    pub low: f64,
    pub high: f64,
}

/// One game's (or exchange market type's) settled bets against its theory. Ratios are fractions of turnover
/// (0.03 = 3 %).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HoldGameJson {
    /// `aviator`, `titli`, `andar_bahar`, `color`, `mines`, `matka`, `parchi`, or an exchange market type: `exchange`
    /// (Match Odds), `bookmaker`, `fancy`.
    #[schema(example = "mines")]
    pub game: &'static str,
    pub bets: i64,
    /// Settlement units the deviations are taken over: rounds (per side for Andar Bahar), Mines games, a Matka draw's
    /// numbers, exchange markets, Parchi matches.
    pub units: i64,
    /// Stakes (exchange: what each bet risked).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub turnover: Paise,
    /// Paid back, stakes included.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub payouts: Paise,
    /// Turnover − payouts.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub ggr: Paise,
    /// GGR ÷ turnover; null without turnover.
    pub realisedHold: Option<f64>,
    /// The turnover of bets with a theoretical expectation (all but Aar Par Parchi and exchange bets without one).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub coveredTurnover: Paise,
    /// GGR ÷ turnover of the covered bets: what the band judges.
    pub realisedCoveredHold: Option<f64>,
    /// What the rules expect the house to keep, turnover-weighted over the covered bets; null: unknown.
    pub theoreticalHold: Option<f64>,
    /// Null with fewer than 30 units or no theory.
    pub band: Option<HoldBandJson>,
    /// (realised − theoretical) ÷ standard error.
    pub z: Option<f64>,
    /// Standard deviation of one rupee's result.
    pub sigma: Option<f64>,
    /// (Σ stakes)² ÷ Σ stake² over units: as informative as this many equal independent bets.
    pub effectiveBets: Option<f64>,
    /// The covered realised hold is outside its band.
    pub outOfBand: bool,
}

fn game_json(g: &GameHold) -> HoldGameJson {
    let (s, h) = (&g.sums, &g.hold);
    HoldGameJson {
        game: g.game,
        bets: s.bets,
        units: s.units,
        turnover: Paise::new(s.turnover),
        payouts: Paise::new(s.payouts),
        ggr: Paise::new(s.ggr()),
        realisedHold: h.realised,
        coveredTurnover: Paise::new(s.covered_turnover),
        realisedCoveredHold: h.realised_covered,
        theoreticalHold: h.theoretical,
        band: h.band.map(|(low, high)| HoldBandJson { low, high }),
        z: h.z,
        sigma: h.sigma,
        effectiveBets: h.effective_bets,
        outOfBand: h.out_of_band,
    }
}

/// A player whose return over at least 50 covered bets is at least 4 standard errors above expectation.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HoldPlayerJson {
    pub userId: i64,
    pub userNo: i64,
    pub name: String,
    pub bets: i64,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub turnover: Paise,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub payouts: Paise,
    /// Payouts ÷ turnover.
    #[serde(rename = "return")]
    pub returnRatio: f64,
    /// 1 − the theoretical hold of their bets.
    pub expectedReturn: f64,
    pub z: f64,
}

/// The thresholds the report applies.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct HoldRulesJson {
    /// 0.99: the band's confidence.
    pub confidence: f64,
    /// Standard errors either side of the theoretical hold.
    pub bandZ: f64,
    /// Fewer units: no band, never out of band.
    pub minUnits: i64,
    /// Covered bets before a player is judged.
    pub playerMinBets: i64,
    /// Standard errors above expectation that flag a player.
    pub playerZ: f64,
}

const RULES: HoldRulesJson = HoldRulesJson {
    confidence: 0.99,
    bandZ: rules::Z_99,
    minUnits: rules::MIN_UNITS,
    playerMinBets: rules::PLAYER_MIN_BETS,
    playerZ: rules::PLAYER_Z,
};

#[derive(Serialize, ToSchema)]
pub struct HoldJson {
    pub success: bool,
    /// The range, ISO 8601 UTC: `from` included, `to` excluded.
    pub from: String,
    pub to: String,
    pub rules: HoldRulesJson,
    /// Every game and exchange market type, in a fixed order (one without bets shows zeros).
    pub games: Vec<HoldGameJson>,
    /// Flagged players, highest z first (at most 100).
    pub players: Vec<HoldPlayerJson>,
}

/// The range from the query, or the 400 that says what is wrong with it (the accounting report's too).
pub(super) fn range(
    state: &State,
    from: Option<&str>,
    to: Option<&str>,
    default_days: i64,
    max_days: i64,
) -> Result<(i64, i64), ApiError> {
    let now = state.clock.now_ms();
    rules::range(from, to, now, default_days, max_days).map_err(|e| match e {
        RangeError::Unreadable(field) => ApiError::bad_request(
            ErrorCode::InvalidRange,
            format!("{field} must be an IST date (2026-03-01) or an ISO 8601 instant with Z or an offset"),
        ),
        RangeError::Empty => ApiError::bad_request(ErrorCode::InvalidRange, "from must be before to"),
        RangeError::TooLong(days) => {
            ApiError::bad_request(ErrorCode::RangeTooLong, format!("The range may cover at most {days} days"))
        }
    })
}

refusals!(RangeRefusals {
    400: "`invalid_range` (unreadable, or the start not before the end), `range_too_long` (over 366 days; 92 for the \
        daily report), `invalid_query`",
});

#[utoipa::path(
    params(HoldQuery),
    responses((status = 200, description = "Each game's realised hold against its theory, and the flagged players", body = HoldJson), RangeRefusals)
)]
#[get("/api/admin/hold")]
pub async fn report(state: State, _op: Operator, q: web::Query<HoldQuery>) -> Answer {
    let (from, to) = range(&state, q.from.as_deref(), q.to.as_deref(), 1, MAX_DAYS)?;
    let r = hold::report(&state.db, from, to).await.map_err(ApiError::internal)?;
    let players = r
        .players
        .iter()
        .map(|p| HoldPlayerJson {
            userId: p.user,
            userNo: p.user_no,
            name: p.name.clone(),
            bets: p.flag.bets,
            turnover: Paise::new(p.flag.turnover),
            payouts: Paise::new(p.flag.payouts),
            returnRatio: p.flag.return_ratio,
            expectedReturn: p.flag.expected_return,
            z: p.flag.z,
        })
        .collect();
    Ok(HttpResponse::Ok().json(HoldJson {
        success: true,
        from: iso(from),
        to: iso(to),
        rules: RULES,
        games: r.games.iter().map(game_json).collect(),
        players,
    }))
}

/// One IST day: the games that settled bets in it.
#[derive(Serialize, ToSchema)]
pub struct HoldDayJson {
    /// The IST date.
    #[schema(example = "2026-03-01")]
    pub day: String,
    pub games: Vec<HoldGameJson>,
}

#[derive(Serialize, ToSchema)]
pub struct HoldDailyJson {
    pub success: bool,
    pub from: String,
    pub to: String,
    pub rules: HoldRulesJson,
    /// Every IST day the range touches, oldest first (a partial first or last day counts only its part).
    pub days: Vec<HoldDayJson>,
}

#[utoipa::path(
    params(HoldQuery),
    responses((status = 200, description = "Each IST day's realised hold per game against its theory", body = HoldDailyJson), RangeRefusals)
)]
#[get("/api/admin/hold/daily")]
pub async fn daily(state: State, _op: Operator, q: web::Query<HoldQuery>) -> Answer {
    let (from, to) = range(&state, q.from.as_deref(), q.to.as_deref(), 7, MAX_DAILY_DAYS)?;
    let days = hold::daily(&state.db, from, to).await.map_err(ApiError::internal)?;
    let days = days
        .iter()
        .map(|d| HoldDayJson { day: rules::date_text(d.day), games: d.games.iter().map(game_json).collect() })
        .collect();
    Ok(HttpResponse::Ok().json(HoldDailyJson { success: true, from: iso(from), to: iso(to), rules: RULES, days }))
}
