use super::*;

fn seed(byte: u8) -> ServerSeed {
    ServerSeed([byte; 32])
}

#[test]
fn commitment_is_the_sha256_of_the_raw_seed() {
    // SHA-256 of 32 zero bytes.
    assert_eq!(seed(0).commitment(), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    let s = seed(7);
    assert_eq!(ServerSeed::from_hex(&s.to_hex()), Some(s));
    assert_eq!(ServerSeed::from_hex("abc"), None);
}

#[test]
fn the_first_word_is_the_first_four_bytes_of_the_hmac() {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&[1u8; 32]).unwrap();
    mac.update(b"public:42:0");
    let digest = mac.finalize().into_bytes();
    let first = u32::from_be_bytes(digest[..4].try_into().unwrap());
    let mut dice = Dice::new(&seed(1), "public", 42);
    // n = 2^31 divides 2^32: every word is accepted.
    assert_eq!(dice.below(1 << 31), first % (1 << 31));
}

#[test]
fn draws_are_reproducible_and_depend_on_every_input() {
    let draw = |s: u8, client: &str, round: i64| {
        let mut d = Dice::new(&seed(s), client, round);
        (0..20).map(|_| d.below(52)).collect::<Vec<_>>()
    };
    assert_eq!(draw(3, "c", 9), draw(3, "c", 9));
    assert_ne!(draw(3, "c", 9), draw(4, "c", 9));
    assert_ne!(draw(3, "c", 9), draw(3, "d", 9));
    assert_ne!(draw(3, "c", 9), draw(3, "c", 10));
}

#[test]
fn many_draws_cross_blocks_and_stay_in_range() {
    let mut d = Dice::new(&seed(9), "x", 1);
    for n in 1..=100u32 {
        for _ in 0..10 {
            assert!(d.below(n) < n);
        }
    }
}

#[test]
fn below_is_close_to_uniform() {
    let mut d = Dice::new(&seed(5), "uniform", 1);
    let mut counts = [0u32; 12];
    let n = 120_000;
    for _ in 0..n {
        counts[d.below(12) as usize] += 1;
    }
    // Each count is Binomial(n, 1/12): σ ≈ 95.7; allow 5σ.
    for c in counts {
        assert!((c as i64 - 10_000).abs() < 480, "{counts:?}");
    }
}

#[test]
fn shuffle_is_a_permutation() {
    let mut deck: Vec<u8> = (0..52).collect();
    Dice::new(&seed(2), "deck", 3).shuffle(&mut deck);
    let mut sorted = deck.clone();
    sorted.sort();
    assert_eq!(sorted, (0..52).collect::<Vec<_>>());
    assert_ne!(deck, sorted);
}
