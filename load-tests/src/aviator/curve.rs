//! The public growth curve, as a client computes it: multiplier(ms) = floor(100·e^(0.00006·ms)) hundredths,
//! and the first millisecond at which a target is reached (used to time manual cash-outs).

const GROWTH_PER_MS: f64 = 0.00006;

/// Longest flight considered; the curve is astronomically high long before.
const MAX_FLIGHT_MS: i64 = 700_000;

/// Multiplier in hundredths `elapsed_ms` after take-off (100 at or before take-off).
pub fn multiplier_at(elapsed_ms: i64) -> i64 {
    let ms = elapsed_ms.clamp(0, MAX_FLIGHT_MS);
    // `as` saturates, which is what the far end of the range wants.
    (100.0 * (GROWTH_PER_MS * ms as f64).exp()).floor() as i64
}

/// First elapsed millisecond at which `multiplier_at` reaches `target` hundredths (0 for targets ≤ 100).
pub fn elapsed_for(target: i64) -> i64 {
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
        assert_eq!(multiplier_at(-5), 100);
        assert_eq!(multiplier_at(0), 100);
        assert_eq!(multiplier_at(1_000), 106);
        assert_eq!(multiplier_at(11_552), 199);
        assert_eq!(multiplier_at(11_553), 200);
        assert_eq!(elapsed_for(200), 11_553);
        assert_eq!(elapsed_for(1_000), 38_377);
        assert_eq!(elapsed_for(100), 0);
    }

    #[test]
    fn elapsed_for_is_the_first_millisecond_reaching_every_target_up_to_5x() {
        for target in 101..=500 {
            let t = elapsed_for(target);
            assert!(multiplier_at(t) >= target, "target {target} at {t}");
            assert!(t == 0 || multiplier_at(t - 1) < target, "target {target} reached before {t}");
        }
    }
}
