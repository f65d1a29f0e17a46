//! Tests of the provably fair chain and crash points: pinned vectors (cross-checked once with Python's hashlib and
//! hmac), chain verification, and a seeded simulation of the return to player.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SALT: &str = "0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c";

fn seed_0_to_31() -> [u8; 32] {
    let mut seed = [0u8; 32];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = i as u8;
    }
    seed
}

#[test]
fn chain_of_ten_matches_pinned_vectors() {
    let chain = HashChain::generate(seed_0_to_31(), 10);
    assert_eq!(chain.len(), 10);
    assert_eq!(to_hex(&chain.terminating_hash()), "31b484ecc2ffb8164a93010dd98a05b1c6b2cbd488b09074e2e9dd6010406217");
    assert_eq!(
        chain.game_hash(1).map(|h| to_hex(&h)).as_deref(),
        Some("ecb807a1906b5e5268b738f97d957a382e6e318fe30d404a46492494473761a0")
    );
    assert_eq!(
        chain.game_hash(10).map(|h| to_hex(&h)).as_deref(),
        Some("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
    );
    assert_eq!(chain.game_hash(0), None);
    assert_eq!(chain.game_hash(11), None);
}

#[test]
fn crash_points_match_pinned_vectors_at_one_percent_edge() {
    let chain = HashChain::generate(seed_0_to_31(), 10);
    let expected = [106, 832, 170, 940, 239, 243, 1212, 190, 208, 106];
    let got: Vec<u64> =
        (1..=10).filter_map(|g| chain.game_hash(g)).map(|h| crash_point_hundredths(&h, SALT, 100)).collect();
    assert_eq!(got, expected);
    // Step 2 by hand for game 1: the digest starts 112bb67ad870b → X = 302071084320523.
    let h1 = chain.game_hash(1).unwrap_or_default();
    assert_eq!(top_52_bits(&h1, SALT), 302_071_084_320_523);
}

#[test]
fn crash_formula_edges_are_exact() {
    // X = 0: 100·0.99 = 99 → floored to the 1.00× minimum.
    assert_eq!(crash_from_x(0, 100), 100);
    // No edge, X = 0 → exactly 1.00×; X = 2^51 (r = 0.5) → exactly 2.00×.
    assert_eq!(crash_from_x(0, 0), 100);
    assert_eq!(crash_from_x(TWO_POW_52 / 2, 0), 200);
    // r = 0.5 with 1 % edge → 1.98×.
    assert_eq!(crash_from_x(TWO_POW_52 / 2, 100), 198);
    // Largest X gives the largest crash, which still fits comfortably in u64.
    assert_eq!(crash_from_x(TWO_POW_52 - 1, 100), 99 * (1u64 << 52));
    // An edge of 100 % or more always busts at once.
    assert_eq!(crash_from_x(TWO_POW_52 - 1, 10_000), 100);
    assert_eq!(crash_from_x(TWO_POW_52 - 1, 20_000), 100);
}

#[test]
fn every_game_hash_verifies_to_the_commitment_with_its_game_number() {
    let chain = HashChain::generate([7; 32], 500);
    let commitment = chain.terminating_hash();
    for game in [1u64, 2, 250, 499, 500] {
        let h = chain.game_hash(game).unwrap_or_default();
        assert_eq!(verify_chain(&h, &commitment, 500), Some(game as usize));
    }
    // Too few steps allowed: not found.
    let last = chain.game_hash(500).unwrap_or_default();
    assert_eq!(verify_chain(&last, &commitment, 499), None);
}

#[test]
fn fake_or_foreign_hashes_do_not_verify() {
    let chain = HashChain::generate([7; 32], 200);
    let commitment = chain.terminating_hash();
    let mut forged = chain.game_hash(5).unwrap_or_default();
    forged[0] ^= 1;
    assert_eq!(verify_chain(&forged, &commitment, 1_000), None);
    let other = HashChain::generate([8; 32], 200).game_hash(5).unwrap_or_default();
    assert_eq!(verify_chain(&other, &commitment, 1_000), None);
    // The commitment itself is not a game hash.
    assert_eq!(verify_chain(&commitment, &commitment, 1_000), None);
}

#[test]
fn generating_a_hundred_thousand_rounds_is_fast_and_resumable() {
    let started = std::time::Instant::now();
    let chain = HashChain::generate([42; 32], 100_000);
    let took = started.elapsed();
    println!("generated 100000-round chain in {took:?}");
    assert!(took.as_secs() < 5, "chain generation too slow: {took:?}");
    // Resuming at game 73 412 after a restart: regenerate from the seed and read that game directly.
    let again = HashChain::generate([42; 32], 100_000);
    assert_eq!(again.game_hash(73_412), chain.game_hash(73_412));
    assert_eq!(again.terminating_hash(), chain.terminating_hash());
}

/// Plays N random hashes; for each target t, the return of "always cash out at t" must be (1 − edge) within four
/// standard errors, and P(crash ≥ m) must be (1 − edge)/m within four standard errors.
#[test]
fn simulated_rtp_matches_one_minus_edge_for_fixed_targets() {
    const N: usize = 300_000;
    const EDGE_BP: u32 = 100;
    let seed: u64 = std::env::var("AVIATOR_SIM_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0xA71A_7012);
    println!("simulation seed = {seed} (set AVIATOR_SIM_SEED to replay another), N = {N}, edge = {EDGE_BP} bp");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let crashes: Vec<u64> = (0..N)
        .map(|_| {
            let h: Hash = rng.random();
            crash_point_hundredths(&h, SALT, EDGE_BP)
        })
        .collect();
    let keep = 1.0 - f64::from(EDGE_BP) / 10_000.0;
    let n = N as f64;

    for target in [101u64, 150, 200, 1_000] {
        let wins = crashes.iter().filter(|&&c| c >= target).count() as f64;
        let t = target as f64 / 100.0;
        let rtp = wins * t / n;
        let p = keep / t;
        let sigma = t * (p * (1.0 - p) / n).sqrt();
        println!("target {t:>5.2}x: RTP = {rtp:.5} (expected {keep:.4} ± {:.5} at 4σ)", 4.0 * sigma);
        assert!((rtp - keep).abs() <= 4.0 * sigma, "RTP at {t}x is {rtp}, expected {keep} ± {}", 4.0 * sigma);
    }

    for m in [101u64, 200, 500, 1_000, 10_000] {
        let share = crashes.iter().filter(|&&c| c >= m).count() as f64 / n;
        let p = keep / (m as f64 / 100.0);
        let sigma = (p * (1.0 - p) / n).sqrt();
        println!("P(crash ≥ {:>6.2}x) = {share:.5} (expected {p:.5} ± {:.5})", m as f64 / 100.0, 4.0 * sigma);
        assert!((share - p).abs() <= 4.0 * sigma, "P(crash ≥ {m}) = {share}, expected {p}");
    }
    let instant = crashes.iter().filter(|&&c| c == 100).count() as f64 / n;
    println!("instant bust share (1.00x) = {instant:.5}");
    assert!(crashes.iter().all(|&c| c >= 100));
}

#[test]
fn checkpoints_place_every_game_hash_and_nothing_else() {
    let chain = HashChain::generate([7; 32], 2_345);
    let checkpoints = Checkpoints::of(&chain);
    for game in [1, 2, 999, 1_000, 1_001, 1_345, 2_000, 2_344, 2_345] {
        let hash = chain.game_hash(game as u64).unwrap();
        assert_eq!(checkpoints.game_of(&hash), Some(game), "game {game}");
        assert_eq!(verify_chain(&hash, &chain.terminating_hash(), 3_000), Some(game));
    }
    assert_eq!(checkpoints.game_of(&chain.terminating_hash()), None, "the commitment is not a game");
    assert_eq!(checkpoints.game_of(&[1; 32]), None, "a foreign hash");
    let other = HashChain::generate([8; 32], 2_345);
    assert_eq!(checkpoints.game_of(&other.game_hash(5).unwrap()), None, "another chain's hash");
}
