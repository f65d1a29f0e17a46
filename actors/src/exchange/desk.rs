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
use crate::ErrorCode;
use crate::clock::SharedClock;
use crate::ids::UserId;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::sports::desk::SportsAddr;
use crate::store::Db;
use crate::table::lanes::{Lanes, Submitted};
use crate::wallet::{WalletError, WalletHandle};
use actix::prelude::*;
use serde::{Deserialize, Serialize};
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

impl ExchangeConfig {
    /// The terms every market shows: the stakes, and the bet delay in whole seconds, rounded up.
    pub fn terms(&self) -> crate::sports::feed::Terms {
        crate::sports::feed::Terms {
            min_stake: u32::try_from(self.min_stake).unwrap_or(0),
            max_stake: u32::try_from(self.max_stake).unwrap_or(u32::MAX),
            bet_delay: u32::try_from(self.bet_delay.as_millis().div_ceil(1000)).unwrap_or(u32::MAX),
        }
    }

    /// How long a bet waits on a market that shows a delay of `shown` seconds (`None`: a market without one): our
    /// own delay, or the market's when it shows more than our terms do — a market priced from an exchange's stream
    /// shows the feed's delay when it is the longer (`sports/stream/provider.rs`), and the delay shown is the delay
    /// applied. A market showing our terms' delay waits our exact delay (the terms round it up to whole seconds).
    pub fn delay(&self, shown: Option<u32>) -> Duration {
        match shown {
            Some(s) if s > self.terms().bet_delay => Duration::from_secs(s.into()),
            _ => self.bet_delay,
        }
    }
}

/// Why a bet was refused (nothing moved). Crosses nodes externally tagged (`"Busy"`, `{"StakeLimits":[100,25000]}`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
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
    /// The house's worst case in the market (`player: false`), or against this player there, would pass its limit.
    #[error("{}", if *player { "This bet would take your winnings on this market past its limit. Try a smaller stake." } else { "This market has reached its liability limit. Try a smaller stake." })]
    LiabilityLimit { player: bool },
    /// Past a limit the player set, or during their break or self-exclusion (the wallet refused the hold).
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    #[error("Too many bets at once: wait for the last one.")]
    Busy,
    #[error("The exchange is unavailable: {0}")]
    Unavailable(String),
}

impl ExchangeError {
    pub fn code(&self) -> ErrorCode {
        match self {
            ExchangeError::InvalidStake => ErrorCode::InvalidStake,
            ExchangeError::StakeLimits(..) => ErrorCode::StakeLimits,
            ExchangeError::InvalidOdds => ErrorCode::InvalidOdds,
            ExchangeError::InvalidTeam => ErrorCode::InvalidTeam,
            ExchangeError::InvalidRuns => ErrorCode::InvalidRuns,
            ExchangeError::MatchNotFound => ErrorCode::MatchNotFound,
            ExchangeError::MarketNotFound => ErrorCode::MarketNotFound,
            ExchangeError::MarketSuspended => ErrorCode::MarketSuspended,
            ExchangeError::MarketClosed => ErrorCode::MarketClosed,
            ExchangeError::PriceChanged => ErrorCode::PriceChanged,
            ExchangeError::InsufficientBalance => ErrorCode::InsufficientBalance,
            ExchangeError::LiabilityLimit { .. } => ErrorCode::LiabilityLimit,
            ExchangeError::Limited(r) => r.code(),
            ExchangeError::Busy => ErrorCode::Busy,
            ExchangeError::Unavailable(_) => ErrorCode::Unavailable,
        }
    }

    pub fn from_wallet(e: WalletError) -> ExchangeError {
        match e {
            WalletError::InsufficientBalance => ExchangeError::InsufficientBalance,
            WalletError::Limited(r) => ExchangeError::Limited(r),
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
    /// A bet's limit check and its recording run alone on their market.
    pub locks: super::limits::MarketLocks,
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

crate::remote!(Place => "exchange.place", Book => "exchange.book", Void => "exchange.void");

/// Every message the desk answers from other nodes (cluster mode).
pub fn dispatch() -> crate::cluster::remote::Dispatch<ExchangeDesk> {
    crate::cluster::remote::Dispatch::default().with::<Place>().with::<Book>().with::<Void>()
}

#[cfg(test)]
mod tests {
    use super::super::place::{Order, PlacedBet, Session, Target, Team, position};
    use super::super::rules::Side;
    use super::super::store::BetRow;
    use super::super::wire::{BetStatus, MarketBook, MarketType, MatchBook, OutcomePl, RunsPl};
    use super::*;
    use crate::cluster::remote::Remote;
    use crate::ids::UserId;
    use crate::money::Paise;
    use serde::de::DeserializeOwned;
    use std::fmt::Debug;

    /// `v` through JSON and back, alone and inside the envelope a remote answer travels in (`Bus::ask`).
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) {
        let json = serde_json::to_string(v).unwrap();
        let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(&back, v, "{json}");
        let envelope: Result<&T, String> = Ok(v);
        let json = serde_json::to_vec(&envelope).unwrap();
        let back: Result<T, String> = serde_json::from_slice(&json).unwrap();
        assert_eq!(back.as_ref(), Ok(v));
    }

    fn match_book() -> MatchBook {
        MatchBook {
            match_id: 33_456_789,
            exposure: Paise::new(1_245_678),
            markets: vec![
                MarketBook {
                    market_id: "1.234567".into(),
                    market_type: MarketType::Exchange,
                    name: "Match Odds".into(),
                    exposure: Paise::new(12_345),
                    runners: vec![
                        OutcomePl { name: "India".into(), pl: Paise::new(-12_345) },
                        OutcomePl { name: "Australia".into(), pl: Paise::new(9_901) },
                        OutcomePl { name: "The Draw".into(), pl: Paise::new(-5) },
                    ],
                    runs: Vec::new(),
                },
                MarketBook {
                    market_id: "f-77".into(),
                    market_type: MarketType::Fancy,
                    name: "6 over runs IND".into(),
                    exposure: Paise::new(1_233_333),
                    runners: Vec::new(),
                    runs: vec![
                        RunsPl { from: 0, pl: Paise::new(1_000_000) },
                        RunsPl { from: 48, pl: Paise::new(-1_233_333) },
                        RunsPl { from: 50, pl: Paise::new(50) },
                    ],
                },
            ],
        }
    }

    /// What `GET /api/exchange/book/{match}` wrote before the wire types could be read back (serialize-only,
    /// `serialize_with = "as_rupees"`).
    const MATCH_BOOK_JSON: &str = r#"{"match":33456789,"exposure":12456.78,"markets":[{"marketId":"1.234567","marketType":"exchange","name":"Match Odds","exposure":123.45,"runners":[{"name":"India","pl":-123.45},{"name":"Australia","pl":99.01},{"name":"The Draw","pl":-0.05}],"runs":[]},{"marketId":"f-77","marketType":"fancy","name":"6 over runs IND","exposure":12333.33,"runners":[],"runs":[{"from":0,"pl":10000},{"from":48,"pl":-12333.33},{"from":50,"pl":0.5}]}]}"#;

    #[test]
    fn a_bet_waits_our_delay_or_the_longer_one_its_market_shows() {
        let c = ExchangeConfig { bet_delay: Duration::from_millis(1_500), ..ExchangeConfig::default() };
        assert_eq!(c.terms().bet_delay, 2, "shown rounded up");
        for ours in [None, Some(0), Some(1), Some(2)] {
            assert_eq!(c.delay(ours), Duration::from_millis(1_500), "{ours:?}: our exact delay");
        }
        assert_eq!(c.delay(Some(5)), Duration::from_secs(5), "a feed's longer delay, as shown");
        let none = ExchangeConfig { bet_delay: Duration::ZERO, ..ExchangeConfig::default() };
        assert_eq!((none.delay(Some(0)), none.delay(Some(3))), (Duration::ZERO, Duration::from_secs(3)));
    }

    #[test]
    fn match_book_json_is_unchanged_and_reads_back_exactly() {
        assert_eq!(serde_json::to_string(&match_book()).unwrap(), MATCH_BOOK_JSON);
        assert_eq!(serde_json::from_str::<MatchBook>(MATCH_BOOK_JSON).unwrap(), match_book());
    }

    fn bet_row() -> BetRow {
        BetRow {
            id: 4_821,
            user: UserId(17),
            match_id: 33_456_789,
            match_name: "India v Australia".into(),
            market_id: "1.234567".into(),
            market_type: MarketType::Exchange,
            label: "India".into(),
            runner: Some(0),
            runners: Some(3),
            line: None,
            side: Side::Khai,
            odds_x100: 185,
            w: 85,
            stake: Paise::new(12_345),
            status: BetStatus::Open,
            pl: None,
            winning_runs: None,
            created_at: 1_718_000_000_123,
            balance_after: None,
            exposure_after: None,
        }
    }

    fn placed_bet() -> PlacedBet {
        let bet = bet_row();
        let earlier = BetRow {
            id: 4_790,
            runner: Some(1),
            side: Side::Lagai,
            odds_x100: 233,
            w: 133,
            stake: Paise::new(10_001),
            ..bet.clone()
        };
        let runners = ["India".to_owned(), "Australia".to_owned(), "The Draw".to_owned()];
        let book = position(&bet.market_id, bet.market_type, "Match Odds", &runners, &[earlier, bet.clone()]);
        PlacedBet { bet, balance: Paise::new(98_765_432), exposure: Paise::new(22_839), book }
    }

    #[test]
    fn a_placed_bet_crosses_nodes_exactly() {
        let placed = placed_bet();
        // Odd paise and a negative P/L, the amounts a float of rupees could bend.
        assert_eq!(placed.book.exposure, Paise::new(20_495));
        assert!(placed.book.runners.iter().any(|r| r.pl.is_negative() && r.pl.get() % 100 != 0), "{:?}", placed.book);
        round_trip(&placed);
        round_trip(&placed.book);
        let settled = BetRow {
            status: BetStatus::Lost,
            pl: Some(-10_494),
            market_type: MarketType::Fancy,
            runner: None,
            runners: None,
            line: Some(48),
            winning_runs: Some(51),
            ..bet_row()
        };
        round_trip(&settled);
        let answer: <Place as Message>::Result = Ok(placed);
        round_trip(&answer);
    }

    #[test]
    fn a_book_answer_crosses_nodes_exactly() {
        let answer: <Book as Message>::Result = Ok(match_book());
        round_trip(&answer);
        let empty: <Book as Message>::Result =
            Ok(MatchBook { match_id: 1, exposure: Paise::ZERO, markets: Vec::new() });
        round_trip(&empty);
    }

    #[test]
    fn the_messages_cross_nodes() {
        let order = |target| Order {
            user: UserId(17),
            match_id: 33_456_789,
            target,
            side: Side::Lagai,
            price_x100: 185,
            stake: Paise::new(12_345),
        };
        for target in [
            Target::Runner { market: MarketType::Exchange, team: Team::Index(2) },
            Target::Runner { market: MarketType::Bookmaker, team: Team::Name("Australia".into()) },
            Target::Fancy { session: Session::Id("f-77".into()), line: 48 },
            Target::Fancy { session: Session::Name("6 over runs IND".into()), line: 0 },
        ] {
            round_trip(&Place(order(target)));
        }
        round_trip(&Book { user: UserId(17), match_id: 33_456_789 });
        round_trip(&Void { market_id: "1.234567".into() });
        assert_eq!(
            [<Place as Remote>::NAME, <Book as Remote>::NAME, <Void as Remote>::NAME],
            ["exchange.place", "exchange.book", "exchange.void"]
        );
        let _ = dispatch();
    }

    #[test]
    fn refusals_cross_nodes() {
        let all = [
            ExchangeError::InvalidStake,
            ExchangeError::StakeLimits(100, 25_000),
            ExchangeError::InvalidOdds,
            ExchangeError::InvalidTeam,
            ExchangeError::InvalidRuns,
            ExchangeError::MatchNotFound,
            ExchangeError::MarketNotFound,
            ExchangeError::MarketSuspended,
            ExchangeError::MarketClosed,
            ExchangeError::PriceChanged,
            ExchangeError::InsufficientBalance,
            ExchangeError::Busy,
            ExchangeError::Unavailable("database: connection reset".into()),
        ];
        for e in all {
            round_trip(&e);
            let place: <Place as Message>::Result = Err(e.clone());
            round_trip(&place);
            let book: <Book as Message>::Result = Err(e.clone());
            round_trip(&book);
            let void: <Void as Message>::Result = Err(e);
            round_trip(&void);
        }
        assert_eq!(
            serde_json::to_string(&ExchangeError::StakeLimits(100, 25_000)).unwrap(),
            r#"{"StakeLimits":[100,25000]}"#
        );
        let voided: <Void as Message>::Result = Ok(Some(3));
        round_trip(&voided);
        let decided: <Void as Message>::Result = Ok(None);
        round_trip(&decided);
    }
}
