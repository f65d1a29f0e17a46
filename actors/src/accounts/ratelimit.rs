//! A fixed-window failure counter per key (user number, client address), for login attempts.
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

    /// True while `key` has used up its failures in the current window.
    pub fn is_blocked(&self, key: &str, now: EpochMs) -> bool {
        let Ok(map) = self.windows.lock() else { return false };
        map.get(key).is_some_and(|(start, n)| now - start < self.window_ms && *n >= self.max_failures)
    }

    pub fn record_failure(&self, key: &str, now: EpochMs) {
        let Ok(mut map) = self.windows.lock() else { return };
        if map.len() > 100_000 {
            map.retain(|_, (start, _)| now - *start < self.window_ms);
        }
        let entry = map.entry(key.to_string()).or_insert((now, 0));
        if now - entry.0 >= self.window_ms {
            *entry = (now, 0);
        }
        entry.1 += 1;
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
}
