//! The simulated matches' rows (migration 0019), so matches survive a restart and a failover: a match is recorded
//! (its sport, seed and start: the simulator is a function of these) before it publishes anything, and how far a
//! restart replays it is written before a step past it is published (a few steps ahead, so a match writes once every
//! few steps). A node that starts the sports desk replays each unfinished match that far, silently, and goes on from
//! there: never behind what players saw (nobody sees a step before it happens again), at most a few steps past it;
//! the exchange's markets and the three-card games on it stay open and settle against the match's real end.

use crate::clock::EpochMs;
use crate::store::{Db, StoreError};
use sqlx::Any;

/// A match as recorded: enough to rebuild it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    pub match_id: i64,
    pub sport_id: i64,
    pub seed: u64,
    pub starts_at: EpochMs,
    /// A test's match, moved only when asked.
    pub manual: bool,
    /// How many steps a restart replays (the provider's own deltas; heartbeats are not steps): at least those
    /// published.
    pub steps: u32,
}

#[derive(sqlx_macros::FromRow)]
struct Row {
    match_id: i64,
    sport_id: i64,
    seed: i64,
    starts_at: i64,
    manual: i64,
    steps: i64,
}

/// Records a new match (again: nothing changes).
pub async fn launched(db: &Db, m: &Recorded, now: EpochMs) -> Result<(), StoreError> {
    db.execute(
        sqlx::query::<Any>(
            "INSERT INTO sports_matches (match_id, sport_id, seed, starts_at, manual, steps, finished, created_at) \
             VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT (match_id) DO NOTHING",
        )
        .bind(m.match_id)
        .bind(m.sport_id)
        // The seed's bits as a signed integer: SQL has no unsigned 64-bit type.
        .bind(m.seed as i64)
        .bind(m.starts_at)
        .bind(i64::from(m.manual))
        .bind(now),
    )
    .await?;
    Ok(())
}

/// A restart replays the match `steps` steps. The count only grows: writes that arrive out of order change nothing.
pub async fn played(db: &Db, match_id: i64, steps: u32) -> Result<(), StoreError> {
    db.execute(
        sqlx::query::<Any>("UPDATE sports_matches SET steps = $2 WHERE match_id = $1 AND steps <= $2 AND finished = 0")
            .bind(match_id)
            .bind(i64::from(steps)),
    )
    .await?;
    Ok(())
}

/// A finished match is done with (it has lingered: its settlements are long recorded): a restart no longer resumes
/// it, a simulated one (`sports_matches`) or a stream's (its feed market mapping ends).
pub async fn done(db: &Db, match_id: i64) -> Result<(), StoreError> {
    db.execute(sqlx::query::<Any>("UPDATE sports_matches SET finished = 1 WHERE match_id = $1").bind(match_id)).await?;
    super::feed_markets::ended(db, match_id).await
}

/// Every match not finished, oldest first.
pub async fn unfinished(db: &Db) -> Result<Vec<Recorded>, StoreError> {
    let rows = sqlx::query_as::<Any, Row>(
        "SELECT match_id, sport_id, seed, starts_at, manual, steps FROM sports_matches WHERE finished = 0 \
         ORDER BY match_id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Recorded {
            match_id: r.match_id,
            sport_id: r.sport_id,
            seed: r.seed as u64,
            starts_at: r.starts_at,
            manual: r.manual != 0,
            steps: u32::try_from(r.steps).unwrap_or(0),
        })
        .collect())
}

/// The ids of the matches a starting desk resumes (the unfinished simulated ones and those of the stream's active
/// mappings, whose feed will settle them): the exchange and the three-card game keep what is open on them.
pub async fn resumed_ids(db: &Db) -> Result<std::collections::BTreeSet<i64>, StoreError> {
    let mut ids: std::collections::BTreeSet<i64> = unfinished(db).await?.into_iter().map(|m| m.match_id).collect();
    ids.extend(super::feed_markets::active_match_ids(db).await?);
    Ok(ids)
}
