//! The Mines desk: one actor holds every player's game in play and moves its money.
//!
//! A player's moves run one at a time, in the order they arrived (a lane per player, `table/lanes.rs`; the next waits until
//! the last one's writes committed), so a reveal and a cash-out sent together settle exactly once. Different
//! players' moves overlap. The moves themselves are in `play.rs`, the operators' view and controls in `operate.rs`.
//! A game's life:
//! - start: recorded `playing` with its seeds (the player's seeds move on), then its stake held under
//!   `mines:{id}`; a refused hold makes it `void`;
//! - a safe tile: the opened tiles recorded, then answered;
//! - a mine, a cash-out or the last safe tile: the result and a settle intent recorded in one transaction, the
//!   settle applied until it commits, then answered; the intent is closed after.

use super::rules::{Game, MinesSettings, Refusal, StartRefusal};
use super::store::{self, SeedRow};
use super::wire::{GameSeeds, MinesState, Moved, Reseeded};
use crate::ErrorCode;
use crate::clock::SharedClock;
use crate::ids::UserId;
use crate::money::Paise;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::Db;
use crate::table::lanes::{Lanes, Submitted};
use crate::table::operate::load;
use crate::wallet::{WalletError, WalletHandle};
use actix::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::oneshot;

/// Moves of one player that may wait behind the one in flight.
pub const MAX_WAITING: usize = 8;

pub type DeskAddr = Probed<MinesDesk>;
pub type DeskRoute = crate::cluster::remote::Route<MinesDesk>;

/// Why a move is refused. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum MinesError {
    #[error(transparent)]
    Start(#[from] StartRefusal),
    #[error(transparent)]
    Move(#[from] Refusal),
    #[error("Insufficient balance!")]
    InsufficientBalance,
    /// Past a limit the player set, or during their break or self-exclusion (the wallet refused the hold).
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    #[error("Finish your open game first")]
    GameOpen,
    #[error("Mines is paused by the operators: no new games for now")]
    Suspended,
    #[error("Please place a bet before cashing out.")]
    NoGame,
    #[error("No such game")]
    UnknownGame,
    #[error("This is not your game")]
    NotYourGame,
    #[error("A client seed is 1 to 64 printable characters")]
    InvalidSeed,
    #[error("Too many moves at once: wait for the last one")]
    Busy,
    #[error("Mines is unavailable, please try again")]
    Unavailable,
}

impl MinesError {
    pub fn code(&self) -> ErrorCode {
        match self {
            MinesError::Start(StartRefusal::NotPositive) => ErrorCode::InvalidAmount,
            MinesError::Start(StartRefusal::BelowMinimum(_)) => ErrorCode::StakeTooLow,
            MinesError::Start(StartRefusal::AboveMaximum(_)) => ErrorCode::StakeTooHigh,
            MinesError::Start(StartRefusal::Mines) => ErrorCode::InvalidMines,
            MinesError::Move(Refusal::NoSuchTile) => ErrorCode::InvalidTile,
            MinesError::Move(Refusal::AlreadyRevealed) => ErrorCode::TileRevealed,
            MinesError::Move(Refusal::Lost) => ErrorCode::HitMine,
            MinesError::Move(Refusal::AlreadyCashedOut) => ErrorCode::AlreadyCashedOut,
            MinesError::Move(Refusal::NothingToCashOut) => ErrorCode::NothingToCashOut,
            MinesError::Move(Refusal::MaxWin) => ErrorCode::MaxWin,
            MinesError::InsufficientBalance => ErrorCode::InsufficientBalance,
            MinesError::Limited(r) => r.code(),
            MinesError::GameOpen => ErrorCode::GameOpen,
            MinesError::Suspended => ErrorCode::Suspended,
            MinesError::NoGame | MinesError::UnknownGame => ErrorCode::NoGame,
            MinesError::NotYourGame => ErrorCode::NotYourGame,
            MinesError::InvalidSeed => ErrorCode::InvalidSeed,
            MinesError::Busy => ErrorCode::Busy,
            MinesError::Unavailable => ErrorCode::Unavailable,
        }
    }
}

/// Storage trouble (the store's or the wallet's), logged; the player is told to try again.
pub(super) fn unavailable(e: impl std::fmt::Display) -> MinesError {
    tracing::error!(error = %e, "mines: storage failed");
    MinesError::Unavailable
}

pub(super) type Reply<T> = oneshot::Sender<Result<T, MinesError>>;

/// The screen's state.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Look {
    pub user: UserId,
}
/// Start a game.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Start {
    pub user: UserId,
    pub stake: Paise,
    pub mines: u8,
}
/// Open a tile of the player's game (`game`, when given, must be it).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Reveal {
    pub user: UserId,
    pub game: Option<i64>,
    pub tile: u8,
}
#[derive(serde::Serialize, serde::Deserialize)]
pub struct CashOut {
    pub user: UserId,
    pub game: Option<i64>,
}
/// A fresh server seed (and client seed, if given) for the games to come.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Reseed {
    pub user: UserId,
    pub client_seed: Option<String>,
}

impl Message for Look {
    type Result = Result<MinesState, MinesError>;
}
impl Message for Start {
    type Result = Result<Moved, MinesError>;
}
impl Message for Reveal {
    type Result = Result<Moved, MinesError>;
}
impl Message for CashOut {
    type Result = Result<Moved, MinesError>;
}
impl Message for Reseed {
    type Result = Result<Reseeded, MinesError>;
}

crate::remote!(
    Look => "mines.look",
    Start => "mines.start",
    Reveal => "mines.reveal",
    CashOut => "mines.cash_out",
    Reseed => "mines.reseed",
);

/// Every message the desk answers from other nodes (cluster mode).
pub fn dispatch() -> crate::cluster::remote::Dispatch<MinesDesk> {
    use super::operate::{Configure, Suspend, View};
    crate::cluster::remote::Dispatch::default()
        .with::<Look>()
        .with::<Start>()
        .with::<Reveal>()
        .with::<CashOut>()
        .with::<Reseed>()
        .with::<View>()
        .with::<Configure>()
        .with::<Suspend>()
}

/// A player's move, waiting in their lane.
pub(super) enum Job {
    Look(Reply<MinesState>),
    Start(Start, Reply<Moved>),
    Reveal(Reveal, Reply<Moved>),
    CashOut(CashOut, Reply<Moved>),
    Reseed(Reseed, Reply<Reseeded>),
}

/// A game in play.
#[derive(Debug, Clone)]
pub(super) struct Live {
    pub(super) id: i64,
    pub(super) game: Game,
    pub(super) seeds: GameSeeds,
}

pub struct MinesDesk {
    pub(super) settings: MinesSettings,
    pub(super) suspended: bool,
    pub(super) db: Db,
    pub(super) wallet: WalletHandle,
    pub(super) clock: SharedClock,
    probe: Arc<Probe>,
    pub(super) live: HashMap<UserId, Live>,
    pub(super) seeds: HashMap<UserId, SeedRow>,
    /// Players with a move in flight, and the moves waiting behind it.
    lanes: Lanes<UserId, Job>,
    /// The day (since the epoch, UTC) and what the house won on it.
    pub(super) house_today: (i64, i64),
}

impl Actor for MinesDesk {
    type Context = Context<Self>;

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for MinesDesk {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

impl MinesDesk {
    /// Finishes what a previous run left, loads the games in play and starts the desk on the current arbiter.
    pub async fn start(
        settings: MinesSettings,
        db: Db,
        wallet: WalletHandle,
        clock: SharedClock,
        registry: &Registry,
    ) -> Result<DeskAddr, WalletError> {
        settings.check().map_err(|e| WalletError::Config(format!("mines settings: {e}")))?;
        let (stored, suspended) = load(&db, store::NAME, MinesSettings::check).await?;
        let (playing, recovered) = store::recover(&db, &wallet, clock.now_ms()).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(?recovered, "mines: finished the games left by the last run");
        }
        let live = playing.into_iter().map(|g| (g.user, Live { id: g.id, game: g.game, seeds: g.seeds })).collect();
        let desk = MinesDesk {
            settings: stored.unwrap_or(settings),
            suspended,
            db,
            wallet,
            clock,
            probe: registry.register(store::NAME, &fig::FAMILY),
            live,
            seeds: HashMap::new(),
            lanes: Lanes::new(MAX_WAITING),
            house_today: (0, 0),
        };
        desk.show_figures();
        let probe = desk.probe.clone();
        Ok(Probed::new(desk.start(), probe))
    }

    fn show_figures(&self) {
        let p = &self.probe;
        p.set(fig::GAMES, self.live.len() as i64);
        p.set(fig::STAKES, self.live.values().map(|l| l.game.stake.get()).sum());
        p.set(fig::PLAYERS, self.lanes.len() as i64);
        p.set(fig::HOUSE_TODAY, self.house_today.1);
    }

    /// Queues `job` behind the player's move in flight, or runs it now.
    fn submit(&mut self, user: UserId, job: Job, ctx: &mut Context<Self>) {
        self.probe.add(fig::MOVES, 1);
        match self.lanes.submit(user, job) {
            Submitted::Run(job) => self.run(user, job, ctx),
            Submitted::Queued => {}
            Submitted::Full(job) => refuse(job, MinesError::Busy),
        }
    }

    /// The player's move finished: the next one runs.
    fn done(&mut self, user: UserId, ctx: &mut Context<Self>) {
        if let Some(next) = self.lanes.done(&user) {
            self.run(user, next, ctx);
        }
        self.show_figures();
    }

    /// Answers and lets the player's next move run.
    pub(super) fn answer<T>(
        &mut self,
        user: UserId,
        reply: Reply<T>,
        result: Result<T, MinesError>,
        ctx: &mut Context<Self>,
    ) {
        let _ = reply.send(result);
        self.done(user, ctx);
    }
}

fn refuse(job: Job, e: MinesError) {
    match job {
        Job::Look(r) => drop(r.send(Err(e))),
        Job::Start(_, r) | Job::Reveal(_, r) | Job::CashOut(_, r) => drop(r.send(Err(e))),
        Job::Reseed(_, r) => drop(r.send(Err(e))),
    }
}

/// The answer of a player's move, once it ran.
fn queued<T: Send + 'static>(
    desk: &mut MinesDesk,
    user: UserId,
    ctx: &mut Context<MinesDesk>,
    job: impl FnOnce(Reply<T>) -> Job,
) -> ResponseFuture<Result<T, MinesError>> {
    let (tx, rx) = oneshot::channel();
    desk.submit(user, job(tx), ctx);
    Box::pin(async move { rx.await.unwrap_or(Err(MinesError::Unavailable)) })
}

impl Handler<Look> for MinesDesk {
    type Result = ResponseFuture<Result<MinesState, MinesError>>;
    fn handle(&mut self, m: Look, ctx: &mut Self::Context) -> Self::Result {
        queued(self, m.user, ctx, Job::Look)
    }
}

impl Handler<Start> for MinesDesk {
    type Result = ResponseFuture<Result<Moved, MinesError>>;
    fn handle(&mut self, m: Start, ctx: &mut Self::Context) -> Self::Result {
        queued(self, m.user, ctx, |r| Job::Start(m, r))
    }
}

impl Handler<Reveal> for MinesDesk {
    type Result = ResponseFuture<Result<Moved, MinesError>>;
    fn handle(&mut self, m: Reveal, ctx: &mut Self::Context) -> Self::Result {
        queued(self, m.user, ctx, |r| Job::Reveal(m, r))
    }
}

impl Handler<CashOut> for MinesDesk {
    type Result = ResponseFuture<Result<Moved, MinesError>>;
    fn handle(&mut self, m: CashOut, ctx: &mut Self::Context) -> Self::Result {
        queued(self, m.user, ctx, |r| Job::CashOut(m, r))
    }
}

impl Handler<Reseed> for MinesDesk {
    type Result = ResponseFuture<Result<Reseeded, MinesError>>;
    fn handle(&mut self, m: Reseed, ctx: &mut Self::Context) -> Self::Result {
        queued(self, m.user, ctx, |r| Job::Reseed(m, r))
    }
}

crate::timed_handlers!(MinesDesk: Look, Start, Reveal, CashOut, Reseed);
