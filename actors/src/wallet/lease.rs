//! Wallet shards in cluster mode: each shard is a lease (`wallet:{index}`); the node that holds it runs the shard,
//! every batch fenced by the lease's epoch, and every other node reaches it over the bus.

use super::shard::{Apply, Drain, Observer, Stop, WalletConfig, WalletHandle, WalletShard, launch};
use crate::clock::SharedClock;
use crate::cluster::Fence;
use crate::cluster::keeper::{Leased, Running};
use crate::cluster::remote::{Bus, Dispatch, Route};
use crate::observe::Registry;
use crate::store::Db;
use actix::prelude::*;
use futures_util::future::LocalBoxFuture;
use std::rc::Rc;
use std::sync::Arc;

/// A shard's lease name and what starts it.
pub type LeasedShard = (String, Rc<dyn Leased>);

/// What starting a shard needs, kept for when its lease is taken again.
#[derive(Clone)]
pub struct ShardDeps {
    pub db: Db,
    pub config: WalletConfig,
    pub clock: SharedClock,
    pub observer: Option<Observer>,
    pub registry: Arc<Registry>,
}

impl WalletHandle {
    /// Cluster mode: every shard reached over the bus until this node takes its lease; the returned resources
    /// (`wallet:{index}`) start a shard when their lease is taken.
    pub fn clustered(deps: ShardDeps, bus: &Bus) -> (WalletHandle, Vec<LeasedShard>) {
        let arbiter = Arbiter::new().handle();
        let mut shards = Vec::new();
        let mut leased: Vec<LeasedShard> = Vec::new();
        for index in 0..deps.config.shards.max(1) {
            let name = format!("wallet:{index}");
            let route = Route::clustered(&name, bus.clone(), Dispatch::default().with::<Apply>());
            let lease = ShardLease { index, deps: deps.clone(), route: route.clone(), arbiter: arbiter.clone() };
            leased.push((name, Rc::new(lease)));
            shards.push(route);
        }
        (WalletHandle { shards: Arc::new(shards), fence: None }, leased)
    }
}

/// A wallet shard as a leased resource (cluster mode).
struct ShardLease {
    index: usize,
    deps: ShardDeps,
    route: Route<WalletShard>,
    arbiter: ArbiterHandle,
}

impl Leased for ShardLease {
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>> {
        let (index, d, route, arbiter) = (self.index, self.deps.clone(), self.route.clone(), self.arbiter.clone());
        Box::pin(async move {
            // Every batch of this shard proves the lease's epoch in its own transaction.
            let db = d.db.fenced(fence);
            let shard = launch(&db, index, &d.config, &d.clock, &d.observer, &d.registry, &arbiter)
                .await
                .map_err(|e| e.to_string())?;
            let serving = route.serve(shard.clone()).await.map_err(|e| e.to_string())?;
            let draining = shard.clone();
            Ok(Running {
                stop: Box::new(move || {
                    drop(serving);
                    shard.do_send(Stop);
                }),
                // Handed over once what it was given has committed.
                quiesce: Some(Box::new(move || {
                    Box::pin(async move {
                        let _ = draining.send(Drain).await;
                    })
                })),
            })
        })
    }
}
