//! The Matka desk: one actor keeps every market's draws on time and takes their bids.
//!
//! Twice a second it records each market's current draw before it takes a bid (a drawn market's with its seed's
//! commitment), draws a drawn market's open result when its open time comes and its close result at its close time,
//! and pushes `matka:status` to the `matka` room when a market's state changes. A declared market's results come from
//! an operator ([`Declare`]). A result is recorded with its settled bids and their settle intents in one transaction,
//! then the settles are applied; it waits for holds in flight on the draw.
//!
//! A bid request: checked (market, session, numbers, points, the totals it claims) → its slip recorded `pending` →
//! one hold for its total under `matka:{market}:{draw}` → `held` (or `void` when the hold is refused) → answered.

use super::rules::{self, BidRefusal, BidType, MatkaSettings, Panna, Pick, PointsRefusal, Session};
use super::schedule::Schedule;
use super::store::{self, DrawRow, Market, Mode, NewBid, Part};
use super::wire::{BidAccepted, MarketList, MarketView, Status, TakenBid, rate_views, result_text};
use crate::clock::{EpochMs, SharedClock};
use crate::fair::{Dice, ServerSeed};
use crate::ids::UserId;
use crate::money::Paise;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::{Db, save_setting};
use crate::table::messages::TableDeps;
use crate::table::operate::{OperateError, load, merged};
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::{apply_until_final, retry_transient};
use crate::wallet::{WalletError, WalletHandle, intents};
use actix::prelude::*;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

pub const NAME: &str = "matka";
pub const ROOM: &str = "matka";
const TICK: Duration = Duration::from_millis(500);

pub type MatkaAddr = Probed<MatkaDesk>;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    #[error("{0}")]
    Declare(String),
    #[error("{0}")]
    Invalid(String),
    #[error("There was an error placing your bid. Please try again.")]
    Unavailable,
}

impl MatkaError {
    pub fn code(&self) -> &'static str {
        match self {
            MatkaError::UnknownMarket => "unknown_market",
            MatkaError::NoDraw | MatkaError::Session(BidRefusal::MarketClosed) => "market_closed",
            MatkaError::Session(BidRefusal::SessionClosed) => "session_closed",
            MatkaError::Session(BidRefusal::NeedsBoth) => "needs_open_session",
            MatkaError::UnknownBidType => "unknown_bid_type",
            MatkaError::UnknownSession => "unknown_session",
            MatkaError::InvalidNumber(_) => "invalid_number",
            MatkaError::DuplicateNumber(_) => "duplicate_number",
            MatkaError::NoBids | MatkaError::Points(PointsRefusal::NotPositive) => "no_bids",
            MatkaError::Points(PointsRefusal::Fractional) => "invalid_points",
            MatkaError::Points(PointsRefusal::BelowMinimum(_)) => "points_too_low",
            MatkaError::Points(PointsRefusal::AboveMaximum(_)) => "points_too_high",
            MatkaError::TotalMismatch(_) => "total_mismatch",
            MatkaError::ProfitMismatch(_) => "profit_mismatch",
            MatkaError::InsufficientBalance => "insufficient_balance",
            MatkaError::Declare(_) => "cannot_declare",
            MatkaError::Invalid(_) => "invalid_market",
            MatkaError::Unavailable => "unavailable",
        }
    }
}

fn unavailable(e: WalletError) -> MatkaError {
    tracing::error!(error = %e, "matka: storage failed");
    MatkaError::Unavailable
}

/// A bid request, parsed: the numbers as written and their points.
pub struct PlaceBids {
    pub user: UserId,
    /// The market's name (`gameName`) or id.
    pub market: String,
    pub bid_type: BidType,
    /// Ignored for jodi and sangams (they settle on the close result).
    pub session: Option<Session>,
    pub lines: Vec<(String, Paise)>,
    pub total: Option<Paise>,
    pub profit: Option<Paise>,
}
impl Message for PlaceBids {
    type Result = Result<BidAccepted, MatkaError>;
}

/// The market list.
pub struct List;
impl Message for List {
    type Result = MarketList;
}

/// An operator's result for a declared market's draw.
pub struct Declare {
    pub market: i64,
    pub draw: i64,
    pub panna: Panna,
    /// The close result (else the open one).
    pub close: bool,
    pub by: UserId,
}
impl Message for Declare {
    type Result = Result<(), MatkaError>;
}

/// An operator's correction of a declared result (see [`store::correct_result`]).
pub struct Correct {
    pub market: i64,
    pub draw: i64,
    pub panna: Panna,
    pub close: bool,
}
impl Message for Correct {
    type Result = Result<store::Corrected, MatkaError>;
}

/// A new market, or a change to one (`id`): a schedule change applies from its next draw.
pub struct SaveMarket {
    pub id: Option<i64>,
    pub name: Option<String>,
    pub schedule: Option<Schedule>,
    pub mode: Option<Mode>,
    pub active: Option<bool>,
}
impl Message for SaveMarket {
    type Result = Result<Market, MatkaError>;
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

/// The settings (rates, points), and changes to them (from the next bid).
pub struct View;
impl Message for View {
    type Result = MatkaSettings;
}
pub struct Configure(pub Value);
impl Message for Configure {
    type Result = Result<MatkaSettings, OperateError>;
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

/// A bid request that passed every check needing no IO: the draw `(market, no)` it goes to, and its bids.
struct Checked {
    key: (i64, i64),
    session: Session,
    bids: Vec<NewBid>,
}

struct LiveDraw {
    row: DrawRow,
    /// Holds asked and not yet answered: a result waits for them.
    holds: u32,
    settling: bool,
}

pub struct MatkaDesk {
    settings: MatkaSettings,
    client_seed: String,
    db: Db,
    wallet: WalletHandle,
    clock: SharedClock,
    probe: Arc<Probe>,
    outbox: RoomOutbox,
    markets: Vec<Market>,
    draws: HashMap<(i64, i64), LiveDraw>,
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
        settings.check().map_err(|e| WalletError::Storage(format!("matka settings: {e}")))?;
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
    fn show(&mut self, now: EpochMs) {
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
    fn settle(
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
                retry_transient("recording a matka result", || store::record_result(&db, key.0, key.1, part, by, now))
                    .await?;
            intents::resume(&db, &wallet, &owner, now).await?;
            store::draw(&db, key.0, key.1).await
        };
        ctx.spawn(work.into_actor(self).map(move |res, act, _| {
            let res = match res {
                Ok(Some(row)) => {
                    if row.close.is_some() {
                        act.last.insert(key.0, result_text(row.open, row.close));
                    }
                    if let Some(live) = act.draws.get_mut(&key) {
                        live.row = row;
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

    /// Settled draws that are no market's current one are dropped from memory.
    fn forget_settled(&mut self) {
        let now = self.clock.now_ms();
        let current: HashSet<(i64, i64)> =
            self.markets.iter().filter_map(|m| m.schedule.current(now).map(|c| (m.id, c.no))).collect();
        self.draws.retain(|key, d| !d.row.settled || current.contains(key));
    }

    fn market(&self, name_or_id: &str) -> Option<&Market> {
        let t = name_or_id.trim();
        self.markets.iter().find(|m| m.name.eq_ignore_ascii_case(t) || m.id.to_string() == t)
    }

    /// The checks of a bid request that need no IO: its bids, and the draw they go to.
    fn check(&self, m: &PlaceBids, now: EpochMs) -> Result<Checked, MatkaError> {
        let market = self.market(&m.market).ok_or(MatkaError::UnknownMarket)?;
        let current = market.schedule.current(now).filter(|_| market.active).ok_or(MatkaError::NoDraw)?;
        let key = (market.id, current.no);
        let live = self.draws.get(&key).ok_or(MatkaError::NoDraw)?;
        let session =
            if m.bid_type.needs_both() { Session::Close } else { m.session.ok_or(MatkaError::UnknownSession)? };
        rules::check_session(live.row.draw.phase(now), m.bid_type, session)?;
        if m.lines.is_empty() {
            return Err(MatkaError::NoBids);
        }
        let rate = self.settings.rates.of(m.bid_type);
        let mut seen = HashSet::new();
        let mut bids = Vec::with_capacity(m.lines.len());
        for (number, points) in &m.lines {
            let pick = Pick::parse(m.bid_type, number).ok_or_else(|| MatkaError::InvalidNumber(number.clone()))?;
            if !seen.insert(pick) {
                return Err(MatkaError::DuplicateNumber(pick.text()));
            }
            rules::check_points(&self.settings, *points)?;
            bids.push(NewBid { bid: m.bid_type, session, pick, stake: *points, rate });
        }
        let total = Paise::new(bids.iter().map(|b| b.stake.get()).sum());
        let profit =
            Paise::new(bids.iter().map(|b| b.stake.times_hundredths(b.rate).unwrap_or(Paise::ZERO).get()).sum());
        if m.total.is_some_and(|t| t != total) {
            return Err(MatkaError::TotalMismatch(total));
        }
        if m.profit.is_some_and(|p| p != profit) {
            return Err(MatkaError::ProfitMismatch(profit));
        }
        Ok(Checked { key, session, bids })
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

impl Handler<PlaceBids> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<BidAccepted, MatkaError>>;

    fn handle(&mut self, m: PlaceBids, _: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let Checked { key, session, bids } = match self.check(&m, now) {
            Ok(c) => c,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        if let Some(live) = self.draws.get_mut(&key) {
            live.holds += 1;
        }
        let market_name = self.markets.iter().find(|x| x.id == key.0).map(|x| x.name.clone()).unwrap_or_default();
        let (db, wallet, user) = (self.db.clone(), self.wallet.clone(), m.user);
        let total = Paise::new(bids.iter().map(|b| b.stake.get()).sum());
        let taken: Vec<TakenBid> = bids
            .iter()
            .map(|b| TakenBid {
                number: b.pick.text(),
                points: b.stake,
                rate: b.rate as f64 / 100.0,
                payout: b.stake.times_hundredths(b.rate).unwrap_or(Paise::ZERO),
            })
            .collect();
        let work = async move {
            let balance = crate::wallet::shard::balances(&db, user).await.map_err(unavailable)?.balance;
            if balance < total {
                return Err(MatkaError::InsufficientBalance);
            }
            let slip =
                retry_transient("recording a matka slip", || store::record_slip(&db, user, key.0, key.1, &bids, now))
                    .await
                    .map_err(unavailable)?;
            let hold = apply_until_final(&wallet, store::slip_hold(user, key.0, key.1, slip, total)).await;
            retry_transient("closing a matka slip", || store::slip_held(&db, slip, hold.is_ok()))
                .await
                .map_err(unavailable)?;
            match hold {
                Ok(r) => Ok((slip, r)),
                Err(WalletError::InsufficientBalance) => Err(MatkaError::InsufficientBalance),
                Err(e) => Err(unavailable(e)),
            }
        };
        Box::pin(work.into_actor(self).map(move |res, act, _| {
            if let Some(live) = act.draws.get_mut(&key) {
                live.holds = live.holds.saturating_sub(1);
            }
            let (slip, r) = res?;
            let estimated_profit = Paise::new(taken.iter().map(|t| t.payout.get()).sum());
            Ok(BidAccepted {
                success: true,
                message: "Bid placed successfully!",
                slip_id: slip,
                market_name,
                draw_no: key.1,
                bid_type: m.bid_type,
                session,
                bids: taken,
                total_bid_points: total,
                estimated_profit,
                balance: r.balance,
                exposure_balance: r.exposure,
            })
        }))
    }
}

impl Handler<Declare> for MatkaDesk {
    type Result = ResponseFuture<Result<(), MatkaError>>;

    fn handle(&mut self, d: Declare, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let key = (d.market, d.draw);
        let refuse = |why: &str| -> Self::Result {
            let e = MatkaError::Declare(why.to_string());
            Box::pin(async move { Err(e) })
        };
        let Some(market) = self.markets.iter().find(|m| m.id == d.market) else { return refuse("No such market") };
        if market.mode != Mode::Declared {
            return refuse("This market's results are drawn by the server");
        }
        let Some(live) = self.draws.get(&key) else { return refuse("No such draw in play") };
        let row = &live.row;
        let why = match (d.close, row.open, row.close) {
            (false, Some(_), _) => Some("The open result is already declared"),
            (false, None, _) if now < row.draw.opens_at => Some("The open session is still taking bids"),
            (true, None, _) => Some("Declare the open result first"),
            (true, _, Some(_)) => Some("The close result is already declared"),
            (true, _, None) if now < row.draw.closes_at => Some("The close session is still taking bids"),
            _ => None,
        };
        if let Some(why) = why {
            return refuse(why);
        }
        if live.holds > 0 || live.settling {
            return refuse("Bids are still being placed on this draw; try again in a moment");
        }
        let part = if d.close { Part::Close(d.panna) } else { Part::Open(d.panna) };
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.settle(key, part, Some(d.by), Some(tx), ctx);
        Box::pin(async move { rx.await.unwrap_or(Err(MatkaError::Unavailable)) })
    }
}

impl Handler<Correct> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<store::Corrected, MatkaError>>;

    fn handle(&mut self, c: Correct, _: &mut Self::Context) -> Self::Result {
        let key = (c.market, c.draw);
        let why = match self.markets.iter().find(|m| m.id == c.market) {
            None => Some("No such market"),
            Some(m) if m.mode != Mode::Declared => Some("A drawn result is its seed's: it cannot be corrected"),
            _ if self.draws.get(&key).is_some_and(|d| d.holds > 0 || d.settling) => {
                Some("Bids are still being placed or settled on this draw; try again in a moment")
            }
            _ => None,
        };
        if let Some(why) = why {
            let e = MatkaError::Declare(why.to_string());
            return Box::pin(async move { Err(e) }.into_actor(self));
        }
        if let Some(live) = self.draws.get_mut(&key) {
            live.settling = true;
        }
        let part = if c.close { Part::Close(c.panna) } else { Part::Open(c.panna) };
        let (db, wallet, now) = (self.db.clone(), self.wallet.clone(), self.clock.now_ms());
        let work = async move {
            let done = store::correct_result(&db, key.0, key.1, part, now).await?;
            if let Some(d) = &done {
                intents::resume(&db, &wallet, &d.owner, now).await?;
            }
            Ok::<_, WalletError>((done, store::draw(&db, key.0, key.1).await?))
        };
        Box::pin(work.into_actor(self).map(move |res, act, _| {
            if let Some(live) = act.draws.get_mut(&key) {
                live.settling = false;
            }
            let (done, row) = res.map_err(unavailable)?;
            let done = done.ok_or_else(|| MatkaError::Declare("Only a declared result can be corrected".into()))?;
            if let Some(row) = row {
                if row.close.is_some() {
                    act.last.insert(key.0, result_text(row.open, row.close));
                }
                if let Some(live) = act.draws.get_mut(&key) {
                    live.row = row;
                }
            }
            let now = act.clock.now_ms();
            act.show(now);
            Ok(done)
        }))
    }
}

impl Handler<SaveMarket> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<Market, MatkaError>>;

    fn handle(&mut self, s: SaveMarket, _: &mut Self::Context) -> Self::Result {
        let base = match s.id {
            Some(id) => match self.markets.iter().find(|m| m.id == id) {
                Some(m) => m.clone(),
                None => return Box::pin(async { Err(MatkaError::UnknownMarket) }.into_actor(self)),
            },
            None => Market {
                id: 0,
                name: String::new(),
                schedule: Schedule::Every { seconds: 300 },
                mode: s.mode.unwrap_or(Mode::Declared),
                active: true,
            },
        };
        let m = Market {
            name: s.name.map(|n| n.trim().to_string()).unwrap_or(base.name.clone()),
            schedule: s.schedule.unwrap_or(base.schedule),
            active: s.active.unwrap_or(base.active),
            ..base
        };
        let invalid = if m.name.is_empty() || m.name.chars().count() > 40 {
            Some("A market's name is 1 to 40 characters".to_string())
        } else if s.id.is_some() && s.mode.is_some_and(|mode| mode != m.mode) {
            Some("A market's result mode cannot change: create a new market".to_string())
        } else {
            m.schedule.check().err()
        };
        if let Some(why) = invalid {
            return Box::pin(async move { Err(MatkaError::Invalid(why)) }.into_actor(self));
        }
        let (db, now, new) = (self.db.clone(), self.clock.now_ms(), s.id.is_none());
        let saved = m.clone();
        let work = async move {
            if new {
                store::create_market(&db, &saved.name, &saved.schedule, saved.mode, now).await
            } else {
                Ok(store::update_market(&db, &saved).await?.then_some(saved))
            }
        };
        Box::pin(work.into_actor(self).map(|res, act, _| {
            let m = res.map_err(unavailable)?.ok_or_else(|| MatkaError::Invalid("That name is taken".into()))?;
            match act.markets.iter_mut().find(|x| x.id == m.id) {
                Some(x) => *x = m.clone(),
                None => act.markets.push(m.clone()),
            }
            Ok(m)
        }))
    }
}

impl Handler<View> for MatkaDesk {
    type Result = Response<MatkaSettings>;
    fn handle(&mut self, _: View, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.settings.clone())
    }
}

impl Handler<Configure> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<MatkaSettings, OperateError>>;
    fn handle(&mut self, m: Configure, _: &mut Self::Context) -> Self::Result {
        let next = match merged(&self.settings, &m.0, MatkaSettings::check) {
            Ok(s) => s,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        let (db, text) = (self.db.clone(), serde_json::to_string(&next).unwrap_or_default());
        Box::pin(async move { save_setting(&db, "matka.settings", text).await }.into_actor(self).map(
            move |res, act, _| {
                res?;
                act.settings = next;
                Ok(act.settings.clone())
            },
        ))
    }
}

crate::timed_handlers!(MatkaDesk: List, PlaceBids, Declare, Correct, SaveMarket, View, Configure, Shutdown);
