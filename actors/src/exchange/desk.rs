//! The exchange desk: one actor takes every bet on the sports feed's markets and settles them. A player's bets run
//! one at a time in arrival order (a lane per player, `table/lanes.rs`), so two bets sent together never
//! over-commit the balance; different players' bets overlap. A bet: its price is checked against the match now,
//! again after the bet delay; its market's exposure with it is worked out from the player's open bets there
//! (`rules.rs`); the bet is recorded with the wallet change of the exposure's **change** (`store.rs`), the wallet
//! applies it until final, and the bet opens (or, refused, moves nothing). A match actor tells the desk when a market
//! is decided; the result is recorded once, and each player's bets there settle through one durable settle intent —
//! in that player's lane, so a settlement never crosses a bet of theirs in flight. `place.rs` has the bet's steps,
//! `settle.rs` a market's settlement.

use super::place::{self, Order, PlacedBet};
use super::settle;
use super::store::{self, Outcome};
use super::wire::MatchBook;
use crate::clock::SharedClock;
use crate::ids::UserId;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::sports::desk::SportsAddr;
use crate::store::Db;
use crate::table::lanes::{Lanes, Submitted};
use crate::wallet::{WalletError, WalletHandle};
use actix::prelude::*;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// Bets of one player that may wait behind the one in flight.
const MAX_WAITING: usize = 8;

/// Stakes and the bet delay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeConfig {
    /// A bet's price is checked again this long after it arrived.
    pub bet_delay: Duration,
    /// Per bet, in rupees (the betting screen's 100 / 25,000).
    pub min_stake: i64,
    pub max_stake: i64,
}

impl Default for ExchangeConfig {
    fn default() -> Self {
        ExchangeConfig { bet_delay: Duration::from_secs(1), min_stake: 100, max_stake: 25_000 }
    }
}

/// Why a bet was refused (nothing moved).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    #[error("Invalid stake amount!")]
    InvalidStake,
    #[error("Min: {0} Max: {1}")]
    StakeLimits(i64, i64),
    #[error("Invalid odds value.")]
    InvalidOdds,
    #[error("Invalid team selection")]
    InvalidTeam,
    #[error("Invalid runs value.")]
    InvalidRuns,
    #[error("Match not found or no data available.")]
    MatchNotFound,
    #[error("No such market in this match.")]
    MarketNotFound,
    #[error("Market suspended")]
    MarketSuspended,
    #[error("Market closed")]
    MarketClosed,
    #[error("The price has changed. Please try again.")]
    PriceChanged,
    #[error("Insufficient balance for this bet!")]
    InsufficientBalance,
    #[error("Too many bets at once: wait for the last one.")]
    Busy,
    #[error("The exchange is unavailable: {0}")]
    Unavailable(String),
}

impl ExchangeError {
    pub fn code(&self) -> &'static str {
        match self {
            ExchangeError::InvalidStake => "invalid_stake",
            ExchangeError::StakeLimits(..) => "stake_limits",
            ExchangeError::InvalidOdds => "invalid_odds",
            ExchangeError::InvalidTeam => "invalid_team",
            ExchangeError::InvalidRuns => "invalid_runs",
            ExchangeError::MatchNotFound => "match_not_found",
            ExchangeError::MarketNotFound => "market_not_found",
            ExchangeError::MarketSuspended => "market_suspended",
            ExchangeError::MarketClosed => "market_closed",
            ExchangeError::PriceChanged => "price_changed",
            ExchangeError::InsufficientBalance => "insufficient_balance",
            ExchangeError::Busy => "busy",
            ExchangeError::Unavailable(_) => "unavailable",
        }
    }

    pub fn from_wallet(e: WalletError) -> ExchangeError {
        match e {
            WalletError::InsufficientBalance => ExchangeError::InsufficientBalance,
            e => ExchangeError::Unavailable(e.to_string()),
        }
    }
}

/// What every bet and settlement needs.
#[derive(Clone)]
pub struct Deps {
    pub db: Db,
    pub wallet: WalletHandle,
    pub clock: SharedClock,
    pub sports: SportsAddr,
    pub config: ExchangeConfig,
}

type Reply = oneshot::Sender<Result<PlacedBet, ExchangeError>>;

/// What runs in a player's lane.
enum Job {
    Place(Order, Reply),
    /// Settle the player's bets in a decided market; say when done (an operator's void waits for it).
    Settle {
        market: String,
        outcome: Outcome,
        done: Option<oneshot::Sender<()>>,
    },
}

pub struct ExchangeDesk {
    deps: Deps,
    lanes: Lanes<UserId, Job>,
    probe: Arc<Probe>,
}

/// How often the desk's figures (open bets, exposure held) are read for the operators.
const FIGURES_EVERY: Duration = Duration::from_secs(2);

impl Actor for ExchangeDesk {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.run_interval(FIGURES_EVERY, |act, _| {
            let (db, probe) = (act.deps.db.clone(), act.probe.clone());
            actix::spawn(async move {
                if let Ok((bets, held)) = super::store::figures(&db).await {
                    probe.set(fig::GAMES, bets);
                    probe.set(fig::STAKES, held);
                }
            });
        });
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for ExchangeDesk {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

pub type ExchangeAddr = Probed<ExchangeDesk>;
pub type ExchangeRoute = crate::cluster::remote::Route<ExchangeDesk>;

impl ExchangeDesk {
    /// Finishes what a previous run left (bets cut between record and wallet, settlements in flight; open bets on
    /// matches the feed no longer has are void) and runs the desk in `ctx` (made first, so the sports desk can be
    /// given its address to report results to).
    pub async fn start(
        ctx: Context<ExchangeDesk>,
        deps: Deps,
        registry: &Registry,
    ) -> Result<ExchangeAddr, WalletError> {
        settle::recover(&deps).await?;
        let probe = registry.register("exchange", &fig::FAMILY);
        let desk = ExchangeDesk { deps, lanes: Lanes::new(MAX_WAITING), probe: probe.clone() };
        Ok(Probed::new(ctx.run(desk), probe))
    }

    fn run(&mut self, user: UserId, job: Job, ctx: &mut Context<Self>) {
        let deps = self.deps.clone();
        let me = ctx.address();
        actix::spawn(async move {
            match job {
                Job::Place(order, reply) => drop(reply.send(place::place(&deps, order).await)),
                Job::Settle { market, outcome, done } => {
                    if let Err(e) = settle::player(&deps, &market, user, outcome).await {
                        tracing::error!(market, %user, error = %e, "exchange: a settlement failed; it resumes at start-up");
                    }
                    if let Some(done) = done {
                        let _ = done.send(());
                    }
                }
            }
            me.do_send(Done(user));
        });
        self.probe.set(fig::PLAYERS, self.lanes.len() as i64);
    }

    /// Settles each of `users` in `market` in their lane; the answer comes when all are done.
    fn settle_each(
        &mut self,
        market: &str,
        outcome: Outcome,
        users: Vec<UserId>,
        ctx: &mut Context<Self>,
    ) -> Vec<oneshot::Receiver<()>> {
        let mut waits = Vec::with_capacity(users.len());
        for user in users {
            let (tx, rx) = oneshot::channel();
            waits.push(rx);
            let job = Job::Settle { market: market.to_owned(), outcome, done: Some(tx) };
            if let Some(job) = self.lanes.push(user, job) {
                self.run(user, job, ctx);
            }
        }
        waits
    }
}

/// Place a bet (the answer comes once its money has moved, or it was refused).
pub struct Place(pub Order);
impl Message for Place {
    type Result = Result<PlacedBet, ExchangeError>;
}

impl Handler<Place> for ExchangeDesk {
    type Result = ResponseFuture<Result<PlacedBet, ExchangeError>>;
    fn handle(&mut self, m: Place, ctx: &mut Self::Context) -> Self::Result {
        self.probe.add(fig::MOVES, 1);
        let (tx, rx) = oneshot::channel();
        let user = m.0.user;
        match self.lanes.submit(user, Job::Place(m.0, tx)) {
            Submitted::Run(job) => self.run(user, job, ctx),
            Submitted::Queued => {}
            Submitted::Full(Job::Place(_, reply)) => drop(reply.send(Err(ExchangeError::Busy))),
            Submitted::Full(Job::Settle { .. }) => {}
        }
        Box::pin(async move { rx.await.unwrap_or_else(|_| Err(ExchangeError::Unavailable("stopped".into()))) })
    }
}

struct Done(UserId);
impl Message for Done {
    type Result = ();
}

impl Handler<Done> for ExchangeDesk {
    type Result = ();
    fn handle(&mut self, Done(user): Done, ctx: &mut Self::Context) {
        if let Some(next) = self.lanes.done(&user) {
            self.run(user, next, ctx);
        }
        self.probe.set(fig::PLAYERS, self.lanes.len() as i64);
    }
}

/// A market is decided (from its match's actor): every player's bets there settle.
#[derive(Debug, Clone)]
pub struct Decided {
    pub match_id: i64,
    pub market_id: String,
    pub outcome: Outcome,
}
impl Message for Decided {
    type Result = ();
}

impl Handler<Decided> for ExchangeDesk {
    type Result = ();
    fn handle(&mut self, d: Decided, ctx: &mut Self::Context) {
        let deps = self.deps.clone();
        let decided = async move {
            let outcome =
                store::record_result(&deps.db, &d.market_id, d.match_id, d.outcome, deps.clock.now_ms()).await?;
            let users = store::market_players(&deps.db, &d.market_id).await?;
            Ok::<_, WalletError>((d.market_id, outcome, users))
        };
        ctx.spawn(decided.into_actor(self).map(|r, act, ctx| match r {
            Ok((market, outcome, users)) => drop(act.settle_each(&market, outcome, users, ctx)),
            Err(e) => {
                tracing::error!(error = %e, "exchange: a decided market could not be recorded; it settles at start-up")
            }
        }));
    }
}

/// An operator voids a market not decided yet: every bet there is void and its hold comes back. Answers how many
/// players it settled, or `None` when the market was already decided (nothing changes).
pub struct Void {
    pub market_id: String,
}
impl Message for Void {
    type Result = Result<Option<usize>, ExchangeError>;
}

impl Handler<Void> for ExchangeDesk {
    type Result = ResponseActFuture<Self, Result<Option<usize>, ExchangeError>>;
    fn handle(&mut self, v: Void, _: &mut Self::Context) -> Self::Result {
        let deps = self.deps.clone();
        let market = v.market_id.clone();
        let recorded = async move {
            if store::result(&deps.db, &market).await?.is_some() {
                return Ok(None);
            }
            let match_id = store::market_match(&deps.db, &market).await?.unwrap_or(0);
            store::record_result(&deps.db, &market, match_id, Outcome::Void, deps.clock.now_ms()).await?;
            Ok(Some(store::market_players(&deps.db, &market).await?))
        };
        Box::pin(recorded.into_actor(self).then(move |r: Result<Option<Vec<UserId>>, WalletError>, act, ctx| {
            let waits = match &r {
                Ok(Some(users)) => act.settle_each(&v.market_id, Outcome::Void, users.clone(), ctx),
                _ => Vec::new(),
            };
            async move {
                for w in waits {
                    let _ = w.await;
                }
                r.map(|users| users.map(|u| u.len())).map_err(ExchangeError::from_wallet)
            }
            .into_actor(act)
        }))
    }
}

/// A player's positions in a match.
pub struct Book {
    pub user: UserId,
    pub match_id: i64,
}
impl Message for Book {
    type Result = Result<MatchBook, ExchangeError>;
}

impl Handler<Book> for ExchangeDesk {
    type Result = ResponseFuture<Result<MatchBook, ExchangeError>>;
    fn handle(&mut self, b: Book, _: &mut Self::Context) -> Self::Result {
        let deps = self.deps.clone();
        Box::pin(async move { place::book(&deps, b.user, b.match_id).await })
    }
}

crate::timed_handlers!(ExchangeDesk: Place, Book, Void);
