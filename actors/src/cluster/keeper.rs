//! Each node's lease keeper: every third of the lease's life it records the node as live, renews what it holds,
//! stops what it lost, takes free or expired leases (wallet shards first) up to an even share of the live nodes and
//! at most one above the least loaded of them, gives one up when it holds two more than that node, and hands a
//! lease to the node an operator named at the resource's next safe point. Starting a resource (its restart path: refunds, resumed intents) runs beside the loop, so a slow start
//! never delays a renewal.

use super::Fence;
use super::lease::{self, Held};
use crate::store::Db;
use futures_util::future::LocalBoxFuture;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Something a node runs only while it holds its lease.
pub trait Leased {
    /// Starts it under `fence` (its writes carry the fence); resolves once it runs.
    fn start(&self, fence: Fence) -> LocalBoxFuture<'static, Result<Running, String>>;
}

/// A resource this node runs. Dropping it stops the resource at once.
pub struct Running {
    /// Stops it (the lease is lost or given up).
    pub stop: Box<dyn FnOnce()>,
    /// Resolves at the resource's next safe point (a table's round boundary), having stopped taking new work; `None`
    /// when any moment is safe.
    pub quiesce: Option<Box<dyn FnOnce() -> LocalBoxFuture<'static, ()>>>,
}

impl Running {
    pub fn new(stop: impl FnOnce() + 'static) -> Running {
        Running { stop: Box::new(stop), quiesce: None }
    }
}

enum Slot {
    Starting,
    Running(Running),
    /// Being handed over or given up: ends when the lease has changed hands.
    Leaving,
}

struct Entry {
    fence: Fence,
    slot: Slot,
}

struct State {
    running: HashMap<String, Entry>,
    last_renewal: Instant,
}

/// Stops a running keeper: it takes nothing more and hands every lease over (each at its safe point), so other nodes
/// take them at once instead of at expiry.
#[derive(Clone, Default)]
pub struct Leaving {
    asked: Arc<AtomicBool>,
    held: Arc<AtomicUsize>,
}

impl Leaving {
    /// Asks the keeper to give everything up; resolves when it holds nothing, or after `patience`.
    pub async fn give_up_all(&self, patience: Duration) {
        self.asked.store(true, Ordering::SeqCst);
        let deadline = Instant::now() + patience;
        while self.held.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The keeper of one node's leases.
pub struct Keeper {
    db: Db,
    node: String,
    address: String,
    ttl: Duration,
    resources: BTreeMap<String, Rc<dyn Leased>>,
    state: Rc<RefCell<State>>,
    leaving: Leaving,
}

impl Keeper {
    pub fn new(db: Db, node: String, address: String, ttl: Duration) -> Keeper {
        let state = State { running: HashMap::new(), last_renewal: Instant::now() };
        let state = Rc::new(RefCell::new(state));
        Keeper { db, node, address, ttl, resources: BTreeMap::new(), state, leaving: Leaving::default() }
    }

    /// Adds a resource this node may run.
    pub fn add(&mut self, name: impl Into<String>, resource: Rc<dyn Leased>) {
        self.resources.insert(name.into(), resource);
    }

    fn ttl_ms(&self) -> i64 {
        i64::try_from(self.ttl.as_millis()).unwrap_or(i64::MAX)
    }

    /// Runs the keeper on the current arbiter for the life of the process; the handle that makes it leave.
    pub async fn run(self) -> Result<Leaving, sqlx::Error> {
        let names: Vec<String> = self.resources.keys().cloned().collect();
        lease::ensure(&self.db, &names).await?;
        // Seen before taking anything, so nodes started together share the leases from the first round.
        lease::heartbeat(&self.db, &self.node, &self.address, self.ttl_ms()).await?;
        let leaving = self.leaving.clone();
        let me = Rc::new(self);
        actix::spawn(async move {
            let mut every = tokio::time::interval(me.ttl / 3);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            every.tick().await;
            loop {
                every.tick().await;
                if let Err(e) = me.tick().await {
                    tracing::warn!(error = %e, "lease renewal failed; the next tick retries");
                    me.stop_all_if_unsure();
                }
                me.leaving.held.store(me.state.borrow().running.len(), Ordering::SeqCst);
            }
        });
        Ok(leaving)
    }

    /// Without a renewal for a whole lease, another node may own anything: stop it all (its writes would be refused
    /// anyway).
    fn stop_all_if_unsure(&self) {
        let stale = self.state.borrow().last_renewal.elapsed() >= self.ttl;
        if stale {
            let lost: Vec<String> = self.state.borrow().running.keys().cloned().collect();
            for name in lost {
                self.stop(&name, "no renewal for a whole lease");
            }
        }
    }

    fn stop(&self, name: &str, why: &str) {
        let gone = self.state.borrow_mut().running.remove(name);
        if let Some(Entry { slot: Slot::Running(r), fence }) = gone {
            tracing::warn!(resource = name, epoch = fence.epoch, why, "stopping");
            (r.stop)();
        }
        metrics::gauge!("casino_cluster_leases_held").set(self.state.borrow().running.len() as f64);
    }

    async fn tick(self: &Rc<Self>) -> Result<(), sqlx::Error> {
        let ttl = self.ttl_ms();
        let leaving = self.leaving.asked.load(Ordering::SeqCst);
        // A leaving node stops counting as live at once, so no node gives it a lease or makes room for it.
        let live = if leaving {
            lease::retire(&self.db, &self.node).await?;
            1
        } else {
            lease::heartbeat(&self.db, &self.node, &self.address, ttl).await?
        };
        let held = lease::renew(&self.db, &self.node, ttl).await?;
        self.state.borrow_mut().last_renewal = Instant::now();
        let by_name: HashMap<&str, &Held> = held.iter().map(|h| (h.fence.resource.as_str(), h)).collect();
        // Lost: another node took it (this node was paused or cut off), or an epoch moved on.
        let lost: Vec<String> = self
            .state
            .borrow()
            .running
            .iter()
            .filter(|(name, e)| by_name.get(name.as_str()).is_none_or(|h| h.fence != e.fence))
            .map(|(name, _)| name.clone())
            .collect();
        for name in lost {
            self.stop(&name, "lease lost");
        }
        for h in &held {
            let known = self.state.borrow().running.contains_key(&h.fence.resource);
            match (&h.moving_to, known) {
                // Handed to this node, or left by an earlier run under the same node id: a new epoch, then start.
                (_, false) => {
                    if let Some(fence) = self.retake(&h.fence).await? {
                        self.launch(fence);
                    }
                }
                (Some(to), true) if to != &self.node => self.leave(&h.fence.resource, Some(to.clone())),
                _ => {}
            }
        }
        if leaving {
            let names: Vec<String> = self.state.borrow().running.keys().cloned().collect();
            for name in names {
                self.leave(&name, None);
            }
            return Ok(());
        }
        // Up to an even share, and never more than one above the least loaded other live node, so leases spread.
        let fewest = self.fewest_held().await?;
        let share = lease::share(self.resources.len(), live);
        let limit = fewest.map_or(share, |f| share.min(f + 1));
        let mut count = self.state.borrow().running.len();
        if count < limit {
            for name in lease::free(&self.db).await? {
                if count >= limit {
                    break;
                }
                if !self.resources.contains_key(&name) {
                    continue;
                }
                if let Some(fence) = lease::acquire(&self.db, &name, &self.node, ttl).await? {
                    self.launch(fence);
                    count += 1;
                }
            }
        } else if fewest.is_some_and(|f| count > f + 1) && !self.leaving() {
            // Two more than the least loaded live node (one joined, or came back): give one up, a wallet shard
            // first; that node takes it.
            let pick = {
                let s = self.state.borrow();
                let mut names: Vec<&String> =
                    s.running.iter().filter(|(_, e)| matches!(e.slot, Slot::Running(_))).map(|(n, _)| n).collect();
                names.sort_by_key(|n| (!n.starts_with("wallet:"), n.to_string()));
                names.first().map(|n| n.to_string())
            };
            if let Some(name) = pick {
                self.leave(&name, None);
            }
        }
        let s = self.state.borrow();
        metrics::gauge!("casino_cluster_leases_held").set(s.running.len() as f64);
        for name in self.resources.keys() {
            let owned = if s.running.contains_key(name) { 1.0 } else { 0.0 };
            metrics::gauge!("casino_cluster_lease_owned", "resource" => name.clone(), "node" => self.node.clone())
                .set(owned);
        }
        Ok(())
    }

    /// The fewest leases another live node holds (None: no other node is live).
    async fn fewest_held(&self) -> Result<Option<usize>, sqlx::Error> {
        let nodes = lease::nodes(&self.db, self.ttl_ms()).await?;
        let others = nodes.iter().filter(|n| n.live && n.id != self.node);
        Ok(others.map(|n| usize::try_from(n.leases).unwrap_or(0)).min())
    }

    fn leaving(&self) -> bool {
        self.state.borrow().running.values().any(|e| matches!(e.slot, Slot::Leaving))
    }

    /// A lease held under an epoch this process did not start: a new epoch, so nothing of an earlier run can write.
    async fn retake(&self, old: &Fence) -> Result<Option<Fence>, sqlx::Error> {
        if !self.resources.contains_key(&old.resource) {
            return Ok(None);
        }
        if !lease::hand_over(&self.db, old, Some(&self.node), self.ttl_ms()).await? {
            return Ok(None);
        }
        Ok(Some(Fence { resource: old.resource.clone(), epoch: old.epoch + 1 }))
    }

    /// Starts a resource this node has just taken, beside the loop.
    fn launch(self: &Rc<Self>, fence: Fence) {
        let Some(resource) = self.resources.get(&fence.resource).cloned() else { return };
        let name = fence.resource.clone();
        self.state.borrow_mut().running.insert(name.clone(), Entry { fence: fence.clone(), slot: Slot::Starting });
        tracing::info!(resource = %name, epoch = fence.epoch, node = %self.node, "lease taken; starting");
        let me = self.clone();
        actix::spawn(async move {
            let started = resource.start(fence.clone()).await;
            let failed = {
                let mut s = me.state.borrow_mut();
                let current = s.running.get_mut(&name).filter(|e| e.fence == fence && matches!(e.slot, Slot::Starting));
                match (started, current) {
                    (Ok(running), Some(entry)) => {
                        entry.slot = Slot::Running(running);
                        None
                    }
                    // Lost while starting: stop it again.
                    (Ok(running), None) => {
                        (running.stop)();
                        None
                    }
                    (Err(e), _) => {
                        s.running.remove(&name);
                        Some(e)
                    }
                }
            };
            if let Some(e) = failed {
                tracing::error!(resource = %name, error = %e, "could not start; giving the lease up");
                let _ = lease::hand_over(&me.db, &fence, None, me.ttl_ms()).await;
            }
        });
    }

    /// Hands a running resource over (to `to`, or to whoever takes it first) at its next safe point.
    fn leave(self: &Rc<Self>, name: &str, to: Option<String>) {
        let (fence, running) = {
            let mut s = self.state.borrow_mut();
            let Some(entry) = s.running.get_mut(name) else { return };
            if !matches!(entry.slot, Slot::Running(_)) {
                return;
            }
            let Slot::Running(r) = std::mem::replace(&mut entry.slot, Slot::Leaving) else { return };
            (entry.fence.clone(), r)
        };
        tracing::info!(resource = name, to = ?to, "handing the lease over at the next safe point");
        let me = self.clone();
        actix::spawn(async move {
            let Running { stop, quiesce } = running;
            if let Some(q) = quiesce {
                q().await;
            }
            stop();
            let handed = lease::hand_over(&me.db, &fence, to.as_deref(), me.ttl_ms()).await;
            if let Err(e) = &handed {
                tracing::warn!(resource = %fence.resource, error = %e, "hand-over not recorded; the lease expires");
            }
            me.state.borrow_mut().running.remove(&fence.resource);
        });
    }
}
