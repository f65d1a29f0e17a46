//! The progress line every swarm prints to stderr about once a second while it runs, from the shared stats:
//! elapsed, clients connected, the swarm's work per second over the last second (bets, moves or frames), the p99 so
//! far of the latencies it names, and errors so far. Each tick's counters are also kept in the stats' timeline (for
//! the HTML report's charts), with the server's CPU and memory when its pid is known. On a terminal the line updates
//! in place (a carriage return); elsewhere (CI logs) it is one plain line per tick.

use crate::common::report::{self, Stats};
use crate::common::series::{self, Rates, Sample};
use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How often the line is printed and the counters sampled.
const TICK: Duration = Duration::from_secs(1);

/// A counter read at each tick.
pub type Reading = Box<dyn Fn() -> u64 + Send + Sync>;
/// A latency's p99 so far in ms (None before the first value).
pub type P99 = Box<dyn Fn() -> Option<f64> + Send + Sync>;

/// What a swarm's progress line shows beyond the shared counters.
pub struct Watch {
    /// The swarm's unit of work, per second on the line: `bets`, `moves`, `frames`.
    pub unit: &'static str,
    pub work: Reading,
    /// The latencies whose p99 so far the line shows, by name.
    pub p99: Vec<(&'static str, P99)>,
    /// The server under test (its processes: a cluster's nodes), to sample their CPU and memory (summed).
    pub server_pids: Vec<u32>,
}

impl Watch {
    pub fn new(unit: &'static str, work: impl Fn() -> u64 + Send + Sync + 'static) -> Watch {
        Watch { unit, work: Box::new(work), p99: Vec::new(), server_pids: Vec::new() }
    }

    /// Also show `name`'s p99 so far.
    pub fn p99(mut self, name: &'static str, p99: impl Fn() -> Option<f64> + Send + Sync + 'static) -> Watch {
        self.p99.push((name, Box::new(p99)));
        self
    }

    pub fn server(mut self, pids: &[u32]) -> Watch {
        self.server_pids = pids.to_vec();
        self
    }

    /// The sum of `read` over the server's processes; `None` without any, or when one cannot be read.
    fn server_sum(&self, read: fn(u32) -> Option<f64>) -> Option<f64> {
        if self.server_pids.is_empty() {
            return None;
        }
        self.server_pids.iter().map(|&pid| read(pid)).sum()
    }

    fn sample(&self, stats: &Stats) -> Sample {
        Sample {
            at_secs: series::clock_secs(),
            connected: Stats::load(&stats.connected),
            work: (self.work)(),
            messages: Stats::load(&stats.messages),
            errors: Stats::load(&stats.errors),
            server_cpu_secs: self.server_sum(report::cpu_secs),
            server_rss_mb: self.server_sum(report::resident_mb),
        }
    }
}

/// Whether stderr is a terminal (the line then updates in place).
fn on_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// Print a line to stderr above the progress line (on a terminal, clearing the line being updated first).
pub fn note(line: &str) {
    if on_terminal() {
        eprint!("\r\x1b[K{line}\n");
    } else {
        eprintln!("{line}");
    }
}

/// One progress line.
pub fn line(elapsed_secs: f64, now: &Sample, rates: &Rates, unit: &str, p99s: &[(&str, Option<f64>)]) -> String {
    let mut s = format!("[{elapsed_secs:>5.0}s] connected {} {unit}/s {:.0}", now.connected, rates.work);
    for (name, p99) in p99s {
        match p99 {
            Some(ms) => s.push_str(&format!(" | {name} p99 {ms:.1} ms")),
            None => s.push_str(&format!(" | {name} p99 -")),
        }
    }
    s.push_str(&format!(" | errors {}", now.errors));
    if let Some(cpu) = rates.server_cpu {
        s.push_str(&format!(" | server CPU {:.0} %", cpu * 100.0));
    }
    s
}

/// The ticker of one run: started with the players, stopped when they have finished.
pub struct Ticker {
    task: JoinHandle<()>,
    stats: Arc<Stats>,
    watch: Arc<Watch>,
}

impl Ticker {
    /// Sample now (the run's start), then print and sample every second.
    pub fn start(stats: Arc<Stats>, watch: Watch) -> Ticker {
        let watch = Arc::new(watch);
        let first = watch.sample(&stats);
        stats.sample(first);
        let task = tokio::spawn(tick(Arc::clone(&stats), Arc::clone(&watch), first));
        Ticker { task, stats, watch }
    }

    /// The last sample (the run's end); on a terminal, end the updating line.
    pub fn stop(self) {
        self.task.abort();
        self.stats.sample(self.watch.sample(&self.stats));
        if on_terminal() {
            eprintln!();
        }
    }
}

async fn tick(stats: Arc<Stats>, watch: Arc<Watch>, first: Sample) {
    let tty = on_terminal();
    let mut interval = tokio::time::interval(TICK);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    interval.tick().await;
    let mut before = first;
    loop {
        interval.tick().await;
        let now = watch.sample(&stats);
        stats.sample(now);
        let p99s: Vec<(&str, Option<f64>)> = watch.p99.iter().map(|(name, p99)| (*name, p99())).collect();
        let text = line(now.at_secs - first.at_secs, &now, &Rates::between(&before, &now), watch.unit, &p99s);
        if tty {
            eprint!("\r{text}\x1b[K");
        } else {
            eprintln!("{text}");
        }
        before = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_has_elapsed_clients_rate_p99s_and_errors_without_control_codes() {
        let before = Sample { at_secs: 11.0, work: 100, ..Sample::default() };
        let now = Sample { at_secs: 12.0, connected: 2_990, work: 912, errors: 3, ..Sample::default() };
        let text =
            line(12.2, &now, &Rates::between(&before, &now), "bets", &[("bet ack", Some(23.14)), ("cash-out", None)]);
        assert_eq!(text, "[   12s] connected 2990 bets/s 812 | bet ack p99 23.1 ms | cash-out p99 - | errors 3");
        assert!(!text.contains('\r') && !text.contains('\x1b'));
        let cpu = Sample { server_cpu_secs: Some(1.5), ..now };
        let rates = Rates::between(&Sample { server_cpu_secs: Some(1.0), ..before }, &cpu);
        assert!(line(1.0, &cpu, &rates, "moves", &[]).ends_with("| errors 3 | server CPU 50 %"));
    }

    #[tokio::test]
    async fn the_ticker_samples_at_its_start_and_stop() {
        let stats = Arc::new(Stats::default());
        let work = Arc::clone(&stats);
        let ticker = Ticker::start(Arc::clone(&stats), Watch::new("bets", move || Stats::load(&work.bets)));
        let guard = Stats::connect(&stats);
        Stats::add(&stats.bets, 5);
        ticker.stop();
        let samples = stats.timeline();
        assert_eq!(samples.len(), 2);
        assert_eq!((samples[0].work, samples[0].connected), (0, 0));
        assert_eq!((samples[1].work, samples[1].connected), (5, 1));
        drop(guard);
        assert_eq!(Stats::load(&stats.connected), 0);
    }
}
