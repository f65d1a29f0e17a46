//! Every game but Aviator: the round tables, Mines, Matka, and the sports feed with the exchange and the three-card
//! game it drives. In single-node mode they all start here. In cluster mode each round table, Mines and Matka are
//! leases of their own (named after the game), and the sports desks run together under the `games` lease (the feed,
//! its matches, their markets and three-card games: one provider's state); every desk's messages cross nodes.
//! Mines, Matka and the sports desks each run on an arbiter of their own, stopped with the lease.

use crate::config::Config;
use casino_actors::clock::SharedClock;
use casino_actors::cluster::Fence;
use casino_actors::cluster::keeper::Keeper;
use casino_actors::cluster::keeper::{Leased, Running};
use casino_actors::cluster::remote::Bus;
use casino_actors::cluster::remote::{Route, Serving};
use casino_actors::exchange::desk::{self as exchange_desk, Deps as ExchangeDeps, ExchangeAddr, ExchangeDesk};
use casino_actors::hub::HubAddr;
use casino_actors::matka::desk::{self as matka_desk, MatkaDesk};
use casino_actors::mines::desk::{self as mines_desk, MinesDesk};
use casino_actors::observe::Registry;
use casino_actors::parchi::desk::{self as parchi_desk, ParchiAddr, ParchiDesk};
use casino_actors::parchi::table::Deps as ParchiDeps;
use casino_actors::sports::desk::{self as sports_desk, SportsAddr, SportsDesk};
use casino_actors::sports::match_actor::Listeners;
use casino_actors::store::Db;
use casino_actors::table::actor::{RoundTable, TableDeps};
use casino_actors::table::game::RoundRules;
use casino_actors::table::lease::RoundLease;
use casino_actors::wallet::WalletHandle;
use casino_http::rounds::RoundTables;
use futures_util::future::LocalBoxFuture;
use std::rc::Rc;
use std::sync::Arc;

/// What the games need.
#[derive(Clone)]
pub struct GameDeps {
    pub db: Db,
    pub wallet: WalletHandle,
    pub hub: HubAddr,
    pub clock: SharedClock,
    pub registry: Arc<Registry>,
    pub config: Arc<Config>,
}

/// The sports desks: the feed, the exchange and the three-card game.
pub struct Games {
    sports: SportsAddr,
    exchange: ExchangeAddr,
    parchi: ParchiAddr,
}

/// How the rest of the system reaches the games.
#[derive(Clone)]
pub struct GameRoutes {
    pub rounds: RoundTables,
    pub mines: Route<MinesDesk>,
    pub matka: Route<MatkaDesk>,
    pub sports: Route<SportsDesk>,
    pub exchange: Route<ExchangeDesk>,
    pub parchi: Route<ParchiDesk>,
}

/// Cluster mode: each round table a lease of its own, named after the game; the routes reach whichever node holds it.
macro_rules! lease_round_tables {
    ([$c:expr, $tables:expr, $registry:expr, $bus:expr, $keeper:expr] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        RoundTables {
            $($name: {
                let lease = RoundLease::<$Rules>::new($c.rounds.$name.clone(), $tables.clone(), $registry.clone(), $bus);
                let route = lease.route.clone();
                $keeper.add(<$Rules as RoundRules>::NAME, Rc::new(lease));
                route
            },)*
        }
    };
}

/// Single-node mode: every round table started here.
macro_rules! start_round_tables {
    ([$c:expr, $tables:expr, $registry:expr] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        RoundTables {
            $($name: Route::local(RoundTable::<$Rules>::start($c.rounds.$name.clone(), &$tables, $registry).await?),)*
        }
    };
}

impl GameRoutes {
    pub fn vacant() -> GameRoutes {
        GameRoutes {
            rounds: RoundTables::vacant(),
            mines: Route::vacant(),
            matka: Route::vacant(),
            sports: Route::vacant(),
            exchange: Route::vacant(),
            parchi: Route::vacant(),
        }
    }

    /// Cluster mode: each round table a lease of its own, the other games together under the `games` lease.
    pub fn clustered(deps: GameDeps, bus: &Bus, keeper: &mut Keeper) -> GameRoutes {
        let c = deps.config.clone();
        let tables = TableDeps {
            db: deps.db.clone(),
            wallet: deps.wallet.clone(),
            hub: deps.hub.clone(),
            clock: deps.clock.clone(),
        };
        let mut routes = GameRoutes::vacant();
        routes.rounds = casino_actors::round_games!(lease_round_tables!(c, tables, deps.registry, bus, keeper));
        routes.mines = Route::clustered(MINES, bus.clone(), mines_desk::dispatch());
        keeper.add(MINES, Rc::new(MinesLease { deps: deps.clone(), route: routes.mines.clone() }));
        routes.matka = Route::clustered(MATKA, bus.clone(), matka_desk::dispatch());
        keeper.add(MATKA, Rc::new(MatkaLease { deps: deps.clone(), route: routes.matka.clone() }));
        routes.sports = Route::clustered(&format!("{RESOURCE}.sports"), bus.clone(), sports_desk::dispatch());
        routes.exchange = Route::clustered(&format!("{RESOURCE}.exchange"), bus.clone(), exchange_desk::dispatch());
        routes.parchi = Route::clustered(&format!("{RESOURCE}.parchi"), bus.clone(), parchi_desk::dispatch());
        keeper.add(RESOURCE, Rc::new(GamesLease { deps, routes: routes.clone() }));
        routes
    }

    /// The routes reach `games` until the guards are dropped.
    async fn serve(&self, g: Games) -> anyhow::Result<Vec<Serving>> {
        Ok(vec![
            self.sports.serve(g.sports).await?,
            self.exchange.serve(g.exchange).await?,
            self.parchi.serve(g.parchi).await?,
        ])
    }

    /// Single-node mode: the games start here and now, for the life of the process.
    pub async fn start_here(deps: GameDeps) -> anyhow::Result<GameRoutes> {
        let c = &deps.config;
        let tables = TableDeps {
            db: deps.db.clone(),
            wallet: deps.wallet.clone(),
            hub: deps.hub.clone(),
            clock: deps.clock.clone(),
        };
        let actors = &deps.registry;
        let rounds = casino_actors::round_games!(start_round_tables!(c, tables, actors));
        let mines =
            MinesDesk::start(c.mines.clone(), deps.db.clone(), deps.wallet.clone(), deps.clock.clone(), actors).await?;
        let matka = MatkaDesk::start(&tables, c.matka.clone(), actors).await?;
        let g = start(deps).await?;
        Ok(GameRoutes {
            rounds,
            mines: Route::local(mines),
            matka: Route::local(matka),
            sports: Route::local(g.sports),
            exchange: Route::local(g.exchange),
            parchi: Route::local(g.parchi),
        })
    }
}

/// Starts the sports desks on the current arbiter (each runs its restart path first).
async fn start(d: GameDeps) -> anyhow::Result<Games> {
    let c = &d.config;
    let actors = &d.registry;
    // The exchange's context first: the sports desk's matches report decided markets to it.
    let exchange_ctx = actix::Context::<ExchangeDesk>::new();
    let results = actix::AsyncContext::address(&exchange_ctx).recipient();
    let parchi_deps = ParchiDeps {
        db: d.db.clone(),
        wallet: d.wallet.clone(),
        hub: d.hub.clone(),
        clock: d.clock.clone(),
        config: c.parchi,
    };
    // The three-card game hears each cricket match's players and status.
    let (parchi, news) = ParchiDesk::start(parchi_deps, actors).await?;
    let listeners = Listeners { results: Some(results), news: Some(news) };
    // Every market shows what the exchange takes: its stakes and the delay it applies.
    let sports_config = casino_actors::sports::desk::SportsConfig { terms: c.exchange.terms(), ..c.sports };
    let sports = SportsDesk::start_streaming(
        sports_config,
        c.stream.clone(),
        d.db.clone(),
        d.hub.clone(),
        d.clock.clone(),
        actors,
        listeners,
    )
    .await?;
    let exchange_deps = ExchangeDeps {
        db: d.db.clone(),
        wallet: d.wallet.clone(),
        clock: d.clock.clone(),
        sports: sports.clone(),
        config: c.exchange,
        locks: Default::default(),
    };
    let exchange = ExchangeDesk::start(exchange_ctx, exchange_deps, actors).await?;
    Ok(Games { sports, exchange, parchi })
}

/// The sports desks as one leased resource (cluster mode).
pub struct GamesLease {
    pub deps: GameDeps,
    pub routes: GameRoutes,
}

/// The lease's name.
pub const RESOURCE: &str = "games";

impl Leased for GamesLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let deps = self.deps.fenced(fence);
        let routes = self.routes.clone();
        Box::pin(async move {
            let (games, arbiter) = on_own_arbiter(deps, start).await?;
            let servings = routes.serve(games).await.map_err(|e| e.to_string())?;
            Ok(Running::new(move || {
                drop(servings);
                arbiter.stop();
            }))
        })
    }
}

/// Mines as a leased resource (cluster mode): its desk holds every game in play.
struct MinesLease {
    deps: GameDeps,
    route: Route<MinesDesk>,
}

/// The lease's name.
const MINES: &str = "mines";

impl Leased for MinesLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let d = self.deps.fenced(fence);
        let route = self.route.clone();
        Box::pin(async move {
            let (desk, arbiter) = on_own_arbiter(d, |d| async move {
                let actors = d.registry.clone();
                Ok(MinesDesk::start(d.config.mines.clone(), d.db, d.wallet, d.clock, &actors).await?)
            })
            .await?;
            let serving = route.serve(desk).await.map_err(|e| e.to_string())?;
            Ok(Running::new(move || {
                drop(serving);
                arbiter.stop();
            }))
        })
    }
}

/// Matka as a leased resource (cluster mode): its desk draws and settles every market.
struct MatkaLease {
    deps: GameDeps,
    route: Route<MatkaDesk>,
}

/// The lease's name.
const MATKA: &str = "matka";

impl Leased for MatkaLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let d = self.deps.fenced(fence);
        let route = self.route.clone();
        Box::pin(async move {
            let (desk, arbiter) = on_own_arbiter(d, |d| async move {
                let tables = TableDeps { db: d.db, wallet: d.wallet, hub: d.hub, clock: d.clock };
                Ok(MatkaDesk::start(&tables, d.config.matka.clone(), &d.registry).await?)
            })
            .await?;
            let serving = route.serve(desk).await.map_err(|e| e.to_string())?;
            Ok(Running::new(move || {
                drop(serving);
                arbiter.stop();
            }))
        })
    }
}

/// Connections each resource on an arbiter of its own may open.
const OWN_POOL: u32 = 4;

/// Runs `start` on a new arbiter (stopping it stops every actor and timer `start` made), with deps whose database
/// handle is a pool of its own (a connection opened on the arbiter dies with it); what it made, and the arbiter.
async fn on_own_arbiter<T, F, Fut>(deps: GameDeps, start: F) -> Result<(T, actix::Arbiter), String>
where
    T: Send + 'static,
    F: FnOnce(GameDeps) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = anyhow::Result<T>> + 'static,
{
    let arbiter = actix::Arbiter::new();
    let (tx, rx) = tokio::sync::oneshot::channel();
    arbiter.spawn_fn(move || {
        actix::spawn(async move {
            let made = async move {
                let mut deps = deps;
                deps.db = deps.db.own_pool(OWN_POOL).await?;
                start(deps).await
            };
            let _ = tx.send(made.await.map_err(|e| e.to_string()));
        });
    });
    let made = rx.await.map_err(|_| "the arbiter stopped while starting".to_string())??;
    Ok((made, arbiter))
}

impl GameDeps {
    /// These deps with every write fenced by `fence`.
    fn fenced(&self, fence: Fence) -> GameDeps {
        let mut d = self.clone();
        d.db = d.db.fenced(fence.clone());
        d.wallet = d.wallet.fenced(fence);
        d
    }
}
