//! Leases in PostgreSQL: which node owns each resource, until when, and under which fencing epoch. Every time is the
//! database's clock, so the nodes' own clocks never decide who owns what.

use super::Fence;
use crate::store::Db;
use sqlx::Any;

/// The database's clock, in milliseconds.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// A lease this node holds, as the last renewal found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub fence: Fence,
    /// An operator asked for it to be handed to this node at the next round boundary.
    pub moving_to: Option<String>,
}

/// One lease as the console shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaseRow {
    pub resource: String,
    pub owner: Option<String>,
    pub epoch: i64,
    /// Milliseconds until it expires (negative: expired).
    pub expires_in_ms: i64,
    pub moving_to: Option<String>,
}

/// One node as the console shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeRow {
    pub id: String,
    pub address: String,
    /// Milliseconds since its last heartbeat.
    pub seen_ms_ago: i64,
    pub live: bool,
    pub leases: i64,
}

/// How many resources a node aims to own: an even share over the live nodes, rounded up.
pub fn share(resources: usize, live_nodes: usize) -> usize {
    resources.div_ceil(live_nodes.max(1))
}

/// Creates the lease rows of `resources` if missing (unowned).
pub async fn ensure(db: &Db, resources: &[String]) -> Result<(), sqlx::Error> {
    for r in resources {
        sqlx::query::<Any>("INSERT INTO leases (resource) VALUES ($1) ON CONFLICT (resource) DO NOTHING")
            .bind(r)
            .execute(&db.pool)
            .await?;
    }
    Ok(())
}

/// Records this node as live now; answers how many nodes are live (seen within `ttl_ms`).
pub async fn heartbeat(db: &Db, node: &str, address: &str, ttl_ms: i64) -> Result<usize, sqlx::Error> {
    let sql = format!(
        "INSERT INTO cluster_nodes (id, address, started_at, seen_at) VALUES ($1, $2, {NOW_MS}, {NOW_MS}) \
         ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, address = excluded.address"
    );
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(node).bind(address).execute(&db.pool).await?;
    let sql = format!("SELECT COUNT(*) FROM cluster_nodes WHERE seen_at > {NOW_MS} - $1");
    let live: i64 = sqlx::query_scalar::<Any, i64>(sqlx::AssertSqlSafe(sql)).bind(ttl_ms).fetch_one(&db.pool).await?;
    Ok(usize::try_from(live).unwrap_or(1).max(1))
}

/// Marks a node as gone (it is stopping): no longer live for the others' shares.
pub async fn retire(db: &Db, node: &str) -> Result<(), sqlx::Error> {
    sqlx::query::<Any>("UPDATE cluster_nodes SET seen_at = 0 WHERE id = $1").bind(node).execute(&db.pool).await?;
    Ok(())
}

/// A lease as `renew` finds it.
#[derive(sqlx_macros::FromRow)]
struct RenewedRow {
    resource: String,
    epoch: i64,
    moving_to: Option<String>,
}

/// Extends every lease this node owns; answers them (a lease missing from the answer was lost).
pub async fn renew(db: &Db, node: &str, ttl_ms: i64) -> Result<Vec<Held>, sqlx::Error> {
    let sql =
        format!("UPDATE leases SET expires_at = {NOW_MS} + $2 WHERE owner = $1 RETURNING resource, epoch, moving_to");
    let rows =
        sqlx::query_as::<Any, RenewedRow>(sqlx::AssertSqlSafe(sql)).bind(node).bind(ttl_ms).fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|r| Held { fence: Fence { resource: r.resource, epoch: r.epoch }, moving_to: r.moving_to })
        .collect())
}

/// Resources nobody holds now (never owned, released, or expired), wallet shards first.
pub async fn free(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let sql = format!(
        "SELECT resource FROM leases WHERE owner IS NULL OR expires_at < {NOW_MS} \
         ORDER BY (resource LIKE 'wallet:%') DESC, random()"
    );
    sqlx::query_scalar::<Any, String>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await
}

/// Takes `resource` if it is still free: a new epoch, owned by `node` for `ttl_ms`.
pub async fn acquire(db: &Db, resource: &str, node: &str, ttl_ms: i64) -> Result<Option<Fence>, sqlx::Error> {
    let sql = format!(
        "UPDATE leases SET owner = $2, epoch = epoch + 1, expires_at = {NOW_MS} + $3, moving_to = NULL \
         WHERE resource = $1 AND (owner IS NULL OR expires_at < {NOW_MS}) RETURNING epoch"
    );
    let epoch = sqlx::query_scalar::<Any, i64>(sqlx::AssertSqlSafe(sql))
        .bind(resource)
        .bind(node)
        .bind(ttl_ms)
        .fetch_optional(&db.pool)
        .await?;
    Ok(epoch.map(|epoch| Fence { resource: resource.to_string(), epoch }))
}

/// Gives a held lease up: to nobody, or straight to `to` (a new epoch either way, so the old owner's writes are
/// refused from now on). Answers whether this fence still held it.
pub async fn hand_over(db: &Db, fence: &Fence, to: Option<&str>, ttl_ms: i64) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "UPDATE leases SET owner = $3, epoch = epoch + 1, moving_to = NULL, \
         expires_at = CASE WHEN $3 IS NULL THEN 0 ELSE {NOW_MS} + $4 END \
         WHERE resource = $1 AND epoch = $2"
    );
    let done = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql))
        .bind(&fence.resource)
        .bind(fence.epoch)
        .bind(to)
        .bind(ttl_ms)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Asks the owner of `resource` to hand it to `to` at its next round boundary. Answers whether the lease exists
/// and `to` is a live node.
pub async fn request_move(db: &Db, resource: &str, to: &str, ttl_ms: i64) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "UPDATE leases SET moving_to = $2 WHERE resource = $1 AND owner IS NOT NULL AND owner <> $2 \
         AND EXISTS (SELECT 1 FROM cluster_nodes WHERE id = $2 AND seen_at > {NOW_MS} - $3)"
    );
    let done =
        sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(resource).bind(to).bind(ttl_ms).execute(&db.pool).await?;
    Ok(done.rows_affected() == 1)
}

/// A lease as the database has it, for the console.
#[derive(sqlx_macros::FromRow)]
struct LeaseDbRow {
    resource: String,
    owner: Option<String>,
    epoch: i64,
    expires_in_ms: i64,
    moving_to: Option<String>,
}

/// Every lease, for the console.
pub async fn leases(db: &Db) -> Result<Vec<LeaseRow>, sqlx::Error> {
    let sql = format!(
        "SELECT resource, owner, epoch, expires_at - {NOW_MS} AS expires_in_ms, moving_to FROM leases ORDER BY resource"
    );
    let rows = sqlx::query_as::<Any, LeaseDbRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|r| LeaseRow {
            resource: r.resource,
            owner: r.owner,
            epoch: r.epoch,
            expires_in_ms: r.expires_in_ms,
            moving_to: r.moving_to,
        })
        .collect())
}

/// A node as the database has it, for the console.
#[derive(sqlx_macros::FromRow)]
struct NodeDbRow {
    id: String,
    address: String,
    seen_ms_ago: i64,
    leases: i64,
}

/// Every node seen, with how many leases it holds now, for the console.
pub async fn nodes(db: &Db, ttl_ms: i64) -> Result<Vec<NodeRow>, sqlx::Error> {
    let sql = format!(
        "SELECT n.id, n.address, {NOW_MS} - n.seen_at AS seen_ms_ago, \
         (SELECT COUNT(*) FROM leases l WHERE l.owner = n.id AND l.expires_at > {NOW_MS}) AS leases \
         FROM cluster_nodes n ORDER BY n.id"
    );
    let rows = sqlx::query_as::<Any, NodeDbRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    Ok(rows
        .into_iter()
        .map(|r| NodeRow {
            id: r.id,
            address: r.address,
            seen_ms_ago: r.seen_ms_ago,
            live: r.seen_ms_ago < ttl_ms,
            leases: r.leases,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn shares_cover_every_resource() {
        for resources in 0..40 {
            for nodes in 1..6 {
                assert!(share(resources, nodes) * nodes >= resources);
                assert!(share(resources, nodes) <= resources.max(1));
            }
        }
        assert_eq!(share(10, 3), 4);
        assert_eq!(share(10, 0), 10);
    }
}
