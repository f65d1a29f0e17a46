//! The exchange stream's markets mapped to our matches (migration 0021): an operator maps one feed market to a new
//! match of ours (its id from the desk's sequence, kept here so bets name the same match after a restart); the desk
//! resumes every `active` mapping at start (the stream images the market again on subscription, so nothing is
//! replayed) and marks one `ended` once its match has published the settlement the feed gave.

use super::stream::provider::{Mapping, RunnerMap};
use crate::clock::EpochMs;
use crate::store::{Db, StoreError};
use serde::{Deserialize, Serialize};
use sqlx::Any;

/// A mapping's state: followed, or settled and done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FeedMarketStatus {
    Active,
    Ended,
}

/// A mapping as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedMarket {
    #[serde(with = "mapping_serde")]
    pub mapping: Mapping,
    pub status: FeedMarketStatus,
    pub created_at: EpochMs,
}

/// A runner as the row's JSON keeps it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RunnerJson {
    selection_id: i64,
    feed_id: i64,
    name: String,
}

/// `Mapping` (which the stream's module keeps free of serde) as a message between nodes carries it.
mod mapping_serde {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct M {
        match_id: i64,
        sport_id: i64,
        name: String,
        competition: String,
        starts_at: EpochMs,
        teams: [String; 2],
        market_id: String,
        runners: Vec<RunnerJson>,
    }

    pub fn serialize<S: serde::Serializer>(m: &Mapping, s: S) -> Result<S::Ok, S::Error> {
        M {
            match_id: m.match_id,
            sport_id: m.sport_id,
            name: m.name.clone(),
            competition: m.competition.clone(),
            starts_at: m.starts_at,
            teams: m.teams.clone(),
            market_id: m.market_id.clone(),
            runners: m.runners.iter().map(to_json).collect(),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Mapping, D::Error> {
        let m = M::deserialize(d)?;
        Ok(Mapping {
            match_id: m.match_id,
            sport_id: m.sport_id,
            name: m.name,
            competition: m.competition,
            starts_at: m.starts_at,
            teams: m.teams,
            market_id: m.market_id,
            runners: m.runners.into_iter().map(from_json).collect(),
        })
    }
}

fn to_json(r: &RunnerMap) -> RunnerJson {
    RunnerJson { selection_id: r.selection_id, feed_id: r.feed_id, name: r.name.clone() }
}

fn from_json(r: RunnerJson) -> RunnerMap {
    RunnerMap { selection_id: r.selection_id, feed_id: r.feed_id, name: r.name }
}

#[derive(sqlx_macros::FromRow)]
struct Row {
    feed_market_id: String,
    match_id: i64,
    sport_id: i64,
    name: String,
    competition: String,
    starts_at: i64,
    team_a: String,
    team_b: String,
    runners: String,
    status: String,
    created_at: i64,
}

impl TryFrom<Row> for FeedMarket {
    type Error = StoreError;
    fn try_from(r: Row) -> Result<FeedMarket, StoreError> {
        let runners: Vec<RunnerJson> = serde_json::from_str(&r.runners)
            .map_err(|e| StoreError::Corrupt(format!("feed market {}: runners: {e}", r.feed_market_id)))?;
        let status = match r.status.as_str() {
            "active" => FeedMarketStatus::Active,
            "ended" => FeedMarketStatus::Ended,
            other => return Err(StoreError::Corrupt(format!("feed market status {other}"))),
        };
        Ok(FeedMarket {
            mapping: Mapping {
                match_id: r.match_id,
                sport_id: r.sport_id,
                name: r.name,
                competition: r.competition,
                starts_at: r.starts_at,
                teams: [r.team_a, r.team_b],
                market_id: r.feed_market_id,
                runners: runners.into_iter().map(from_json).collect(),
            },
            status,
            created_at: r.created_at,
        })
    }
}

const COLUMNS: &str =
    "feed_market_id, match_id, sport_id, name, competition, starts_at, team_a, team_b, runners, status, created_at";

/// Records a new mapping, `active`; `false` when its feed market (or its match) is mapped already (nothing changes).
pub async fn insert(db: &Db, m: &Mapping, now: EpochMs) -> Result<bool, StoreError> {
    let runners = serde_json::to_string(&m.runners.iter().map(to_json).collect::<Vec<_>>())
        .map_err(|e| StoreError::Corrupt(format!("runners: {e}")))?;
    let done = db
        .execute(
            sqlx::query::<Any>(sqlx::AssertSqlSafe(format!(
                "INSERT INTO sports_feed_markets ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'active', $10) \
                 ON CONFLICT DO NOTHING"
            )))
            .bind(m.market_id.clone())
            .bind(m.match_id)
            .bind(m.sport_id)
            .bind(m.name.clone())
            .bind(m.competition.clone())
            .bind(m.starts_at)
            .bind(m.teams[0].clone())
            .bind(m.teams[1].clone())
            .bind(runners)
            .bind(now),
        )
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Every mapping, newest first (`active_only`: those still followed).
pub async fn list(db: &Db, active_only: bool) -> Result<Vec<FeedMarket>, StoreError> {
    let filter = if active_only { "WHERE status = 'active'" } else { "" };
    // Only constants are formatted in.
    let sql = format!("SELECT {COLUMNS} FROM sports_feed_markets {filter} ORDER BY match_id DESC");
    let rows = sqlx::query_as::<Any, Row>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    rows.into_iter().map(FeedMarket::try_from).collect()
}

/// The match ids of the active mappings: a restart resumes them (see `store::resumed_ids`).
pub async fn active_match_ids(db: &Db) -> Result<Vec<i64>, StoreError> {
    Ok(list(db, true).await?.into_iter().map(|m| m.mapping.match_id).collect())
}

/// The highest match id ever mapped (the desk's sequence goes past it).
pub async fn last_match_id(db: &Db) -> Result<Option<i64>, StoreError> {
    Ok(list(db, false).await?.first().map(|m| m.mapping.match_id))
}

/// The mapping of `match_id` is done: its match has published the feed's settlement.
pub async fn ended(db: &Db, match_id: i64) -> Result<(), StoreError> {
    db.execute(
        sqlx::query::<Any>("UPDATE sports_feed_markets SET status = 'ended' WHERE match_id = $1 AND status = 'active'")
            .bind(match_id),
    )
    .await?;
    Ok(())
}
