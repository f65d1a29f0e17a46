//! Latencies and counters over time, for the HTML report's charts: the run's clock (seconds since the shared stats
//! were made), a compact log-binned histogram that merges by adding counts, a series of those per second, and the
//! ticker's samples of the counters. Memory stays bounded however long a run is: past [`MAX_BUCKETS`] a series
//! merges neighbouring buckets in pairs (each then spans twice as many seconds), and the samples keep every other.

use std::sync::OnceLock;
use std::time::Instant;

/// At most this many buckets per latency series and samples in a timeline (an hour of seconds before merging).
pub const MAX_BUCKETS: usize = 3_600;

/// Sub-bins per power of two: bins are at most 1/8 of their value wide (a value read back is within ~6 %).
const SUB_BITS: u32 = 3;
const SUBS: u32 = 1 << SUB_BITS;

static CLOCK: OnceLock<Instant> = OnceLock::new();

/// Start the run's clock if it has not started (the shared stats do when they are made, just before the run).
pub fn start_clock() {
    CLOCK.get_or_init(Instant::now);
}

/// Seconds on the run's clock.
pub fn clock_secs() -> f64 {
    CLOCK.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// The bin of a value: 8 bins per power of two, ordered like the values.
fn bin_of(value: u64) -> u16 {
    let v = value.max(1);
    let exp = 63 - v.leading_zeros();
    let sub = if exp >= SUB_BITS {
        (v >> (exp - SUB_BITS)) as u32 & (SUBS - 1)
    } else {
        (v << (SUB_BITS - exp)) as u32 & (SUBS - 1)
    };
    (exp * SUBS + sub) as u16
}

/// The values a bin holds: `[low, high)`.
pub fn bin_range(bin: u16) -> (f64, f64) {
    let exp = i32::from(bin) / SUBS as i32;
    let sub = f64::from(u32::from(bin) % SUBS);
    let base = 2f64.powi(exp);
    (base * (1.0 + sub / f64::from(SUBS)), base * (1.0 + (sub + 1.0) / f64::from(SUBS)))
}

/// A histogram of values (microseconds here) in log bins, only the bins between its lowest and highest value kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogHistogram {
    /// The bin of `counts[0]`.
    low: u16,
    counts: Vec<u32>,
    len: u64,
}

impl LogHistogram {
    pub fn record(&mut self, value: u64) {
        self.add(bin_of(value), 1);
    }

    fn add(&mut self, bin: u16, n: u32) {
        if n == 0 {
            return;
        }
        if self.counts.is_empty() {
            self.low = bin;
            self.counts.push(0);
        } else if bin < self.low {
            let grow = usize::from(self.low - bin);
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.low = bin;
        }
        let i = usize::from(bin - self.low);
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] = self.counts[i].saturating_add(n);
        self.len += u64::from(n);
    }

    /// Add every value of `other`.
    pub fn merge(&mut self, other: &LogHistogram) {
        for (bin, n) in other.bins() {
            self.add(bin, n);
        }
    }

    /// Values recorded.
    pub fn count(&self) -> u64 {
        self.len
    }

    /// The non-empty bins, lowest first.
    pub fn bins(&self) -> impl Iterator<Item = (u16, u32)> + '_ {
        self.counts.iter().enumerate().filter(|(_, n)| **n > 0).map(|(i, n)| (self.low + i as u16, *n))
    }

    /// The value at quantile `q` (0–1): the middle of the bin it falls in; `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<f64> {
        if self.len == 0 {
            return None;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.len as f64).ceil() as u64).max(1);
        let mut seen = 0u64;
        for (bin, n) in self.bins() {
            seen += u64::from(n);
            if seen >= rank {
                let (low, high) = bin_range(bin);
                return Some((low + high) / 2.0);
            }
        }
        None
    }
}

/// A histogram per bucket of `width` seconds on the run's clock, and one of the whole run.
#[derive(Debug, Clone)]
pub struct Series {
    width: u64,
    buckets: Vec<LogHistogram>,
    total: LogHistogram,
}

impl Default for Series {
    fn default() -> Self {
        Series { width: 1, buckets: Vec::new(), total: LogHistogram::default() }
    }
}

/// One bucket of a series, for charts: its start on the run's clock and its p50 / p99 (µs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub start_secs: f64,
    pub count: u64,
    pub p50: f64,
    pub p99: f64,
}

impl Series {
    /// Record `value` at `at_secs` on the run's clock.
    pub fn record(&mut self, at_secs: u64, value: u64) {
        while at_secs / self.width >= MAX_BUCKETS as u64 {
            self.halve();
        }
        let i = (at_secs / self.width) as usize;
        if i >= self.buckets.len() {
            self.buckets.resize_with(i + 1, LogHistogram::default);
        }
        self.buckets[i].record(value);
        self.total.record(value);
    }

    /// Twice as many seconds per bucket: neighbours merged in pairs.
    fn halve(&mut self) {
        let old = std::mem::take(&mut self.buckets);
        self.buckets = old
            .chunks(2)
            .map(|pair| {
                let mut merged = pair[0].clone();
                if let Some(second) = pair.get(1) {
                    merged.merge(second);
                }
                merged
            })
            .collect();
        self.width *= 2;
    }

    /// Seconds per bucket.
    pub fn width(&self) -> u64 {
        self.width
    }

    #[cfg(test)]
    fn buckets(&self) -> usize {
        self.buckets.len()
    }

    pub fn total(&self) -> &LogHistogram {
        &self.total
    }

    /// The non-empty buckets with their p50 and p99.
    pub fn points(&self) -> Vec<Point> {
        self.buckets
            .iter()
            .enumerate()
            .filter_map(|(i, h)| {
                Some(Point {
                    start_secs: (i as u64 * self.width) as f64,
                    count: h.count(),
                    p50: h.quantile(0.5)?,
                    p99: h.quantile(0.99)?,
                })
            })
            .collect()
    }
}

/// The counters at one moment of the run (cumulative, so any two samples give a rate), and the server's CPU
/// seconds and resident memory when it is watched.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sample {
    /// Seconds on the run's clock.
    pub at_secs: f64,
    /// Clients connected (sockets open; Mines: players playing).
    pub connected: u64,
    /// The swarm's unit of work so far (bets, moves or frames).
    pub work: u64,
    pub messages: u64,
    pub errors: u64,
    pub server_cpu_secs: Option<f64>,
    pub server_rss_mb: Option<f64>,
}

/// What happened between two samples, per second.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rates {
    pub work: f64,
    pub messages: f64,
    /// Share of one core the server used (1.0: a whole core).
    pub server_cpu: Option<f64>,
}

impl Rates {
    pub fn between(before: &Sample, after: &Sample) -> Rates {
        let secs = (after.at_secs - before.at_secs).max(1e-3);
        let per_sec = |a: u64, b: u64| a.saturating_sub(b) as f64 / secs;
        Rates {
            work: per_sec(after.work, before.work),
            messages: per_sec(after.messages, before.messages),
            server_cpu: after.server_cpu_secs.zip(before.server_cpu_secs).map(|(a, b)| ((a - b) / secs).max(0.0)),
        }
    }
}

/// The samples the ticker took, at most [`MAX_BUCKETS`] (then every other one is dropped, the last kept).
#[derive(Debug, Clone, Default)]
pub struct Timeline {
    samples: Vec<Sample>,
}

impl Timeline {
    pub fn push(&mut self, sample: Sample) {
        if self.samples.len() >= MAX_BUCKETS {
            // Keep the odd ones: the newest stays, so rates over the end remain right.
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 0
            });
        }
        self.samples.push(sample);
    }

    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_are_ordered_like_values_and_hold_them() {
        let mut last = 0;
        for v in (1..5_000u64).chain([1 << 20, 3_600_000_000, u64::MAX]) {
            let b = bin_of(v);
            assert!(b >= last, "bin of {v} went down");
            last = b;
            let (low, high) = bin_range(b);
            assert!(low <= v as f64 && (v as f64) < high * (1.0 + 1e-12), "{v} not in [{low}, {high})");
            assert!(high / low <= 1.0 + 1.0 / 8.0 + 1e-9 || v < 8, "bin {b} too wide: {low}–{high}");
        }
    }

    #[test]
    fn quantiles_are_within_the_bin_width() {
        let mut h = LogHistogram::default();
        for ms in 1..=1_000u64 {
            h.record(ms * 1_000);
        }
        let near = |got: Option<f64>, want: f64| got.is_some_and(|g| (g - want).abs() <= want * 0.07);
        assert!(near(h.quantile(0.5), 500_000.0), "{:?}", h.quantile(0.5));
        assert!(near(h.quantile(0.99), 990_000.0), "{:?}", h.quantile(0.99));
        assert_eq!(h.count(), 1_000);
        assert_eq!(LogHistogram::default().quantile(0.5), None);
    }

    #[test]
    fn merging_adds_counts_whatever_the_ranges() {
        let (mut a, mut b) = (LogHistogram::default(), LogHistogram::default());
        a.record(1_000);
        a.record(2_000);
        b.record(10);
        b.record(5_000_000);
        a.merge(&b);
        assert_eq!(a.count(), 4);
        assert_eq!(a.bins().map(|(_, n)| u64::from(n)).sum::<u64>(), 4);
        assert!(a.quantile(0.0).is_some_and(|v| v < 20.0));
        assert!(a.quantile(1.0).is_some_and(|v| v > 4_000_000.0));
    }

    #[test]
    fn a_series_keeps_one_bucket_per_second_with_its_own_percentiles() {
        let mut s = Series::default();
        for _ in 0..100 {
            s.record(0, 1_000); // 1 ms in second 0
            s.record(2, 50_000); // 50 ms in second 2
        }
        s.record(2, 400_000);
        let points = s.points();
        assert_eq!(points.len(), 2, "second 1 is empty: {points:?}");
        assert_eq!((points[0].start_secs, points[0].count), (0.0, 100));
        assert!((points[0].p50 - 1_000.0).abs() < 70.0);
        assert_eq!((points[1].start_secs, points[1].count), (2.0, 101));
        assert!((points[1].p99 - 50_000.0).abs() < 3_500.0, "{:?}", points[1]);
        assert_eq!(s.total().count(), 201);
    }

    #[test]
    fn a_long_series_merges_pairs_and_stays_bounded() {
        let mut s = Series::default();
        for sec in 0..(3 * MAX_BUCKETS as u64) {
            s.record(sec, 1_000 + sec);
        }
        assert_eq!(s.width(), 4);
        assert!(s.buckets() <= MAX_BUCKETS);
        assert_eq!(s.total().count(), 3 * MAX_BUCKETS as u64);
        let points = s.points();
        assert_eq!(points.iter().map(|p| p.count).sum::<u64>(), 3 * MAX_BUCKETS as u64);
        assert_eq!(points[1].start_secs, 4.0);
        assert_eq!(points[1].count, 4);
    }

    #[test]
    fn a_timeline_thins_itself_and_keeps_the_newest_sample() {
        let mut t = Timeline::default();
        for i in 0..(MAX_BUCKETS as u64 + 10) {
            t.push(Sample { at_secs: i as f64, work: i, ..Sample::default() });
        }
        assert!(t.samples().len() <= MAX_BUCKETS);
        assert_eq!(t.samples().last().map(|s| s.work), Some(MAX_BUCKETS as u64 + 9));
        assert!(t.samples().windows(2).all(|w| w[0].at_secs < w[1].at_secs));
    }

    #[test]
    fn rates_are_per_second_between_samples() {
        let a = Sample { at_secs: 10.0, work: 100, messages: 1_000, server_cpu_secs: Some(5.0), ..Sample::default() };
        let b = Sample { at_secs: 12.0, work: 300, messages: 1_500, server_cpu_secs: Some(6.0), ..Sample::default() };
        let r = Rates::between(&a, &b);
        assert_eq!((r.work, r.messages, r.server_cpu), (100.0, 250.0, Some(0.5)));
        assert_eq!(Rates::between(&a, &Sample { at_secs: 11.0, ..Sample::default() }).server_cpu, None);
    }
}
