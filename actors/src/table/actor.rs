//! The round table actor: plays one round game (`G`, pure rules) on its own timer, moves its money through the
//! wallet and tells the hub what to broadcast.
//!
//! A round's life: recorded `open` (with its seed's commitment) → bets, each a hold under `{game}:{round}` with a
//! key per ticket → the draw once betting is closed and no hold is in flight → the reveal (steps, if any) → one
//! transaction records the outcome, the tickets and a settle intent per ticket → the settles are applied, each
//! until it commits, and each player hears their `winResult` after it did → the round is `ended` → the next round,
//! recorded during the result pause, opens.

use super::game::GameSettings;
use super::hold::{HoldsStakes, Stake, hold_stake};
use super::keys::BetKeys;
use super::outbox::RoomOutbox;
use super::round::{Phase, Round, RoundEvent, RoundSeed, TicketState};
use super::settle::Settling;
use super::store;
use super::wire::{
    FeedRow, GameState, Past, PickLine, PickPayout, RevealStep, RoundStart, RoundWire, TableEvent, TimerUpdate,
};
use crate::clock::{EpochMs, SharedClock};
use crate::fair::ServerSeed;
use crate::hub::RoomSize;
use crate::ids::{RoundId, UserId};
use crate::observe::families::table as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::Db;
use crate::wallet::intents::retry_transient;
use crate::wallet::{WalletError, WalletHandle};
use actix::prelude::*;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

const TICK: Duration = Duration::from_millis(100);
const TIMER_EVERY_MS: EpochMs = 1_000;
const FEED_ROWS: usize = 20;
/// Past results kept for the history strip.
pub(super) const HISTORY: usize = 20;

pub use super::messages::{
    BetError, BetTaken, OpenTicket, OpenTickets, PlaceBet, Shutdown, Snapshot, TableConfig, TableDeps,
};

pub type RoundTableAddr<G> = Probed<RoundTable<G>>;

/// How the rest of the system reaches a round table (in cluster mode, only where its lease is held).
pub type RoundTableRoute<G> = crate::cluster::remote::Route<RoundTable<G>>;

pub struct RoundTable<G: RoundWire> {
    pub(super) settings: G::Settings,
    pub(super) client_seed: String,
    pub(super) round: Round<G>,
    pub(super) db: Db,
    pub(super) wallet: WalletHandle,
    pub(super) outbox: RoomOutbox,
    pub(super) probe: Arc<Probe>,
    pub(super) clock: SharedClock,
    pub(super) names: HashMap<UserId, String>,
    pub(super) history: VecDeque<Past<G::Shown>>,
    pub(super) settling: Option<Settling<G::Pick>>,
    /// The next round, once it is on record (it opens only then).
    pub(super) next: Option<RoundSeed>,
    pub(super) recording: bool,
    pub(super) suspended: bool,
    pub(super) last_timer: EpochMs,
}

/// A fresh server seed from the operating system.
fn fresh_seed(round: RoundId, client_seed: &str) -> RoundSeed {
    RoundSeed { round, seed: ServerSeed(rand::random()), client_seed: client_seed.to_string() }
}

fn settings_text<S: serde::Serialize>(s: &S) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

impl<G: RoundWire> RoundTable<G> {
    /// Finishes what a previous run left (refunds or settles), records the first round and starts the table on
    /// the current arbiter, registered as `G::NAME`.
    pub async fn start(
        config: TableConfig<G::Settings>,
        deps: &TableDeps,
        registry: &Registry,
    ) -> Result<RoundTableAddr<G>, WalletError> {
        let TableDeps { db, wallet, hub, clock } = deps.clone();
        config.settings.check().map_err(|e| WalletError::Config(format!("{} settings: {e}", G::NAME)))?;
        let (stored, suspended) = super::operate::load(&db, G::NAME, G::Settings::check).await?;
        let settings = stored.unwrap_or(config.settings);
        let now = clock.now_ms();
        let recovered = store::recover(&db, &wallet, G::NAME, G::KIND, now).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(game = G::NAME, ?recovered, "finished the rounds left by the last run");
        }
        let first = fresh_seed(store::next_round(&db, G::NAME).await?, &config.client_seed);
        store::open_round(&db, G::NAME, &first, &settings_text(&settings), now).await?;
        let mut history = VecDeque::new();
        for r in store::recent(&db, G::NAME, HISTORY as i64).await? {
            if let Some(outcome) = r.outcome.as_deref().and_then(|o| serde_json::from_str::<G::Outcome>(o).ok()) {
                history.push_back(Past { round_id: r.round.0, result: G::shown(&outcome, None) });
            }
        }
        let table = RoundTable::<G> {
            round: Round::open(settings.clone(), first, now),
            settings,
            client_seed: config.client_seed,
            db,
            wallet,
            outbox: RoomOutbox::new(hub, G::NAME),
            probe: registry.register(G::NAME, &fig::FAMILY),
            clock,
            names: HashMap::new(),
            history,
            settling: None,
            next: None,
            recording: false,
            suspended,
            last_timer: 0,
        };
        let probe = table.probe.clone();
        Ok(Probed::new(table.start(), probe))
    }

    pub(super) fn view(&self) -> super::operate::TableView {
        let json = |s: &G::Settings| serde_json::to_value(s).unwrap_or_default();
        super::operate::TableView {
            round: self.round.id().0,
            phase: if self.suspended { "suspended" } else { self.round.phase().name() }.to_string(),
            suspended: self.suspended,
            current: json(&self.round.settings),
            pending: (json(&self.settings) != json(&self.round.settings)).then(|| json(&self.settings)),
        }
    }

    /// What the next round will play by.
    pub(super) fn next_settings(&self) -> &G::Settings {
        &self.settings
    }

    pub(super) fn set_next_settings(&mut self, settings: G::Settings) {
        tracing::info!(game = G::NAME, ?settings, "settings changed by an operator, from the next round");
        self.settings = settings;
    }

    pub(super) fn set_suspended(&mut self, suspended: bool) {
        self.suspended = suspended;
    }

    pub(super) fn db(&self) -> &Db {
        &self.db
    }

    fn keys(&self) -> BetKeys {
        BetKeys { game: G::NAME, round: self.round.id() }
    }

    fn state(&self, now: EpochMs) -> GameState<G::Pick, G::Shown> {
        let r = &self.round;
        let result = match r.phase() {
            Phase::Revealing { outcome, shown, .. } => Some(G::shown(outcome, Some(*shown))),
            Phase::Settled { outcome, .. } => Some(G::shown(outcome, None)),
            _ => None,
        };
        let limits = r.settings.limits();
        let left = r.time_left(now);
        GameState {
            round_id: r.id().0,
            game_phase: r.phase().name(),
            betting_open: r.betting_open(now),
            time_remaining: (left + 999) / 1000,
            ms_remaining: left,
            betting_closes_at: r.opened_at + r.timings.betting_ms,
            reveal_at: r.reveal_at(),
            server_time: now,
            commitment: r.seed.seed.commitment(),
            client_seed: r.seed.client_seed.clone(),
            result,
            history: self.history.iter().cloned().collect(),
            payouts: G::picks()
                .into_iter()
                .map(|pick| PickPayout {
                    pick,
                    payout: G::pays(&r.settings, pick) as f64 / 100.0,
                    rtp: G::rtp(&r.settings, pick).as_f64(),
                })
                .collect(),
            min_stake: limits.min,
            max_stake: limits.max,
            max_picks: limits.max_lines,
        }
    }

    fn timer(&self, now: EpochMs) -> TimerUpdate {
        let left = self.round.time_left(now);
        TimerUpdate {
            round_id: self.round.id().0,
            game_phase: self.round.phase().name(),
            betting_open: self.round.betting_open(now),
            time_remaining: (left + 999) / 1000,
            server_time: now,
        }
    }

    fn on_tick(&mut self, ctx: &mut Context<Self>) {
        let started = self.probe.begin(None);
        let now = self.clock.now_ms();
        for event in self.round.tick(now) {
            self.apply(event, now, ctx);
        }
        if now - self.last_timer >= TIMER_EVERY_MS {
            self.last_timer = now;
            self.outbox.queue(&TableEvent::<G>::TimerUpdate(self.timer(now)));
            let size = self.outbox.hub().send(RoomSize { room: G::NAME.into() });
            ctx.spawn(size.into_actor(self).map(|n, act, _| act.probe.set(fig::PLAYERS, n.unwrap_or(0) as i64)));
        }
        self.maybe_settle(ctx);
        self.maybe_next_round(now, ctx);
        self.flush(now);
        self.show_figures();
        self.probe.end(started);
    }

    fn apply(&mut self, event: RoundEvent<G>, now: EpochMs, ctx: &mut Context<Self>) {
        match event {
            RoundEvent::Closed { .. } => {
                self.last_timer = now;
                self.outbox.queue(&TableEvent::<G>::TimerUpdate(self.timer(now)));
            }
            // The state shows what the reveal starts from (Andar Bahar's joker); the steps follow.
            RoundEvent::Drawn { .. } => self.outbox.queue(&TableEvent::<G>::GameState(self.state(now))),
            RoundEvent::Step { round, index } => {
                if let Some(outcome) = self.round.outcome() {
                    let step = G::step(outcome, index);
                    self.outbox.queue(&TableEvent::<G>::RevealStep(RevealStep { round_id: round.0, index, step }));
                }
            }
            RoundEvent::Revealed { round, outcome, results } => self.decide(round, &outcome, results, now, ctx),
        }
    }

    /// Records the next round while the result shows, and opens it when the pause is over and the last round's
    /// money has all moved.
    fn maybe_next_round(&mut self, now: EpochMs, ctx: &mut Context<Self>) {
        let over =
            self.settling.as_ref().is_some_and(|s| s.ended) && matches!(self.round.phase(), Phase::Settled { .. });
        if !over {
            return;
        }
        if self.next.is_none() && !self.recording {
            self.recording = true;
            let seed = fresh_seed(RoundId(self.round.id().0 + 1), &self.client_seed);
            let (db, settings) = (self.db.clone(), settings_text(&self.settings));
            let what = format!("recording {} round {}", G::NAME, seed.round);
            let record = seed.clone();
            ctx.spawn(
                async move { retry_transient(&what, || store::open_round(&db, G::NAME, &record, &settings, now)).await }
                    .into_actor(self)
                    .map(move |res, act, _| {
                        act.recording = false;
                        match res {
                            Ok(()) => act.next = Some(seed),
                            Err(e) => tracing::error!(game = G::NAME, error = %e, "next round not recorded; retrying"),
                        }
                    }),
            );
            return;
        }
        if self.suspended || !self.round.done(now) {
            return;
        }
        let Some(seed) = self.next.take() else { return };
        self.settling = None;
        self.names.clear();
        self.round = Round::open(self.settings.clone(), seed, now);
        let r = &self.round;
        let left = r.time_left(now);
        self.outbox.queue(&TableEvent::<G>::RoundStart(RoundStart {
            round_id: r.id().0,
            commitment: r.seed.seed.commitment(),
            client_seed: r.seed.client_seed.clone(),
            betting_closes_at: r.opened_at + r.timings.betting_ms,
            reveal_at: r.reveal_at(),
            time_remaining: (left + 999) / 1000,
            server_time: now,
        }));
        self.outbox.queue(&TableEvent::<G>::GameState(self.state(now)));
        self.last_timer = now;
        self.outbox.feed_changed();
    }

    pub(super) fn flush(&mut self, now: EpochMs) {
        let (round, names) = (&self.round, &self.names);
        self.outbox.flush_with_feed(now, || {
            let accepted = round.tickets().filter(|t| t.state == TicketState::Accepted);
            TableEvent::<G>::Bets(
                accepted
                    .rev()
                    .take(FEED_ROWS)
                    .map(|t| FeedRow {
                        username: names.get(&t.user).cloned().unwrap_or_default(),
                        bets: t.lines.iter().map(|(pick, amount)| PickLine { pick: *pick, amount: *amount }).collect(),
                        total: t.total,
                    })
                    .collect(),
            )
        });
    }

    fn show_figures(&self) {
        let accepted = self.round.tickets().filter(|t| t.state == TicketState::Accepted);
        let (bets, stakes) = accepted.fold((0i64, 0i64), |(n, s), t| (n + 1, s + t.total.get()));
        let phase = match self.round.phase() {
            _ if self.suspended => "suspended",
            p => p.name(),
        };
        self.probe.set(fig::ROUND, self.round.id().0);
        self.probe.set(fig::PHASE, fig::PHASES.iter().position(|p| *p == phase).unwrap_or(0) as i64);
        self.probe.set(fig::BETS, bets);
        self.probe.set(fig::STAKES, stakes);
    }
}

impl<G: RoundWire> Actor for RoundTable<G> {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(16_384);
        let now = self.clock.now_ms();
        self.outbox.queue(&TableEvent::<G>::GameState(self.state(now)));
        self.flush(now);
        ctx.run_interval(TICK, |act, ctx| act.on_tick(ctx));
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl<G: RoundWire> Observed for RoundTable<G> {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

impl<G: RoundWire> Handler<PlaceBet<G>> for RoundTable<G> {
    type Result = ResponseFuture<Result<BetTaken<G::Pick>, BetError>>;

    fn handle(&mut self, msg: PlaceBet<G>, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        if self.suspended {
            return Box::pin(async { Err(BetError::Suspended) });
        }
        let lines = msg.lines.clone();
        let (ticket, total) = match self.round.reserve(msg.round, msg.user, msg.lines, msg.total, now) {
            Ok(t) => t,
            Err(r) => return Box::pin(async move { Err(r.into()) }),
        };
        self.names.insert(msg.user, crate::aviator::wire::mask(&msg.name));
        let (keys, user) = (self.keys(), msg.user);
        let held =
            Stake::new(total, G::KIND, |step, movement, kind| keys.ticket_change(user, ticket, step, movement, kind));
        let abort = move |act: &mut Self| {
            let _ = act.round.abort(ticket);
        };
        hold_stake(self, ctx, held, abort, move |act, _, receipt| {
            act.round.confirm(ticket)?;
            act.outbox.feed_changed();
            Ok(BetTaken { round: keys.round, ticket, lines, total, balance: receipt.balance })
        })
    }
}

impl<G: RoundWire> HoldsStakes for RoundTable<G> {
    fn wallet(&self) -> &WalletHandle {
        &self.wallet
    }
}

impl<G: RoundWire> Handler<Snapshot> for RoundTable<G> {
    type Result = Option<serde_json::Value>;

    fn handle(&mut self, _: Snapshot, _: &mut Self::Context) -> Self::Result {
        serde_json::to_value(self.state(self.clock.now_ms())).ok()
    }
}

impl<G: RoundWire> Handler<OpenTickets> for RoundTable<G> {
    type Result = Vec<OpenTicket<serde_json::Value>>;

    fn handle(&mut self, msg: OpenTickets, _: &mut Self::Context) -> Self::Result {
        if self.settling.as_ref().is_some_and(|s| s.recorded) {
            return Vec::new();
        }
        self.round
            .tickets()
            .filter(|t| t.user == msg.0 && t.state == TicketState::Accepted)
            .map(|t| OpenTicket {
                round: self.round.id(),
                ticket: t.no,
                lines: t.lines.iter().map(|(p, a)| (serde_json::to_value(p).unwrap_or_default(), *a)).collect(),
                total: t.total,
                placed_at: t.placed_at,
            })
            .collect()
    }
}

impl<G: RoundWire> Handler<Shutdown> for RoundTable<G> {
    type Result = ();

    fn handle(&mut self, _: Shutdown, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

crate::timed_handlers!(RoundTable<G: RoundWire>: PlaceBet<G>, Snapshot, OpenTickets, Shutdown);
