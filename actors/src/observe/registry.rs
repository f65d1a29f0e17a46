//! Every live actor's probe, read a few times a second by the sampler: the console's rows, their recent history,
//! and the Prometheus text. Registering takes a lock; measuring never does.

use super::probe::{Family, Kind, Probe, since_start};
use super::window::Window;
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::{HashMap, VecDeque};
use std::fmt::Write;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

/// Over this, a p99 makes an actor `slow` (milliseconds).
pub const SLOW_MS: f64 = 50.0;
/// A table whose timer has not fired, or a mailbox not served, for this long is `stuck` (milliseconds).
pub const STUCK_MS: u64 = 1_000;
/// History points kept per actor (one a second).
pub const HISTORY: usize = 120;

/// One row of the live actor table. Latencies are milliseconds over the last minute (`null`: nothing measured).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActorView {
    /// Unique: `aviator`, `wallet-3`, `hub`, `gateway`, …
    pub id: String,
    /// The actor's family (`table`, `wallet`, …): which `figures` it reports.
    pub family: &'static str,
    pub name: String,
    /// Messages waiting.
    pub mailbox: u64,
    /// Messages handled since start.
    pub handled: u64,
    /// Messages per second since the previous sample.
    pub rate: f64,
    pub queue_p50_ms: Option<f64>,
    pub queue_p99_ms: Option<f64>,
    pub handler_p50_ms: Option<f64>,
    pub handler_p99_ms: Option<f64>,
    /// Timer lateness, for families driven by a timer (else `null`).
    pub tick_lag_p50_ms: Option<f64>,
    pub tick_lag_p99_ms: Option<f64>,
    /// Since the last message handled (`null`: none yet).
    pub idle_ms: Option<u64>,
    /// `ok`, `slow` (a p99 over 50 ms), `stuck` (mail or ticks stalled) or `off` (measurement disabled).
    #[schema(value_type = ActorStatus)]
    pub status: &'static str,
    /// The family's own figures by name: numbers (rupee figures in rupees), a phase name, or `null` for a spread with
    /// nothing measured. Free-form: the keys depend on the family.
    pub figures: Map<String, Value>,
}

/// `ok`, `slow` (a p99 over 50 ms), `stuck` (mail or ticks stalled) or `off` (measurement disabled).
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum ActorStatus {
    Ok,
    Slow,
    Stuck,
    Off,
}

/// One second of an actor's history.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ActorPoint)]
pub struct Point {
    pub at: i64,
    pub rate: f64,
    pub queue_p99_ms: Option<f64>,
    pub handler_p99_ms: Option<f64>,
    pub tick_lag_p99_ms: Option<f64>,
}

#[derive(Default)]
struct Sampled {
    views: Arc<Vec<ActorView>>,
    /// Per actor: handled count and when, at the last sample (for the rate).
    last: HashMap<String, (u64, Instant)>,
    history: HashMap<String, VecDeque<Point>>,
    last_point_ms: i64,
}

/// The probes of one server.
pub struct Registry {
    enabled: bool,
    probes: RwLock<Vec<Arc<Probe>>>,
    sampled: Mutex<Sampled>,
}

fn ms(us: u64) -> f64 {
    (us as f64 / 10.0).round() / 100.0
}

fn p50_p99(w: &Window, now_s: u64) -> (Option<f64>, Option<f64>) {
    match w.quantiles([0.5, 0.99], now_s) {
        Some([a, b]) => (Some(ms(a)), Some(ms(b))),
        None => (None, None),
    }
}

fn figure_value(kind: Kind, v: i64) -> Value {
    match kind {
        Kind::Gauge | Kind::Counter => json!(v),
        Kind::Rupees => json!(v as f64 / 100.0),
        Kind::Named(names) => json!(usize::try_from(v).ok().and_then(|i| names.get(i)).copied().unwrap_or("?")),
    }
}

impl Registry {
    /// `enabled: false` (`CASINO_ACTOR_METRICS=off`) keeps the probes but has them measure nothing: the
    /// figures families set themselves are still shown.
    pub fn new(enabled: bool) -> Arc<Registry> {
        Arc::new(Registry { enabled, probes: RwLock::new(Vec::new()), sampled: Mutex::new(Sampled::default()) })
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// A probe for a new actor; ids are unique (`aviator`, `wallet-3`, `hub`, `gateway`).
    pub fn register(&self, id: impl Into<String>, family: &'static Family) -> Arc<Probe> {
        let probe = Arc::new(Probe::new(id.into(), family, self.enabled));
        if let Ok(mut probes) = self.probes.write() {
            probes.retain(|p| p.alive.load(Relaxed) && p.id != probe.id);
            probes.push(probe.clone());
        }
        probe
    }

    fn probes(&self) -> Vec<Arc<Probe>> {
        self.probes.read().map(|p| p.iter().filter(|p| p.alive.load(Relaxed)).cloned().collect()).unwrap_or_default()
    }

    /// Reads every probe now; keeps the rows for [`Self::latest`] and, once a second, a history point.
    pub fn sample(&self, wall_ms: i64) -> Arc<Vec<ActorView>> {
        let now = Instant::now();
        let now_us = u64::try_from(since_start(now).as_micros()).unwrap_or(u64::MAX);
        let now_s = now_us / 1_000_000;
        let Ok(mut s) = self.sampled.lock() else {
            return Arc::default();
        };
        let views: Vec<ActorView> = self
            .probes()
            .iter()
            .map(|p| {
                let handled = p.handled.load(Relaxed);
                let rate = match s.last.insert(p.id.clone(), (handled, now)) {
                    Some((before, at)) if now > at => {
                        ((handled.saturating_sub(before)) as f64 / (now - at).as_secs_f64() * 10.0).round() / 10.0
                    }
                    _ => 0.0,
                };
                view(p, handled, rate, now_us, now_s)
            })
            .collect();
        let views = Arc::new(views);
        s.views = views.clone();
        if wall_ms - s.last_point_ms >= 1_000 {
            s.last_point_ms = wall_ms;
            for v in views.iter() {
                let h = s.history.entry(v.id.clone()).or_default();
                if h.len() == HISTORY {
                    h.pop_front();
                }
                h.push_back(Point {
                    at: wall_ms,
                    rate: v.rate,
                    queue_p99_ms: v.queue_p99_ms,
                    handler_p99_ms: v.handler_p99_ms,
                    tick_lag_p99_ms: v.tick_lag_p99_ms,
                });
            }
            let live: std::collections::HashSet<&String> = views.iter().map(|v| &v.id).collect();
            s.history.retain(|id, _| live.contains(id));
            s.last.retain(|id, _| live.contains(id));
        }
        views
    }

    /// The rows of the last sample.
    pub fn latest(&self) -> Arc<Vec<ActorView>> {
        self.sampled.lock().map(|s| s.views.clone()).unwrap_or_default()
    }

    /// One actor's history, oldest first.
    pub fn history(&self, id: &str) -> Vec<Point> {
        self.sampled
            .lock()
            .ok()
            .and_then(|s| s.history.get(id).map(|h| h.iter().cloned().collect()))
            .unwrap_or_default()
    }

    /// Every probe in the Prometheus text format (metric names end in their unit; times in seconds).
    pub fn render_prometheus(&self) -> String {
        let probes = self.probes();
        let now_s = since_start(Instant::now()).as_secs();
        let mut out = String::new();
        let mut families: Vec<&'static Family> = Vec::new();
        for p in &probes {
            if !families.iter().any(|f| std::ptr::eq(*f, p.family)) {
                families.push(p.family);
            }
        }
        let labels = |p: &Probe| format!("family=\"{}\",actor=\"{}\"", p.family.name, p.id);
        header(&mut out, "casino_actor_messages_total", "counter", "Messages (and timer ticks) an actor handled.");
        for p in &probes {
            let _ = writeln!(out, "casino_actor_messages_total{{{}}} {}", labels(p), p.handled.load(Relaxed));
        }
        header(&mut out, "casino_actor_mailbox_messages", "gauge", "Messages waiting in an actor's mailbox.");
        for p in &probes {
            let _ = writeln!(out, "casino_actor_mailbox_messages{{{}}} {}", labels(p), mailbox(p));
        }
        type Pick = fn(&Probe) -> Option<&Window>;
        let windows: [(&str, &str, Pick); 3] = [
            ("casino_actor_queue_seconds", "Time a message waited in the mailbox.", |p| Some(&p.queue)),
            ("casino_actor_handler_seconds", "Time an actor spent handling a message or tick.", |p| Some(&p.handler)),
            ("casino_actor_tick_lag_seconds", "How late a table's timer fired.", |p| {
                p.family.ticks.then_some(&p.tick_lag)
            }),
        ];
        for (name, help, pick) in windows {
            header(&mut out, name, "summary", help);
            for p in &probes {
                if let Some(w) = pick(p) {
                    summary(&mut out, name, &labels(p), w, now_s, 1e-6);
                }
            }
        }
        for family in families {
            let members: Vec<&Arc<Probe>> = probes.iter().filter(|p| std::ptr::eq(p.family, family)).collect();
            for (i, f) in family.figures.iter().enumerate() {
                let kind = if matches!(f.kind, Kind::Counter) { "counter" } else { "gauge" };
                header(&mut out, f.metric, kind, f.help);
                for p in &members {
                    let v = p.figure(i);
                    let v = if matches!(f.kind, Kind::Rupees) { v as f64 / 100.0 } else { v as f64 };
                    let _ = writeln!(out, "{}{{actor=\"{}\"}} {}", f.metric, p.id, v);
                }
            }
            for (i, sp) in family.spreads.iter().enumerate() {
                header(&mut out, sp.metric, "summary", sp.help);
                for p in &members {
                    if let Some(w) = p.spreads.get(i) {
                        let scale = if sp.micros { 1e-6 } else { 1.0 };
                        summary(&mut out, sp.metric, &format!("actor=\"{}\"", p.id), w, now_s, scale);
                    }
                }
            }
        }
        out
    }
}

fn mailbox(p: &Probe) -> u64 {
    p.enqueued.load(Relaxed).saturating_sub(p.dequeued.load(Relaxed))
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

fn summary(out: &mut String, name: &str, labels: &str, w: &Window, now_s: u64, scale: f64) {
    let qs = w.quantiles([0.5, 0.99], now_s);
    for (i, q) in ["0.5", "0.99"].iter().enumerate() {
        let v = qs.map_or(f64::NAN, |v| v[i] as f64 * scale);
        let _ = writeln!(out, "{name}{{{labels},quantile=\"{q}\"}} {v}");
    }
    let (count, sum) = w.totals();
    let _ = writeln!(out, "{name}_sum{{{labels}}} {}", sum as f64 * scale);
    let _ = writeln!(out, "{name}_count{{{labels}}} {count}");
}

fn view(p: &Probe, handled: u64, rate: f64, now_us: u64, now_s: u64) -> ActorView {
    let (queue_p50_ms, queue_p99_ms) = p50_p99(&p.queue, now_s);
    let (handler_p50_ms, handler_p99_ms) = p50_p99(&p.handler, now_s);
    let (tick_lag_p50_ms, tick_lag_p99_ms) = if p.family.ticks { p50_p99(&p.tick_lag, now_s) } else { (None, None) };
    let last = p.last_handled.load(Relaxed);
    let idle_ms = (last > 0).then(|| now_us.saturating_sub(last) / 1_000);
    let mailbox = mailbox(p);
    let last_tick = p.last_tick.load(Relaxed);
    let tick_stalled = p.family.ticks && last_tick > 0 && now_us.saturating_sub(last_tick) / 1_000 > STUCK_MS;
    let mail_stalled = mailbox > 0 && idle_ms.is_some_and(|i| i > STUCK_MS);
    let slow = [queue_p99_ms, handler_p99_ms, tick_lag_p99_ms].iter().any(|v| v.is_some_and(|v| v > SLOW_MS));
    let status = if !p.enabled() {
        "off"
    } else if tick_stalled || mail_stalled {
        "stuck"
    } else if slow {
        "slow"
    } else {
        "ok"
    };
    let mut figures = Map::new();
    for (i, f) in p.family.figures.iter().enumerate() {
        figures.insert(f.name.into(), figure_value(f.kind, p.figure(i)));
    }
    for (i, sp) in p.family.spreads.iter().enumerate() {
        if let Some(w) = p.spreads.get(i) {
            let q = w.quantiles([0.5, 0.99], now_s);
            let show = |v: u64| if sp.micros { json!(ms(v)) } else { json!(v) };
            let suffix = if sp.micros { "Ms" } else { "" };
            figures.insert(format!("{}P50{suffix}", sp.name), q.map_or(Value::Null, |q| show(q[0])));
            figures.insert(format!("{}P99{suffix}", sp.name), q.map_or(Value::Null, |q| show(q[1])));
        }
    }
    ActorView {
        id: p.id.clone(),
        family: p.family.name,
        name: p.id.clone(),
        mailbox,
        handled,
        rate,
        queue_p50_ms,
        queue_p99_ms,
        handler_p50_ms,
        handler_p99_ms,
        tick_lag_p50_ms,
        tick_lag_p99_ms,
        idle_ms,
        status,
        figures,
    }
}
