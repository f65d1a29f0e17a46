//! What every scenario measures: counters and latency histograms shared by all bettor tasks (each latency also
//! kept per second for the charts, `series`), clients connected, the ticker's samples, their percentiles, the
//! server's CPU and memory over the run (from `/proc`), and the rows of the printed table they share.

use crate::common::mix::PlayerKind;
use crate::common::series::{self, Point, Sample, Series, Timeline, bin_range};
use hdrhistogram::Histogram;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Histograms record microseconds, up to one hour, 3 significant digits.
const HIST_MAX_US: u64 = 3_600_000_000;

pub fn new_histogram() -> Histogram<u64> {
    match Histogram::new_with_bounds(1, HIST_MAX_US, 3) {
        Ok(h) => h,
        // The bounds are constants that `new_with_bounds` accepts (low ≥ 1, high ≥ 2·low, sigfig ≤ 5).
        Err(e) => unreachable!("constant histogram bounds rejected: {e}"),
    }
}

/// One latency shared by many tasks, in microseconds: the whole run's histogram (exact percentiles) and the same
/// values per second (for the charts). The lock is uncontended with one runtime worker and held only for one
/// `record`.
pub struct Recorder(Mutex<Timed>);

struct Timed {
    whole: Histogram<u64>,
    series: Series,
}

impl Default for Recorder {
    fn default() -> Self {
        series::start_clock();
        Recorder(Mutex::new(Timed { whole: new_histogram(), series: Series::default() }))
    }
}

impl Recorder {
    pub fn record(&self, micros: u64) {
        let at = series::clock_secs() as u64;
        if let Ok(mut t) = self.0.lock() {
            t.whole.saturating_record(micros.max(1));
            t.series.record(at, micros.max(1));
        }
    }

    /// Record the time since `since`.
    pub fn since(&self, since: std::time::Instant) {
        self.record(u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX));
    }

    pub fn summary(&self) -> Percentiles {
        match self.0.lock() {
            Ok(t) => Percentiles::of(&t.whole),
            Err(_) => Percentiles::default(),
        }
    }

    /// This latency for the HTML report, under `name`.
    pub fn view(&self, name: &str) -> LatencyView {
        let Ok(t) = self.0.lock() else {
            return LatencyView { name: name.to_owned(), ..LatencyView::default() };
        };
        LatencyView {
            name: name.to_owned(),
            summary: Percentiles::of(&t.whole),
            width_secs: t.series.width(),
            points: t.series.points(),
            bins: t.series.total().bins().map(|(b, n)| (bin_range(b).0, bin_range(b).1, u64::from(n))).collect(),
        }
    }
}

/// One latency as the HTML report draws it: the summary, p50 / p99 per bucket of `width_secs`, and the whole run's
/// log bins (`[low, high)` µs and count).
#[derive(Debug, Clone, Default)]
pub struct LatencyView {
    pub name: String,
    pub summary: Percentiles,
    pub width_secs: u64,
    pub points: Vec<Point>,
    pub bins: Vec<(f64, f64, u64)>,
}

/// Counters and histograms shared by all bettor tasks. Locks are uncontended with one runtime worker and held
/// only for one `record`.
pub struct Stats {
    /// Bets the server acknowledged (Aviator: one slot; round games: one ticket).
    pub bets: AtomicU64,
    /// Bets that paid (Aviator: cash-outs; round games: winning tickets).
    pub wins: AtomicU64,
    pub errors: AtomicU64,
    pub rejections: AtomicU64,
    pub reconnects: AtomicU64,
    /// Websocket text frames received (Mines: answers).
    pub messages: AtomicU64,
    /// Clients connected now (sockets open; Mines: players playing), through [`Connected`] guards.
    pub connected: AtomicU64,
    /// Frames received by each kind of player (`PlayerKind::index`).
    kind_messages: [AtomicU64; PlayerKind::ALL.len()],
    bet_ack: Recorder,
    cashout_ack: Recorder,
    broadcast_lag: Recorder,
    error_kinds: Mutex<BTreeMap<String, u64>>,
    rejection_kinds: Mutex<BTreeMap<String, u64>>,
    /// The ticker's samples (`common::progress`).
    timeline: Mutex<Timeline>,
}

#[derive(Debug, Clone, Copy)]
pub enum Latency {
    /// Bet emitted → its ack.
    BetAck,
    /// Aviator's cash_out emitted → its ack.
    CashoutAck,
    /// The `serverTime` of a broadcast → its receipt.
    BroadcastLag,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            bets: AtomicU64::new(0),
            wins: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            rejections: AtomicU64::new(0),
            reconnects: AtomicU64::new(0),
            messages: AtomicU64::new(0),
            connected: AtomicU64::new(0),
            kind_messages: Default::default(),
            bet_ack: Recorder::default(),
            cashout_ack: Recorder::default(),
            broadcast_lag: Recorder::default(),
            error_kinds: Mutex::new(BTreeMap::new()),
            rejection_kinds: Mutex::new(BTreeMap::new()),
            timeline: Mutex::new(Timeline::default()),
        }
    }
}

/// One connected client: counted in [`Stats::connected`] until dropped.
pub struct Connected(Arc<Stats>);

impl Drop for Connected {
    fn drop(&mut self) {
        self.0.connected.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Stats {
    fn histogram(&self, which: Latency) -> &Recorder {
        match which {
            Latency::BetAck => &self.bet_ack,
            Latency::CashoutAck => &self.cashout_ack,
            Latency::BroadcastLag => &self.broadcast_lag,
        }
    }

    pub fn record(&self, which: Latency, micros: u64) {
        self.histogram(which).record(micros);
    }

    /// A latency for the HTML report, under `name`.
    pub fn view(&self, which: Latency, name: &str) -> LatencyView {
        self.histogram(which).view(name)
    }

    /// A client has connected; it counts until the guard is dropped.
    pub fn connect(stats: &Arc<Stats>) -> Connected {
        stats.connected.fetch_add(1, Ordering::Relaxed);
        Connected(Arc::clone(stats))
    }

    /// A frame received by a player of `kind`.
    pub fn message(&self, kind: PlayerKind) {
        self.messages.fetch_add(1, Ordering::Relaxed);
        self.kind_messages[kind.index()].fetch_add(1, Ordering::Relaxed);
    }

    /// Frames received by players of `kind`.
    pub fn kind_messages(&self, kind: PlayerKind) -> u64 {
        Stats::load(&self.kind_messages[kind.index()])
    }

    /// Keep a sample of the counters (the ticker's).
    pub fn sample(&self, sample: Sample) {
        if let Ok(mut t) = self.timeline.lock() {
            t.push(sample);
        }
    }

    /// The samples kept so far.
    pub fn timeline(&self) -> Vec<Sample> {
        self.timeline.lock().map(|t| t.samples().to_vec()).unwrap_or_default()
    }

    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }

    pub fn load(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// Count an error of a kind; the first few details of each kind go to stderr.
    pub fn error(&self, kind: &str, detail: &dyn std::fmt::Display) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let seen = bump(&self.error_kinds, kind);
        if seen <= 3 {
            crate::common::progress::note(&format!("error [{kind}]: {detail}"));
        }
    }

    /// Count a business rejection (too_late, betting_closed, …) by its code.
    pub fn rejection(&self, code: &str) {
        self.rejections.fetch_add(1, Ordering::Relaxed);
        bump(&self.rejection_kinds, code);
    }

    pub fn summary(&self, which: Latency) -> Percentiles {
        self.histogram(which).summary()
    }

    pub fn error_kinds(&self) -> BTreeMap<String, u64> {
        self.error_kinds.lock().map(|m| m.clone()).unwrap_or_default()
    }

    pub fn rejection_kinds(&self) -> BTreeMap<String, u64> {
        self.rejection_kinds.lock().map(|m| m.clone()).unwrap_or_default()
    }
}

fn bump(map: &Mutex<BTreeMap<String, u64>>, kind: &str) -> u64 {
    match map.lock() {
        Ok(mut m) => {
            let n = m.entry(kind.to_owned()).or_insert(0);
            *n += 1;
            *n
        }
        Err(_) => 0,
    }
}

/// p50 / p90 / p99 / max in milliseconds; null when nothing was recorded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Percentiles {
    pub count: u64,
    pub p50: Option<f64>,
    pub p90: Option<f64>,
    pub p99: Option<f64>,
    pub max: Option<f64>,
}

fn ms(micros: u64) -> f64 {
    micros as f64 / 1000.0
}

impl Percentiles {
    pub fn of(h: &Histogram<u64>) -> Self {
        if h.is_empty() {
            return Percentiles::default();
        }
        Percentiles {
            count: h.len(),
            p50: Some(ms(h.value_at_quantile(0.5))),
            p90: Some(ms(h.value_at_quantile(0.9))),
            p99: Some(ms(h.value_at_quantile(0.99))),
            max: Some(ms(h.max())),
        }
    }
}

/// A value for the table: three decimals, or `-` when unknown.
pub fn opt(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| format!("{v:.3}"))
}

/// A row of the printed table: a name and its value.
pub fn row(s: &mut String, name: &str, value: impl std::fmt::Display) {
    s.push_str(&format!("{name:<22} {value:>10}\n"));
}

/// The table's latency section: a header, then a row per measured call (count, p50, p90, p99, max in ms).
pub fn latency_rows(s: &mut String, rows: &[(&str, &Percentiles)]) {
    s.push_str(&format!(
        "{:<22} {:>10} {:>10} {:>10} {:>10} {:>10}\n",
        "latency (ms)", "count", "p50", "p90", "p99", "max"
    ));
    for (name, p) in rows {
        s.push_str(&format!(
            "{name:<22} {:>10} {:>10} {:>10} {:>10} {:>10}\n",
            p.count,
            opt(p.p50),
            opt(p.p90),
            opt(p.p99),
            opt(p.max)
        ));
    }
}

/// The table's end: a line per error and rejection kind, then the verdict.
pub fn verdict_rows(
    s: &mut String,
    error_kinds: &BTreeMap<String, u64>,
    rejection_kinds: &BTreeMap<String, u64>,
    passed: bool,
) {
    for (k, v) in error_kinds {
        s.push_str(&format!("  error {k:<16} {v:>10}\n"));
    }
    for (k, v) in rejection_kinds {
        s.push_str(&format!("  rejected {k:<13} {v:>10}\n"));
    }
    s.push_str(if passed { "RESULT: PASS\n" } else { "RESULT: FAIL\n" });
}

/// The server's memory and CPU over a run (all null without `--server-pid`; with several, the sums over them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ServerFigures {
    pub server_peak_memory_mb: Option<f64>,
    /// Server resident memory just before the bettors connected, and what the peak added per bettor (KB).
    pub server_rss_before_mb: Option<f64>,
    pub server_kb_per_bettor: Option<f64>,
    /// Server CPU (user + system) while the bettors played, and per message a bettor received (µs).
    pub server_cpu_secs: Option<f64>,
    pub server_cpu_us_per_message: Option<f64>,
}

impl ServerFigures {
    /// The rows of the printed table.
    pub fn table_rows(&self, s: &mut String) {
        s.push_str(&format!("{:<22} {:>10}\n", "server peak MB", opt(self.server_peak_memory_mb)));
        s.push_str(&format!("{:<22} {:>10}\n", "server KB per bettor", opt(self.server_kb_per_bettor)));
        s.push_str(&format!("{:<22} {:>10}\n", "server CPU secs", opt(self.server_cpu_secs)));
        s.push_str(&format!("{:<22} {:>10}\n", "server CPU µs/message", opt(self.server_cpu_us_per_message)));
    }
}

/// One server process of several (a cluster's node): its CPU while the bettors played and its peak memory.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct NodeFigures {
    pub pid: u32,
    pub cpu_secs: Option<f64>,
    pub peak_memory_mb: Option<f64>,
}

/// Reads the server's resident memory and CPU when the bettors start, and its CPU when they have finished; for
/// several processes (a cluster's nodes), each one's.
pub struct ServerMeter {
    pids: Vec<u32>,
    rss_before: Vec<Option<f64>>,
    cpu_before: Vec<Option<f64>>,
    cpu_used: Vec<Option<f64>>,
}

/// The sum of every value; `None` when there are none or any is unknown.
fn sum(values: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    let mut values = values.into_iter().peekable();
    values.peek()?;
    values.sum()
}

impl ServerMeter {
    pub fn start(pids: &[u32]) -> ServerMeter {
        ServerMeter {
            pids: pids.to_vec(),
            rss_before: pids.iter().map(|&p| resident_mb(p)).collect(),
            cpu_before: pids.iter().map(|&p| cpu_secs(p)).collect(),
            cpu_used: Vec::new(),
        }
    }

    /// The bettors have finished: the CPU they cost the server.
    pub fn stop(&mut self) {
        self.cpu_used = self
            .pids
            .iter()
            .zip(&self.cpu_before)
            .map(|(&pid, before)| cpu_secs(pid).zip(*before).map(|(after, before)| after - before))
            .collect();
    }

    /// Each process's figures, when there are several (none for one: [`Self::figures`] are its own).
    pub fn nodes(&self) -> Vec<NodeFigures> {
        if self.pids.len() < 2 {
            return Vec::new();
        }
        self.pids
            .iter()
            .enumerate()
            .map(|(i, &pid)| NodeFigures {
                pid,
                cpu_secs: self.cpu_used.get(i).copied().flatten(),
                peak_memory_mb: peak_memory_mb(pid),
            })
            .collect()
    }

    /// The figures for `bettors` that received `messages` frames (peak memory read now; sums over the processes).
    pub fn figures(&self, bettors: usize, messages: u64) -> ServerFigures {
        let peak = sum(self.pids.iter().map(|&p| peak_memory_mb(p)));
        let rss_before = sum(self.rss_before.iter().copied());
        let cpu_used = if self.cpu_used.is_empty() { None } else { sum(self.cpu_used.iter().copied()) };
        ServerFigures {
            server_peak_memory_mb: peak,
            server_rss_before_mb: rss_before,
            server_kb_per_bettor: peak
                .zip(rss_before)
                .map(|(peak, before)| ((peak - before) * 1024.0 / bettors.max(1) as f64 * 10.0).round() / 10.0),
            server_cpu_secs: cpu_used,
            server_cpu_us_per_message: cpu_used
                .filter(|_| messages > 0)
                .map(|cpu| (cpu * 1e6 / messages as f64 * 10.0).round() / 10.0),
        }
    }
}

/// Peak resident memory (VmHWM) of a process in MB, from `/proc/<pid>/status`.
pub fn peak_memory_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_vm_hwm_mb(&status)
}

fn parse_vm_hwm_mb(status: &str) -> Option<f64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kb / 1024.0 * 10.0).round() / 10.0)
}

/// Resident memory (VmRSS) of a process in MB.
pub fn resident_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// CPU seconds (user + system) a process has used, from `/proc/<pid>/stat` (clock ticks of 1/100 s).
pub fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_cpu_secs(&stat)
}

fn parse_cpu_secs(stat: &str) -> Option<f64> {
    // Fields after the command (which may hold spaces, inside parentheses): utime and stime are the 12th and 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The soft open-file limit of this process, from `/proc/self/limits`.
pub fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    parse_open_files(&limits)
}

fn parse_open_files(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line.trim_start_matches("Max open files").split_whitespace().next()?;
    if soft == "unlimited" { Some(u64::MAX) } else { soft.parse().ok() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_reported_in_milliseconds() {
        let mut h = new_histogram();
        for us in 1..=1000u64 {
            h.saturating_record(us * 1000); // 1 ms .. 1000 ms
        }
        let p = Percentiles::of(&h);
        assert_eq!(p.count, 1000);
        let near = |v: Option<f64>, want: f64| v.is_some_and(|v| (v - want).abs() <= want * 0.002);
        assert!(near(p.p50, 500.0), "{p:?}");
        assert!(near(p.p90, 900.0), "{p:?}");
        assert!(near(p.p99, 990.0), "{p:?}");
        assert!(near(p.max, 1000.0), "{p:?}");
        assert_eq!(Percentiles::of(&new_histogram()), Percentiles::default());
    }

    #[test]
    fn stats_record_into_the_named_histogram_and_count_kinds() {
        let s = Stats::default();
        s.record(Latency::BetAck, 2_000);
        s.rejection("too_late");
        s.rejection("too_late");
        s.error("parse", &"x");
        assert_eq!(s.summary(Latency::BetAck).count, 1);
        assert_eq!(s.summary(Latency::CashoutAck).count, 0);
        assert_eq!(Stats::load(&s.rejections), 2);
        assert_eq!(s.rejection_kinds().get("too_late"), Some(&2));
        assert_eq!(Stats::load(&s.errors), 1);
        assert_eq!(s.error_kinds().get("parse"), Some(&1));
    }

    #[test]
    fn server_figures_without_a_pid_are_null() {
        let mut meter = ServerMeter::start(&[]);
        meter.stop();
        let json = serde_json::to_value(meter.figures(10, 100)).unwrap_or_default();
        assert!(json["server_peak_memory_mb"].is_null());
        assert!(json["server_cpu_us_per_message"].is_null());
        assert!(meter.nodes().is_empty());
    }

    #[test]
    fn several_servers_are_summed_and_listed() {
        let me = std::process::id();
        let mut one = ServerMeter::start(&[me]);
        let mut two = ServerMeter::start(&[me, me]);
        one.stop();
        two.stop();
        assert!(one.nodes().is_empty());
        let nodes = two.nodes();
        assert_eq!(nodes.iter().map(|n| n.pid).collect::<Vec<_>>(), [me, me]);
        assert!(nodes.iter().all(|n| n.cpu_secs.is_some() && n.peak_memory_mb.is_some()));
        let (a, b) = (one.figures(1, 1), two.figures(1, 1));
        assert!(b.server_cpu_secs.is_some() && b.server_peak_memory_mb >= a.server_peak_memory_mb);
        assert_eq!(sum([Some(1.0), Some(2.5)]), Some(3.5));
        assert_eq!(sum([Some(1.0), None]), None);
        assert_eq!(sum([]), None);
    }

    #[test]
    fn proc_files_are_parsed() {
        assert_eq!(parse_vm_hwm_mb("Name:\tx\nVmHWM:\t  204800 kB\n"), Some(200.0));
        let stat = "4242 (game server) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 9 0 100 0 0";
        assert_eq!(parse_cpu_secs(stat), Some(3.25));
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max open files            1024                 1048576              files     \n";
        assert_eq!(parse_open_files(limits), Some(1024));
    }
}
