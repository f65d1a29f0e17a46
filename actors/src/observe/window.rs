//! A lock-free histogram over a sliding window: recording is two relaxed atomic adds, reading sums the
//! buckets of the current and the previous slot (so a quantile covers the last 5 to 10 seconds).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Length of one slot of the window, in seconds.
pub const SLOT_SECS: u64 = 5;
/// Values below this are their own bucket; above, each power of two has [`SUB`] buckets (≤ 25 % error).
const LINEAR: u64 = 16;
const SUB_BITS: u32 = 2;
const SUB: usize = 1 << SUB_BITS;
const BUCKETS: usize = LINEAR as usize + (64 - 4) * SUB;

struct Slot {
    epoch: AtomicU64,
    counts: Box<[AtomicU64]>,
}

/// Values (microseconds, or plain counts) recorded over time: quantiles of the last window, and the count and
/// sum of everything ever recorded (for a Prometheus summary).
pub struct Window {
    slots: [Slot; 2],
    count: AtomicU64,
    sum: AtomicU64,
}

impl Default for Window {
    fn default() -> Self {
        let slot = || Slot { epoch: AtomicU64::new(0), counts: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect() };
        Window { slots: [slot(), slot()], count: AtomicU64::new(0), sum: AtomicU64::new(0) }
    }
}

fn bucket(v: u64) -> usize {
    if v < LINEAR {
        return v as usize;
    }
    let top = 63 - v.leading_zeros();
    let sub = ((v >> (top - SUB_BITS)) & (SUB as u64 - 1)) as usize;
    LINEAR as usize + (top as usize - 4) * SUB + sub
}

/// The middle of a bucket's range: what a quantile falling in it reports.
fn value_of(b: usize) -> u64 {
    if b < LINEAR as usize {
        return b as u64;
    }
    let i = b - LINEAR as usize;
    let top = (i / SUB) as u32 + 4;
    let sub = (i % SUB) as u64;
    let width = 1u64 << (top - SUB_BITS);
    (1u64 << top) + sub * width + width / 2
}

impl Window {
    /// Records `v` at time `now_s` (seconds on any monotonic scale shared by the readers).
    pub fn record(&self, v: u64, now_s: u64) {
        let epoch = now_s / SLOT_SECS + 1;
        let slot = &self.slots[(epoch % 2) as usize];
        let seen = slot.epoch.load(Relaxed);
        if seen != epoch && slot.epoch.compare_exchange(seen, epoch, Relaxed, Relaxed).is_ok() {
            // The first writer of a new slot clears it; a value racing with the clear may be lost (metrics only).
            for c in slot.counts.iter() {
                c.store(0, Relaxed);
            }
        }
        slot.counts[bucket(v)].fetch_add(1, Relaxed);
        self.count.fetch_add(1, Relaxed);
        self.sum.fetch_add(v, Relaxed);
    }

    /// The quantiles `qs` (0..=1) of what was recorded in the window ending at `now_s`; `None` if nothing was.
    pub fn quantiles<const N: usize>(&self, qs: [f64; N], now_s: u64) -> Option<[u64; N]> {
        let epoch = now_s / SLOT_SECS + 1;
        let mut counts = vec![0u64; BUCKETS];
        for slot in &self.slots {
            let e = slot.epoch.load(Relaxed);
            if e == epoch || e + 1 == epoch {
                for (total, c) in counts.iter_mut().zip(slot.counts.iter()) {
                    *total += c.load(Relaxed);
                }
            }
        }
        let n: u64 = counts.iter().sum();
        if n == 0 {
            return None;
        }
        Some(qs.map(|q| {
            let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
            let mut seen = 0;
            counts
                .iter()
                .position(|c| {
                    seen += c;
                    seen >= rank
                })
                .map_or(0, value_of)
        }))
    }

    /// Everything ever recorded: how many values and their sum.
    pub fn totals(&self) -> (u64, u64) {
        (self.count.load(Relaxed), self.sum.load(Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_ordered_and_close() {
        let mut last = 0;
        for v in (0..100_000u64).chain([1 << 20, 1 << 40, u64::MAX / 2]) {
            let b = bucket(v);
            assert!(b >= last, "bucket of {v} went back");
            assert!(b < BUCKETS);
            last = b;
            let mid = value_of(b) as f64;
            assert!(v < LINEAR || (mid - v as f64).abs() <= v as f64 * 0.25, "{v} reported as {mid}");
        }
    }

    #[test]
    fn quantiles_of_the_window() {
        let w = Window::default();
        assert_eq!(w.quantiles([0.5], 100), None);
        for v in 1..=100 {
            w.record(v * 10, 100);
        }
        let [p50, p99] = w.quantiles([0.5, 0.99], 100).unwrap_or_default();
        assert!((450..=560).contains(&p50), "p50 {p50}");
        assert!((900..=1_100).contains(&p99), "p99 {p99}");
        assert_eq!(w.totals(), (100, 50_500));
        // Still seen one slot later, gone two slots later.
        assert!(w.quantiles([0.5], 100 + SLOT_SECS).is_some());
        assert_eq!(w.quantiles([0.5], 100 + 2 * SLOT_SECS), None);
        // A new slot starts empty.
        w.record(7, 100 + 2 * SLOT_SECS);
        assert_eq!(w.quantiles([0.5], 100 + 2 * SLOT_SECS), Some([7]));
    }
}
