//! A fixed-window attempt counter per key (an account, a client address), kept in memory, for login,
//! sign-up and reset requests. An attempt is *reserved* before the work it guards (checking a password),
//! so parallel requests cannot all pass a check that reads the count before any of them has added to it.
//! Time is passed in, so the rule is testable without sleeping.

use crate::clock::EpochMs;
use std::collections::HashMap;
use std::sync::Mutex;

pub struct FailureLimiter {
    max_failures: u32,
    window_ms: i64,
    windows: Mutex<HashMap<String, (EpochMs, u32)>>,
}

impl FailureLimiter {
    pub fn new(max_failures: u32, window_ms: i64) -> Self {
        FailureLimiter { max_failures, window_ms, windows: Mutex::new(HashMap::new()) }
    }

    /// True while `key` has used up its attempts in the current window.
    pub fn is_blocked(&self, key: &str, now: EpochMs) -> bool {
        let Ok(map) = self.windows.lock() else { return true };
        map.get(key).is_some_and(|(start, n)| now - start < self.window_ms && *n >= self.max_failures)
    }

    /// Takes one attempt from `key`'s budget if any is left (check and count under one lock).
    /// False: the budget is spent for this window and nothing was counted.
    pub fn reserve(&self, key: &str, now: EpochMs) -> bool {
        let Ok(mut map) = self.windows.lock() else { return false };
        if map.len() > 100_000 {
            map.retain(|_, (start, _)| now - *start < self.window_ms);
        }
        let entry = map.entry(key.to_string()).or_insert((now, 0));
        if now - entry.0 >= self.window_ms {
            *entry = (now, 0);
        }
        if entry.1 >= self.max_failures {
            return false;
        }
        entry.1 += 1;
        true
    }

    /// Gives back a reserved attempt whose outcome was not a failure (a success, or an error of ours).
    pub fn release(&self, key: &str) {
        if let Ok(mut map) = self.windows.lock()
            && let Some(entry) = map.get_mut(key)
        {
            entry.1 = entry.1.saturating_sub(1);
        }
    }

    /// Counts a failure without asking (for callers that did not reserve).
    pub fn record_failure(&self, key: &str, now: EpochMs) {
        let Ok(mut map) = self.windows.lock() else { return };
        let entry = map.entry(key.to_string()).or_insert((now, 0));
        if now - entry.0 >= self.window_ms {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }

    pub fn clear(&self, key: &str) {
        if let Ok(mut map) = self.windows.lock() {
            map.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_max_failures_until_the_window_passes() {
        let l = FailureLimiter::new(3, 1_000);
        for t in 0..3 {
            assert!(!l.is_blocked("k", t));
            l.record_failure("k", t);
        }
        assert!(l.is_blocked("k", 10));
        assert!(!l.is_blocked("other", 10));
        assert!(!l.is_blocked("k", 1_001));
    }

    #[test]
    fn reservations_never_exceed_the_budget_even_from_many_threads() {
        let l = std::sync::Arc::new(FailureLimiter::new(5, 1_000));
        let granted: u32 = (0..50)
            .map(|_| {
                let l = l.clone();
                std::thread::spawn(move || u32::from(l.reserve("k", 0)))
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap_or(0))
            .sum();
        assert_eq!(granted, 5);
        assert!(l.is_blocked("k", 1));
        assert!(l.reserve("k", 1_000), "a new window brings a new budget");
    }

    #[test]
    fn a_released_reservation_is_given_back() {
        let l = FailureLimiter::new(1, 1_000);
        assert!(l.reserve("k", 0));
        assert!(!l.reserve("k", 0));
        l.release("k");
        assert!(l.reserve("k", 0));
    }
}
