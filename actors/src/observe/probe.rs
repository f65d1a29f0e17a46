//! One actor's (or one family's) measurements: plain atomics, written by the actor without a lock.

use super::window::Window;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Microseconds and seconds since the process started: the time scale of every probe.
pub(crate) fn since_start(at: Instant) -> Duration {
    static START: OnceLock<Instant> = OnceLock::new();
    at.saturating_duration_since(*START.get_or_init(Instant::now))
}

/// What a family's own figure means, and how it is shown and exported.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    Gauge,
    /// Only goes up; exported with `_total`.
    Counter,
    /// Paise, shown and exported in rupees.
    Rupees,
    /// An index into these names (a table's phase).
    Named(&'static [&'static str]),
}

/// One domain figure of a family: `name` in the console, `metric` in Prometheus.
#[derive(Debug, Clone, Copy)]
pub struct Figure {
    pub name: &'static str,
    pub metric: &'static str,
    pub help: &'static str,
    pub kind: Kind,
}

/// A family's own sliding-window distribution (a wallet shard's batch size), shown as p50 / p99.
#[derive(Debug, Clone, Copy)]
pub struct Spread {
    pub name: &'static str,
    pub metric: &'static str,
    pub help: &'static str,
    /// Values are microseconds (exported in seconds, shown in ms); otherwise plain counts.
    pub micros: bool,
}

/// An actor family: what every member reports beside the common figures.
#[derive(Debug)]
pub struct Family {
    pub name: &'static str,
    pub figures: &'static [Figure],
    pub spreads: &'static [Spread],
    /// Driven by a timer whose lateness is measured.
    pub ticks: bool,
}

/// The measurements of one actor. Shared (`Arc`) between the actor, its senders and the registry.
pub struct Probe {
    pub id: String,
    pub family: &'static Family,
    enabled: bool,
    pub(super) enqueued: AtomicU64,
    /// Messages taken out of the mailbox; `enqueued - dequeued` are waiting.
    pub(super) dequeued: AtomicU64,
    pub(super) handled: AtomicU64,
    pub(super) queue: Window,
    pub(super) handler: Window,
    pub(super) tick_lag: Window,
    /// Microseconds since start when it last handled a message, and when its timer last fired.
    pub(super) last_handled: AtomicU64,
    pub(super) last_tick: AtomicU64,
    pub(super) figures: Box<[AtomicI64]>,
    pub(super) spreads: Box<[Window]>,
    /// False once the actor stopped; the registry then forgets the probe.
    pub(super) alive: AtomicBool,
}

/// When handling of a message started (`None` when measuring is off); give it back to [`Probe::end`].
#[derive(Debug, Clone, Copy)]
#[must_use]
pub struct Started(Option<Instant>);

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

impl Probe {
    pub(super) fn new(id: String, family: &'static Family, enabled: bool) -> Probe {
        Probe {
            id,
            family,
            enabled,
            enqueued: AtomicU64::new(0),
            dequeued: AtomicU64::new(0),
            handled: AtomicU64::new(0),
            queue: Window::default(),
            handler: Window::default(),
            tick_lag: Window::default(),
            last_handled: AtomicU64::new(0),
            last_tick: AtomicU64::new(0),
            figures: family.figures.iter().map(|_| AtomicI64::new(0)).collect(),
            spreads: family.spreads.iter().map(|_| Window::default()).collect(),
            alive: AtomicBool::new(true),
        }
    }

    /// A probe that measures nothing (tests that start one actor alone).
    pub fn detached(family: &'static Family) -> std::sync::Arc<Probe> {
        std::sync::Arc::new(Probe::new(family.name.to_string(), family, false))
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// A message was put in the mailbox.
    pub fn enqueued(&self) {
        if self.enabled {
            self.enqueued.fetch_add(1, Relaxed);
        }
    }

    /// A message was taken out of the mailbox without being handled (it could not be sent).
    pub fn unqueued(&self) {
        if self.enabled {
            self.enqueued.fetch_sub(1, Relaxed);
        }
    }

    /// Handling of one message starts: `sent` is when it was put in the mailbox (`None` for work that did not
    /// come through the mailbox, such as a stream item).
    pub fn begin(&self, sent: Option<Instant>) -> Started {
        if !self.enabled {
            return Started(None);
        }
        let now = Instant::now();
        if let Some(sent) = sent {
            self.dequeued.fetch_add(1, Relaxed);
            self.queue.record(micros(now.saturating_duration_since(sent)), since_start(now).as_secs());
        }
        Started(Some(now))
    }

    /// Handling of the message begun at `started` is over.
    pub fn end(&self, started: Started) {
        if let Some(started) = started.0 {
            let now = Instant::now();
            let at = since_start(now);
            self.handler.record(micros(now - started), at.as_secs());
            self.handled.fetch_add(1, Relaxed);
            self.last_handled.store(micros(at), Relaxed);
        }
    }

    /// The timer fired `lag` after it was due.
    pub fn tick(&self, lag: Duration) {
        if self.enabled {
            let at = since_start(Instant::now());
            self.tick_lag.record(micros(lag), at.as_secs());
            self.last_tick.store(micros(at), Relaxed);
        }
    }

    /// Sets figure `i` of the family (an index into `family.figures`).
    pub fn set(&self, i: usize, v: i64) {
        if let Some(f) = self.figures.get(i) {
            f.store(v, Relaxed);
        }
    }

    pub fn add(&self, i: usize, v: i64) {
        if let Some(f) = self.figures.get(i) {
            f.fetch_add(v, Relaxed);
        }
    }

    pub fn figure(&self, i: usize) -> i64 {
        self.figures.get(i).map_or(0, |f| f.load(Relaxed))
    }

    /// Records `v` in spread `i` of the family.
    pub fn spread(&self, i: usize, v: u64) {
        if self.enabled
            && let Some(w) = self.spreads.get(i)
        {
            w.record(v, since_start(Instant::now()).as_secs());
        }
    }

    pub fn spread_duration(&self, i: usize, d: Duration) {
        self.spread(i, micros(d));
    }

    /// The actor stopped.
    pub fn retire(&self) {
        self.alive.store(false, Relaxed);
    }
}
