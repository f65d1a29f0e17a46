//! Pure responsible-gaming rules: no clock, no IO.

use crate::ErrorCode;
use crate::clock::EpochMs;
use crate::matka::schedule::IST_OFFSET_MS;
use crate::money::Paise;
use serde::{Deserialize, Serialize};

/// Raising or removing a limit waits this long (lowering one applies at once), as regulated operators do.
pub const RAISE_DELAY_MS: i64 = 24 * 3600 * 1000;
/// A break lasts from one day to six weeks.
pub const BREAK_DAYS: std::ops::RangeInclusive<i64> = 1..=42;
/// A self-exclusion lasts six months at least, five years at most.
pub const EXCLUSION_MONTHS: std::ops::RangeInclusive<i64> = 6..=60;
const DAY_MS: i64 = 24 * 3600 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    DepositDay,
    DepositWeek,
    DepositMonth,
    LossDay,
    LossWeek,
    LossMonth,
    MaxStake,
}

/// A calendar period in IST: the day from midnight, the week from Monday, the month from the 1st.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    Day,
    Week,
    Month,
}

impl LimitKind {
    pub const ALL: [LimitKind; 7] = [
        LimitKind::DepositDay,
        LimitKind::DepositWeek,
        LimitKind::DepositMonth,
        LimitKind::LossDay,
        LimitKind::LossWeek,
        LimitKind::LossMonth,
        LimitKind::MaxStake,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LimitKind::DepositDay => "deposit_day",
            LimitKind::DepositWeek => "deposit_week",
            LimitKind::DepositMonth => "deposit_month",
            LimitKind::LossDay => "loss_day",
            LimitKind::LossWeek => "loss_week",
            LimitKind::LossMonth => "loss_month",
            LimitKind::MaxStake => "max_stake",
        }
    }

    pub fn parse(s: &str) -> Option<LimitKind> {
        LimitKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The deposit limit of `period`.
    pub fn deposit(period: Period) -> LimitKind {
        match period {
            Period::Day => LimitKind::DepositDay,
            Period::Week => LimitKind::DepositWeek,
            Period::Month => LimitKind::DepositMonth,
        }
    }

    /// The loss limit of `period`.
    pub fn loss(period: Period) -> LimitKind {
        match period {
            Period::Day => LimitKind::LossDay,
            Period::Week => LimitKind::LossWeek,
            Period::Month => LimitKind::LossMonth,
        }
    }
}

impl Period {
    pub const ALL: [Period; 3] = [Period::Day, Period::Week, Period::Month];

    pub fn as_str(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Month => "month",
        }
    }

    /// When the period holding `now` began (IST midnight of its first day).
    pub fn start(self, now: EpochMs) -> EpochMs {
        let day = (now + IST_OFFSET_MS).div_euclid(DAY_MS);
        let first = match self {
            Period::Day => day,
            // Day 0 (1 January 1970) was a Thursday: Monday is 3 days before it.
            Period::Week => day - (day + 3).rem_euclid(7),
            Period::Month => {
                let (y, m, _) = civil(day);
                days_from_civil(y, m, 1)
            }
        };
        first * DAY_MS - IST_OFFSET_MS
    }
}

/// A day number's (year, month, day), proleptic Gregorian (Howard Hinnant's algorithm).
pub(crate) fn civil(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (the inverse of [`civil`]).
pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `months` calendar months after `at` (same IST day of month, clamped to the month's last day).
pub fn add_months(at: EpochMs, months: i64) -> EpochMs {
    let local = at + IST_OFFSET_MS;
    let (day, within) = (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS));
    let (y, m, d) = civil(day);
    let total = y * 12 + i64::from(m) - 1 + months;
    let (ny, nm) = (total.div_euclid(12), (total.rem_euclid(12) + 1) as u32);
    let last = (days_from_civil(if nm == 12 { ny + 1 } else { ny }, if nm == 12 { 1 } else { nm + 1 }, 1)
        - days_from_civil(ny, nm, 1)) as u32;
    days_from_civil(ny, nm, d.min(last)) * DAY_MS + within - IST_OFFSET_MS
}

/// A change waiting to take effect: the new value (`None`: the limit removed) and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLimit {
    pub amount: Option<Paise>,
    pub at: EpochMs,
}

/// One limit as stored: the value in force when it was last changed, and a raise or removal waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Limit {
    pub amount: Option<Paise>,
    pub pending: Option<PendingLimit>,
}

impl Limit {
    /// The value in force at `now` (`None`: no limit).
    pub fn in_force(&self, now: EpochMs) -> Option<Paise> {
        match self.pending {
            Some(p) if p.at <= now => p.amount,
            _ => self.amount,
        }
    }

    /// The change still waiting at `now`.
    pub fn waiting(&self, now: EpochMs) -> Option<PendingLimit> {
        self.pending.filter(|p| p.at > now)
    }

    /// The player asks for `new` at `now`. Tighter than what is in force (or a limit where there was none): it applies
    /// at once and any waiting change is dropped. Looser (a raise, or removing it): it waits [`RAISE_DELAY_MS`], and
    /// what is in force stays. The same value: nothing waits any more.
    pub fn ask(&self, new: Option<Paise>, now: EpochMs) -> Limit {
        let current = self.in_force(now);
        let tighter = match (new, current) {
            (Some(n), Some(c)) => n < c,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if tighter || new == current {
            Limit { amount: new, pending: None }
        } else {
            Limit { amount: current, pending: Some(PendingLimit { amount: new, at: now + RAISE_DELAY_MS }) }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExclusionKind {
    /// 24 hours to 6 weeks; an operator may end it early, the player may not.
    Break,
    /// Six months or more; nobody ends it early.
    SelfExclusion,
}

impl ExclusionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ExclusionKind::Break => "break",
            ExclusionKind::SelfExclusion => "self_exclusion",
        }
    }

    pub fn parse(s: &str) -> Option<ExclusionKind> {
        match s {
            "break" => Some(ExclusionKind::Break),
            "self_exclusion" => Some(ExclusionKind::SelfExclusion),
            _ => None,
        }
    }
}

/// An exclusion in force: which and until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exclusion {
    pub kind: ExclusionKind,
    pub until: EpochMs,
}

/// Why a bet or a deposit was refused. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum Refusal {
    #[error("You are on a break: bets and deposits are paused until it ends. You can still withdraw.")]
    OnBreak { until: EpochMs },
    #[error("You have excluded yourself: bets and deposits are refused until it ends. You can still withdraw.")]
    SelfExcluded { until: EpochMs },
    #[error("This stake is above your largest-stake limit of {} rupees.", .max.to_rupees_json())]
    StakeLimit { max: Paise },
    #[error("This bet would take your losses this {} past your limit: {} rupees left.", .period.as_str(), .left.to_rupees_json())]
    LossLimit { period: Period, left: Paise },
    #[error("This deposit would go past your deposit limit this {}: {} rupees left.", .period.as_str(), .left.to_rupees_json())]
    DepositLimit { period: Period, left: Paise },
    /// Real mode: the operator does not offer real-money play in the region the player declared.
    #[error("Real-money play is not offered in your region: bets and deposits are refused. You can still withdraw.")]
    RegionNotAllowed,
}

impl Refusal {
    pub fn code(&self) -> ErrorCode {
        match self {
            Refusal::OnBreak { .. } => ErrorCode::RgOnBreak,
            Refusal::SelfExcluded { .. } => ErrorCode::RgSelfExcluded,
            Refusal::StakeLimit { .. } => ErrorCode::RgStakeLimit,
            Refusal::LossLimit { .. } => ErrorCode::RgLossLimit,
            Refusal::DepositLimit { .. } => ErrorCode::RgDepositLimit,
            Refusal::RegionNotAllowed => ErrorCode::RegionNotAllowed,
        }
    }

    /// The refusal of an exclusion in force.
    pub fn excluded(e: Exclusion) -> Refusal {
        match e.kind {
            ExclusionKind::Break => Refusal::OnBreak { until: e.until },
            ExclusionKind::SelfExclusion => Refusal::SelfExcluded { until: e.until },
        }
    }
}

/// What the wallet checks a player's bet against: the exclusion in force, the largest stake, and per period the loss
/// limit with what was lost so far (stakes placed minus money back, from game ledger rows in the period).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guard {
    /// Real mode: the player's declared region is no longer allowed.
    pub region_refused: bool,
    pub exclusion: Option<Exclusion>,
    pub max_stake: Option<Paise>,
    /// (period, limit in force, lost so far in the period; negative when the player is ahead).
    pub losses: Vec<(Period, Paise, Paise)>,
}

impl Guard {
    /// May the player put `stake` into a game now? (The wallet then counts it with [`Guard::moved`].)
    pub fn check(&self, stake: Paise) -> Result<(), Refusal> {
        if self.region_refused {
            return Err(Refusal::RegionNotAllowed);
        }
        if let Some(e) = self.exclusion {
            return Err(Refusal::excluded(e));
        }
        if let Some(max) = self.max_stake
            && stake > max
        {
            return Err(Refusal::StakeLimit { max });
        }
        for &(period, limit, lost) in &self.losses {
            if lost.get().saturating_add(stake.get()) > limit.get() {
                return Err(Refusal::LossLimit { period, left: Paise::new((limit.get() - lost.get()).max(0)) });
            }
        }
        Ok(())
    }

    /// A game moved `delta` into the player's balance (a stake is negative, a payout positive).
    pub fn moved(&mut self, delta: Paise) {
        for l in &mut self.losses {
            l.2 = Paise::new(l.2.get().saturating_sub(delta.get()));
        }
    }
}

/// May the player ask to deposit `amount`, with `limits` as (period, limit in force, asked for so far in the period)?
/// An exclusion in force refuses every deposit.
pub fn deposit(exclusion: Option<Exclusion>, limits: &[(Period, Paise, Paise)], amount: Paise) -> Result<(), Refusal> {
    if let Some(e) = exclusion {
        return Err(Refusal::excluded(e));
    }
    for &(period, limit, asked) in limits {
        if asked.get().saturating_add(amount.get()) > limit.get() {
            return Err(Refusal::DepositLimit { period, left: Paise::new((limit.get() - asked.get()).max(0)) });
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
