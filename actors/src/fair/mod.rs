//! Seed commit-reveal for round games, and unbiased draws from a round's seed.
//!
//! # Checking a round by hand
//!
//! 1. When the round opens the server publishes `commitment = SHA-256(server seed)` (the 32 raw seed bytes),
//!    and the round's `client seed` (public text).
//! 2. At settlement it reveals the server seed (64 hex characters). Check that its SHA-256 is the commitment.
//! 3. The round's random bytes are the concatenation of `HMAC-SHA256(key = the 32 raw seed bytes,
//!    message = "{client seed}:{round}:{block}")` for block = 0, 1, 2, … (decimal text, no padding).
//! 4. Read them as big-endian 32-bit words w0, w1, …. A number below n (`Dice::below`) takes the next word w and
//!    accepts it if `w < 2^32 − (2^32 mod n)`, answering `w mod n`; otherwise it takes the next word. No value is
//!    favoured: every accepted w range holds each remainder equally often.
//! 5. Each game says how it maps those numbers to an outcome (a picture, a colour, a shuffled deck).
//!
//! Pure: no clock, no IO, no global randomness (the seed itself is drawn by the caller).

#[cfg(test)]
mod tests;

use hmac::digest::KeyInit;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// A round's secret, revealed when the round settles.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ServerSeed(pub [u8; 32]);

impl std::fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSeed(..)")
    }
}

impl ServerSeed {
    /// From its 64 hex characters.
    pub fn from_hex(text: &str) -> Option<ServerSeed> {
        Some(ServerSeed(hex::decode(text).ok()?.try_into().ok()?))
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// SHA-256 of the raw seed bytes, as 64 lowercase hex characters: published before any bet.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

/// Uniform numbers drawn from a round's seed (see the module documentation).
pub struct Dice {
    /// The HMAC with `"{client seed}:{round}:"` already fed in.
    prefixed: Hmac<Sha256>,
    block: u64,
    bytes: [u8; 32],
    at: usize,
}

impl Dice {
    pub fn new(seed: &ServerSeed, client_seed: &str, round: i64) -> Dice {
        // HMAC pads a key shorter than its 64-byte block with zeros: the padded key is the same key, and takes
        // the infallible constructor.
        let mut padded = [0u8; 64];
        padded[..32].copy_from_slice(&seed.0);
        let mut prefixed =
            <Hmac<Sha256> as KeyInit>::new(&hmac::digest::Key::<Hmac<Sha256>>::clone_from_slice(&padded));
        prefixed.update(format!("{client_seed}:{round}:").as_bytes());
        let mut dice = Dice { prefixed, block: 0, bytes: [0; 32], at: 0 };
        dice.refill();
        dice
    }

    fn refill(&mut self) {
        let mut mac = self.prefixed.clone();
        mac.update(self.block.to_string().as_bytes());
        self.bytes = mac.finalize().into_bytes().into();
        self.block += 1;
        self.at = 0;
    }

    fn word(&mut self) -> u32 {
        if self.at == self.bytes.len() {
            self.refill();
        }
        let b = &self.bytes;
        let w = u32::from_be_bytes([b[self.at], b[self.at + 1], b[self.at + 2], b[self.at + 3]]);
        self.at += 4;
        w
    }

    /// A number in `0..n`, each equally likely (rejection sampling). `n` must be at least 1.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no answer");
        let span = 1u64 << 32;
        let limit = span - span % u64::from(n);
        loop {
            let w = u64::from(self.word());
            if w < limit {
                return (w % u64::from(n)) as u32;
            }
        }
    }

    /// Fisher–Yates: for i from the last index down to 1, swap item i with item `below(i + 1)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// A return to player as an exact fraction (`paid / staked` over every outcome, weighted by its chance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rtp {
    pub numerator: u128,
    pub denominator: u128,
}

impl Rtp {
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}
