//! The Aviator table actor: owns one `Game` (the pure rules) and its timer, asks the wallet to move
//! money, and tells the hub what to broadcast. Every money movement of a round carries the reference
//! `aviator:{round}`; keys are per bet attempt, so a retry never moves money twice.
//!
//! Messages: `PlaceBet`, `CancelBet`, `CashOut` (answered after the wallet committed), `Snapshot`,
//! `OpenBets` (a player's bets in the current round, for history).

use super::rules::{Bet, BetState, CashOutCause, Event, Game, Phase, Rejection, RulesConfig, Slot};
use super::store::{self, Fairness, SettledBet};
use super::wire;
use crate::clock::{EpochMs, SharedClock};
use crate::hub::{Broadcast, Hub, encode_event};
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::wallet::{Change, Movement, SystemAccount, WalletError, WalletHandle};
use actix::prelude::*;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

pub const ROOM: &str = "aviator";
/// How often the table looks at the clock.
const TICK: Duration = Duration::from_millis(20);
/// How often the flying state is broadcast: a heartbeat, as clients draw the curve locally from `serverTime` and
/// `elapsed`. At 10,000 players every broadcast costs 10,000 socket writes, so this is kept sparse.
const STATE_EVERY_MS: EpochMs = 1_000;
/// The live bet feed, when it changed, rides along with the next broadcast to the room, or goes alone after this
/// long; at most this many rows.
const FEED_EVERY_MS: EpochMs = 1_000;
const FEED_ROWS: usize = 20;

#[derive(Debug, Clone)]
pub struct AviatorConfig {
    pub rules: RulesConfig,
    /// Rounds in the committed hash chain (generated once, at first start).
    pub chain_length: usize,
}

/// Why a request was refused: the rules' rejection, the wallet's, or the table being unavailable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Rule(#[from] Rejection),
    #[error("Insufficient Balance")]
    InsufficientBalance,
    #[error("The game is unavailable, please try again")]
    Unavailable,
}

impl TableError {
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Rule(r) => match r {
                Rejection::NotBetting => "betting_closed",
                Rejection::WrongRound => "wrong_round",
                Rejection::BadSlot => "bad_slot",
                Rejection::SlotTaken => "bet_exists",
                Rejection::StakeTooLow { .. } => "stake_too_low",
                Rejection::StakeTooHigh { .. } => "stake_too_high",
                Rejection::BadAutoCashout => "bad_auto_cashout",
                Rejection::TableFull => "table_full",
                Rejection::NoBetToCancel => "no_bet",
                Rejection::BetPending => "bet_pending",
                Rejection::NotFlying => "not_flying",
                Rejection::NoBet => "no_bet",
                Rejection::AlreadyCashedOut => "already_settled",
                Rejection::TooLate => "too_late",
                Rejection::NoReservation => "no_bet",
            },
            TableError::InsufficientBalance => "insufficient_balance",
            TableError::Unavailable => "unavailable",
        }
    }
}

pub type Reply = Result<Value, TableError>;

#[derive(Message)]
#[rtype(result = "Reply")]
pub struct PlaceBet {
    pub user: UserId,
    pub name: String,
    pub round: RoundId,
    pub slot: u8,
    pub stake: Paise,
    pub auto_cashout: Option<u64>,
}

#[derive(Message)]
#[rtype(result = "Reply")]
pub struct CancelBet {
    pub user: UserId,
    pub round: RoundId,
    pub slot: u8,
}

#[derive(Message)]
#[rtype(result = "Reply")]
pub struct CashOut {
    pub user: UserId,
    pub round: RoundId,
    pub slot: u8,
}

/// The current `aviator_game_state`.
#[derive(Message)]
#[rtype(result = "Value")]
pub struct Snapshot;

/// A player's bets in the round now in play (not yet in the history table).
#[derive(Message)]
#[rtype(result = "Vec<OpenBet>")]
pub struct OpenBets(pub UserId);

#[derive(Debug, Clone)]
pub struct OpenBet {
    pub round: RoundId,
    pub bet: Bet,
    pub placed_at: EpochMs,
    /// The wallet has committed this bet's settlement (until then its outcome is not final).
    pub settled: bool,
}

/// A crashed round's record, written once all its settles have committed.
struct RoundEnd {
    round: RoundId,
    capped_at: Option<u64>,
    at: EpochMs,
    bets: Vec<SettledBet>,
}

struct FeedRow {
    name: String,
    stake: Paise,
    slot: Slot,
    multiplier: Option<u64>,
    payout: Paise,
}

pub struct AviatorTable {
    game: Game,
    fairness: Arc<Fairness>,
    wallet: WalletHandle,
    hub: Addr<Hub>,
    db: Db,
    clock: SharedClock,
    /// Per (user, slot): how many bets were placed this round (a cancelled slot may be bet again), and
    /// when the current one was placed.
    attempts: HashMap<(UserId, Slot), (u32, EpochMs)>,
    names: HashMap<UserId, String>,
    /// Settles sent to the wallet and not yet answered, and a finished round waiting for them: its history
    /// is written only after every outcome is committed, so history never runs ahead of the wallet.
    unsettled: usize,
    round_end: Option<RoundEnd>,
    /// Writes of the finished round still in flight (its end, the next round's record). The next round opens
    /// only after them, so a player's bet is always in the table or in the history, and a restart finds the
    /// round that takes bets.
    recording: usize,
    /// Bets of this round whose settle has committed.
    settled: HashSet<(UserId, Slot)>,
    /// Cash-out requests waiting for their settle to commit.
    cashout_waiters: HashMap<(UserId, Slot), oneshot::Sender<Reply>>,
    feed: VecDeque<((UserId, Slot), FeedRow)>,
    feed_dirty: bool,
    last_feed: EpochMs,
    last_state: EpochMs,
    last_tick: EpochMs,
    /// Frames for the room, sent together (one socket write per player) when the current message is handled.
    outgoing: Vec<Arc<str>>,
}

impl AviatorTable {
    /// Refunds rounds a previous run left unfinished, loads (or commits to) the hash chain, records the
    /// first round, and starts the table on the current arbiter.
    pub async fn start(
        config: AviatorConfig,
        db: Db,
        wallet: WalletHandle,
        hub: Addr<Hub>,
        clock: SharedClock,
    ) -> Result<(Addr<AviatorTable>, Arc<Fairness>), WalletError> {
        let now = clock.now_ms();
        let (voided, refunded) = store::refund_unfinished_rounds(&db, &wallet, now).await?;
        if voided > 0 {
            tracing::warn!(voided, refunded, "refunded Aviator rounds left unfinished by the last run");
        }
        let fairness =
            Arc::new(store::load_or_create_chain(&db, config.chain_length, config.rules.house_edge_bp, now).await?);
        let first = store::next_round_id(&db).await?;
        let seed =
            fairness.seed_for(first).ok_or_else(|| WalletError::Storage("the Aviator hash chain is used up".into()))?;
        store::open_round(&db, &seed, now).await?;
        let (game, _) = Game::new(config.rules, seed, clock.now_ms())
            .map_err(|e| WalletError::Storage(format!("aviator config: {e}")))?;
        let table = AviatorTable {
            game,
            fairness: fairness.clone(),
            wallet,
            hub,
            db,
            clock,
            attempts: HashMap::new(),
            names: HashMap::new(),
            settled: HashSet::new(),
            unsettled: 0,
            round_end: None,
            recording: 0,
            cashout_waiters: HashMap::new(),
            feed: VecDeque::new(),
            feed_dirty: false,
            last_feed: 0,
            last_state: 0,
            last_tick: 0,
            outgoing: Vec::new(),
        };
        Ok((table.start(), fairness))
    }

    /// Events for one player, sent together.
    fn to_user(&self, user: UserId, events: &[(&str, &Value)]) {
        let frames = events.iter().map(|(name, payload)| encode_event(name, payload)).collect();
        self.hub.do_send(Broadcast { room: format!("user:{user}"), frames });
    }

    /// Queue an event for the room; [`Self::flush`] sends it.
    fn queue(&mut self, name: &str, payload: &Value) {
        self.outgoing.push(encode_event(name, payload));
    }

    fn queue_state(&mut self, now: EpochMs) {
        self.last_state = now;
        self.queue("aviator_game_state", &wire::game_state(&self.game, now));
    }

    /// Send the queued room frames, with the bet feed if it changed.
    fn flush(&mut self, now: EpochMs) {
        if self.feed_dirty && (!self.outgoing.is_empty() || now - self.last_feed >= FEED_EVERY_MS) {
            self.feed_dirty = false;
            self.last_feed = now;
            let rows: Vec<Value> = self
                .feed
                .iter()
                .rev()
                .take(FEED_ROWS)
                .map(|(_, r)| {
                    json!({
                        "username": r.name, "amount": r.stake.to_rupees_json(), "slot": r.slot.index(),
                        "multiplier": r.multiplier.map(wire::multiplier), "winnings": r.payout.to_rupees_json(),
                    })
                })
                .collect();
            self.queue("aviator_bet_update", &Value::Array(rows));
        }
        if !self.outgoing.is_empty() {
            let frames = std::mem::take(&mut self.outgoing).into();
            self.hub.do_send(Broadcast { room: ROOM.into(), frames });
        }
    }

    fn key(&self, round: RoundId, user: UserId, slot: Slot, step: &str) -> String {
        let attempt = self.attempts.get(&(user, slot)).map_or(0, |a| a.0);
        format!("aviator:{round}:{user}:{}:{attempt}:{step}", slot.index())
    }

    fn on_tick(&mut self, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        // How late the timer fires: the table's own health signal (actix exposes no actor metrics).
        if self.last_tick > 0 {
            metrics::histogram!("aviator_tick_lag_ms")
                .record((now - self.last_tick - TICK.as_millis() as i64).max(0) as f64);
        }
        self.last_tick = now;
        let fairness = self.fairness.clone();
        let next = RoundId(self.game.round().0 + 1);
        let recorded = self.round_end.is_none() && self.recording == 0;
        let events = self.game.tick(now, || if recorded { fairness.seed_for(next) } else { None });
        self.apply(events, now, ctx);
        if matches!(self.game.phase(), Phase::Flying { .. }) && now - self.last_state >= STATE_EVERY_MS {
            self.queue_state(now);
        }
        self.flush(now);
    }

    /// Turns rule events into wallet movements, persistence and broadcasts.
    fn apply(&mut self, events: Vec<Event>, now: EpochMs, ctx: &mut Context<Self>) {
        for event in events {
            match event {
                Event::RoundOpened { round, .. } => {
                    metrics::gauge!("aviator_round").set(round.0 as f64);
                    self.attempts.clear();
                    self.settled.clear();
                    self.feed.clear();
                    self.feed_dirty = true;
                    self.queue_state(now);
                }
                Event::FlightStarted { round, started_at } => {
                    self.last_state = now;
                    self.queue("aviator_game_state", &wire::take_off(&self.game, round, started_at, now));
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
                    self.settle(round, user, slot, stake, Some((multiplier, payout, cause)), ctx);
                }
                Event::Crashed { round, crash_point, hash, capped, ended_at_multiplier, losers, .. } => {
                    for l in losers {
                        self.settle(round, l.user, l.slot, l.stake, None, ctx);
                    }
                    let result = json!({
                        "roundId": round.0, "crashPoint": wire::multiplier(crash_point),
                        "endedAt": wire::multiplier(ended_at_multiplier), "hash": super::fair::to_hex(&hash),
                        "capped": capped,
                    });
                    self.queue("aviator_game_result", &result);
                    self.queue_state(now);
                    let bets = self
                        .game
                        .bets()
                        .filter(|b| matches!(b.state, BetState::CashedOut { .. } | BetState::Lost))
                        .map(|b| self.settled_bet(round, b))
                        .collect();
                    self.round_end =
                        Some(RoundEnd { round, capped_at: capped.then_some(ended_at_multiplier), at: now, bets });
                    self.maybe_persist_round_end(ctx);
                    self.record_next_round(round, now, ctx);
                }
                Event::BetLost { round, user, slot, stake } => {
                    self.settle(round, user, slot, stake, None, ctx);
                }
            }
        }
    }

    /// Settles one bet in the wallet (win: payout; loss: none), then tells the player. A settle cannot be
    /// refused: the stake is held in exposure.
    fn settle(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
        win: Option<(u64, Paise, CashOutCause)>,
        ctx: &mut Context<Self>,
    ) {
        let payout = win.map_or(Paise::ZERO, |w| w.1);
        let change = Change {
            user,
            movement: Movement::Settle { hold: stake, payout, with: SystemAccount::House },
            kind: if win.is_some() { "aviator_win" } else { "aviator_loss" },
            reference: format!("aviator:{round}"),
            idempotency_key: self.key(round, user, slot, "settle"),
        };
        let wallet = self.wallet.clone();
        self.unsettled += 1;
        ctx.spawn(async move { wallet.apply(change).await }.into_actor(self).map(move |res, act, ctx| {
            act.unsettled -= 1;
            act.maybe_persist_round_end(ctx);
            let waiter = act.cashout_waiters.remove(&(user, slot));
            if let Err(e) = &res {
                tracing::error!(%round, %user, error = %e, "aviator settle failed");
                if let Some(w) = waiter {
                    let _ = w.send(Err(TableError::Unavailable));
                }
                return;
            }
            if act.game.round() == round {
                act.settled.insert((user, slot));
            }
            let result = json!({
                "roundId": round.0, "slot": slot.index(), "win": win.is_some(), "amount": stake.to_rupees_json(),
                "winnings": payout.to_rupees_json(), "multiplier": win.map(|w| wire::multiplier(w.0)),
                "auto": win.is_some_and(|w| w.2 != CashOutCause::Manual), "capped": win.is_some_and(|w| w.2 == CashOutCause::Capped),
            });
            if let Some((multiplier, payout, _)) = win {
                let ack = json!({
                    "success": true, "totalWinnings": payout.to_rupees_json(), "multiplier": wire::multiplier(multiplier),
                    "slot": slot.index(), "roundId": round.0,
                });
                act.to_user(user, &[("cash_out_success", &ack), ("bet_result", &result)]);
                if let Some(w) = waiter {
                    let _ = w.send(Ok(ack));
                }
            } else {
                if let Some(w) = waiter {
                    let _ = w.send(Err(TableError::Rule(Rejection::TooLate)));
                }
                act.to_user(user, &[("bet_result", &result)]);
            }
        }));
    }

    fn settled_bet(&self, round: RoundId, b: &Bet) -> SettledBet {
        let created_at = self.attempts.get(&(b.user, b.slot)).map_or(0, |a| a.1);
        SettledBet {
            round,
            user: b.user,
            slot: b.slot,
            stake: b.stake,
            auto_cashout: b.auto_cashout,
            state: b.state,
            created_at,
        }
    }

    fn maybe_persist_round_end(&mut self, ctx: &mut Context<Self>) {
        if self.unsettled > 0 {
            return;
        }
        let Some(end) = self.round_end.take() else { return };
        let db = self.db.clone();
        self.record(ctx, async move {
            if let Err(e) = store::end_round(&db, end.round, end.capped_at, &end.bets, end.at).await {
                tracing::error!(round = %end.round, error = %e, "could not record the end of an Aviator round");
            }
        });
    }

    /// The next round is on record (during the pause, before it takes bets), so a restart always finds it.
    fn record_next_round(&mut self, round: RoundId, now: EpochMs, ctx: &mut Context<Self>) {
        let Some(seed) = self.fairness.seed_for(RoundId(round.0 + 1)) else { return };
        let db = self.db.clone();
        self.record(ctx, async move {
            if let Err(e) = store::open_round(&db, &seed, now).await {
                tracing::error!(%round, error = %e, "could not record the next Aviator round");
            }
        });
    }

    /// Runs a write of the finished round; the next round waits for it (see `recording`).
    fn record(&mut self, ctx: &mut Context<Self>, write: impl std::future::Future<Output = ()> + 'static) {
        self.recording += 1;
        ctx.spawn(write.into_actor(self).map(|(), act, _| act.recording -= 1));
    }

    fn persist_late_bet(&mut self, round: RoundId, user: UserId, slot: Slot, now: EpochMs, ctx: &mut Context<Self>) {
        let Some(bet) = self.game.bet(user, slot) else { return };
        let row = self.settled_bet(round, bet);
        let db = self.db.clone();
        self.record(ctx, async move {
            let result = async {
                let mut conn = db.pool.acquire().await.map_err(|e| WalletError::Storage(e.to_string()))?;
                store::insert_bets(&mut conn, &[row], now).await
            };
            if let Err(e) = result.await {
                tracing::error!(%round, error = %e, "could not record a late Aviator bet");
            }
        });
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
}

fn ready(r: Reply) -> ResponseFuture<Reply> {
    Box::pin(async move { r })
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
            kind: "aviator_bet",
            reference: format!("aviator:{round}"),
            idempotency_key: self.key(round, user, slot, "hold"),
        };
        let (tx, rx) = oneshot::channel();
        let wallet = self.wallet.clone();
        let auto = msg.auto_cashout;
        ctx.spawn(async move { wallet.apply(change).await }.into_actor(self).map(move |res, act, ctx| {
            let now = act.clock.now_ms();
            let reply = match res {
                Ok(_) => match act.game.confirm_bet(round, user, slot, now) {
                    Ok(events) => {
                        act.apply(events, now, ctx);
                        if matches!(act.game.phase(), Phase::Crashed { .. }) {
                            // Confirmed after the crash, so settled at once and not in the round's record.
                            act.persist_late_bet(round, user, slot, now, ctx);
                        }
                        let ack = json!({
                            "success": true, "amount": stake.to_rupees_json(), "slot": slot.index(),
                            "roundId": round.0, "autoCashout": auto.map(wire::multiplier),
                        });
                        Ok(ack)
                    }
                    Err(r) => {
                        // Unreachable by the rules' contract; never leave money held without a bet.
                        tracing::error!(%round, %user, rejection = %r, "confirm refused after hold; releasing");
                        let release = Change {
                            user,
                            movement: Movement::Release { amount: stake },
                            kind: "aviator_cancel",
                            reference: format!("aviator:{round}"),
                            idempotency_key: act.key(round, user, slot, "orphan"),
                        };
                        let wallet = act.wallet.clone();
                        actix::spawn(async move {
                            let _ = wallet.apply(release).await;
                        });
                        Err(r.into())
                    }
                },
                Err(e) => {
                    let _ = act.game.abort_bet(round, user, slot, now);
                    match e {
                        WalletError::InsufficientBalance => Err(TableError::InsufficientBalance),
                        other => {
                            tracing::error!(%round, %user, error = %other, "aviator hold failed");
                            Err(TableError::Unavailable)
                        }
                    }
                }
            };
            let _ = tx.send(reply);
        }));
        Box::pin(async move { rx.await.unwrap_or(Err(TableError::Unavailable)) })
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
            kind: "aviator_cancel",
            reference: format!("aviator:{round}"),
            idempotency_key: self.key(round, user, slot, "cancel"),
        };
        let (tx, rx) = oneshot::channel();
        let wallet = self.wallet.clone();
        ctx.spawn(async move { wallet.apply(change).await }.into_actor(self).map(move |res, _, _| {
            let reply = match res {
                Ok(_) => Ok(
                    json!({ "success": true, "refundAmount": refund.to_rupees_json(), "slot": slot.index(), "roundId": round.0 }),
                ),
                Err(e) => {
                    tracing::error!(%round, %user, error = %e, "aviator cancel release failed");
                    Err(TableError::Unavailable)
                }
            };
            let _ = tx.send(reply);
        }));
        Box::pin(async move { rx.await.unwrap_or(Err(TableError::Unavailable)) })
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
        Box::pin(async move { rx.await.unwrap_or(Err(TableError::Unavailable)) })
    }
}

impl Handler<Snapshot> for AviatorTable {
    type Result = MessageResult<Snapshot>;

    fn handle(&mut self, _: Snapshot, _: &mut Self::Context) -> Self::Result {
        MessageResult(wire::game_state(&self.game, self.clock.now_ms()))
    }
}

impl Handler<OpenBets> for AviatorTable {
    type Result = MessageResult<OpenBets>;

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
        MessageResult(open)
    }
}
