//! The Aviator table actor: owns one `Game` (the pure rules) and its timer, asks the wallet to move
//! money, and tells the hub what to broadcast. Every money movement of a round carries the reference
//! `aviator:{round}`; keys are per bet attempt, so asking again never moves money twice. How a round's money
//! moves and how a round ends is in `settle.rs`.
//!
//! Here: the actor's state, its start and its feed to the room. The round's clock is `lifecycle.rs`; what players
//! ask (`PlaceBet`, `CancelBet`, `CashOut`, `OpenBets`; `messages.rs`) is `bets.rs`; what operators ask is
//! `operate.rs`.

use super::chains::{self, ChainSettings, Fairness, SeedKey};
pub use super::messages::{CancelBet, CashOut, OpenBet, OpenBets, PlaceBet, Reply, Shutdown, Snapshot, TableError};
use super::rules::{Game, RoundSeed, RulesConfig, Slot};
use super::settle::Closing;
use super::store;
use super::wire::{self, TableEvent};
use crate::clock::{EpochMs, SharedClock};
use crate::hub::HubAddr;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::Db;
use crate::table::outbox::RoomOutbox;
use crate::wallet::{WalletError, WalletHandle};
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
pub(super) const FIGURES_EVERY_MS: EpochMs = 500;
/// How often the table looks at the clock.
pub(super) const TICK: Duration = Duration::from_millis(20);
/// How often the flying state is broadcast: a heartbeat, as clients draw the curve locally from `serverTime` and
/// `elapsed`. At 10,000 players every broadcast costs 10,000 socket writes, so this is kept sparse.
pub(super) const STATE_EVERY_MS: EpochMs = 1_000;
/// The live bet feed's rows (it goes at the room outbox's pace, `table::outbox::FEED_EVERY_MS`).
pub(super) const FEED_ROWS: usize = 20;
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
pub(super) fn rigged(points: Option<&[u64]>, mut seed: RoundSeed) -> RoundSeed {
    if let Some(points) = points.filter(|p| !p.is_empty()) {
        let i = usize::try_from((seed.round.0 - 1).rem_euclid(points.len() as i64)).unwrap_or(0);
        seed.crash_point = points[i];
    }
    seed
}

pub(super) struct FeedRow {
    pub(super) name: String,
    pub(super) stake: Paise,
    pub(super) slot: Slot,
    pub(super) multiplier: Option<u64>,
    pub(super) payout: Paise,
}

pub struct AviatorTable {
    pub(super) game: Game,
    pub(super) fairness: Arc<Fairness>,
    pub(super) chain_settings: ChainSettings,
    pub(super) fixed_crash_points: Option<Arc<[u64]>>,
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
    pub(super) last_figures: EpochMs,
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
    pub(super) feed: VecDeque<((UserId, Slot), FeedRow)>,
    pub(super) last_state: EpochMs,
    pub(super) last_tick: EpochMs,
    /// Frames for the room, sent together (one socket write per player) when the current message is handled.
    pub(super) outbox: RoomOutbox,
    /// Cluster mode: the lease is being handed to another node; told when the round in play has ended and all its
    /// money has moved (no new round opens here).
    pub(super) hand_over: Option<oneshot::Sender<()>>,
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
    pub(super) fn flush(&mut self, now: EpochMs) {
        let feed = &self.feed;
        self.outbox.flush_with_feed(now, || {
            let rows = feed.iter().rev().take(FEED_ROWS).map(|(_, r)| wire::FeedBet {
                username: r.name.clone(),
                amount: r.stake,
                slot: r.slot.index(),
                multiplier: r.multiplier,
                winnings: r.payout,
            });
            TableEvent::BetUpdate(rows.collect())
        });
    }

    pub(super) fn key(&self, round: RoundId, user: UserId, slot: Slot, step: &str) -> String {
        let attempt = self.attempts.get(&(user, slot)).map_or(0, |a| a.0);
        format!("aviator:{round}:{user}:{}:{attempt}:{step}", slot.index())
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
