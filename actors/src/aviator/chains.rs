//! The hash chains Aviator plays, one after another, so the table never runs out of rounds.
//!
//! Chain `c` covers rounds `first_round ..= first_round + length − 1`; round `r` plays game `r − first_round + 1`
//! of it (see `fair` for how a game's crash point follows from its hash). There is always one chain that has not
//! started yet: it is created, and its commitment published at `/api/aviator/fairness`, when the chain before it
//! starts, a whole chain's length of rounds before its own first round. Every chain's commitment is kept, so any
//! past round verifies against the chain it was played on. The house edge of a chain is the configured edge at
//! the time it was created, and never changes after.

use super::fair::{self, Checkpoints, Hash, HashChain};
use super::rules::RoundSeed;
use super::store::parse_hash;
use crate::clock::EpochMs;
use crate::ids::RoundId;
use crate::store::Db;
use crate::wallet::WalletError;
use rand::RngCore;
use sqlx::{Any, Row};
use std::sync::{Arc, RwLock};

/// One committed chain. Its hashes are kept in memory only while its rounds can still be played.
#[derive(Debug)]
pub struct Chain {
    pub id: i64,
    pub first_round: i64,
    pub length: usize,
    pub salt: String,
    pub commitment: Hash,
    pub house_edge_bp: u32,
    pub created_at: EpochMs,
    checkpoints: Checkpoints,
    hashes: Option<HashChain>,
}

impl Chain {
    pub fn last_round(&self) -> i64 {
        self.first_round + self.length as i64 - 1
    }

    pub fn contains(&self, round: RoundId) -> bool {
        (self.first_round..=self.last_round()).contains(&round.0)
    }

    /// The game of this chain that `round` plays (1-based).
    pub fn game(&self, round: RoundId) -> Option<usize> {
        self.contains(round).then(|| (round.0 - self.first_round + 1) as usize)
    }

    /// Which game of this chain a revealed hash is, if any (at most [`fair::CHECKPOINT_EVERY`] hashes).
    pub fn game_of(&self, revealed: &Hash) -> Option<usize> {
        self.checkpoints.game_of(revealed)
    }
}

/// A revealed round checked against its chain.
#[derive(Debug)]
pub struct Verified {
    pub chain: Arc<Chain>,
    pub computed_crash_point: u64,
    /// The game of the chain the hash is (`None`: not a hash of this chain).
    pub game: Option<usize>,
}

/// The provably fair commitments of this server: every chain, oldest first.
#[derive(Debug, Default)]
pub struct Fairness {
    chains: RwLock<Vec<Arc<Chain>>>,
}

impl Fairness {
    pub fn chains(&self) -> Vec<Arc<Chain>> {
        self.chains.read().map(|c| c.clone()).unwrap_or_default()
    }

    pub fn chain_for(&self, round: RoundId) -> Option<Arc<Chain>> {
        self.chains().into_iter().find(|c| c.contains(round))
    }

    /// Round `round`'s fair data; `None` if no loaded chain covers it.
    pub fn seed_for(&self, round: RoundId) -> Option<RoundSeed> {
        let chain = self.chain_for(round)?;
        let hash = chain.hashes.as_ref()?.game_hash(chain.game(round)? as u64)?;
        Some(RoundSeed::from_hash(round, hash, &chain.salt, chain.house_edge_bp))
    }

    /// Recomputes a revealed round: its crash point from the hash, and the hash's place in its round's chain.
    pub fn verify(&self, round: RoundId, revealed: &Hash) -> Option<Verified> {
        let chain = self.chain_for(round)?;
        let computed_crash_point = fair::crash_point_hundredths(revealed, &chain.salt, chain.house_edge_bp);
        let game = chain.game_of(revealed);
        Some(Verified { chain, computed_crash_point, game })
    }

    fn push(&self, chain: Chain) {
        if let Ok(mut chains) = self.chains.write()
            && !chains.iter().any(|c| c.first_round == chain.first_round)
        {
            chains.push(Arc::new(chain));
            chains.sort_by_key(|c| c.first_round);
        }
    }
}

fn db_err(e: sqlx::Error) -> WalletError {
    WalletError::Storage(e.to_string())
}

/// Settings for new chains.
#[derive(Debug, Clone, Copy)]
pub struct ChainSettings {
    pub length: usize,
    pub house_edge_bp: u32,
}

/// Loads every chain (regenerating the hashes of those not finished before `next_round`), creating the first one
/// on first start, and makes sure a chain that has not started yet exists.
pub async fn load(db: &Db, settings: ChainSettings, next_round: RoundId, now: EpochMs) -> Result<Fairness, WalletError> {
    let fairness = Fairness::default();
    let rows = sqlx::query::<Any>(
        "SELECT id, seed, length, salt, house_edge_bp, first_round, created_at FROM aviator_chains ORDER BY first_round",
    )
    .fetch_all(&db.pool)
    .await
    .map_err(db_err)?;
    for r in rows {
        fairness.push(chain_from(&r, next_round)?);
    }
    if fairness.chains().is_empty() {
        create(db, &fairness, settings, 1, now).await?;
    }
    ensure_next(db, &fairness, settings, next_round, now).await?;
    Ok(fairness)
}

/// Called for every round about to open: when it starts the newest chain, the chain after it is created now,
/// so its commitment is public a whole chain before its first round.
pub async fn ensure_next(
    db: &Db,
    fairness: &Fairness,
    settings: ChainSettings,
    round: RoundId,
    now: EpochMs,
) -> Result<(), WalletError> {
    loop {
        let Some(newest) = fairness.chains().last().cloned() else { return Ok(()) };
        if newest.first_round > round.0 {
            return Ok(());
        }
        create(db, fairness, settings, newest.last_round() + 1, now).await?;
    }
}

async fn create(
    db: &Db,
    fairness: &Fairness,
    settings: ChainSettings,
    first_round: i64,
    now: EpochMs,
) -> Result<(), WalletError> {
    let mut seed = [0u8; 32];
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut seed);
    rand::rng().fill_bytes(&mut salt);
    let length = settings.length.max(1);
    let hashes = HashChain::generate(seed, length);
    // Another node may have created it first: the stored chain is the one that counts.
    sqlx::query::<Any>(
        "INSERT INTO aviator_chains (id, seed, length, salt, commitment, house_edge_bp, first_round, created_at) \
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM aviator_chains), $1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (first_round) DO NOTHING",
    )
    .bind(hex::encode(seed))
    .bind(length as i64)
    .bind(hex::encode(salt))
    .bind(fair::to_hex(&hashes.terminating_hash()))
    .bind(i64::from(settings.house_edge_bp))
    .bind(first_round)
    .bind(now)
    .execute(&db.pool)
    .await
    .map_err(db_err)?;
    let row = sqlx::query::<Any>(
        "SELECT id, seed, length, salt, house_edge_bp, first_round, created_at FROM aviator_chains WHERE first_round = $1",
    )
    .bind(first_round)
    .fetch_one(&db.pool)
    .await
    .map_err(db_err)?;
    let chain = chain_from(&row, RoundId(first_round))?;
    tracing::info!(first_round, length, commitment = %fair::to_hex(&chain.commitment), "new Aviator hash chain committed");
    fairness.push(chain);
    Ok(())
}

fn chain_from(r: &sqlx::any::AnyRow, next_round: RoundId) -> Result<Chain, WalletError> {
    let seed: String = r.try_get(1).map_err(db_err)?;
    let seed = parse_hash(&seed).ok_or_else(|| WalletError::Storage("bad chain seed".into()))?;
    let length = usize::try_from(r.try_get::<i64, _>(2).map_err(db_err)?).unwrap_or(0);
    let first_round: i64 = r.try_get(5).map_err(db_err)?;
    let hashes = HashChain::generate(seed, length);
    let mut chain = Chain {
        id: r.try_get(0).map_err(db_err)?,
        first_round,
        length,
        salt: r.try_get(3).map_err(db_err)?,
        commitment: hashes.terminating_hash(),
        house_edge_bp: u32::try_from(r.try_get::<i64, _>(4).map_err(db_err)?).unwrap_or(0),
        created_at: r.try_get(6).map_err(db_err)?,
        checkpoints: Checkpoints::of(&hashes),
        hashes: None,
    };
    // Finished chains keep only their checkpoints.
    if chain.last_round() >= next_round.0 {
        chain.hashes = Some(hashes);
    }
    Ok(chain)
}
