//! Builds the whole platform: database, wallet shards, services, and the HTTP server on a listener.
//! Tests bind port 0 and run many of these at once.

use crate::config::Config;
use crate::games::{GameDeps, GameRoutes};
use crate::telemetry;
use actix_web::{App, HttpServer, web};
use anyhow::Context;
use casino_actors::accounts::ratelimit::FailureLimiter;
use casino_actors::accounts::{Accounts, notify};
use casino_actors::aviator::lease::{self as aviator_lease, AviatorLease};
use casino_actors::aviator::table::AviatorTable;
use casino_actors::cashier::Cashier;
use casino_actors::clock::{self, SharedClock};
use casino_actors::cluster::keeper::{Keeper, Leaving};
use casino_actors::cluster::remote::{Bus, Route};
use casino_actors::compliance::Compliance;
use casino_actors::hub::{Broadcast, Hub, HubAddr, encode};
use casino_actors::observe::{Registry, families};
use casino_actors::play::{self, PlayDesk, Settled};
use casino_actors::store::Db;
use casino_actors::wallet::shard::Observer;
use casino_actors::wallet::wire::BalanceUpdate;
use casino_actors::wallet::{Change, Receipt};
use casino_actors::wallet::{ShardDeps, WalletConfig, WalletHandle};
use casino_http::aviator::socket::GameSocket;
use casino_http::rounds::RoundTables;
use casino_http::socketio::SocketState;
use casino_http::state::{AppState, Tables};
use std::net::TcpListener;
use std::rc::Rc;
use std::sync::Arc;

/// The domain services, shared by the HTTP server and the operator CLI.
pub struct Services {
    pub db: Db,
    pub clock: SharedClock,
    pub accounts: Accounts,
    pub wallet: WalletHandle,
    pub cashier: Cashier,
    pub play: PlayDesk,
    /// Real mode's checks (none in play mode).
    pub compliance: Compliance,
    pub tables: Tables,
    pub actors: Arc<Registry>,
    /// Cluster mode: makes this node hand its leases over when it stops.
    pub leaving: Option<Leaving>,
}

/// Pushes `balance_update` to the player's own room after every committed change.
fn balance_pusher(hub: HubAddr) -> Observer {
    Arc::new(move |change: &Change, r: &Receipt| {
        hub.do_send(Broadcast::one(format!("user:{}", r.user), encode(&BalanceUpdate::of(change, r))));
    })
}

impl Services {
    /// Must run inside an actix system: it starts the wallet actors. In cluster mode the wallet shards and tables
    /// start when this node takes their leases.
    pub async fn start(config: &Config) -> anyhow::Result<Services> {
        config.check()?;
        let db = Db::connect(&config.database_url, config.db_max_connections).await.with_context(|| {
            format!("opening database {}", crate::config::redacted_database_url(&config.database_url))
        })?;
        let bus = match &config.cluster {
            // Authenticated to NATS (or CASINO_NATS_INSECURE=1, warned about), every message signed with the secret.
            Some(c) => Some(Bus::connect(c).await.context("cluster mode")?),
            None => None,
        };
        let clock = clock::system();
        let actors = Registry::new(config.actor_metrics);
        // The hub fans frames out to thousands of sessions: give it a thread of its own.
        let hub =
            Hub::launch(actors.register("hub", &families::hub::FAMILY), &actix::Arbiter::new().handle(), bus.clone());
        let wallet_config = WalletConfig { shards: config.wallet_shards, ..WalletConfig::default() };
        let observer = Some(balance_pusher(hub.clone()));
        // The keeper's lease statements run on a pool of their own, opened here: at SIGTERM the HTTP workers stop
        // first, and connections they opened in the shared pool die with them while the leases are handed over.
        let mut keeper = match &config.cluster {
            Some(c) => {
                let own = db.own_pool(2).await.context("opening the lease keeper's database connections")?;
                Some(Keeper::new(own, c.node.clone(), c.address.clone(), c.lease_ttl))
            }
            None => None,
        };
        let wallet = match (&bus, &mut keeper) {
            (Some(bus), Some(keeper)) => {
                let deps = ShardDeps {
                    db: db.clone(),
                    config: wallet_config,
                    clock: clock.clone(),
                    observer,
                    registry: actors.clone(),
                };
                let (wallet, shards) = WalletHandle::clustered(deps, bus);
                for (name, shard) in shards {
                    keeper.add(name, shard);
                }
                wallet
            }
            _ => WalletHandle::start(db.clone(), wallet_config, clock.clone(), observer, &actors).await?,
        };
        let notifier = notify::from_config(&config.accounts.notifier)?;
        let accounts =
            Accounts::new(db.clone(), clock.clone(), notifier).with_hashing_limit(config.accounts.hashing_concurrency);
        let money = &config.money;
        let cashier = Cashier::new(db.clone(), wallet.clone(), clock.clone())
            .in_mode(money.mode)
            .with_identity_thresholds(money.checks.thresholds);
        if keeper.is_none() {
            let reconciled = cashier.reconcile().await?;
            if reconciled != Default::default() {
                tracing::warn!(?reconciled, "finished cashier decisions interrupted by a restart");
            }
        }
        let game_deps = GameDeps {
            db: db.clone(),
            wallet: wallet.clone(),
            hub: hub.clone(),
            clock: clock.clone(),
            registry: actors.clone(),
            config: Arc::new(config.clone()),
        };
        let (aviator, aviator_fairness, games) = match (&bus, &mut keeper) {
            (Some(bus), Some(keeper)) => {
                let route = Route::clustered(aviator_lease::RESOURCE, bus.clone(), aviator_lease::dispatch());
                keeper.add(
                    aviator_lease::RESOURCE,
                    Rc::new(AviatorLease {
                        config: config.aviator.clone(),
                        db: db.clone(),
                        wallet: wallet.clone(),
                        hub: hub.clone(),
                        clock: clock.clone(),
                        registry: actors.clone(),
                        route: route.clone(),
                    }),
                );
                let fairness = aviator_lease::fairness(&config.aviator, &db, clock.now_ms()).await?;
                (route, fairness, GameRoutes::clustered(game_deps, bus, keeper))
            }
            _ => {
                let (table, fairness) = AviatorTable::start(
                    config.aviator.clone(),
                    db.clone(),
                    wallet.clone(),
                    hub.clone(),
                    clock.clone(),
                    &actors,
                )
                .await?;
                (Route::local(table), fairness, GameRoutes::start_here(game_deps).await?)
            }
        };
        let mut leaving = None;
        if let Some(keeper) = keeper {
            leaving =
                Some(keeper.run().await.context("cluster mode: recording this node and its leases in PostgreSQL")?);
            // Once the wallet shards have owners (every step is keyed, so nodes doing it at once move money once).
            let cashier = cashier.clone();
            actix::spawn(async move {
                match cashier.reconcile().await {
                    Ok(r) if r != Default::default() => {
                        tracing::warn!(reconciled = ?r, "finished cashier decisions interrupted by a restart")
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "cashier decisions not reconciled; the next start retries"),
                }
            });
        }
        // The mode before any route: a start in the other mode than the database's last is refused while players
        // hold anything (or their play points are voided, when the operator chose that).
        match play::settle_mode(&db, &wallet, money.mode, money.change).await? {
            Settled::Same => {}
            settled => tracing::warn!(mode = money.mode.as_str(), ?settled, "the money mode changed"),
        }
        let play = PlayDesk::new(db.clone(), wallet.clone(), clock.clone(), money.mode, money.points);
        let granted = play.grant_missing().await?;
        if granted > 0 {
            tracing::warn!(granted, "gave play points to players who had none");
        }
        let compliance = Compliance::new(db.clone(), money.mode, money.checks.clone());
        let refused = compliance.apply_regions().await?;
        if refused > 0 {
            tracing::warn!(refused, regions = %money.checks.regions.describe(), "players in regions not allowed: bets and deposits refused");
        }
        let tables = Tables {
            hub,
            aviator,
            aviator_fairness,
            rounds: games.rounds,
            mines: games.mines,
            matka: games.matka,
            sports: games.sports,
            exchange: games.exchange,
            parchi: games.parchi,
        };
        Ok(Services { db, clock, accounts, wallet, cashier, play, compliance, tables, actors, leaving })
    }
}

pub struct Application {
    port: u16,
    server: actix_web::dev::Server,
    /// The separate metrics address, when configured.
    metrics: Option<(u16, actix_web::dev::Server)>,
    wallet: WalletHandle,
    stopper: Stopper,
    leaving: Option<Leaving>,
}

/// Stops a server started in this process (the API tests): the HTTP server, the Aviator table, then the
/// database pool, so a stopped server holds no connection and no timer.
#[derive(Clone)]
pub struct Stopper {
    server: actix_web::dev::ServerHandle,
    metrics: Option<actix_web::dev::ServerHandle>,
    aviator: casino_actors::aviator::table::TableRoute,
    rounds: RoundTables,
    matka: casino_actors::matka::desk::MatkaRoute,
    db: Db,
}

impl Stopper {
    pub async fn stop(self) {
        self.server.stop(false).await;
        if let Some(m) = self.metrics {
            m.stop(false).await;
        }
        let _ = self.aviator.send(casino_actors::aviator::table::Shutdown).await;
        self.rounds.shut_down().await;
        let _ = self.matka.send(casino_actors::matka::desk::Shutdown).await;
        self.db.pool.close().await;
    }
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        let listener = TcpListener::bind(&config.bind).with_context(|| format!("binding {}", config.bind))?;
        let port = listener.local_addr()?.port();
        let s = Services::start(&config).await?;
        let leaving = s.leaving.clone();
        let wallet = s.wallet.clone();
        let (aviator, db) = (s.tables.aviator.clone(), s.db.clone());
        let rounds = s.tables.rounds.clone();
        let matka = s.tables.matka.clone();
        let socket_app = GameSocket {
            accounts: s.accounts.clone(),
            aviator: s.tables.aviator.clone(),
            rounds: s.tables.rounds.clone(),
            matka: s.tables.matka.clone(),
            sports: s.tables.sports.clone(),
            parchi: s.tables.parchi.clone(),
        };
        let gateway = s.actors.register("gateway", &families::gateway::FAMILY);
        let client_net = casino_http::auth::ClientNet {
            trusted: config.accounts.trusted_proxies.clone(),
            ipv6_prefix: config.accounts.ipv6_prefix,
        };
        // The socket cap per address names the client as REST limits do (behind the proxy, not the proxy).
        let socket_config =
            casino_http::socketio::SocketConfig { client_net: client_net.clone(), ..config.web.socket.clone() };
        let sockets =
            web::Data::new(SocketState::new(Arc::new(socket_app), s.tables.hub.clone(), socket_config, gateway));
        casino_http::ops::actors::spawn_sampler(s.actors.clone(), s.tables.hub.clone(), s.clock.clone());
        casino_actors::hold::sampler::spawn(s.db.clone(), s.clock.clone());
        let actors = web::Data::new(s.actors.clone());
        let mut app_state = AppState::new(s.db, s.clock, s.accounts, s.wallet, s.cashier, s.tables, s.actors);
        app_state.play = s.play;
        app_state.compliance = s.compliance;
        app_state.load_test_fixtures = config.load_test_fixtures;
        app_state.test_hooks = config.test_hooks;
        app_state.cluster = config.cluster.as_ref().map(|c| casino_http::state::ClusterView {
            node: c.node.clone(),
            lease_ttl_ms: i64::try_from(c.lease_ttl.as_millis()).unwrap_or(i64::MAX),
        });
        let a = &config.accounts;
        app_state.client_net = client_net;
        app_state.login_by_addr = FailureLimiter::new(a.login_failures_per_addr, casino_http::state::LOGIN_WINDOW_MS);
        app_state.signup_by_addr = FailureLimiter::new(a.signups_per_addr_per_hour, 3600 * 1000);
        let state = web::Data::new(Arc::new(app_state));
        let metrics = web::Data::new(telemetry::metrics_handle());
        // What the platform plays for, on every scrape: `casino_money_mode{mode="play"} 1`.
        metrics::gauge!("casino_money_mode", "mode" => config.money.mode.as_str()).set(1.0);
        let web_dir = config.web_dir.clone();
        let actors_for_metrics = actors.clone();
        let security = Arc::new(config.web.http.clone());
        let timeouts = config.web.timeouts;
        let server = HttpServer::new(move || {
            let security = security.clone();
            let app = App::new()
                // A body that has not arrived within its deadline is answered 408 (innermost: the headers still apply).
                .wrap(actix_web::middleware::from_fn(move |req, next| {
                    casino_http::body_timeout::guard(timeouts.body, req, next)
                }))
                // Security headers on every response; cross-site cookie-authenticated writes refused.
                .wrap(actix_web::middleware::from_fn(move |req, next| {
                    casino_http::security::guard(security.clone(), req, next)
                }))
                .wrap(actix_web::middleware::from_fn(casino_http::http_metrics))
                .app_data(state.clone())
                .app_data(metrics.clone())
                .app_data(actors.clone())
                .app_data(sockets.clone())
                .configure(casino_http::api_routes);
            match &web_dir {
                Some(dir) => app.service(casino_http::spa(dir.clone())),
                None => app,
            }
        })
        // Small frames (acks, state) must leave at once: with Nagle's algorithm a frame written while an earlier
        // one awaits its (delayed) ACK waits up to 40 ms.
        .tcp_nodelay(true)
        // A request's head must arrive in time (else 408); an idle connection waits this long for its next request;
        // a closing connection gets a second to flush its last response.
        .client_request_timeout(timeouts.head)
        .keep_alive(timeouts.keep_alive)
        .client_disconnect_timeout(std::time::Duration::from_secs(1))
        .listen(listener)?
        .shutdown_timeout(10)
        .run();
        let database = crate::config::redacted_database_url(&config.database_url);
        tracing::info!(port, %database, "game-server listening");
        let metrics = match &config.metrics_bind {
            Some(bind) => {
                let listener = TcpListener::bind(bind).with_context(|| format!("binding {bind}"))?;
                let metrics_port = listener.local_addr()?.port();
                let handle = web::Data::new(telemetry::metrics_handle());
                let actors = actors_for_metrics;
                let server = HttpServer::new(move || {
                    App::new().app_data(handle.clone()).app_data(actors.clone()).configure(casino_http::metrics_only)
                })
                .workers(1)
                .listen(listener)?
                .run();
                tracing::info!(
                    port = metrics_port,
                    "metrics for Prometheus at /metrics (no login: keep this address private)"
                );
                Some((metrics_port, server))
            }
            None => None,
        };
        let stopper = Stopper {
            server: server.handle(),
            metrics: metrics.as_ref().map(|(_, m)| m.handle()),
            aviator,
            rounds,
            matka,
            db,
        };
        Ok(Application { port, server, metrics, wallet, stopper, leaving })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the separate metrics address, when configured.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(port, _)| *port)
    }

    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// Serves until SIGINT/SIGTERM; in-flight requests finish, then every wallet batch commits.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        if let Some((_, metrics)) = self.metrics {
            let handle = metrics.handle();
            actix_web::rt::spawn(metrics);
            self.server.await?;
            handle.stop(true).await;
        } else {
            self.server.await?;
        }
        if let Some(leaving) = self.leaving {
            // Each lease handed over at its safe point (Aviator's round ends first), so the other nodes take them now
            // rather than at expiry; what is not handed over in time expires as after a crash.
            leaving.give_up_all(std::time::Duration::from_secs(20)).await;
            tracing::info!("leases handed over");
        }
        self.wallet.drain().await;
        tracing::info!("stopped; wallet drained");
        Ok(())
    }
}
