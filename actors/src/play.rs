//! Money modes. `real` is the spec's platform: points bought by UPI deposits and paid out by withdrawals. `play` is
//! for where money games are not allowed (India since 1 October 2025): points with no cash value, given by the
//! platform from each shard's `play` account — a new player's grant, and a top-up a day up to a ceiling — and never
//! deposited or withdrawn (the cashier refuses every request, and the database refuses to store one while the
//! recorded mode is `play`). The ledger keeps its double entry: every point a player holds came from an account.
//!
//! The mode a database last ran in is recorded (`settings.money_mode`). Starting in the other one is refused while any
//! player holds points or money ([`settle_mode`]): play points can be voided on the way to real mode
//! ([`ModeChange::VoidPlayPoints`]); real money cannot be (it is withdrawn first, in real mode).

use crate::clock::{EpochMs, SharedClock};
use crate::hold::rules::{ist_day, ist_day_start};
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::{Db, load_setting, save_setting};
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Change, LedgerKind, Movement, SystemAccount, WalletError, WalletHandle, shard::balances};
use serde::{Deserialize, Serialize};
use sqlx::Any;

/// The `settings` key of the recorded mode.
const MODE_KEY: &str = "money_mode";

/// What points are worth: `real` rupees, or `play` points with no cash value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MoneyMode {
    Play,
    Real,
}

impl MoneyMode {
    pub fn as_str(self) -> &'static str {
        match self {
            MoneyMode::Play => "play",
            MoneyMode::Real => "real",
        }
    }

    pub fn parse(text: &str) -> Option<MoneyMode> {
        match text {
            "play" => Some(MoneyMode::Play),
            "real" => Some(MoneyMode::Real),
            _ => None,
        }
    }
}

/// Play mode's points: what a new player starts with, and the top-up a player may claim once an IST day, which
/// never takes the balance past the ceiling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayPoints {
    pub grant: Paise,
    pub top_up: Paise,
    pub ceiling: Paise,
}

impl Default for PlayPoints {
    /// ₹1,000 to start, ₹500 a day up to ₹2,000.
    fn default() -> Self {
        PlayPoints {
            grant: Paise::from_rupees(1_000),
            top_up: Paise::from_rupees(500),
            ceiling: Paise::from_rupees(2_000),
        }
    }
}

impl PlayPoints {
    /// What a top-up adds to `balance`: at most `top_up`, and never past the ceiling.
    pub fn top_up_for(&self, balance: Paise) -> Paise {
        let room = self.ceiling.checked_sub(balance).unwrap_or(Paise::ZERO);
        if room.is_positive() { room.min(self.top_up) } else { Paise::ZERO }
    }
}

/// The next IST midnight after `at`: when the next day's top-up opens.
pub fn next_ist_midnight(at: EpochMs) -> EpochMs {
    ist_day_start(ist_day(at) + 1)
}

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("Play points exist only in play mode")]
    NotPlayMode,
    #[error("Today's top-up has been claimed; the next one opens at midnight, India time")]
    Claimed { next_at: EpochMs },
    #[error("Your balance is at the ceiling a top-up fills to")]
    AtCeiling,
    #[error(
        "The platform last ran in {recorded} mode and {players} players hold {balance} in balances and {exposure} in \
         open bets: {what}"
    )]
    ModeChangeRefused { recorded: &'static str, players: i64, balance: Paise, exposure: Paise, what: &'static str },
    #[error(transparent)]
    Wallet(#[from] WalletError),
}

impl From<sqlx::Error> for PlayError {
    fn from(e: sqlx::Error) -> Self {
        PlayError::Wallet(e.into())
    }
}

/// A claimed top-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TopUp {
    pub credited: Paise,
    pub balance: Paise,
    pub exposure: Paise,
    pub next_at: EpochMs,
}

/// Where a player stands with the day's top-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TopUpStatus {
    pub claimed_today: bool,
    /// What a claim would add now (zero when claimed, or at the ceiling).
    pub available: Paise,
    /// When the next day's top-up opens.
    pub next_at: EpochMs,
}

/// The mode and, in play mode, the points the platform gives.
#[derive(Clone)]
pub struct PlayDesk {
    db: Db,
    wallet: WalletHandle,
    clock: SharedClock,
    mode: MoneyMode,
    points: PlayPoints,
}

impl PlayDesk {
    pub fn new(db: Db, wallet: WalletHandle, clock: SharedClock, mode: MoneyMode, points: PlayPoints) -> Self {
        PlayDesk { db, wallet, clock, mode, points }
    }

    pub fn mode(&self) -> MoneyMode {
        self.mode
    }

    pub fn points(&self) -> PlayPoints {
        self.points
    }

    /// A new player's grant (play mode only). Its key makes it once per player, however often it is asked.
    pub async fn grant(&self, user: UserId) -> Result<(), PlayError> {
        if self.mode != MoneyMode::Play || !self.points.grant.is_positive() {
            return Ok(());
        }
        let change =
            credit(user, self.points.grant, LedgerKind::PlayGrant, "play:grant", format!("play-grant:{}", user.0));
        apply_until_final(&self.wallet, change).await?;
        Ok(())
    }

    /// At start-up in play mode: the grant of every player who has none (a sign-up cut short between its account and
    /// its grant, or players made in real mode before a switch).
    pub async fn grant_missing(&self) -> Result<usize, PlayError> {
        if self.mode != MoneyMode::Play {
            return Ok(0);
        }
        let users = sqlx::query_scalar::<Any, i64>(
            "SELECT u.id FROM users u WHERE u.role = 'player' AND u.fixture = 0 AND NOT EXISTS \
             (SELECT 1 FROM ledger l WHERE l.account_id = u.id AND l.kind = 'play_grant')",
        )
        .fetch_all(&self.db.pool)
        .await?;
        for &user in &users {
            self.grant(UserId(user)).await?;
        }
        Ok(users.len())
    }

    /// Today's top-up (IST), once a day: what takes the balance toward the ceiling, at most the top-up.
    pub async fn top_up(&self, user: UserId) -> Result<TopUp, PlayError> {
        let now = self.clock.now_ms();
        let status = self.status_at(user, now).await?;
        if status.claimed_today {
            return Err(PlayError::Claimed { next_at: status.next_at });
        }
        if !status.available.is_positive() {
            return Err(PlayError::AtCeiling);
        }
        let day = ist_day(now);
        let change =
            credit(user, status.available, LedgerKind::PlayTopUp, &format!("play:top-up:{day}"), top_up_key(user, day));
        match apply_until_final(&self.wallet, change).await {
            Ok(r) if !r.replayed => Ok(TopUp {
                credited: status.available,
                balance: r.balance,
                exposure: r.exposure,
                next_at: status.next_at,
            }),
            // Another claim of the same day came first (a double tap: the same amount; or another amount).
            Ok(_) | Err(WalletError::KeyConflict) => Err(PlayError::Claimed { next_at: status.next_at }),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether today's top-up is claimed, and what a claim would add now.
    pub async fn status(&self, user: UserId) -> Result<TopUpStatus, PlayError> {
        self.status_at(user, self.clock.now_ms()).await
    }

    async fn status_at(&self, user: UserId, now: EpochMs) -> Result<TopUpStatus, PlayError> {
        if self.mode != MoneyMode::Play {
            return Err(PlayError::NotPlayMode);
        }
        let next_at = next_ist_midnight(now);
        let claimed_today = sqlx::query_scalar::<Any, i64>(
            "SELECT COUNT(*) FROM ledger WHERE account_id = $1 AND idempotency_key = $2",
        )
        .bind(user.0)
        .bind(top_up_key(user, ist_day(now)))
        .fetch_one(&self.db.pool)
        .await?
            > 0;
        let available =
            if claimed_today { Paise::ZERO } else { self.points.top_up_for(balances(&self.db, user).await?.balance) };
        Ok(TopUpStatus { claimed_today, available, next_at })
    }
}

/// Points from the shard's `play` account.
fn credit(user: UserId, amount: Paise, kind: LedgerKind, reference: &str, idempotency_key: String) -> Change {
    Change {
        user,
        movement: Movement::Credit { amount, from: SystemAccount::Play },
        kind,
        reference: reference.to_string(),
        idempotency_key,
    }
}

fn top_up_key(user: UserId, day: i64) -> String {
    format!("play-top-up:{}:{day}", user.0)
}

/// What to do with the players' balances when the platform starts in a mode other than the one it last ran in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ModeChange {
    /// Start only if no player holds anything.
    #[default]
    Refuse,
    /// Play → real only: every player's play points go back to the `play` accounts (ledger kind `play_void`), so no
    /// play point ever becomes money. Open bets must have settled first.
    VoidPlayPoints,
}

/// What [`settle_mode`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// The recorded mode is the configured one (or none was recorded: a new database).
    Same,
    /// The mode changed; nobody held anything.
    Changed,
    /// The mode changed to real and this many players' play points were voided.
    Voided { players: usize, points: Paise },
}

/// Records `mode` as the platform's, or refuses to start: called at start-up, after the wallet, before any route.
/// A database with no recorded mode ran in real mode when any player holds anything (it predates the modes).
pub async fn settle_mode(
    db: &Db,
    wallet: &WalletHandle,
    mode: MoneyMode,
    change: ModeChange,
) -> Result<Settled, PlayError> {
    let held = Held::now(db).await?;
    let recorded = match load_setting(db, MODE_KEY).await? {
        Some(text) => {
            MoneyMode::parse(&text).ok_or_else(|| WalletError::Corrupt(format!("settings.{MODE_KEY} is {text:?}")))?
        }
        None if held.players > 0 => MoneyMode::Real,
        None => mode,
    };
    let settled = if recorded == mode {
        Settled::Same
    } else if held.players == 0 {
        Settled::Changed
    } else if recorded == MoneyMode::Play && change == ModeChange::VoidPlayPoints && held.exposure == Paise::ZERO {
        void_play_points(db, wallet).await?
    } else {
        let what = match recorded {
            MoneyMode::Real => {
                "real money cannot become play points: start in real mode and let the players withdraw (or pay them \
                 out with adjustments) first"
            }
            MoneyMode::Play if held.exposure != Paise::ZERO => {
                "start in play mode until the open bets settle, then with CASINO_MONEY_MODE_CHANGE=void-play-points"
            }
            MoneyMode::Play => {
                "play points never become money: start with CASINO_MONEY_MODE_CHANGE=void-play-points to void them"
            }
        };
        return Err(PlayError::ModeChangeRefused {
            recorded: recorded.as_str(),
            players: held.players,
            balance: held.balance,
            exposure: held.exposure,
            what,
        });
    };
    save_setting(db, MODE_KEY, mode.as_str().to_string()).await?;
    Ok(settled)
}

/// Every player's points back to the `play` accounts. Each debit's key names the player's last ledger row, so nodes
/// starting at once void a balance once.
async fn void_play_points(db: &Db, wallet: &WalletHandle) -> Result<Settled, PlayError> {
    let rows = sqlx::query_as::<Any, (i64, i64, i64)>(
        "SELECT a.id, a.balance, CAST(COALESCE((SELECT MAX(l.id) FROM ledger l WHERE l.account_id = a.id), 0) AS BIGINT) \
         FROM accounts a JOIN users u ON u.id = a.id WHERE a.kind = 'user' AND u.fixture = 0 AND a.balance > 0",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut points = Paise::ZERO;
    for &(user, balance, last) in &rows {
        let amount = Paise::new(balance);
        let change = Change {
            user: UserId(user),
            movement: Movement::Debit { amount, to: SystemAccount::Play },
            kind: LedgerKind::PlayVoid,
            reference: "play:void".into(),
            idempotency_key: format!("play-void:{user}:{last}"),
        };
        apply_until_final(wallet, change).await?;
        points = points.checked_add(amount).map_err(|_| WalletError::Overflow)?;
    }
    Ok(Settled::Voided { players: rows.len(), points })
}

/// What the players (not the load-test fixtures) hold together.
struct Held {
    players: i64,
    balance: Paise,
    exposure: Paise,
}

impl Held {
    async fn now(db: &Db) -> Result<Held, PlayError> {
        let (players, balance, exposure) = sqlx::query_as::<Any, (i64, i64, i64)>(
            "SELECT COUNT(*), CAST(COALESCE(SUM(a.balance), 0) AS BIGINT), CAST(COALESCE(SUM(a.exposure), 0) AS BIGINT) \
             FROM accounts a JOIN users u ON u.id = a.id \
             WHERE a.kind = 'user' AND u.fixture = 0 AND (a.balance <> 0 OR a.exposure <> 0)",
        )
        .fetch_one(&db.pool)
        .await?;
        Ok(Held { players, balance: Paise::new(balance), exposure: Paise::new(exposure) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_up_fills_toward_the_ceiling_and_never_past_it() {
        let p = PlayPoints::default();
        assert_eq!(p.top_up_for(Paise::ZERO), Paise::from_rupees(500));
        assert_eq!(p.top_up_for(Paise::from_rupees(1_700)), Paise::from_rupees(300));
        assert_eq!(p.top_up_for(Paise::from_rupees(2_000)), Paise::ZERO);
        assert_eq!(p.top_up_for(Paise::from_rupees(5_000)), Paise::ZERO);
    }

    #[test]
    fn the_top_up_day_is_indias() {
        // 2026-11-29 18:29:59.999 UTC is 23:59:59.999 in India; a millisecond later it is the next IST day.
        let last = 1_795_976_999_999;
        assert_eq!(ist_day(last) + 1, ist_day(last + 1));
        assert_eq!(next_ist_midnight(last), last + 1);
        assert_eq!(next_ist_midnight(last + 1), last + 1 + 86_400_000);
        assert_eq!(MoneyMode::parse("play"), Some(MoneyMode::Play));
        assert_eq!(MoneyMode::parse("Play"), None);
    }
}
