//! The public growth curve: multiplier(ms) = floor(100 · e^(0.00006 · ms)) hundredths, and its inverse (the first
//! millisecond at which a target is reached), defined from the curve itself so the two never disagree.

const GROWTH_PER_MS: f64 = 0.00006;
/// The curve saturates `u64` near 662 700 ms; every crash point is reached well before.
const MAX_FLIGHT_MS: i64 = 700_000;

pub fn multiplier_at(elapsed_ms: i64) -> u64 {
    let ms = elapsed_ms.clamp(0, MAX_FLIGHT_MS);
    (100.0 * (GROWTH_PER_MS * ms as f64).exp()).floor() as u64
}

pub fn elapsed_for(target: u64) -> i64 {
    if target <= 100 {
        return 0;
    }
    let estimate = ((target as f64 / 100.0).ln() / GROWTH_PER_MS).ceil();
    let mut t = (estimate as i64).clamp(0, MAX_FLIGHT_MS);
    while t > 0 && multiplier_at(t - 1) >= target {
        t -= 1;
    }
    while t < MAX_FLIGHT_MS && multiplier_at(t) < target {
        t += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curve_matches_the_published_values() {
        assert_eq!(multiplier_at(0), 100);
        assert_eq!(multiplier_at(1_000), 106);
        assert_eq!(multiplier_at(11_552), 199);
        assert_eq!(multiplier_at(11_553), 200);
        assert_eq!(elapsed_for(200), 11_553);
        assert_eq!(elapsed_for(1_000), 38_377);
        assert_eq!(elapsed_for(100), 0);
        for target in 101..=2_000 {
            let t = elapsed_for(target);
            assert!(multiplier_at(t) >= target && (t == 0 || multiplier_at(t - 1) < target));
        }
    }
}
