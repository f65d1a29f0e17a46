//! Every game but Aviator, started together: the round tables, Mines, Matka, and the sports feed with the exchange
//! and the three-card game it drives. One node runs them: the only one in single-node mode, or in cluster mode the
//! holder of the `games` lease, on an arbiter of their own that stops with the lease. Other nodes reach them through
//! the same routes, which answer "unavailable" there until these games' messages cross nodes.

use crate::config::Config;
use casino_actors::andar_bahar::rules::AndarBahar;
use casino_actors::clock::SharedClock;
use casino_actors::cluster::Fence;
use casino_actors::cluster::keeper::{Leased, Running};
use casino_actors::cluster::remote::{Route, Serving};
use casino_actors::color::rules::Color;
use casino_actors::exchange::desk::{Deps as ExchangeDeps, ExchangeAddr, ExchangeDesk};
use casino_actors::hub::HubAddr;
use casino_actors::matka::desk::{MatkaAddr, MatkaDesk};
use casino_actors::mines::desk::{DeskAddr, MinesDesk};
use casino_actors::observe::Registry;
use casino_actors::parchi::desk::{ParchiAddr, ParchiDesk};
use casino_actors::parchi::table::Deps as ParchiDeps;
use casino_actors::sports::desk::{SportsAddr, SportsDesk};
use casino_actors::sports::match_actor::Listeners;
use casino_actors::store::Db;
use casino_actors::table::actor::{RoundTable, RoundTableAddr, TableDeps};
use casino_actors::titli::rules::Titli;
use casino_actors::wallet::{GameKind, WalletHandle};
use casino_http::rounds::RoundTables;
use futures_util::future::LocalBoxFuture;
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

/// The running games.
pub struct Games {
    titli: RoundTableAddr<Titli>,
    andar_bahar: RoundTableAddr<AndarBahar>,
    color: RoundTableAddr<Color>,
    mines: DeskAddr,
    matka: MatkaAddr,
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

impl GameRoutes {
    pub fn vacant() -> GameRoutes {
        GameRoutes {
            rounds: RoundTables { titli: Route::vacant(), andar_bahar: Route::vacant(), color: Route::vacant() },
            mines: Route::vacant(),
            matka: Route::vacant(),
            sports: Route::vacant(),
            exchange: Route::vacant(),
            parchi: Route::vacant(),
        }
    }

    /// The routes reach `games` until the guards are dropped.
    async fn serve(&self, g: Games) -> anyhow::Result<Vec<Serving>> {
        Ok(vec![
            self.rounds.titli.serve(g.titli).await?,
            self.rounds.andar_bahar.serve(g.andar_bahar).await?,
            self.rounds.color.serve(g.color).await?,
            self.mines.serve(g.mines).await?,
            self.matka.serve(g.matka).await?,
            self.sports.serve(g.sports).await?,
            self.exchange.serve(g.exchange).await?,
            self.parchi.serve(g.parchi).await?,
        ])
    }

    /// Single-node mode: the games start here and now, for the life of the process.
    pub async fn start_here(deps: GameDeps) -> anyhow::Result<GameRoutes> {
        let g = start(deps).await?;
        Ok(GameRoutes {
            rounds: RoundTables {
                titli: Route::local(g.titli),
                andar_bahar: Route::local(g.andar_bahar),
                color: Route::local(g.color),
            },
            mines: Route::local(g.mines),
            matka: Route::local(g.matka),
            sports: Route::local(g.sports),
            exchange: Route::local(g.exchange),
            parchi: Route::local(g.parchi),
        })
    }
}

/// Starts every game on the current arbiter (each runs its restart path first).
async fn start(d: GameDeps) -> anyhow::Result<Games> {
    let c = &d.config;
    let actors = &d.registry;
    let deps = TableDeps { db: d.db.clone(), wallet: d.wallet.clone(), hub: d.hub.clone(), clock: d.clock.clone() };
    let titli = RoundTable::start(c.titli.clone(), GameKind::Titli, &deps, actors).await?;
    let andar_bahar = RoundTable::start(c.andar_bahar.clone(), GameKind::AndarBahar, &deps, actors).await?;
    let color = RoundTable::start(c.color.clone(), GameKind::Color, &deps, actors).await?;
    let mines = MinesDesk::start(c.mines.clone(), d.db.clone(), d.wallet.clone(), d.clock.clone(), actors).await?;
    let matka = MatkaDesk::start(&deps, c.matka.clone(), actors).await?;
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
    let sports = SportsDesk::start(c.sports, d.hub.clone(), d.clock.clone(), actors, listeners);
    let exchange_deps = ExchangeDeps {
        db: d.db.clone(),
        wallet: d.wallet.clone(),
        clock: d.clock.clone(),
        sports: sports.clone(),
        config: c.exchange,
    };
    let exchange = ExchangeDesk::start(exchange_ctx, exchange_deps, actors).await?;
    Ok(Games { titli, andar_bahar, color, mines, matka, sports, exchange, parchi })
}

/// The games as one leased resource (cluster mode).
pub struct GamesLease {
    pub deps: GameDeps,
    pub routes: GameRoutes,
}

/// The lease's name.
pub const RESOURCE: &str = "games";

impl Leased for GamesLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let mut deps = self.deps.clone();
        deps.db = deps.db.fenced(fence.clone());
        deps.wallet = deps.wallet.fenced(fence);
        let routes = self.routes.clone();
        Box::pin(async move {
            // An arbiter of their own: stopping it stops every game actor and timer at once.
            let arbiter = actix::Arbiter::new();
            let (tx, rx) = tokio::sync::oneshot::channel();
            arbiter.spawn_fn(move || {
                actix::spawn(async move {
                    let _ = tx.send(start(deps).await.map_err(|e| e.to_string()));
                });
            });
            let games = rx.await.map_err(|_| "the games' arbiter stopped".to_string())??;
            let servings = routes.serve(games).await.map_err(|e| e.to_string())?;
            Ok(Running::new(move || {
                drop(servings);
                arbiter.stop();
            }))
        })
    }
}
