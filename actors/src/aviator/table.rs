//! The Aviator table actor: owns one `Game` (the pure rules) and its timer, asks the wallet to move
//! money, and tells the hub what to broadcast. Every money movement of a round carries the reference
//! `aviator:{round}`; keys are per bet attempt, so asking again never moves money twice. How a round's money
//! moves and how a round ends is in `settle.rs`.
//!
//! Messages (`messages.rs`): `PlaceBet`, `CancelBet`, `CashOut` (answered after the wallet committed, or `pending`
//! when it is slow: the result follows as events), `Snapshot`, `OpenBets` (a player's bets in the current round,
//! for history); the operator's in `operate.rs`.

use super::chains::{self, ChainSettings, Fairness, SeedKey};
pub use super::messages::{CancelBet, CashOut, OpenBet, OpenBets, PlaceBet, Reply, Shutdown, Snapshot, TableError};
use super::rules::{Bet, BetState, Event, Game, Phase, Rejection, RoundSeed, RulesConfig, Slot};
use super::settle::{Closing, Outcome};
use super::store;
use super::wire::{self, TableEvent};
use crate::clock::{EpochMs, SharedClock};
use crate::hub::HubAddr;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::Db;
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, WalletError, WalletHandle};
use actix::prelude::*;
use serde_json::Value;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

pub const ROOM: &str = "aviator";
/// The table's address: measured (see [`crate::observe`]).
pub type TableAddr = Probed<AviatorTable>;

/// How the rest of the system reaches the table: the local actor, or in cluster mode wherever its lease is held.
pub type TableRoute = crate::cluster::remote::Route<AviatorTable>;
/// How often the table's own figures (bets, stakes, players) are refreshed.
const FIGURES_EVERY_MS: EpochMs = 500;
/// How often the table looks at the clock.
const TICK: Duration = Duration::from_millis(20);
/// How often the flying state is broadcast: a heartbeat, as clients draw the curve locally from `serverTime` and
/// `elapsed`. At 10,000 players every broadcast costs 10,000 socket writes, so this is kept sparse.
const STATE_EVERY_MS: EpochMs = 1_000;
/// The live bet feed, when it changed, rides along with the next broadcast to the room, or goes alone after this
/// long; at most this many rows.
const FEED_EVERY_MS: EpochMs = 1_000;
const FEED_ROWS: usize = 20;
pub use crate::table::PATIENCE;

#[derive(Debug, Clone)]
pub struct AviatorConfig {
    pub rules: RulesConfig,
    /// Rounds in each committed hash chain.
    pub chain_length: usize,
    /// The announced public value each later chain's salt will be fixed from (see `chains`); `None`: the server's.
    pub salt_source: Option<String>,
    /// Chain seeds are derived with this key, and the database keeps only nonces (see `chains`).
    pub seed_key: Option<SeedKey>,
    /// Load tests only (the server refuses it otherwise): round `r` crashes at `points[(r - 1) % len]`
    /// (hundredths) instead of its chain's point, so servers compared side by side play the same rounds. Such
    /// rounds do not verify against the published chain.
    pub fixed_crash_points: Option<Arc<[u64]>>,
}

/// `seed` with its crash point replaced by the fixed list's, when there is one.
fn rigged(points: Option<&[u64]>, mut seed: RoundSeed) -> RoundSeed {
    if let Some(points) = points.filter(|p| !p.is_empty()) {
        let i = usize::try_from((seed.round.0 - 1).rem_euclid(points.len() as i64)).unwrap_or(0);
        seed.crash_point = points[i];
    }
    seed
}

struct FeedRow {
    name: String,
    stake: Paise,
    slot: Slot,
    multiplier: Option<u64>,
    payout: Paise,
}

pub struct AviatorTable {
    pub(super) game: Game,
    pub(super) fairness: Arc<Fairness>,
    pub(super) chain_settings: ChainSettings,
    fixed_crash_points: Option<Arc<[u64]>>,
    /// The next round, once it is on record (it opens only then).
    pub(super) recorded_next: Option<RoundId>,
    pub(super) last_wait_warning: EpochMs,
    pub(super) wallet: WalletHandle,
    pub(super) probe: Arc<Probe>,
    /// No new round opens while suspended (the round in play ends as usual).
    pub(super) suspended: bool,
    /// Settings for the next round, taken when it opens.
    pub(super) pending_rules: Option<RulesConfig>,
    /// The UTC day (days since 1970) and what the house won at this table on it, in paise.
    pub(super) house_today: (i64, i64),
    last_figures: EpochMs,
    pub(super) db: Db,
    pub(super) clock: SharedClock,
    /// Per (user, slot): how many bets were placed this round (a cancelled slot may be bet again), and
    /// when the current one was placed.
    pub(super) attempts: HashMap<(UserId, Slot), (u32, EpochMs)>,
    pub(super) names: HashMap<UserId, String>,
    /// Wallet moves of this round in flight (settles, cancel releases, round records); the round closes only
    /// when none is left.
    pub(super) unsettled: usize,
    /// The crashed round, until all its money has moved. The next round opens only after it.
    pub(super) closing: Option<Closing>,
    /// The next round's record is being written; it opens only once on record, so a restart always finds it
    /// and no round id (or key) is ever used twice.
    pub(super) recording: usize,
    /// Bets of this round whose settle has committed.
    pub(super) settled: HashSet<(UserId, Slot)>,
    /// Cash-out requests waiting for their settle to commit.
    pub(super) cashout_waiters: HashMap<(UserId, Slot), oneshot::Sender<Reply>>,
    feed: VecDeque<((UserId, Slot), FeedRow)>,
    feed_dirty: bool,
    last_feed: EpochMs,
    last_state: EpochMs,
    last_tick: EpochMs,
    /// Frames for the room, sent together (one socket write per player) when the current message is handled.
    pub(super) outbox: RoomOutbox,
    /// Cluster mode: the lease is being handed to another node; told when the round in play has ended and all its
    /// money has moved (no new round opens here).
    hand_over: Option<oneshot::Sender<()>>,
}

impl AviatorTable {
    /// Refunds rounds a previous run left unfinished, loads (or commits to) the hash chain, records the
    /// first round, and starts the table (`aviator` in `registry`) on the current arbiter. Settings an operator
    /// stored win over `config.rules`.
    pub async fn start(
        mut config: AviatorConfig,
        db: Db,
        wallet: WalletHandle,
        hub: HubAddr,
        clock: SharedClock,
        registry: &Registry,
    ) -> Result<(TableAddr, Arc<Fairness>), WalletError> {
        let now = clock.now_ms();
        let stored = super::operate::load_settings(&db).await?;
        if let Some(rules) = stored.rules {
            tracing::info!(?rules, "Aviator plays by the settings an operator stored");
            config.rules = rules;
        }
        let recovered = store::recover_unfinished_rounds(&db, &wallet, now).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(?recovered, "finished the Aviator rounds left by the last run");
        }
        let first = store::next_round_id(&db).await?;
        let chain_settings = ChainSettings {
            length: config.chain_length,
            house_edge_bp: config.rules.house_edge_bp,
            salt_source: config.salt_source.as_deref().map(Arc::from),
            seed_key: config.seed_key.clone(),
        };
        if config.seed_key.is_none() {
            tracing::info!(
                "Aviator chain seeds are stored as they are (set CASINO_AVIATOR_SEED_KEY to keep them out of the database)"
            );
        }
        let fairness = Arc::new(chains::load(&db, &chain_settings, first, now).await?);
        let bad_config = |e| WalletError::Config(format!("aviator config: {e}"));
        // The first round's caps are taken from the books as they are now (later rounds: at each round's close).
        let house_result = store::house_result(&db).await?;
        let (game, recorded_next) = match fairness.seed_for(first) {
            Some(seed) => {
                let seed = rigged(config.fixed_crash_points.as_deref(), seed);
                store::open_round(&db, &seed, now).await?;
                let opened = Game::new_with_house_result(config.rules, seed, house_result, clock.now_ms());
                (opened.map_err(bad_config)?.0, None)
            }
            // The chain of the next round awaits its salt: resume after the last round, waiting for it.
            None => {
                let last = fairness
                    .seed_for(RoundId(first.0 - 1))
                    .ok_or_else(|| WalletError::Corrupt(format!("no Aviator hash chain covers round {first}")))?;
                let mut game = Game::after(config.rules, last, now).map_err(bad_config)?;
                game.set_house_result(house_result);
                (game, None)
            }
        };
        let table = AviatorTable {
            game,
            fairness: fairness.clone(),
            chain_settings,
            fixed_crash_points: config.fixed_crash_points.clone(),
            recorded_next,
            last_wait_warning: 0,
            wallet,
            probe: registry.register(ROOM, &crate::observe::families::table::FAMILY),
            suspended: stored.suspended,
            pending_rules: None,
            house_today: (0, 0),
            last_figures: 0,
            db,
            clock,
            attempts: HashMap::new(),
            names: HashMap::new(),
            settled: HashSet::new(),
            unsettled: 0,
            closing: None,
            recording: 0,
            cashout_waiters: HashMap::new(),
            feed: VecDeque::new(),
            feed_dirty: false,
            last_feed: 0,
            last_state: 0,
            last_tick: 0,
            outbox: RoomOutbox::new(hub, ROOM),
            hand_over: None,
        };
        let probe = table.probe.clone();
        Ok((Probed::new(table.start(), probe), fairness))
    }

    /// The round's data with the load test's fixed crash point, if any (see [`AviatorConfig::fixed_crash_points`]).
    pub(super) fn rig(&self, seed: RoundSeed) -> RoundSeed {
        rigged(self.fixed_crash_points.as_deref(), seed)
    }

    /// Events for one player, sent together.
    pub(super) fn to_user(&self, user: UserId, events: &[TableEvent]) {
        self.outbox.to_user(user, events);
    }

    /// Queue an event for the room; [`Self::flush`] sends it.
    pub(super) fn queue(&mut self, event: TableEvent) {
        self.outbox.queue(&event);
    }

    pub(super) fn queue_state(&mut self, now: EpochMs) {
        self.last_state = now;
        self.queue(TableEvent::GameState(wire::game_state(&self.game, now)));
    }

    /// Send the queued room frames, with the bet feed if it changed.
    fn flush(&mut self, now: EpochMs) {
        if self.feed_dirty && (!self.outbox.is_empty() || now - self.last_feed >= FEED_EVERY_MS) {
            self.feed_dirty = false;
            self.last_feed = now;
            let rows = self
                .feed
                .iter()
                .rev()
                .take(FEED_ROWS)
                .map(|(_, r)| wire::FeedBet {
                    username: r.name.clone(),
                    amount: r.stake,
                    slot: r.slot.index(),
                    multiplier: r.multiplier,
                    winnings: r.payout,
                })
                .collect();
            self.queue(TableEvent::BetUpdate(rows));
        }
        self.outbox.flush();
    }

    pub(super) fn key(&self, round: RoundId, user: UserId, slot: Slot, step: &str) -> String {
        let attempt = self.attempts.get(&(user, slot)).map_or(0, |a| a.0);
        format!("aviator:{round}:{user}:{}:{attempt}:{step}", slot.index())
    }

    fn on_tick(&mut self, ctx: &mut Context<Self>) {
        let started = self.probe.begin(None);
        let now = self.clock.now_ms();
        // How late the timer fires: the table's own health signal.
        if self.last_tick > 0 {
            let lag = (now - self.last_tick - TICK.as_millis() as i64).max(0);
            self.probe.tick(Duration::from_millis(lag.unsigned_abs()));
        }
        self.last_tick = now;
        let fairness = self.fairness.clone();
        let next = RoundId(self.game.round().0 + 1);
        if matches!(self.game.phase(), Phase::Crashed { .. }) && self.recording == 0 && self.recorded_next != Some(next)
        {
            self.record_next_round(next, now, ctx);
        }
        let between_rounds = matches!(self.game.phase(), Phase::Crashed { .. }) && self.closing.is_none();
        if between_rounds && self.recording == 0 && self.hand_over.is_some() {
            if let Some(done) = self.hand_over.take() {
                let _ = done.send(());
            }
            tracing::info!(round = %self.game.round(), "Aviator handed over between rounds");
            ctx.stop();
            return;
        }
        let ready = !self.suspended
            && self.hand_over.is_none()
            && self.closing.is_none()
            && self.recording == 0
            && self.recorded_next == Some(next);
        if ready {
            self.take_pending_rules();
        }
        let points = self.fixed_crash_points.clone();
        let events = self
            .game
            .tick(now, || if ready { fairness.seed_for(next).map(|s| rigged(points.as_deref(), s)) } else { None });
        self.apply(events, now, ctx);
        if matches!(self.game.phase(), Phase::Flying { .. }) && now - self.last_state >= STATE_EVERY_MS {
            self.queue_state(now);
        }
        self.flush(now);
        if now - self.last_figures >= FIGURES_EVERY_MS {
            self.last_figures = now;
            self.show_figures(ctx);
        }
        self.probe.end(started);
    }

    /// Turns rule events into wallet movements, persistence and broadcasts. Outcomes decided in flight are
    /// settled at once; those of the crash itself are recorded with the round first (see `settle.rs`).
    pub(super) fn apply(&mut self, events: Vec<Event>, now: EpochMs, ctx: &mut Context<Self>) {
        let crashing = events.iter().any(|e| matches!(e, Event::Crashed { .. }));
        // A bet confirmed after the crash is settled on the spot, and recorded before it moves.
        let late = !crashing && matches!(self.game.phase(), Phase::Crashed { .. });
        let mut at_crash = Vec::new();
        for event in events {
            match event {
                Event::RoundOpened { .. } => {
                    self.attempts.clear();
                    self.settled.clear();
                    self.feed.clear();
                    self.feed_dirty = true;
                    self.queue_state(now);
                }
                Event::FlightStarted { round, started_at } => {
                    self.last_state = now;
                    self.queue(TableEvent::GameState(wire::take_off(&self.game, round, started_at, now)));
                }
                Event::BetReserved { .. } | Event::BetAborted { .. } | Event::BetCancelled { .. } => {}
                Event::BetAccepted { user, slot, stake, .. } => {
                    metrics::counter!("aviator_bets_total").increment(1);
                    let name = self.names.get(&user).cloned().unwrap_or_default();
                    self.feed.push_back((
                        (user, slot),
                        FeedRow { name, stake, slot, multiplier: None, payout: Paise::ZERO },
                    ));
                    if self.feed.len() > 4 * FEED_ROWS {
                        self.feed.pop_front();
                    }
                    self.feed_dirty = true;
                }
                Event::CashedOut { round, user, slot, stake, multiplier, payout, cause } => {
                    metrics::counter!("aviator_cashouts_total").increment(1);
                    self.house_won(stake.get() - payout.get(), now);
                    if let Some((_, row)) = self.feed.iter_mut().rev().find(|(k, _)| *k == (user, slot)) {
                        row.multiplier = Some(multiplier);
                        row.payout = payout;
                    } else {
                        let name = self.names.get(&user).cloned().unwrap_or_default();
                        self.feed.push_back((
                            (user, slot),
                            FeedRow { name, stake, slot, multiplier: Some(multiplier), payout },
                        ));
                    }
                    self.feed_dirty = true;
                    let outcome = Outcome { round, user, slot, stake, win: Some((multiplier, payout, cause)) };
                    match (crashing, late) {
                        (true, _) => at_crash.push(outcome),
                        (false, true) => self.settle_late(outcome, now, ctx),
                        (false, false) => self.settle(outcome, ctx),
                    }
                }
                Event::Crashed { round, crash_point, hash, capped, ended_at_multiplier, losers, at } => {
                    self.house_won(losers.iter().map(|l| l.stake.get()).sum(), now);
                    at_crash.extend(losers.into_iter().map(|l| Outcome {
                        round,
                        user: l.user,
                        slot: l.slot,
                        stake: l.stake,
                        win: None,
                    }));
                    self.queue(TableEvent::GameResult(wire::GameResult {
                        round_id: round.0,
                        crash_point,
                        ended_at: ended_at_multiplier,
                        hash: super::fair::to_hex(&hash),
                        capped,
                    }));
                    self.queue_state(now);
                    self.close(round, capped.then_some(ended_at_multiplier), at, std::mem::take(&mut at_crash), ctx);
                    self.record_next_round(RoundId(round.0 + 1), now, ctx);
                }
                Event::BetLost { round, user, slot, stake } => {
                    self.house_won(stake.get(), now);
                    self.settle_late(Outcome { round, user, slot, stake, win: None }, now, ctx);
                }
            }
        }
    }

    pub(super) fn settled_bet(&self, round: RoundId, b: &Bet) -> store::SettledBet {
        let created_at = self.attempts.get(&(b.user, b.slot)).map_or(0, |a| a.1);
        store::SettledBet {
            round,
            user: b.user,
            slot: b.slot,
            stake: b.stake,
            auto_cashout: b.auto_cashout,
            state: b.state,
            created_at,
        }
    }
}

impl Actor for AviatorTable {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(16_384);
        let now = self.clock.now_ms();
        self.queue_state(now);
        self.flush(now);
        ctx.run_interval(TICK, |act, ctx| act.on_tick(ctx));
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

fn ready(r: Reply) -> ResponseFuture<Reply> {
    Box::pin(async move { r })
}

/// Waits for a decided request's money to move, up to [`PATIENCE`]; then answers `pending` with `message` (the
/// move is retried until it commits, and the player hears the result as events).
fn patient(rx: oneshot::Receiver<Reply>, message: &'static str) -> ResponseFuture<Reply> {
    Box::pin(async move {
        match tokio::time::timeout(PATIENCE, rx).await {
            Ok(reply) => reply.unwrap_or(Err(TableError::Unavailable)),
            Err(_) => Err(TableError::Pending(message.to_string())),
        }
    })
}

impl Handler<PlaceBet> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: PlaceBet, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round, stake) = (msg.user, msg.round, msg.stake);
        if let Err(r) = self.game.reserve_bet(round, user, slot, stake, msg.auto_cashout, now) {
            return ready(Err(r.into()));
        }
        self.names.insert(user, wire::mask(&msg.name));
        let attempt = self.attempts.get(&(user, slot)).map_or(0, |a| a.0) + 1;
        self.attempts.insert((user, slot), (attempt, now));
        let change = Change {
            user,
            movement: Movement::Hold { amount: stake },
            kind: LedgerKind::Bet(GameKind::Aviator),
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, "hold"),
        };
        let (tx, rx) = oneshot::channel();
        let wallet = self.wallet.clone();
        let auto = msg.auto_cashout;
        // Asked again while the failure is transient: the bet stays reserved (and the next round waits) until the
        // wallet's answer is final, so a hold that committed but reported a failure still becomes a bet.
        ctx.spawn(async move { apply_until_final(&wallet, change).await }.into_actor(self).map(
            move |res, act, ctx| {
                let now = act.clock.now_ms();
                let reply = match res {
                    // The player was told `unavailable` (the wallet took longer than the patience): not a bet.
                    Ok(_) if tx.is_closed() => {
                        let _ = act.game.abort_bet(round, user, slot, now);
                        act.release_orphan(round, user, slot, stake);
                        Err(TableError::Unavailable)
                    }
                    Ok(_) => match act.game.confirm_bet(round, user, slot, now) {
                        Ok(events) => {
                            act.apply(events, now, ctx);
                            let ack = wire::value(&wire::BetPlaced {
                                success: true,
                                amount: stake,
                                slot: slot.index(),
                                round_id: round.0,
                                auto_cashout: auto,
                            });
                            Ok(ack)
                        }
                        Err(r) => {
                            // Unreachable by the rules' contract; never leave money held without a bet.
                            tracing::error!(%round, %user, rejection = %r, "confirm refused after hold; releasing");
                            act.release_orphan(round, user, slot, stake);
                            Err(r.into())
                        }
                    },
                    Err(e) => {
                        let _ = act.game.abort_bet(round, user, slot, now);
                        match e {
                            WalletError::InsufficientBalance => Err(TableError::InsufficientBalance),
                            WalletError::Limited(r) => Err(TableError::Limited(r)),
                            other => {
                                tracing::error!(%round, %user, error = %other, "aviator hold refused");
                                Err(TableError::Unavailable)
                            }
                        }
                    }
                };
                let _ = tx.send(reply);
                act.maybe_close(ctx);
            },
        ));
        Box::pin(crate::table::within_patience(rx, TableError::Unavailable))
    }
}

impl AviatorTable {
    /// Gives back a hold that did not become a bet (retried until it commits).
    fn release_orphan(&self, round: RoundId, user: UserId, slot: Slot, stake: Paise) {
        let release = Change {
            user,
            movement: Movement::Release { amount: stake },
            kind: LedgerKind::Cancel(GameKind::Aviator),
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, "orphan"),
        };
        crate::table::give_back(&self.wallet, release);
    }
}

impl Handler<CancelBet> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: CancelBet, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round) = (msg.user, msg.round);
        let refund = match self.game.cancel_bet(round, user, slot, now) {
            Ok(events) => events
                .iter()
                .find_map(|e| match e {
                    Event::BetCancelled { refund, .. } => Some(*refund),
                    _ => None,
                })
                .unwrap_or(Paise::ZERO),
            Err(r) => return ready(Err(r.into())),
        };
        self.feed.retain(|(k, _)| *k != (user, slot));
        self.feed_dirty = true;
        let change = Change {
            user,
            movement: Movement::Release { amount: refund },
            kind: LedgerKind::Cancel(GameKind::Aviator),
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, "cancel"),
        };
        let (tx, rx) = oneshot::channel();
        let wallet = self.wallet.clone();
        self.unsettled += 1;
        ctx.spawn(async move { apply_until_final(&wallet, change).await }.into_actor(self).map(
            move |res, act, ctx| {
                act.unsettled -= 1;
                match res {
                    Ok(_) => {
                        let cancelled = wire::BetCancelled {
                            success: true,
                            refund_amount: refund,
                            slot: slot.index(),
                            round_id: round.0,
                        };
                        // The ack already said `pending`: the player hears the refund as an event.
                        if tx.send(Ok(wire::value(&cancelled))).is_err() {
                            act.to_user(user, &[TableEvent::BetCancelled(cancelled)]);
                        }
                    }
                    Err(e) => {
                        tracing::error!(%round, %user, error = %e, "aviator cancel release refused");
                        let _ = tx.send(Err(TableError::Unavailable));
                    }
                }
                act.maybe_close(ctx);
            },
        ));
        patient(rx, "Your bet is cancelled; the refund is on its way")
    }
}

impl Handler<CashOut> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: CashOut, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round) = (msg.user, msg.round);
        let events = match self.game.cash_out(round, user, slot, now) {
            Ok(events) => events,
            Err(r) => return ready(Err(r.into())),
        };
        let settles_this =
            events.iter().any(|e| matches!(e, Event::CashedOut { user: u, slot: s, .. } if *u == user && *s == slot));
        if !settles_this {
            self.apply(events, now, ctx);
            self.flush(now);
            return ready(Err(Rejection::NoBet.into()));
        }
        let (tx, rx) = oneshot::channel();
        self.cashout_waiters.insert((user, slot), tx);
        self.apply(events, now, ctx);
        self.flush(now);
        patient(rx, "Your cash-out is accepted; the payment is on its way")
    }
}

/// Cluster mode: stop at the next round boundary (the round in play ends and all its money moves first); answers
/// then. The lease is handed over after.
#[derive(Message)]
#[rtype(result = "()")]
pub struct HandOver;

impl Handler<HandOver> for AviatorTable {
    type Result = ResponseFuture<()>;

    fn handle(&mut self, _: HandOver, _: &mut Self::Context) -> Self::Result {
        let (tx, rx) = oneshot::channel();
        self.hand_over = Some(tx);
        Box::pin(async move {
            let _ = rx.await;
        })
    }
}

impl Handler<Shutdown> for AviatorTable {
    type Result = ();

    fn handle(&mut self, _: Shutdown, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

impl Handler<Snapshot> for AviatorTable {
    type Result = Response<Value>;

    fn handle(&mut self, _: Snapshot, _: &mut Self::Context) -> Self::Result {
        Response::reply(wire::value(&wire::game_state(&self.game, self.clock.now_ms())))
    }
}

impl Handler<OpenBets> for AviatorTable {
    type Result = Vec<OpenBet>;

    fn handle(&mut self, msg: OpenBets, _: &mut Self::Context) -> Self::Result {
        let round = self.game.round();
        let open: Vec<OpenBet> = self
            .game
            .bets()
            .filter(|b| b.user == msg.0 && !matches!(b.state, BetState::Cancelled))
            .map(|b| OpenBet {
                round,
                bet: b.clone(),
                placed_at: self.attempts.get(&(b.user, b.slot)).map_or(0, |a| a.1),
                settled: self.settled.contains(&(b.user, b.slot)),
            })
            .collect();
        open
    }
}

impl Observed for AviatorTable {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

crate::timed_handlers!(AviatorTable: PlaceBet, CancelBet, CashOut, Snapshot, OpenBets, Shutdown, HandOver);
crate::timed_handlers!(
    AviatorTable: super::operate::Settings,
    super::operate::Inspect,
    super::operate::Configure,
    super::operate::Suspend
);
