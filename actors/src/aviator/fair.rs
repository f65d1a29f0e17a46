//! Provably fair Aviator crash points: a SHA-256 hash chain played in reverse, and the crash point of one round.
//!
//! # The chain
//!
//! The operator picks a secret 32-byte `seed` and a `length` L. It computes
//!
//! ```text
//! h_0 = SHA-256(seed)            (the 32 raw seed bytes)
//! h_i = SHA-256(h_{i-1})         (the 32 raw bytes of the previous hash, not its hex text)   for i = 1..=L
//! ```
//!
//! and publishes `h_L`, the *terminating hash*, before any round is played. Games are played in reverse:
//! game 1 uses `h_{L-1}`, game 2 uses `h_{L-2}`, …, game L uses `h_0`. After a round the server reveals its hash.
//! Because SHA-256 cannot be inverted, nobody (the operator included, once `h_L` is public) can choose a future
//! round's hash; and anyone can check a revealed hash of game k by hashing it k times: the result must be `h_L`
//! ([`verify_chain`] does exactly that and returns k).
//!
//! # The crash point of a round, by hand
//!
//! Inputs: the round hash as 64 lowercase hex characters, the public `salt` text, the house edge in basis points
//! (100 bp = 1 %).
//!
//! 1. Compute HMAC-SHA256 with **key = the round hash written as its 64 lowercase hex characters** (ASCII text)
//!    and **message = the salt** (UTF-8 text). Any online HMAC tool gives the same 64 hex characters.
//! 2. Take the first 13 hex characters of that digest (52 bits) as a whole number X, 0 ≤ X < 2^52.
//! 3. Compute `floor( 100 × (10000 − edge_bp) × 2^52 / (10000 × (2^52 − X)) )`. This is
//!    `100 × (1 − edge) / (1 − X/2^52)` rounded down, in hundredths. 2^52 = 4503599627370496.
//! 4. If the result is below 100, use 100. Divide by 100 for the displayed multiplier (e.g. 257 → 2.57×).
//!
//! With r = X/2^52 uniform on [0, 1), P(crash ≥ m) = (1 − edge)/m for every m ≥ 1.01, so cashing out at any
//! fixed target returns (1 − edge) of the stake on average. Only integers are used (u128), never floating point.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// A SHA-256 digest.
pub type Hash = [u8; 32];

/// 2^52: the resolution of the uniform number drawn from each round hash.
const TWO_POW_52: u128 = 1 << 52;
/// Basis points in one whole (100 %).
const BP_PER_UNIT: u128 = 10_000;

fn sha256(bytes: &[u8]) -> Hash {
    Sha256::digest(bytes).into()
}

/// The whole chain `h_0 ..= h_L`, generated once at start-up. 100 000 rounds take 3.2 MB and a few milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashChain {
    /// `hashes[i] = h_i`, `i` in `0..=L`; never empty (it always holds `h_0`).
    hashes: Vec<Hash>,
}

impl HashChain {
    /// Generates the chain for `length` playable games from the secret seed (see the module doc).
    pub fn generate(seed: [u8; 32], length: usize) -> HashChain {
        let mut hashes = Vec::with_capacity(length + 1);
        let mut h = sha256(&seed);
        hashes.push(h);
        for _ in 0..length {
            h = sha256(&h);
            hashes.push(h);
        }
        HashChain { hashes }
    }

    /// Number of playable games L.
    pub fn len(&self) -> usize {
        self.hashes.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `h_L`, the commitment published before game 1.
    pub fn terminating_hash(&self) -> Hash {
        // `hashes` always holds h_0, so `last` exists; the fallback is never taken.
        self.hashes.last().copied().unwrap_or_default()
    }

    /// The hash of game `game` (1-based, in playing order): `h_{L-game}`. `None` outside `1..=L`, i.e. when the
    /// chain is used up. Used to resume after a restart: regenerate from the seed, continue at the next game.
    pub fn game_hash(&self, game: u64) -> Option<Hash> {
        let game = usize::try_from(game).ok()?;
        if game == 0 || game > self.len() {
            return None;
        }
        self.hashes.get(self.len() - game).copied()
    }
}

/// Every this many hashes of a chain is kept as a checkpoint.
pub const CHECKPOINT_EVERY: usize = 1_000;

/// `h_0, h_E, h_2E, …` and `h_L` of one chain: enough to place any revealed hash of it after at most `E`
/// hashes, instead of the `k` hashes [`verify_chain`] needs for game `k`. 201 entries for 200 000 games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoints {
    index: std::collections::HashMap<Hash, usize>,
    length: usize,
}

impl Checkpoints {
    pub fn of(chain: &HashChain) -> Checkpoints {
        let length = chain.len();
        let index = chain
            .hashes
            .iter()
            .enumerate()
            .filter(|(i, _)| i % CHECKPOINT_EVERY == 0 || *i == length)
            .map(|(i, h)| (*h, i))
            .collect();
        Checkpoints { index, length }
    }

    /// The game number (1-based, as [`HashChain::game_hash`] counts) of a revealed hash, if it is one of this
    /// chain's game hashes. Hashes forward until it meets a checkpoint: at most [`CHECKPOINT_EVERY`] hashes.
    pub fn game_of(&self, revealed: &Hash) -> Option<usize> {
        let mut h = *revealed;
        for steps in 0..=CHECKPOINT_EVERY {
            if let Some(&at) = self.index.get(&h) {
                // h = h_at = SHA-256^steps(revealed), so revealed = h_(at - steps); game hashes are h_0..h_(L-1).
                let i = at.checked_sub(steps)?;
                return (i < self.length).then_some(self.length - i);
            }
            h = sha256(&h);
        }
        None
    }
}

/// Checks a revealed round hash against the published terminating hash: hashes it up to `max_steps` times and
/// returns the number of steps k at which it equals `commitment`, which is the game's number (1-based). `None` if
/// it is not part of the chain within `max_steps` (a hash equal to the commitment itself is not a game hash).
pub fn verify_chain(revealed_hash: &Hash, commitment: &Hash, max_steps: usize) -> Option<usize> {
    let mut h = *revealed_hash;
    for step in 1..=max_steps {
        h = sha256(&h);
        if h == *commitment {
            return Some(step);
        }
    }
    None
}

/// The crash point of the round with this hash, in hundredths (100 = 1.00×), exactly as the module doc describes.
/// A house edge of 100 % or more makes every round crash at 1.00×.
pub fn crash_point_hundredths(round_hash: &Hash, salt: &str, house_edge_bp: u32) -> u64 {
    crash_from_x(top_52_bits(round_hash, salt), house_edge_bp)
}

/// Steps 3 and 4 of the module doc, for X in `0..2^52`.
fn crash_from_x(x: u128, house_edge_bp: u32) -> u64 {
    let x = x.min(TWO_POW_52 - 1);
    let edge = u128::from(house_edge_bp).min(BP_PER_UNIT);
    // 100·(1−edge)/(1−X/2^52) = 100·(10000−bp)·2^52 / (10000·(2^52−X)); X < 2^52 so the divisor is ≥ 10000.
    let numerator = 100 * (BP_PER_UNIT - edge) * TWO_POW_52;
    let denominator = BP_PER_UNIT * (TWO_POW_52 - x);
    let crash = (numerator / denominator).max(100);
    // At most 100·2^52 ≈ 4.5e17, well inside u64.
    u64::try_from(crash).unwrap_or(u64::MAX)
}

/// X of step 2: the first 52 bits of HMAC-SHA256(key = hex(round_hash), message = salt).
fn top_52_bits(round_hash: &Hash, salt: &str) -> u128 {
    let key = hex::encode(round_hash);
    // HMAC accepts keys of any length, so `new_from_slice` cannot fail here; a failure would yield X = 0 (1.00×·edge).
    let digest: [u8; 32] = match Hmac::<Sha256>::new_from_slice(key.as_bytes()) {
        Ok(mut mac) => {
            mac.update(salt.as_bytes());
            mac.finalize().into_bytes().into()
        }
        Err(_) => [0; 32],
    };
    let mut first8 = [0u8; 8];
    first8.copy_from_slice(&digest[..8]);
    u128::from(u64::from_be_bytes(first8) >> 12)
}

/// Lowercase hex of a hash, the form players see and paste into verifiers.
pub fn to_hex(hash: &Hash) -> String {
    hex::encode(hash)
}

#[cfg(test)]
#[path = "fair_tests.rs"]
mod tests;
