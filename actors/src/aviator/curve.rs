//! The public growth curve of a flight: multiplier (hundredths) as a function of elapsed milliseconds, and its
//! inverse. Clients draw the same curve; the server alone prices cash-outs with it, by its own clock.
//!
//! `multiplier_at(ms) = floor(100 · e^(0.00006 · ms))` (Bustabit's curve: 2.00× after about 11.55 s, 10× after
//! about 38.38 s). This is the only place `f64` is used in the game, and only because the curve is public and
//! the client evaluates the same expression; the result is an integer, and `elapsed_for` is defined from
//! `multiplier_at` itself (a search, not a second formula), so the two can never disagree.

/// Growth rate per millisecond of the curve's exponent.
const GROWTH_PER_MS: f64 = 0.00006;

/// Elapsed times are clamped here; the curve saturates `u64` (≈1.8e19 hundredths) at about 662 700 ms, so every
/// possible crash point (at most ≈4.5e17) is reached before this.
pub const MAX_FLIGHT_MS: i64 = 700_000;

/// Multiplier in hundredths reached `elapsed_ms` after take-off. 100 (1.00×) at or before take-off; never
/// decreasing in `elapsed_ms` (checked over the whole range by a test).
pub fn multiplier_at(elapsed_ms: i64) -> u64 {
    let ms = elapsed_ms.clamp(0, MAX_FLIGHT_MS);
    // `as u64` saturates on overflow, which is the behaviour wanted at the far end of the range.
    (100.0 * (GROWTH_PER_MS * ms as f64).exp()).floor() as u64
}

/// The first elapsed millisecond at which `multiplier_at` reaches `target` hundredths (0 for targets ≤ 100).
/// The actor schedules auto cash-outs and the crash with it.
pub fn elapsed_for(target: u64) -> i64 {
    if target <= 100 {
        return 0;
    }
    // A floating estimate, then walked to the exact first millisecond by `multiplier_at` itself.
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
    fn curve_matches_pinned_values() {
        assert_eq!(multiplier_at(-5), 100);
        assert_eq!(multiplier_at(0), 100);
        assert_eq!(multiplier_at(1_000), 106);
        assert_eq!(multiplier_at(11_552), 199);
        assert_eq!(multiplier_at(11_553), 200);
        assert_eq!(elapsed_for(200), 11_553);
        assert_eq!(elapsed_for(1_000), 38_377);
        assert_eq!(multiplier_at(MAX_FLIGHT_MS), u64::MAX);
        assert_eq!(multiplier_at(MAX_FLIGHT_MS + 1), u64::MAX);
    }

    #[test]
    fn curve_never_decreases_over_the_whole_flight_range() {
        let mut previous = multiplier_at(0);
        for ms in 1..=MAX_FLIGHT_MS {
            let m = multiplier_at(ms);
            assert!(m >= previous, "curve decreased at {ms} ms: {previous} -> {m}");
            previous = m;
        }
    }

    #[test]
    fn elapsed_for_is_the_first_millisecond_reaching_each_target() {
        let check = |target: u64| {
            let t = elapsed_for(target);
            assert!(multiplier_at(t) >= target, "target {target}: curve at {t} is {}", multiplier_at(t));
            assert!(t == 0 || multiplier_at(t - 1) < target, "target {target}: {t} is not the first millisecond");
        };
        (0..=200_000).for_each(check);
        let mut big = 200_000u64;
        while big < u64::MAX / 3 {
            check(big);
            check(big + 1);
            big = big * 3 + 7;
        }
        check(4_458_563_631_096_791_040); // above the largest crash point 99·2^52
        check(u64::MAX);
    }
}
