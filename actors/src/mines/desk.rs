//! The Mines desk: one actor holds every player's game in play and moves its money.
//!
//! A player's moves run one at a time, in the order they arrived (a lane per player; the next waits until the
//! last one's writes committed), so a reveal and a cash-out sent together settle exactly once. Different
//! players' moves overlap. A game's life:
//! - start: recorded `playing` with its seeds (the player's seeds move on), then its stake held under
//!   `mines:{id}`; a refused hold makes it `void`;
//! - a safe tile: the opened tiles recorded, then answered;
//! - a mine, a cash-out or the last safe tile: the result and a settle intent recorded in one transaction, the
//!   settle applied until it commits, then answered; the intent is closed after.

use super::rules::{self, Board, Game, MinesSettings, Refusal, Revealed, StartRefusal, Status};
use super::store::{self, NewGame, SeedRow};
use super::wire::{GameSeeds, GameView, MinesState, Moved, PublicSettings, Reseeded, Seeds};
use crate::clock::{EpochMs, SharedClock};
use crate::fair::ServerSeed;
use crate::ids::UserId;
use crate::money::Paise;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::{Db, save_setting};
use crate::table::operate::{OperateError, load, merged};
use crate::wallet::intents::{apply_until_final, retry_transient};
use crate::wallet::{
    Balances, Change, GameKind, LedgerKind, Movement, Receipt, SystemAccount, WalletError, WalletHandle,
};
use actix::prelude::*;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::oneshot;

/// Moves of one player that may wait behind the one in flight.
pub const MAX_WAITING: usize = 8;

pub type DeskAddr = Probed<MinesDesk>;

/// Why a move is refused. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MinesError {
    #[error(transparent)]
    Start(#[from] StartRefusal),
    #[error(transparent)]
    Move(#[from] Refusal),
    #[error("Insufficient balance!")]
    InsufficientBalance,
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
    pub fn code(&self) -> &'static str {
        match self {
            MinesError::Start(StartRefusal::NotPositive) => "invalid_amount",
            MinesError::Start(StartRefusal::BelowMinimum(_)) => "stake_too_low",
            MinesError::Start(StartRefusal::AboveMaximum(_)) => "stake_too_high",
            MinesError::Start(StartRefusal::Mines) => "invalid_mines",
            MinesError::Move(Refusal::NoSuchTile) => "invalid_tile",
            MinesError::Move(Refusal::AlreadyRevealed) => "tile_revealed",
            MinesError::Move(Refusal::Lost) => "hit_mine",
            MinesError::Move(Refusal::AlreadyCashedOut) => "already_cashed_out",
            MinesError::Move(Refusal::NothingToCashOut) => "nothing_to_cash_out",
            MinesError::Move(Refusal::MaxWin) => "max_win",
            MinesError::InsufficientBalance => "insufficient_balance",
            MinesError::GameOpen => "game_open",
            MinesError::Suspended => "suspended",
            MinesError::NoGame | MinesError::UnknownGame => "no_game",
            MinesError::NotYourGame => "not_your_game",
            MinesError::InvalidSeed => "invalid_seed",
            MinesError::Busy => "busy",
            MinesError::Unavailable => "unavailable",
        }
    }
}

fn unavailable(e: WalletError) -> MinesError {
    tracing::error!(error = %e, "mines: storage failed");
    MinesError::Unavailable
}

type Reply<T> = oneshot::Sender<Result<T, MinesError>>;

/// The screen's state.
pub struct Look {
    pub user: UserId,
}
/// Start a game.
pub struct Start {
    pub user: UserId,
    pub stake: Paise,
    pub mines: u8,
}
/// Open a tile of the player's game (`game`, when given, must be it).
pub struct Reveal {
    pub user: UserId,
    pub game: Option<i64>,
    pub tile: u8,
}
pub struct CashOut {
    pub user: UserId,
    pub game: Option<i64>,
}
/// A fresh server seed (and client seed, if given) for the games to come.
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

enum Job {
    Look(Reply<MinesState>),
    Start(Start, Reply<Moved>),
    Reveal(Reveal, Reply<Moved>),
    CashOut(CashOut, Reply<Moved>),
    Reseed(Reseed, Reply<Reseeded>),
}

/// A game in play.
#[derive(Debug, Clone)]
struct Live {
    id: i64,
    game: Game,
    seeds: GameSeeds,
}

pub struct MinesDesk {
    settings: MinesSettings,
    suspended: bool,
    db: Db,
    wallet: WalletHandle,
    clock: SharedClock,
    probe: Arc<Probe>,
    live: HashMap<UserId, Live>,
    seeds: HashMap<UserId, SeedRow>,
    /// Players with a move in flight, and the moves waiting behind it.
    lanes: HashMap<UserId, VecDeque<Job>>,
    house_today: (i64, i64),
}

const SETTINGS_KEY: &str = "mines.settings";
const SUSPENDED_KEY: &str = "mines.suspended";

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
        settings.check().map_err(|e| WalletError::Storage(format!("mines settings: {e}")))?;
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
            lanes: HashMap::new(),
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
        match self.lanes.get_mut(&user) {
            Some(waiting) if waiting.len() >= MAX_WAITING => refuse(job, MinesError::Busy),
            Some(waiting) => waiting.push_back(job),
            None => {
                self.lanes.insert(user, VecDeque::new());
                self.run(user, job, ctx);
            }
        }
    }

    /// The player's move finished: the next one runs.
    fn done(&mut self, user: UserId, ctx: &mut Context<Self>) {
        match self.lanes.get_mut(&user).and_then(VecDeque::pop_front) {
            Some(next) => self.run(user, next, ctx),
            None => {
                self.lanes.remove(&user);
            }
        }
        self.show_figures();
    }

    /// Answers and lets the player's next move run.
    fn answer<T>(&mut self, user: UserId, reply: Reply<T>, result: Result<T, MinesError>, ctx: &mut Context<Self>) {
        let _ = reply.send(result);
        self.done(user, ctx);
    }

    fn run(&mut self, user: UserId, job: Job, ctx: &mut Context<Self>) {
        match job {
            Job::Look(reply) => self.look(user, reply, ctx),
            Job::Start(m, reply) => self.start_game(m, reply, ctx),
            Job::Reveal(m, reply) => match self.target(user, m.game) {
                Target::Live(live) => self.reveal(user, live, m.tile, reply, ctx),
                Target::Other(id) => self.finished(user, id, reply, ctx),
                Target::None => self.answer(user, reply, Err(MinesError::NoGame), ctx),
            },
            Job::CashOut(m, reply) => match self.target(user, m.game) {
                Target::Live(mut live) => match live.game.cash_out() {
                    Ok(_) => self.finish(user, live, reply, ctx),
                    Err(e) => self.answer(user, reply, Err(e.into()), ctx),
                },
                Target::Other(id) => self.finished(user, id, reply, ctx),
                Target::None => self.answer(user, reply, Err(MinesError::NoGame), ctx),
            },
            Job::Reseed(m, reply) => self.reseed(m, reply, ctx),
        }
    }

    /// The player's seeds: cached, or read (made on first use).
    fn with_seeds(&self, user: UserId) -> impl Future<Output = Result<SeedRow, WalletError>> + 'static {
        let cached = self.seeds.get(&user).cloned();
        let db = self.db.clone();
        async move {
            match cached {
                Some(s) => Ok(s),
                None => store::seeds(&db, user).await,
            }
        }
    }

    fn look(&mut self, user: UserId, reply: Reply<MinesState>, ctx: &mut Context<Self>) {
        ctx.spawn(self.with_seeds(user).into_actor(self).map(move |res, act, ctx| {
            let res = res.map_err(unavailable).map(|s| {
                act.seeds.insert(user, s.clone());
                MinesState {
                    settings: PublicSettings::from(&act.settings),
                    suspended: act.suspended,
                    seeds: public_seeds(&s),
                    game: act.live.get(&user).map(|l| GameView::of(l.id, &l.game, &l.seeds)),
                }
            });
            act.answer(user, reply, res, ctx);
        }));
    }

    fn start_game(&mut self, m: Start, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let user = m.user;
        let checked = if self.suspended {
            Err(MinesError::Suspended)
        } else if self.live.contains_key(&user) {
            Err(MinesError::GameOpen)
        } else {
            rules::check_start(&self.settings, m.stake, m.mines).map_err(MinesError::from)
        };
        if let Err(e) = checked {
            return self.answer(user, reply, Err(e), ctx);
        }
        let (db, wallet, settings, now) =
            (self.db.clone(), self.wallet.clone(), self.settings.clone(), self.clock.now_ms());
        let seeds = self.with_seeds(user);
        let started = async move {
            let seeds = seeds.await.map_err(unavailable)?;
            let Balances { balance, .. } = crate::wallet::shard::balances(&db, user).await.map_err(unavailable)?;
            if balance < m.stake {
                return Ok((seeds, Err(MinesError::InsufficientBalance)));
            }
            let board = Board::deal(&seeds.server_seed, &seeds.client_seed, seeds.nonce, m.mines);
            let game = Game::new(board, m.mines, m.stake, settings.house_edge_bp, settings.max_payout);
            let next_seed = ServerSeed(rand::random());
            let new = NewGame { user, game: &game, seeds: &seeds, next_seed, now };
            let id =
                retry_transient("recording a mines game", || store::open_game(&db, &new)).await.map_err(unavailable)?;
            let next =
                SeedRow { server_seed: next_seed, client_seed: seeds.client_seed.clone(), nonce: seeds.nonce + 1 };
            let keys = store::keys(id);
            let hold = Change {
                user,
                movement: Movement::Hold { amount: m.stake },
                kind: LedgerKind::Bet(GameKind::Mines),
                reference: keys.reference(),
                idempotency_key: keys.ticket(user, 0, "hold"),
            };
            let result = match apply_until_final(&wallet, hold).await {
                Ok(r) => Ok((Live { id, game, seeds: game_seeds(&seeds, now) }, r)),
                Err(e) => {
                    retry_transient("voiding a mines game", || store::void_game(&db, id, now))
                        .await
                        .map_err(unavailable)?;
                    Err(match e {
                        WalletError::InsufficientBalance => MinesError::InsufficientBalance,
                        e => unavailable(e),
                    })
                }
            };
            Ok((next, result))
        };
        ctx.spawn(started.into_actor(self).map(move |res, act, ctx| {
            // A failure may leave the recorded seeds ahead of the cached ones: read them again next time.
            if res.is_err() {
                act.seeds.remove(&user);
            }
            let res = res.and_then(|(seeds, result)| {
                act.seeds.insert(user, seeds);
                let (live, receipt) = result?;
                let moved = moved(&live, &receipt);
                act.live.insert(user, live);
                Ok(moved)
            });
            act.answer(user, reply, res, ctx);
        }));
    }

    /// The game a move is for: the player's game in play, unless `game` names another one.
    fn target(&self, user: UserId, game: Option<i64>) -> Target {
        match (self.live.get(&user), game) {
            (Some(live), None) => Target::Live(live.clone()),
            (Some(live), Some(id)) if live.id == id => Target::Live(live.clone()),
            (_, Some(id)) => Target::Other(id),
            (None, None) => Target::None,
        }
    }

    /// A move on a game that is not in play: why it is refused.
    fn finished(&mut self, user: UserId, id: i64, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let db = self.db.clone();
        ctx.spawn(async move { store::game(&db, id).await }.into_actor(self).map(move |res, act, ctx| {
            let err = match res {
                Err(e) => unavailable(e),
                Ok(None) => MinesError::UnknownGame,
                Ok(Some(g)) if g.user != user => MinesError::NotYourGame,
                Ok(Some(g)) if g.game.status == Status::Lost => Refusal::Lost.into(),
                Ok(Some(_)) => Refusal::AlreadyCashedOut.into(),
            };
            act.answer(user, reply, Err(err), ctx);
        }));
    }

    fn reveal(&mut self, user: UserId, mut live: Live, tile: u8, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        match live.game.reveal(tile) {
            Err(e) => self.answer(user, reply, Err(e.into()), ctx),
            Ok(Revealed::Mine | Revealed::Cleared { .. }) => self.finish(user, live, reply, ctx),
            Ok(Revealed::Safe) => {
                let db = self.db.clone();
                let saved = live.clone();
                let write = async move {
                    store::save_reveal(&db, saved.id, &saved.game).await?;
                    crate::wallet::shard::balances(&db, user).await
                };
                ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
                    let res = res.map_err(unavailable).map(|b| {
                        let view = GameView::of(live.id, &live.game, &live.seeds);
                        act.live.insert(user, live);
                        Moved { success: true, game: view, balance: b.balance, exposure_balance: b.exposure }
                    });
                    act.answer(user, reply, res, ctx);
                }));
            }
        }
    }

    /// The game is over (lost or won): record it with its settle, move the money, answer.
    fn finish(&mut self, user: UserId, mut live: Live, reply: Reply<Moved>, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        live.seeds.ended_at = Some(now);
        let keys = store::keys(live.id);
        let paid = live.game.paid();
        let settle = Change {
            user,
            movement: Movement::Settle { hold: live.game.stake, payout: paid, with: SystemAccount::House },
            kind: if paid.is_positive() { LedgerKind::Win(GameKind::Mines) } else { LedgerKind::Loss(GameKind::Mines) },
            reference: keys.reference(),
            idempotency_key: keys.ticket(user, 0, "settle"),
        };
        let (db, wallet) = (self.db.clone(), self.wallet.clone());
        let (id, game) = (live.id, live.game.clone());
        let settled = async move {
            retry_transient("ending a mines game", || store::end_game(&db, id, &game, &settle, now))
                .await
                .map_err(|e| (false, e))?;
            apply_until_final(&wallet, settle).await.map_err(|e| (true, e))
        };
        ctx.spawn(settled.into_actor(self).map(move |res, act, ctx| {
            let res = match res {
                Ok(receipt) => {
                    act.live.remove(&user);
                    act.house_won(live.game.stake.get() - paid.get(), now);
                    act.close_intent(live.id, ctx);
                    Ok(moved(&live, &receipt))
                }
                // Recorded, but the wallet refused the settle for good: the intent stays for the operators.
                Err((true, e)) => {
                    tracing::error!(game = live.id, %user, error = %e, "mines settle refused");
                    act.live.remove(&user);
                    Err(MinesError::Unavailable)
                }
                Err((false, e)) => Err(unavailable(e)),
            };
            act.answer(user, reply, res, ctx);
        }));
    }

    /// The game's money has all moved: its intent is closed (off the player's path).
    fn close_intent(&mut self, id: i64, ctx: &mut Context<Self>) {
        let (db, now) = (self.db.clone(), self.clock.now_ms());
        ctx.spawn(
            async move {
                if let Err(e) = retry_transient("closing a mines game", || store::settled(&db, id, now)).await {
                    tracing::error!(game = id, error = %e, "mines intent not closed; the next start closes it");
                }
            }
            .into_actor(self),
        );
    }

    fn house_won(&mut self, paise: i64, now: EpochMs) {
        let day = now.div_euclid(86_400_000);
        if self.house_today.0 != day {
            self.house_today = (day, 0);
        }
        self.house_today.1 += paise;
    }

    fn reseed(&mut self, m: Reseed, reply: Reply<Reseeded>, ctx: &mut Context<Self>) {
        let user = m.user;
        let client_seed = match m.client_seed.as_deref().map(str::trim) {
            None => None,
            Some(s) if !s.is_empty() && s.chars().count() <= 64 && s.chars().all(|c| (' '..='~').contains(&c)) => {
                Some(s.to_string())
            }
            Some(_) => return self.answer(user, reply, Err(MinesError::InvalidSeed), ctx),
        };
        let db = self.db.clone();
        let seeds = self.with_seeds(user);
        let write = async move {
            let before = seeds.await?;
            let next = SeedRow {
                server_seed: ServerSeed(rand::random()),
                client_seed: client_seed.unwrap_or_else(|| before.client_seed.clone()),
                nonce: before.nonce,
            };
            store::reseed(&db, user, &next).await?;
            Ok::<_, WalletError>((before, next))
        };
        ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
            let res = res.map_err(unavailable).map(|(before, next)| {
                act.seeds.insert(user, next.clone());
                Reseeded {
                    success: true,
                    seeds: public_seeds(&next),
                    previous_server_seed: before.server_seed.to_hex(),
                    previous_commitment: before.server_seed.commitment(),
                }
            });
            act.answer(user, reply, res, ctx);
        }));
    }
}

enum Target {
    Live(Live),
    Other(i64),
    None,
}

fn refuse(job: Job, e: MinesError) {
    match job {
        Job::Look(r) => drop(r.send(Err(e))),
        Job::Start(_, r) | Job::Reveal(_, r) | Job::CashOut(_, r) => drop(r.send(Err(e))),
        Job::Reseed(_, r) => drop(r.send(Err(e))),
    }
}

fn public_seeds(s: &SeedRow) -> Seeds {
    Seeds { commitment: s.server_seed.commitment(), client_seed: s.client_seed.clone(), nonce: s.nonce }
}

fn game_seeds(s: &SeedRow, now: EpochMs) -> GameSeeds {
    GameSeeds {
        commitment: s.server_seed.commitment(),
        server_seed: s.server_seed.to_hex(),
        client_seed: s.client_seed.clone(),
        nonce: s.nonce,
        created_at: now,
        ended_at: None,
    }
}

fn moved(live: &Live, r: &Receipt) -> Moved {
    Moved {
        success: true,
        game: GameView::of(live.id, &live.game, &live.seeds),
        balance: r.balance,
        exposure_balance: r.exposure,
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

/// The desk as the operators' console shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct DeskView {
    pub settings: MinesSettings,
    pub suspended: bool,
    pub open_games: usize,
    pub held: Paise,
}

pub struct View;
impl Message for View {
    type Result = DeskView;
}

/// Settings for the games that start from now on (`changes`: some of the settings' fields, as JSON).
pub struct Configure(pub Value);
impl Message for Configure {
    type Result = Result<DeskView, OperateError>;
}

/// No new games (games in play go on), or new games again.
pub struct Suspend(pub bool);
impl Message for Suspend {
    type Result = Result<DeskView, OperateError>;
}

impl MinesDesk {
    fn view(&self) -> DeskView {
        DeskView {
            settings: self.settings.clone(),
            suspended: self.suspended,
            open_games: self.live.len(),
            held: Paise::new(self.live.values().map(|l| l.game.stake.get()).sum()),
        }
    }
}

impl Handler<View> for MinesDesk {
    type Result = Response<DeskView>;
    fn handle(&mut self, _: View, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.view())
    }
}

impl Handler<Configure> for MinesDesk {
    type Result = ResponseActFuture<Self, Result<DeskView, OperateError>>;
    fn handle(&mut self, m: Configure, _: &mut Self::Context) -> Self::Result {
        let next = match merged(&self.settings, &m.0, MinesSettings::check) {
            Ok(s) => s,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        let (db, text) = (self.db.clone(), serde_json::to_string(&next).unwrap_or_default());
        Box::pin(async move { save_setting(&db, SETTINGS_KEY, text).await }.into_actor(self).map(move |res, act, _| {
            res?;
            tracing::info!(settings = ?next, "mines settings changed by an operator, for the games that start from now");
            act.settings = next;
            Ok(act.view())
        }))
    }
}

impl Handler<Suspend> for MinesDesk {
    type Result = ResponseActFuture<Self, Result<DeskView, OperateError>>;
    fn handle(&mut self, m: Suspend, _: &mut Self::Context) -> Self::Result {
        let db = self.db.clone();
        Box::pin(async move { save_setting(&db, SUSPENDED_KEY, m.0.to_string()).await }.into_actor(self).map(
            move |res, act, _| {
                res?;
                act.suspended = m.0;
                Ok(act.view())
            },
        ))
    }
}

crate::timed_handlers!(MinesDesk: Look, Start, Reveal, CashOut, Reseed, View, Configure, Suspend);
