//! Several identical nodes on one PostgreSQL database and a NATS server (cluster mode).
//!
//! - `lease`: every table actor and wallet shard is a resource owned by one node under a lease with a fencing
//!   epoch (SQL, and the pure share each node aims for).
//! - `keeper`: each node's loop that renews its leases, takes free or expired ones up to its share, starts what it
//!   took and stops what it lost.
//! - `remote`: an actor's messages over NATS request/reply: a [`remote::Route`] asks the local actor when this node
//!   owns it, else the owner's subject, with a deadline.
//! - `rooms`: the hub's broadcasts published once per room, and subscribed to only while a room has members here.
//! - `signed`: every message between nodes signed with the cluster secret, and checked by its receiver.
//! - `nats`: an authenticated (and optionally TLS) connection to NATS.
//!
//! One node with no configuration uses none of this.

pub mod keeper;
pub mod lease;
pub mod nats;
pub mod remote;
pub mod rooms;
pub mod signed;

/// The NATS client crate, for callers that speak to the bus directly (tests).
pub use async_nats;

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
    /// How this node authenticates to NATS, and TLS.
    pub nats: nats::NatsAccess,
    /// `CASINO_CLUSTER_SECRET`: signs every message between nodes; the same on every node, at least 32 bytes.
    pub secret: Option<signed::Secret>,
    /// `CASINO_CLUSTER_MAX_SKEW_MS` (30000): a message signed further than this from the receiver's clock is dropped.
    pub max_skew: Duration,
}

impl ClusterConfig {
    /// Refuses a cluster that would trust its bus blindly: no secret or a short one, NATS without authentication
    /// (unless `CASINO_NATS_INSECURE=1`), settings that do not go together, or a URL that is not `nats://` or
    /// `tls://`.
    pub fn check(&self) -> Result<(), String> {
        if !(self.nats_url.starts_with("nats://") || self.nats_url.starts_with("tls://")) {
            return Err("CASINO_NATS_URL must look like nats://127.0.0.1:4222 (or tls://… for TLS)".into());
        }
        match &self.secret {
            None => {
                return Err(
                    "cluster mode needs CASINO_CLUSTER_SECRET (at least 32 bytes, the same on every node, e.g. \
                     `openssl rand -hex 32`): every message between nodes is signed with it"
                        .into(),
                );
            }
            Some(secret) => secret.check()?,
        }
        if self.max_skew.is_zero() {
            return Err("CASINO_CLUSTER_MAX_SKEW_MS must be above 0".into());
        }
        self.nats.check()
    }

    /// A node id for a node started without one: the host's name and a random suffix.
    pub fn generated_node_id() -> String {
        let host = std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()).unwrap_or_else(|| "node".into());
        format!("{host}-{:06x}", rand::random::<u32>() & 0xff_ffff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> ClusterConfig {
        ClusterConfig {
            node: "node-1".into(),
            nats_url: "nats://127.0.0.1:4222".into(),
            lease_ttl: Duration::from_secs(5),
            deadline: Duration::from_secs(5),
            address: "127.0.0.1:8080".into(),
            nats: nats::NatsAccess { token: Some("t".into()), ..nats::NatsAccess::default() },
            secret: Some(signed::Secret::new("0123456789abcdef0123456789abcdef")),
            max_skew: signed::DEFAULT_MAX_SKEW,
        }
    }

    #[test]
    fn a_cluster_needs_a_long_secret_and_nats_authentication() {
        assert_eq!(config().check(), Ok(()));
        let no_secret = ClusterConfig { secret: None, ..config() };
        assert!(no_secret.check().unwrap_err().contains("CASINO_CLUSTER_SECRET"));
        let short = ClusterConfig { secret: Some(signed::Secret::new("0123456789abcdef0123456789abcde")), ..config() };
        assert!(short.check().unwrap_err().contains("at least 32"));
        let anonymous = ClusterConfig { nats: nats::NatsAccess::default(), ..config() };
        assert!(anonymous.check().unwrap_err().contains("CASINO_NATS_INSECURE=1"));
        let insecure = nats::NatsAccess { insecure: true, ..nats::NatsAccess::default() };
        assert_eq!(ClusterConfig { nats: insecure.clone(), ..config() }.check(), Ok(()));
        let waived = ClusterConfig { nats: insecure, secret: None, ..config() };
        assert!(waived.check().unwrap_err().contains("CASINO_CLUSTER_SECRET"), "insecure never waives the secret");
    }

    #[test]
    fn only_nats_and_tls_urls_are_taken() {
        assert_eq!(ClusterConfig { nats_url: "tls://nats.internal:4222".into(), ..config() }.check(), Ok(()));
        for bad in ["127.0.0.1:4222", "http://127.0.0.1:4222"] {
            assert!(ClusterConfig { nats_url: bad.into(), ..config() }.check().is_err(), "{bad}");
        }
    }
}
