//! Several identical nodes on one PostgreSQL database and a NATS server (cluster mode).
//!
//! - `lease`: every table actor and wallet shard is a resource owned by one node under a lease with a fencing
//!   epoch (SQL, and the pure share each node aims for).
//! - `keeper`: each node's loop that renews its leases, takes free or expired ones up to its share, starts what it
//!   took and stops what it lost.
//! - `remote`: an actor's messages over NATS request/reply: a [`remote::Route`] asks the local actor when this node
//!   owns it, else the owner's subject, with a deadline.
//! - `rooms`: the hub's broadcasts published once per room, and subscribed to only while a room has members here.
//!
//! One node with no configuration uses none of this.

pub mod keeper;
pub mod lease;
pub mod remote;
pub mod rooms;

use serde::{Deserialize, Serialize};
use sqlx::Any;
use std::time::Duration;

/// What an owner proves with every write: the lease it holds and the epoch it was given.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fence {
    pub resource: String,
    pub epoch: i64,
}

impl Fence {
    /// Takes the lease's row in `tx` if it still has this epoch (`FOR SHARE`: a takeover's `UPDATE` waits for `tx`
    /// to end, and any transaction begun after the takeover finds the new epoch). A stale epoch fails the
    /// transaction before anything is written.
    pub async fn prove(&self, tx: &mut sqlx::Transaction<'static, Any>) -> Result<(), sqlx::Error> {
        if !self.holds(tx).await? {
            metrics::counter!("casino_cluster_stale_writes_total", "resource" => self.resource.clone()).increment(1);
            return Err(sqlx::Error::Protocol(format!(
                "stale lease: {} is no longer held at epoch {}",
                self.resource, self.epoch
            )));
        }
        Ok(())
    }

    /// Whether the lease still has this epoch, taking its row in `tx` as [`Fence::prove`] does.
    pub async fn holds(&self, tx: &mut sqlx::Transaction<'static, Any>) -> Result<bool, sqlx::Error> {
        let held = sqlx::query::<Any>("SELECT epoch FROM leases WHERE resource = $1 AND epoch = $2 FOR SHARE")
            .bind(&self.resource)
            .bind(self.epoch)
            .fetch_optional(&mut **tx)
            .await?;
        Ok(held.is_some())
    }
}

/// Cluster mode's settings.
#[derive(Debug, Clone)]
pub struct ClusterConfig {
    /// `CASINO_NODE_ID`, or generated at start.
    pub node: String,
    /// `CASINO_NATS_URL`, e.g. `nats://127.0.0.1:4222`.
    pub nats_url: String,
    /// `CASINO_LEASE_TTL_MS` (5000): a node that stops renewing loses its leases this long after its last renewal.
    pub lease_ttl: Duration,
    /// `CASINO_NATS_DEADLINE_MS` (5000): how long a command to another node may take before it is refused.
    pub deadline: Duration,
    /// Where this node serves HTTP, for the console.
    pub address: String,
}

impl ClusterConfig {
    /// A node id for a node started without one: the host's name and a random suffix.
    pub fn generated_node_id() -> String {
        let host = std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()).unwrap_or_else(|| "node".into());
        format!("{host}-{:06x}", rand::random::<u32>() & 0xff_ffff)
    }
}
