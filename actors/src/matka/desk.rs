//! The Matka desk: one actor keeps every market's draws on time and takes their bids.
//!
//! Twice a second it records each market's current draw before it takes a bid (a drawn market's with its seed's
//! commitment), draws a drawn market's open result when its open time comes and its close result at its close time,
//! and pushes `matka:status` to the `matka` room when a market's state changes. A declared market's results come from
//! an operator (`operate.rs`). A result is recorded with its settled bids and their settle intents in one transaction
//! (`settle.rs`), then the settles are applied; it waits for holds in flight on the draw. Bid requests are taken in
//! `bids.rs`.

use super::rules::{BidRefusal, MatkaSettings, Panna, PointsRefusal};
use super::schedule::Schedule;
use super::settle::{self, Part};
use super::store::{self, DrawRow, Market, Mode};
use super::wire::{MarketList, MarketView, Status, rate_views, result_text};
use crate::ErrorCode;
use crate::clock::{EpochMs, SharedClock};
use crate::fair::{Dice, ServerSeed};
use crate::ids::UserId;
use crate::money::Paise;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::Db;
use crate::table::messages::TableDeps;
use crate::table::operate::load;
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::retry_transient;
use crate::wallet::{WalletError, WalletHandle, intents};
use actix::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

pub const NAME: &str = "matka";
pub const ROOM: &str = "matka";
const TICK: Duration = Duration::from_millis(500);

pub type MatkaAddr = Probed<MatkaDesk>;
pub type MatkaRoute = crate::cluster::remote::Route<MatkaDesk>;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum MatkaError {
    #[error("No such market")]
    UnknownMarket,
    #[error("This market takes no bids today")]
    NoDraw,
    #[error(transparent)]
    Session(#[from] BidRefusal),
    #[error("Choose a bid type")]
    UnknownBidType,
    #[error("Choose the Open or Close session")]
    UnknownSession,
    #[error("{0} is not a valid number for this bid type")]
    InvalidNumber(String),
    #[error("{0} is bid twice")]
    DuplicateNumber(String),
    #[error("Please enter at least 1 valid bid.")]
    NoBids,
    #[error(transparent)]
    Points(#[from] PointsRefusal),
    #[error("The total bid points are {0}, not what was sent")]
    TotalMismatch(Paise),
    #[error("The estimated profit is {0}, not what was sent")]
    ProfitMismatch(Paise),
    #[error("Insufficient balance. Please add more funds.")]
    InsufficientBalance,
    /// Past a limit the player set, or during their break or self-exclusion (the wallet refused the hold).
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    #[error("{0}")]
    Declare(String),
    #[error("{0}")]
    Invalid(String),
    #[error("There was an error placing your bid. Please try again.")]
    Unavailable,
}

impl MatkaError {
    pub fn code(&self) -> ErrorCode {
        match self {
            MatkaError::UnknownMarket => ErrorCode::UnknownMarket,
            MatkaError::NoDraw | MatkaError::Session(BidRefusal::MarketClosed) => ErrorCode::MarketClosed,
            MatkaError::Session(BidRefusal::SessionClosed) => ErrorCode::SessionClosed,
            MatkaError::Session(BidRefusal::NeedsBoth) => ErrorCode::NeedsOpenSession,
            MatkaError::UnknownBidType => ErrorCode::UnknownBidType,
            MatkaError::UnknownSession => ErrorCode::UnknownSession,
            MatkaError::InvalidNumber(_) => ErrorCode::InvalidNumber,
            MatkaError::DuplicateNumber(_) => ErrorCode::DuplicateNumber,
            MatkaError::NoBids | MatkaError::Points(PointsRefusal::NotPositive) => ErrorCode::NoBids,
            MatkaError::Points(PointsRefusal::Fractional) => ErrorCode::InvalidPoints,
            MatkaError::Points(PointsRefusal::BelowMinimum(_)) => ErrorCode::PointsTooLow,
            MatkaError::Points(PointsRefusal::AboveMaximum(_)) => ErrorCode::PointsTooHigh,
            MatkaError::TotalMismatch(_) => ErrorCode::TotalMismatch,
            MatkaError::ProfitMismatch(_) => ErrorCode::ProfitMismatch,
            MatkaError::InsufficientBalance => ErrorCode::InsufficientBalance,
            MatkaError::Limited(r) => r.code(),
            MatkaError::Declare(_) => ErrorCode::CannotDeclare,
            MatkaError::Invalid(_) => ErrorCode::InvalidMarket,
            MatkaError::Unavailable => ErrorCode::Unavailable,
        }
    }
}

/// Storage trouble (the store's or the wallet's), logged; the player is told to try again.
pub(super) fn unavailable(e: impl std::fmt::Display) -> MatkaError {
    tracing::error!(error = %e, "matka: storage failed");
    MatkaError::Unavailable
}

/// The market list.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct List;
impl Message for List {
    type Result = MarketList;
}

/// Stops the desk (a server stopping in-process, the tests).
pub struct Shutdown;
impl Message for Shutdown {
    type Result = ();
}

impl Handler<Shutdown> for MatkaDesk {
    type Result = ();
    fn handle(&mut self, _: Shutdown, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

/// How the desk starts: its settings (an operator's stored ones win), the markets a new install gets, and the
/// public text mixed into every drawn result.
#[derive(Debug, Clone)]
pub struct MatkaConfig {
    pub settings: MatkaSettings,
    pub defaults: Vec<(String, Schedule, Mode)>,
    pub client_seed: String,
}

impl MatkaConfig {
    /// Two auto-drawn daily markets, two declared ones, and an auto-drawn quick market every `quick_seconds`.
    pub fn with_defaults(quick_seconds: u32, client_seed: String) -> MatkaConfig {
        let daily =
            |open: u32, close: u32, weekdays: u8| Schedule::Daily { open_minute: open, close_minute: close, weekdays };
        let defaults = vec![
            ("Quick Matka".to_string(), Schedule::Every { seconds: quick_seconds }, Mode::Drawn),
            ("Sridevi".to_string(), daily(11 * 60 + 35, 12 * 60 + 35, 0x7f), Mode::Drawn),
            ("Time Bazar".to_string(), daily(13 * 60, 14 * 60, 0x3f), Mode::Drawn),
            ("Kalyan".to_string(), daily(15 * 60 + 45, 17 * 60 + 45, 0x3f), Mode::Declared),
            ("Main Bazar".to_string(), daily(21 * 60 + 35, 23 * 60 + 55, 0x1f), Mode::Declared),
        ];
        MatkaConfig { settings: MatkaSettings::default(), defaults, client_seed }
    }
}

pub(super) struct LiveDraw {
    pub(super) row: DrawRow,
    /// Holds asked and not yet answered: a result waits for them.
    pub(super) holds: u32,
    pub(super) settling: bool,
}

pub struct MatkaDesk {
    pub(super) settings: MatkaSettings,
    client_seed: String,
    pub(super) db: Db,
    pub(super) wallet: WalletHandle,
    pub(super) clock: SharedClock,
    probe: Arc<Probe>,
    outbox: RoomOutbox,
    pub(super) markets: Vec<Market>,
    pub(super) draws: HashMap<(i64, i64), LiveDraw>,
    recording: HashSet<(i64, i64)>,
    /// Each market's latest complete result.
    last: HashMap<i64, String>,
    shown: Vec<MarketView>,
}

impl Actor for MatkaDesk {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.run_interval(TICK, |act, ctx| act.tick(ctx));
        self.tick(ctx);
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for MatkaDesk {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

/// A drawn market's results: the open panna from the draw's first three digits, the close from the next three.
pub fn drawn(seed: &ServerSeed, client_seed: &str, draw: i64) -> (Panna, Panna) {
    let mut dice = Dice::new(seed, client_seed, draw);
    let open = Panna::draw(&mut dice);
    (open, Panna::draw(&mut dice))
}

impl MatkaDesk {
    /// Finishes what a previous run left, seeds default markets on a new install and starts the desk.
    pub async fn start(deps: &TableDeps, config: MatkaConfig, registry: &Registry) -> Result<MatkaAddr, WalletError> {
        let TableDeps { db, wallet, hub, clock } = deps.clone();
        let MatkaConfig { settings, defaults, client_seed } = config;
        settings.check().map_err(|e| WalletError::Config(format!("matka settings: {e}")))?;
        let (stored, _) = load(&db, NAME, MatkaSettings::check).await?;
        let now = clock.now_ms();
        let recovered = store::recover(&db, &wallet, now).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(?recovered, "matka: finished what the last run left");
        }
        if store::markets(&db).await?.is_empty() {
            for (name, schedule, mode) in &defaults {
                store::create_market(&db, name, schedule, *mode, now).await?;
            }
        }
        let markets = store::markets(&db).await?;
        let mut last = HashMap::new();
        for m in &markets {
            if let Some(r) = store::results(&db, m.id, 5).await?.into_iter().find(|d| d.close.is_some()) {
                last.insert(m.id, result_text(r.open, r.close));
            }
        }
        let draws = store::unsettled(&db)
            .await?
            .into_iter()
            .map(|row| ((row.market, row.draw.no), LiveDraw { row, holds: 0, settling: false }))
            .collect();
        let desk = MatkaDesk {
            settings: stored.unwrap_or(settings),
            client_seed,
            db,
            wallet,
            clock,
            probe: registry.register(NAME, &fig::FAMILY),
            outbox: RoomOutbox::new(hub, ROOM),
            markets,
            draws,
            recording: HashSet::new(),
            last,
            shown: Vec::new(),
        };
        let probe = desk.probe.clone();
        Ok(Probed::new(desk.start(), probe))
    }

    fn views(&self, now: EpochMs) -> Vec<MarketView> {
        self.markets
            .iter()
            .map(|m| {
                let current = m.schedule.current(now);
                let row = current.and_then(|c| self.draws.get(&(m.id, c.no))).map(|d| &d.row);
                MarketView::of(m, row, current, self.last.get(&m.id).cloned(), now)
            })
            .collect()
    }

    fn tick(&mut self, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        for m in self.markets.iter().filter(|m| m.active) {
            let Some(current) = m.schedule.current(now) else { continue };
            let key = (m.id, current.no);
            if current.closes_at <= now || self.draws.contains_key(&key) || !self.recording.insert(key) {
                continue;
            }
            let seed = (m.mode == Mode::Drawn).then(|| (ServerSeed(rand::random()), self.client_seed.clone()));
            let row = DrawRow { market: m.id, draw: current, seed, open: None, close: None, settled: false };
            let db = self.db.clone();
            let recorded = async move {
                store::open_draw(&db, &row).await?;
                store::draw(&db, row.market, row.draw.no).await
            };
            ctx.spawn(recorded.into_actor(self).map(move |res, act, _| {
                act.recording.remove(&key);
                match res {
                    // An earlier run may have recorded it first: play the recorded one, with its seed.
                    Ok(Some(row)) => act.load_draw(row),
                    Ok(None) => {}
                    Err(e) => tracing::error!(error = %e, market = key.0, "matka draw not recorded; retried"),
                }
            }));
        }
        let due: Vec<((i64, i64), Part)> = self
            .draws
            .iter()
            .filter(|(_, d)| d.holds == 0 && !d.settling && !d.row.settled)
            .filter_map(|(key, d)| {
                let (seed, client) = d.row.seed.as_ref()?;
                let (open, close) = drawn(seed, client, d.row.draw.no);
                match d.row.open {
                    None if now >= d.row.draw.opens_at => Some((*key, Part::Open(open))),
                    Some(_) if now >= d.row.draw.closes_at => Some((*key, Part::Close(close))),
                    _ => None,
                }
            })
            .collect();
        for (key, part) in due {
            self.settle(key, part, None, None, ctx);
        }
        self.show(now);
    }

    /// Takes a draw as the store has it.
    fn load_draw(&mut self, row: DrawRow) {
        let key = (row.market, row.draw.no);
        self.draws.entry(key).or_insert(LiveDraw { row, holds: 0, settling: false });
    }

    /// Pushes `matka:status` when a market's state changed.
    pub(super) fn show(&mut self, now: EpochMs) {
        let views = self.views(now);
        if views != self.shown {
            self.outbox.queue(&Status { markets: views.clone(), server_time: now });
            self.outbox.flush();
            self.shown = views;
        }
        let open = self.draws.values().filter(|d| !d.row.settled).count();
        self.probe.set(fig::GAMES, open as i64);
        self.probe.set(fig::PLAYERS, self.draws.values().map(|d| i64::from(d.holds)).sum());
    }

    /// Records a result (and settles what it decides), then applies the settles; `reply` hears when all moved.
    pub(super) fn settle(
        &mut self,
        key: (i64, i64),
        part: Part,
        by: Option<UserId>,
        reply: Option<tokio::sync::oneshot::Sender<Result<(), MatkaError>>>,
        ctx: &mut Context<Self>,
    ) {
        let Some(live) = self.draws.get_mut(&key) else { return };
        live.settling = true;
        let (db, wallet, now) = (self.db.clone(), self.wallet.clone(), self.clock.now_ms());
        let work = async move {
            let owner =
                retry_transient("recording a matka result", || settle::record_result(&db, key.0, key.1, part, by, now))
                    .await?;
            intents::resume(&db, &wallet, &owner, now).await?;
            Ok::<_, WalletError>(store::draw(&db, key.0, key.1).await?)
        };
        ctx.spawn(work.into_actor(self).map(move |res, act, _| {
            let res = match res {
                Ok(Some(row)) => {
                    act.took_result(key, row);
                    if let Some(live) = act.draws.get_mut(&key) {
                        live.settling = false;
                    }
                    act.forget_settled();
                    Ok(())
                }
                Ok(None) => Err(MatkaError::UnknownMarket),
                Err(e) => {
                    if let Some(live) = act.draws.get_mut(&key) {
                        live.settling = false;
                    }
                    Err(unavailable(e))
                }
            };
            let now = act.clock.now_ms();
            act.show(now);
            if let Some(r) = reply {
                let _ = r.send(res);
            }
        }));
    }

    /// A result of draw `key` was recorded (or corrected): the desk takes the draw as the store has it, and the market's
    /// last complete result with it.
    pub(super) fn took_result(&mut self, key: (i64, i64), row: DrawRow) {
        if row.close.is_some() {
            self.last.insert(key.0, result_text(row.open, row.close));
        }
        if let Some(live) = self.draws.get_mut(&key) {
            live.row = row;
        }
    }

    /// Settled draws that are no market's current one are dropped from memory.
    fn forget_settled(&mut self) {
        let now = self.clock.now_ms();
        let current: HashSet<(i64, i64)> =
            self.markets.iter().filter_map(|m| m.schedule.current(now).map(|c| (m.id, c.no))).collect();
        self.draws.retain(|key, d| !d.row.settled || current.contains(key));
    }
}

impl Handler<List> for MatkaDesk {
    type Result = Response<MarketList>;
    fn handle(&mut self, _: List, _: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        Response::reply(MarketList {
            success: true,
            markets: self.views(now),
            rates: rate_views(&self.settings.rates),
            min_points: self.settings.min_points,
            max_points: self.settings.max_points,
            server_time: now,
        })
    }
}

crate::timed_handlers!(MatkaDesk: List, Shutdown);

crate::remote!(List => "matka.list", super::bids::PlaceBids => "matka.place_bids");

/// Every message the desk answers from other nodes (cluster mode).
pub fn dispatch() -> crate::cluster::remote::Dispatch<MatkaDesk> {
    use super::operate::{Configure, Correct, Declare, SaveMarket, View};
    crate::cluster::remote::Dispatch::default()
        .with::<List>()
        .with::<super::bids::PlaceBids>()
        .with::<Declare>()
        .with::<Correct>()
        .with::<SaveMarket>()
        .with::<View>()
        .with::<Configure>()
}
