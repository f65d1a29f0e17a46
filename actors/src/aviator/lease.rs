//! Aviator in cluster mode: one table for the whole cluster, run by the node that holds the `aviator` lease. Taking
//! the lease runs the table's restart path (the round left open by the last owner is void and every open bet
//! refunded exactly once; recorded intents resumed), with every write fenced by the lease's epoch. Players' and
//! operators' messages reach it from any node over the bus.

use super::chains::{ChainSettings, Fairness};
use super::operate::{Configure, Inspect, Settings, Suspend};
use super::table::{AviatorConfig, AviatorTable, CancelBet, CashOut, HandOver, OpenBets, PlaceBet, Shutdown, Snapshot};
use crate::clock::{EpochMs, SharedClock};
use crate::cluster::Fence;
use crate::cluster::keeper::{Leased, Running};
use crate::cluster::remote::{Dispatch, Route};
use crate::hub::HubAddr;
use crate::observe::Registry;
use crate::store::Db;
use crate::wallet::{WalletError, WalletHandle};
use futures_util::future::LocalBoxFuture;
use std::sync::Arc;
use std::time::Duration;

/// The lease's name.
pub const RESOURCE: &str = "aviator";

/// Every message the table answers from other nodes.
pub fn dispatch() -> Dispatch<AviatorTable> {
    Dispatch::default()
        .with::<PlaceBet>()
        .with::<CancelBet>()
        .with::<CashOut>()
        .with::<Snapshot>()
        .with::<OpenBets>()
        .with::<Settings>()
        .with::<Inspect>()
        .with::<Configure>()
        .with::<Suspend>()
}

/// The table as a leased resource.
pub struct AviatorLease {
    pub config: AviatorConfig,
    pub db: Db,
    pub wallet: WalletHandle,
    pub hub: HubAddr,
    pub clock: SharedClock,
    pub registry: Arc<Registry>,
    pub route: Route<AviatorTable>,
}

impl Leased for AviatorLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let (config, hub, clock, registry) =
            (self.config.clone(), self.hub.clone(), self.clock.clone(), self.registry.clone());
        let (db, wallet) = (self.db.fenced(fence.clone()), self.wallet.fenced(fence));
        let route = self.route.clone();
        Box::pin(async move {
            let (table, _) =
                AviatorTable::start(config, db, wallet, hub, clock, &registry).await.map_err(|e| e.to_string())?;
            let serving = route.serve(table.clone()).await.map_err(|e| e.to_string())?;
            let at_boundary = table.clone();
            Ok(Running {
                stop: Box::new(move || {
                    drop(serving);
                    table.do_send(Shutdown);
                }),
                quiesce: Some(Box::new(move || {
                    Box::pin(async move {
                        let _ = at_boundary.send(HandOver).await;
                    })
                })),
            })
        })
    }
}

/// How often a node reads back the chains the owner created or salted.
const REFRESH_CHAINS: Duration = Duration::from_secs(5);

/// The hash chains as this node's HTTP calls show them (fairness, verification, the console). The owner's table
/// keeps its own; a chain created or salted by whichever node owns the table is read back within a few seconds.
pub async fn fairness(config: &AviatorConfig, db: &Db, now: EpochMs) -> Result<Arc<Fairness>, WalletError> {
    let next = super::store::next_round_id(db).await?;
    let settings = ChainSettings {
        length: config.chain_length,
        house_edge_bp: config.rules.house_edge_bp,
        salt_source: config.salt_source.as_deref().map(Arc::from),
        seed_key: config.seed_key.clone(),
    };
    let fairness = Arc::new(super::chains::load(db, &settings, next, now).await?);
    let (db, shown) = (db.clone(), fairness.clone());
    actix::spawn(async move {
        let mut every = tokio::time::interval(REFRESH_CHAINS);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let read =
                async { super::chains::refresh(&db, &shown, &settings, super::store::next_round_id(&db).await?).await };
            if let Err(e) = read.await {
                tracing::warn!(error = %e, "reading back the Aviator chains failed; the next tick tries again");
            }
        }
    });
    Ok(fairness)
}
