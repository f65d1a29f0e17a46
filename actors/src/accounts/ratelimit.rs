//! Attempt counters per key (an account, a client address, an account at an address), kept in memory, for logins,
//! password changes, sign-ups and reset requests. An attempt is *reserved* before the work it guards (checking a
//! password), so parallel requests cannot all pass a check that reads the count before any of them has added to it.
//! Time is passed in, so the rules are testable without sleeping.
//!
//! The state is bounded whatever arrives: each limiter is a `moka` cache with a capacity and a time-to-idle, so a
//! flood of new keys evicts old ones instead of growing the server (keys are short: callers refuse long identifiers
//! before they get here).

use crate::clock::EpochMs;
use moka::ops::compute::Op;
use moka::sync::Cache;
use std::time::Duration;

/// Keys one limiter keeps at most (the least recently used go first).
pub const DEFAULT_CAPACITY: u64 = 50_000;
/// The longest wait backoff imposes: a day.
const MAX_LOCK_MS: i64 = 24 * 3600 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    start: EpochMs,
    used: u32,
    /// How many windows in a row this key has spent; with backoff each doubles the next window's length.
    strikes: u32,
}

/// At most `max` attempts per window; with backoff a key that spends its budget waits a window twice as long as the
/// last one (up to a day) before it gets a fresh one.
pub struct FailureLimiter {
    max: u32,
    window_ms: i64,
    backoff: bool,
    windows: Cache<String, Window>,
}

impl FailureLimiter {
    pub fn new(max_failures: u32, window_ms: i64) -> Self {
        Self::build(max_failures, window_ms, false, DEFAULT_CAPACITY)
    }

    /// As `new`, with doubling windows for a key that keeps spending its budget.
    pub fn with_backoff(max_failures: u32, window_ms: i64) -> Self {
        Self::build(max_failures, window_ms, true, DEFAULT_CAPACITY)
    }

    pub fn with_capacity(self, capacity: u64) -> Self {
        Self::build(self.max, self.window_ms, self.backoff, capacity)
    }

    fn build(max: u32, window_ms: i64, backoff: bool, capacity: u64) -> Self {
        let idle = if backoff { MAX_LOCK_MS.max(window_ms) } else { window_ms };
        let windows = Cache::builder()
            .max_capacity(capacity)
            .time_to_idle(Duration::from_millis(u64::try_from(idle.max(1)).unwrap_or(u64::MAX)))
            .build();
        FailureLimiter { max, window_ms, backoff, windows }
    }

    /// The length of a window after `strikes` spent ones.
    fn length(&self, strikes: u32) -> i64 {
        if !self.backoff || strikes == 0 {
            return self.window_ms;
        }
        self.window_ms.saturating_mul(1i64 << (strikes - 1).min(20)).min(MAX_LOCK_MS.max(self.window_ms))
    }

    /// The key's window as of `now` (a fresh one when the last has passed).
    fn current(&self, w: Option<Window>, now: EpochMs) -> Window {
        match w {
            Some(w) if now - w.start < self.length(w.strikes) => w,
            Some(w) => Window { start: now, used: 0, strikes: w.strikes },
            None => Window { start: now, used: 0, strikes: 0 },
        }
    }

    /// Attempts `key` has taken in its current window.
    pub fn used(&self, key: &str, now: EpochMs) -> u32 {
        self.windows.get(key).map(|w| self.current(Some(w), now).used).unwrap_or(0)
    }

    /// True while `key` has used up its attempts in the current window.
    pub fn is_blocked(&self, key: &str, now: EpochMs) -> bool {
        self.used(key, now) >= self.max
    }

    /// Takes one attempt from `key`'s budget if any is left (check and count in one step).
    /// False: the budget is spent for this window and nothing was counted.
    pub fn reserve(&self, key: &str, now: EpochMs) -> bool {
        let mut granted = false;
        self.windows.entry_by_ref(key).and_compute_with(|e| {
            let mut w = self.current(e.map(|e| e.into_value()), now);
            if w.used >= self.max {
                return Op::Nop;
            }
            granted = true;
            w.used += 1;
            if w.used == self.max {
                w.strikes = w.strikes.saturating_add(1);
            }
            Op::Put(w)
        });
        granted
    }

    /// Gives back a reserved attempt whose outcome was not a failure (a success, or an error of ours).
    pub fn release(&self, key: &str) {
        self.windows.entry_by_ref(key).and_compute_with(|e| match e.map(|e| e.into_value()) {
            Some(mut w) if w.used > 0 => {
                if w.used == self.max {
                    w.strikes = w.strikes.saturating_sub(1);
                }
                w.used -= 1;
                Op::Put(w)
            }
            _ => Op::Nop,
        });
    }

    /// Counts a failure without asking (for callers that did not reserve).
    pub fn record_failure(&self, key: &str, now: EpochMs) {
        self.windows.entry_by_ref(key).and_compute_with(|e| {
            let mut w = self.current(e.map(|e| e.into_value()), now);
            w.used = w.used.saturating_add(1);
            Op::Put(w)
        });
    }

    /// Forgets `key` (a success): its next attempt starts a fresh budget, and its backoff is gone.
    pub fn clear(&self, key: &str) {
        self.windows.invalidate(key);
    }

    /// Keys held now (after pending evictions are applied), for tests and the flood benchmark.
    pub fn len(&self) -> u64 {
        self.windows.run_pending_tasks();
        self.windows.entry_count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Failed attempts on one account, counted per (account, address) with backoff, under an account-wide ceiling.
///
/// An attacker at one address gets `per_pair` tries a window, then waits twice as long each time. Spraying from many
/// addresses reaches the account's ceiling; past it, only an address with no failure on this account in its window
/// may try (one attempt each), so the owner's own device — which has not failed — still gets in with the right
/// password, while every address that has failed is refused.
///
/// An address that has succeeded on an account is a *known device* of it (for [`KNOWN_DEVICE_MS`] after its last
/// success, at most [`DEFAULT_CAPACITY`] pairs): its attempts go ahead of everyone else's in the hashing queue.
pub struct Lockout {
    pairs: FailureLimiter,
    accounts: FailureLimiter,
    known: Cache<String, ()>,
}

/// How long after its last success an address stays a known device of an account.
pub const KNOWN_DEVICE_MS: u64 = 30 * 24 * 3600 * 1000;

/// What a reservation took, to give back on success.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reserved {
    pair: String,
    account: Option<String>,
    /// The address has succeeded on this account before.
    pub known: bool,
}

impl Lockout {
    pub fn new(per_pair: u32, ceiling: u32, window_ms: i64) -> Self {
        Lockout {
            pairs: FailureLimiter::with_backoff(per_pair, window_ms),
            accounts: FailureLimiter::new(ceiling, window_ms),
            known: Cache::builder()
                .max_capacity(DEFAULT_CAPACITY)
                .time_to_live(Duration::from_millis(KNOWN_DEVICE_MS))
                .build(),
        }
    }

    /// Reserves an attempt on `account` from `addr`; `None`: refused, nothing counted.
    pub fn reserve(&self, account: &str, addr: &str, now: EpochMs) -> Option<Reserved> {
        let pair = format!("{account}@{addr}");
        let clean = self.pairs.used(&pair, now) == 0;
        if !self.pairs.reserve(&pair, now) {
            return None;
        }
        let known = self.known.contains_key(&pair);
        if self.accounts.reserve(account, now) {
            return Some(Reserved { pair, account: Some(account.to_string()), known });
        }
        if clean {
            // Past the ceiling: an address with no failures here still gets its one try.
            return Some(Reserved { pair, account: None, known });
        }
        self.pairs.release(&pair);
        None
    }

    /// A success: the address starts afresh on this account and is a known device of it, and the account's count
    /// gives back this attempt.
    pub fn succeeded(&self, r: &Reserved) {
        self.pairs.clear(&r.pair);
        self.known.insert(r.pair.clone(), ());
        if let Some(a) = &r.account {
            self.accounts.release(a);
        }
    }

    /// An error of ours (not a wrong guess): gives the attempt back.
    pub fn cancel(&self, r: &Reserved) {
        self.pairs.release(&r.pair);
        if let Some(a) = &r.account {
            self.accounts.release(a);
        }
    }

    /// Keys held by all three parts.
    pub fn len(&self) -> u64 {
        self.known.run_pending_tasks();
        self.pairs.len() + self.accounts.len() + self.known.entry_count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    #[test]
    fn backoff_doubles_the_wait_of_a_key_that_keeps_spending_its_budget() {
        let l = FailureLimiter::with_backoff(2, 1_000);
        let spend = |t| (0..2).all(|_| l.reserve("k", t)) && !l.reserve("k", t);
        assert!(spend(0), "first window: 1 s");
        assert!(!l.reserve("k", 999));
        assert!(spend(1_000), "then a fresh budget…");
        assert!(!l.reserve("k", 2_999), "…whose window lasts 2 s");
        assert!(spend(3_000));
        assert!(!l.reserve("k", 6_999), "then 4 s");
        assert!(l.reserve("k", 7_000));
        l.clear("k");
        assert!(spend(7_000));
        assert!(l.reserve("k", 8_000), "a success forgets the backoff");
    }

    #[test]
    fn a_flood_of_new_keys_stays_within_the_capacity() {
        let l = FailureLimiter::new(5, 60_000).with_capacity(1_000);
        for i in 0..20_000 {
            l.reserve(&format!("name:{i}"), 0);
        }
        assert!(l.len() <= 1_100, "{} keys", l.len());
    }

    #[test]
    fn spraying_from_many_addresses_does_not_lock_out_a_clean_device() {
        let lock = Lockout::new(5, 20, 60_000);
        // An attacker: five guesses from each of many addresses, until the ceiling.
        let mut granted = 0;
        for a in 0..50 {
            for _ in 0..5 {
                granted += usize::from(lock.reserve("user:7", &format!("10.0.0.{a}"), 0).is_some());
            }
        }
        // 20 under the ceiling, then one from each of the other 46 addresses that had not failed yet.
        assert_eq!(granted, 20 + 46);
        assert!(lock.reserve("user:7", "10.0.0.1", 1).is_none(), "an address that failed is refused");
        // The owner's phone has never failed: it may try, and a success leaves it clean.
        let r = lock.reserve("user:7", "192.0.2.5", 1).expect("the owner's device");
        assert!(!r.known, "not yet a known device");
        lock.succeeded(&r);
        let again = lock.reserve("user:7", "192.0.2.5", 2).expect("the owner's device again");
        assert!(again.known, "a known device after its success");
        // Known per account and address: no attacker's address, and not the same address on another account.
        assert!(lock.reserve("user:7", "10.0.0.49", 2).is_none_or(|r| !r.known));
        assert!(lock.reserve("user:9", "192.0.2.5", 2).is_some_and(|r| !r.known));
        // Another account is not touched.
        assert!(lock.reserve("user:8", "10.0.0.1", 2).is_some());
    }

    #[test]
    fn one_address_gets_its_pair_budget_then_waits_longer_each_time() {
        let lock = Lockout::new(5, 50, 1_000);
        assert_eq!((0..10).filter(|_| lock.reserve("user:7", "a", 0).is_some()).count(), 5);
        assert!(lock.reserve("user:7", "a", 1_000).is_some(), "a fresh window");
        assert_eq!((0..10).filter(|_| lock.reserve("user:7", "a", 1_000).is_some()).count(), 4);
        assert!(lock.reserve("user:7", "a", 2_500).is_none(), "the second lock lasts 2 s");
        assert!(lock.reserve("user:7", "a", 3_000).is_some());
        assert!(lock.reserve("user:7", "b", 0).is_some(), "another address has its own budget");
    }
}
