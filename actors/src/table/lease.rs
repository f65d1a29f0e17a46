//! A round table in cluster mode: one per game for the whole cluster, run by the node that holds the game's lease
//! (named after the game). Taking the lease runs the table's restart path (a round left open is void and its tickets
//! refunded once; recorded settles resumed) with every write fenced by the lease's epoch; bets and the console's
//! messages reach it from any node over the bus.

use super::actor::{RoundTable, RoundTableRoute};
use super::messages::{OpenTickets, PlaceBet, Snapshot};
use super::messages::{Shutdown, TableConfig, TableDeps};
use super::operate::{Configure, Suspend, View};
use super::wire::RoundWire;
use crate::cluster::Fence;
use crate::cluster::keeper::{Leased, Running};
use crate::cluster::remote::{Bus, Dispatch, Route};
use crate::observe::Registry;
use futures_util::future::LocalBoxFuture;
use std::sync::Arc;

/// The table of game `G` as a leased resource, and the route other parts of this node reach it by.
pub struct RoundLease<G: RoundWire> {
    config: TableConfig<G::Settings>,
    deps: TableDeps,
    registry: Arc<Registry>,
    pub route: RoundTableRoute<G>,
}

impl<G: RoundWire> RoundLease<G> {
    pub fn new(config: TableConfig<G::Settings>, deps: TableDeps, registry: Arc<Registry>, bus: &Bus) -> RoundLease<G> {
        let route = Route::clustered(G::NAME, bus.clone(), dispatch::<G>());
        RoundLease { config, deps, registry, route }
    }
}

impl<G: RoundWire> Leased for RoundLease<G> {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let mut deps = self.deps.clone();
        deps.db = deps.db.fenced(fence.clone());
        deps.wallet = deps.wallet.fenced(fence);
        let (config, registry, route) = (self.config.clone(), self.registry.clone(), self.route.clone());
        Box::pin(async move {
            let table = RoundTable::<G>::start(config, &deps, &registry).await.map_err(|e| e.to_string())?;
            let serving = route.serve(table.clone()).await.map_err(|e| e.to_string())?;
            Ok(Running::new(move || {
                drop(serving);
                table.do_send(Shutdown);
            }))
        })
    }
}

/// Every message a round table answers from other nodes (cluster mode).
fn dispatch<G: RoundWire>() -> Dispatch<RoundTable<G>> {
    Dispatch::default()
        .with::<PlaceBet<G>>()
        .with::<Snapshot>()
        .with::<OpenTickets>()
        .with::<View>()
        .with::<Configure>()
        .with::<Suspend>()
}
