//! The hash chains Aviator plays, one after another, so the table never runs out of rounds.
//!
//! Chain `c` covers rounds `first_round ..= first_round + length − 1`; round `r` plays game `r − first_round + 1`
//! of it (see `fair` for how a game's crash point follows from its hash). There is always one chain that has not
//! started yet: it is created, and its commitment published at `/api/aviator/fairness`, when the chain before it
//! starts, a whole chain's length of rounds before its own first round. Every chain's commitment is kept, so any
//! past round verifies against the chain it was played on. The house edge of a chain is the configured edge at
//! the time it was created, and never changes after.
//!
//! The salt. Crash points depend on the chain *and* its salt, so an operator who could choose the salt after
//! seeing the chain could pick a favourable pair. With a salt source configured (`CASINO_AVIATOR_SALT_SOURCE`, the
//! announcement of a public value nobody controls, e.g. "the hash of Bitcoin block 900000"), every chain after the
//! first is committed with no salt, and the salt is fixed later, once, by an operator entering that public value;
//! the chain cannot start before. Players check that the salt equals the announced public value and was fixed
//! after the commitment was published (`createdAt` < `saltFixedAt`). Without a source, the server draws the salt
//! itself (`saltSource: "server"`), which protects players from nobody but outsiders.
//!
//! The seeds. With a seed key configured (`CASINO_AVIATOR_SEED_KEY`), the database keeps only a random nonce per
//! chain and the seed is HMAC-SHA256(key, nonce): a copy of the database alone does not tell future crash points.
//! Every chain is checked at load against its stored commitment, so a wrong key (or a tampered row) stops the
//! server instead of playing a chain nobody committed to.

use super::fair::{self, Checkpoints, Hash, HashChain};
use super::rules::RoundSeed;
use super::store::parse_hash;
use crate::clock::EpochMs;
use crate::ids::RoundId;
use crate::store::Db;
use crate::wallet::WalletError;
use rand::RngCore;
use sqlx::Any;
use std::sync::{Arc, RwLock};

/// One committed chain. Its hashes are kept in memory only while its rounds can still be played.
#[derive(Debug)]
pub struct Chain {
    pub id: i64,
    pub first_round: i64,
    pub length: usize,
    /// `None` until fixed from `salt_source`; the chain cannot be played before.
    pub salt: Option<String>,
    pub salt_source: String,
    pub salt_fixed_at: Option<EpochMs>,
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
        Some(RoundSeed::from_hash(round, hash, chain.salt.as_deref()?, chain.house_edge_bp))
    }

    /// Recomputes a revealed round: its crash point from the hash, and the hash's place in its round's chain.
    pub fn verify(&self, round: RoundId, revealed: &Hash) -> Option<Verified> {
        let chain = self.chain_for(round)?;
        let computed_crash_point = fair::crash_point_hundredths(revealed, chain.salt.as_deref()?, chain.house_edge_bp);
        let game = chain.game_of(revealed);
        Some(Verified { chain, computed_crash_point, game })
    }

    /// Adds a chain, or replaces the one with the same first round (its salt was fixed).
    fn put(&self, chain: Chain) {
        if let Ok(mut chains) = self.chains.write() {
            chains.retain(|c| c.first_round != chain.first_round);
            chains.push(Arc::new(chain));
            chains.sort_by_key(|c| c.first_round);
        }
    }
}

/// Settings for new chains.
#[derive(Debug, Clone)]
pub struct ChainSettings {
    pub length: usize,
    pub house_edge_bp: u32,
    /// The announced public value each new chain's salt will be (see the module doc); `None`: the server's own.
    pub salt_source: Option<Arc<str>>,
    /// The key chain seeds are derived with (see the module doc); `None`: seeds are stored as they are.
    pub seed_key: Option<SeedKey>,
}

/// A secret that never prints.
#[derive(Clone)]
pub struct SeedKey(Arc<[u8]>);

impl SeedKey {
    pub fn new(secret: &str) -> SeedKey {
        SeedKey(Arc::from(secret.as_bytes()))
    }
}

impl std::fmt::Debug for SeedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeedKey(***)")
    }
}

/// The seed of a chain from what its row stores: the seed itself, or a nonce under the seed key.
fn seed_of(stored: &Hash, keyed: bool, key: Option<&[u8]>) -> Result<Hash, WalletError> {
    use hmac::{Hmac, Mac};
    if !keyed {
        return Ok(*stored);
    }
    let key = key.ok_or_else(|| WalletError::Config("an Aviator chain's seed needs CASINO_AVIATOR_SEED_KEY".into()))?;
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key).map_err(|e| WalletError::Config(e.to_string()))?;
    mac.update(stored);
    Ok(mac.finalize().into_bytes().into())
}

/// Loads every chain (regenerating the hashes of those not finished before `next_round`), creating the first one
/// on first start, and makes sure a chain that has not started yet exists.
pub async fn load(
    db: &Db,
    settings: &ChainSettings,
    next_round: RoundId,
    now: EpochMs,
) -> Result<Fairness, WalletError> {
    let fairness = Fairness::default();
    let rows = stored_chains(db).await?;
    for r in rows {
        fairness.put(chain_from(r, next_round, settings)?);
    }
    if fairness.chains().is_empty() {
        create(db, &fairness, settings, 1, now).await?;
    }
    ensure_next(db, &fairness, settings, next_round, now).await?;
    Ok(fairness)
}

/// A row of `aviator_chains`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct ChainRow {
    id: i64,
    seed: String,
    length: i64,
    salt: Option<String>,
    house_edge_bp: i64,
    first_round: i64,
    created_at: EpochMs,
    salt_source: String,
    salt_fixed_at: Option<EpochMs>,
    seed_keyed: i64,
    commitment: String,
}

/// Every stored chain, oldest first.
async fn stored_chains(db: &Db) -> Result<Vec<ChainRow>, WalletError> {
    sqlx::query_as::<Any, ChainRow>(
        "SELECT id, seed, length, salt, house_edge_bp, first_round, created_at, salt_source, salt_fixed_at, \
         seed_keyed, commitment FROM aviator_chains ORDER BY first_round",
    )
    .fetch_all(&db.pool)
    .await
    .map_err(WalletError::from)
}

/// Reads back chains created or salted elsewhere (another node owns the table): each one new, or newly salted,
/// is loaded.
pub async fn refresh(
    db: &Db,
    fairness: &Fairness,
    settings: &ChainSettings,
    next_round: RoundId,
) -> Result<(), WalletError> {
    let rows = stored_chains(db).await?;
    let known = fairness.chains();
    for r in rows {
        if !known.iter().any(|c| c.first_round == r.first_round && c.salt == r.salt) {
            fairness.put(chain_from(r, next_round, settings)?);
        }
    }
    Ok(())
}

/// Called for every round about to open: when it starts the newest chain, the chain after it is created now,
/// so its commitment is public a whole chain before its first round.
pub async fn ensure_next(
    db: &Db,
    fairness: &Fairness,
    settings: &ChainSettings,
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
    settings: &ChainSettings,
    first_round: i64,
    now: EpochMs,
) -> Result<(), WalletError> {
    let mut stored = [0u8; 32];
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut stored);
    rand::rng().fill_bytes(&mut salt);
    let length = settings.length.max(1);
    let keyed = settings.seed_key.is_some();
    let hashes = HashChain::generate(seed_of(&stored, keyed, settings.seed_key.as_ref().map(|k| &*k.0))?, length);
    // The very first chain cannot wait for a public value (nothing could be played until it came): its salt is
    // the server's, and says so. Every later chain waits for its announced source.
    let (salt, source) = match &settings.salt_source {
        Some(source) if first_round > 1 => (None, source.to_string()),
        _ => (Some(hex::encode(salt)), SERVER_SALT.to_string()),
    };
    let fixed_at = salt.is_some().then_some(now);
    // Another node may have created it first: the stored chain is the one that counts.
    sqlx::query::<Any>(
        "INSERT INTO aviator_chains (id, seed, length, salt, commitment, house_edge_bp, first_round, created_at, \
         salt_source, salt_fixed_at, seed_keyed) \
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM aviator_chains), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (first_round) DO NOTHING",
    )
    .bind(hex::encode(stored))
    .bind(length as i64)
    .bind(salt)
    .bind(fair::to_hex(&hashes.terminating_hash()))
    .bind(i64::from(settings.house_edge_bp))
    .bind(first_round)
    .bind(now)
    .bind(source)
    .bind(fixed_at)
    .bind(i64::from(keyed))
    .execute(&db.pool)
    .await?;
    let row = sqlx::query_as::<Any, ChainRow>(
        "SELECT id, seed, length, salt, house_edge_bp, first_round, created_at, salt_source, salt_fixed_at, \
         seed_keyed, commitment FROM aviator_chains WHERE first_round = $1",
    )
    .bind(first_round)
    .fetch_one(&db.pool)
    .await?;
    let chain = chain_from(row, RoundId(first_round), settings)?;
    tracing::info!(first_round, length, commitment = %fair::to_hex(&chain.commitment), "new Aviator hash chain committed");
    fairness.put(chain);
    Ok(())
}

fn chain_from(r: ChainRow, next_round: RoundId, settings: &ChainSettings) -> Result<Chain, WalletError> {
    let stored = parse_hash(&r.seed).ok_or_else(|| WalletError::Corrupt("bad chain seed".into()))?;
    let keyed = r.seed_keyed != 0;
    let length = usize::try_from(r.length).unwrap_or(0);
    let first_round = r.first_round;
    let hashes = HashChain::generate(seed_of(&stored, keyed, settings.seed_key.as_ref().map(|k| &*k.0))?, length);
    if r.commitment != fair::to_hex(&hashes.terminating_hash()) {
        return Err(WalletError::Corrupt(format!(
            "the Aviator chain starting at round {first_round} does not match its commitment (wrong seed key?)"
        )));
    }
    let mut chain = Chain {
        id: r.id,
        first_round,
        length,
        salt: r.salt,
        salt_source: r.salt_source,
        salt_fixed_at: r.salt_fixed_at,
        commitment: hashes.terminating_hash(),
        house_edge_bp: u32::try_from(r.house_edge_bp).unwrap_or(0),
        created_at: r.created_at,
        checkpoints: Checkpoints::of(&hashes),
        hashes: None,
    };
    // Finished chains keep only their checkpoints (the last round played is kept, to resume after it).
    if chain.last_round() >= next_round.0 - 1 {
        chain.hashes = Some(hashes);
    }
    Ok(chain)
}

/// The `salt_source` of a salt the server drew itself.
pub const SERVER_SALT: &str = "server";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaltError {
    #[error("No chain starts at that round")]
    NoSuchChain,
    #[error("This chain's salt is already fixed")]
    AlreadyFixed,
    #[error("The salt must be 1 to 128 visible characters")]
    Invalid,
    #[error("storage: {0}")]
    Storage(String),
}

/// Fixes, once, the salt of the chain starting at `first_round` to the public value its `salt_source` announced.
/// The chain may then start. Refused for a chain whose salt is already fixed (by the server or before).
pub async fn fix_salt(
    db: &Db,
    fairness: &Fairness,
    first_round: i64,
    salt: &str,
    now: EpochMs,
) -> Result<Arc<Chain>, SaltError> {
    let salt = salt.trim();
    if salt.is_empty() || salt.len() > 128 || !salt.chars().all(|c| c.is_ascii_graphic()) {
        return Err(SaltError::Invalid);
    }
    let chain = fairness.chains().into_iter().find(|c| c.first_round == first_round).ok_or(SaltError::NoSuchChain)?;
    let done = sqlx::query::<Any>(
        "UPDATE aviator_chains SET salt = $1, salt_fixed_at = $2 WHERE first_round = $3 AND salt IS NULL",
    )
    .bind(salt)
    .bind(now)
    .bind(first_round)
    .execute(&db.pool)
    .await
    .map_err(|e| SaltError::Storage(e.to_string()))?;
    if done.rows_affected() != 1 {
        return Err(SaltError::AlreadyFixed);
    }
    let fixed = Chain {
        id: chain.id,
        first_round: chain.first_round,
        length: chain.length,
        salt: Some(salt.to_string()),
        salt_source: chain.salt_source.clone(),
        salt_fixed_at: Some(now),
        commitment: chain.commitment,
        house_edge_bp: chain.house_edge_bp,
        created_at: chain.created_at,
        checkpoints: chain.checkpoints.clone(),
        hashes: chain.hashes.clone(),
    };
    fairness.put(fixed);
    tracing::info!(first_round, salt, "Aviator chain salt fixed; the chain may start");
    fairness.chains().into_iter().find(|c| c.first_round == first_round).ok_or(SaltError::NoSuchChain)
}
