//! The sports viewers (`load-tests sports`): fixture players each open a socket, take the live cricket list, subscribe
//! to one match in play (spread over all of them) and watch its deltas for the run's length; every delta must follow
//! the last with no gap or repeat. Reports the broadcast lag (a delta's `at` → its receipt) and the server's CPU.

mod viewer;

use crate::common::html::{Page, Verdict};
use crate::common::progress::Watch;
use crate::common::report::{Latency, Percentiles, ServerFigures, ServerMeter, Stats, latency_rows, row, verdict_rows};
use crate::common::swarm::{self, RunArgs};
use anyhow::{Result, bail};
use serde::Serialize;
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;
use tokio::time::Instant;
use viewer::{Shared, Watched};

#[derive(clap::Args, Debug, Clone)]
pub struct SportsArgs {
    /// Viewers (one websocket and one fixture player each).
    #[arg(long, default_value_t = 200)]
    pub viewers: usize,
    /// How long every viewer watches, after the last one has started.
    #[arg(long, default_value_t = 20.0)]
    pub watch_secs: f64,
    /// Wait until this many matches are in play before picking one (the server's `CASINO_SPORTS_LIVE`).
    #[arg(long, default_value_t = 1)]
    pub min_live: usize,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `report.json` of `load-tests sports`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub seed: u64,
    pub viewers: u64,
    /// Distinct matches the viewers watched.
    pub matches_watched: u64,
    pub deltas: u64,
    pub odds_updates: u64,
    /// Deltas that did not follow the last one (gaps and repeats): must be 0.
    pub out_of_order: u64,
    /// Viewers that watched and got no delta at all.
    pub silent_viewers: u64,
    pub errors: u64,
    pub messages_received: u64,
    pub messages_per_sec: f64,
    /// A delta's `at` (the server's clock when the match moved) → its receipt by a viewer.
    pub broadcast_lag_ms: Percentiles,
    #[serde(flatten)]
    pub server: ServerFigures,
    pub prepare_secs: f64,
    pub duration_secs: f64,
    pub error_kinds: BTreeMap<String, u64>,
}

impl Report {
    /// CI fails on any error, a delta out of order, or a viewer that saw nothing.
    pub fn passed(&self) -> bool {
        self.errors == 0 && self.out_of_order == 0 && self.silent_viewers == 0 && self.deltas > 0
    }

    pub fn table(&self) -> String {
        let mut s = String::new();
        row(&mut s, "scenario", "sports viewers");
        row(&mut s, "seed", self.seed);
        for (k, v) in [
            ("viewers", self.viewers),
            ("matches watched", self.matches_watched),
            ("deltas", self.deltas),
            ("odds updates", self.odds_updates),
            ("out of order", self.out_of_order),
            ("silent viewers", self.silent_viewers),
            ("errors", self.errors),
            ("messages", self.messages_received),
        ] {
            row(&mut s, k, v);
        }
        row(&mut s, "messages/s", format!("{:.1}", self.messages_per_sec));
        row(&mut s, "prepare secs", format!("{:.1}", self.prepare_secs));
        row(&mut s, "duration secs", format!("{:.1}", self.duration_secs));
        self.server.table_rows(&mut s);
        latency_rows(&mut s, &[("broadcast lag", &self.broadcast_lag_ms)]);
        verdict_rows(&mut s, &self.error_kinds, &BTreeMap::new(), self.passed());
        s
    }

    /// The HTML page: these figures, the order check, and the lag and samples the stats kept.
    pub fn page(&self, stats: &Stats) -> Page {
        let figures = [
            ("viewers", self.viewers.to_string()),
            ("matches watched", self.matches_watched.to_string()),
            ("duration", format!("{:.1} s", self.duration_secs)),
            ("deltas", self.deltas.to_string()),
            ("odds updates", self.odds_updates.to_string()),
            ("messages received", self.messages_received.to_string()),
            ("messages/s", format!("{:.1}", self.messages_per_sec)),
            ("errors", self.errors.to_string()),
            ("seed", self.seed.to_string()),
        ];
        Page {
            title: "Sports viewers".into(),
            passed: self.passed(),
            verdicts: vec![
                Verdict {
                    name: "deltas in order".into(),
                    passed: self.out_of_order == 0,
                    detail: format!("{} out of order", self.out_of_order),
                },
                Verdict {
                    name: "every viewer saw deltas".into(),
                    passed: self.silent_viewers == 0 && self.deltas > 0,
                    detail: format!("{} silent viewers", self.silent_viewers),
                },
            ],
            figures: figures.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            latencies: vec![stats.view(Latency::BroadcastLag, "broadcast lag")],
            timeline: stats.timeline(),
            unit: "frames".into(),
            server: self.server,
            error_kinds: self.error_kinds.clone(),
            rejection_kinds: BTreeMap::new(),
            tables: Vec::new(),
        }
    }
}

/// Run every viewer and return the report (already printed and written).
pub async fn run(args: SportsArgs) -> Result<Report> {
    if args.viewers == 0 || args.watch_secs <= 0.0 {
        bail!("--viewers and --watch-secs must be above 0");
    }
    let headline = |seed| format!("sports viewers: seed {seed}, {} viewers, {}s each", args.viewers, args.watch_secs);
    let prepared = swarm::prepare_players(&args.run, args.viewers, args.viewers, headline).await?;
    let stats = Arc::new(Stats::default());
    let ramp = args.run.ramp_up_secs.max(0.0);
    let shared = Arc::new(Shared {
        ws_urls: prepared.ws_urls.clone(),
        until: Instant::now() + Duration::from_secs_f64(ramp + args.watch_secs),
        min_live: args.min_live.max(1),
        stats: Arc::clone(&stats),
        out_of_order: AtomicU64::new(0),
        odds: AtomicU64::new(0),
    });
    let mut meter = ServerMeter::start(&args.run.server_pid);
    let (frames, lag) = (Arc::clone(&stats), Arc::clone(&stats));
    let watch = Watch::new("frames", move || Stats::load(&frames.messages))
        .p99("broadcast lag", move || lag.summary(Latency::BroadcastLag).p99)
        .server(&args.run.server_pid);
    let (watched, duration_secs): (Vec<Watched>, f64) =
        swarm::play(&prepared, &stats, ramp, watch, |player, _kind, rng, start_at| {
            viewer::run(Arc::clone(&shared), player, rng, start_at)
        })
        .await;
    meter.stop();

    let messages = Stats::load(&stats.messages);
    let report = Report {
        seed: prepared.seed,
        viewers: args.viewers as u64,
        matches_watched: watched.iter().filter(|w| w.event_id != 0).map(|w| w.event_id).collect::<BTreeSet<_>>().len()
            as u64,
        deltas: watched.iter().map(|w| w.deltas).sum(),
        odds_updates: Stats::load(&shared.odds),
        out_of_order: Stats::load(&shared.out_of_order),
        silent_viewers: watched.iter().filter(|w| w.event_id != 0 && w.deltas == 0).count() as u64,
        errors: Stats::load(&stats.errors),
        messages_received: messages,
        messages_per_sec: if duration_secs > 0.0 {
            (messages as f64 / duration_secs * 10.0).round() / 10.0
        } else {
            0.0
        },
        broadcast_lag_ms: stats.summary(Latency::BroadcastLag),
        server: meter.figures(args.viewers, messages),
        prepare_secs: prepared.prepare_secs,
        duration_secs,
        error_kinds: stats.error_kinds(),
    };
    swarm::write_report(&report, &report.table(), &args.run.report, &report.page(&stats))?;
    Ok(report)
}
