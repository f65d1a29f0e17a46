//! The Aviator report (stdout table, JSON and the HTML page), from the shared stats (`common::report`).

use crate::common::html::{Page, Table, Verdict};
use crate::common::report::{self, Latency, NodeFigures, ServerFigures, Stats, opt};
use crate::common::swarm::{self, KindFigures};
use serde::Serialize;
use std::collections::BTreeMap;

/// p50 / p99 / max in milliseconds; null when nothing was recorded (the fields scripts read from this report).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Percentiles {
    pub count: u64,
    pub p50: Option<f64>,
    pub p99: Option<f64>,
    pub max: Option<f64>,
}

impl From<report::Percentiles> for Percentiles {
    fn from(p: report::Percentiles) -> Self {
        Percentiles { count: p.count, p50: p.p50, p99: p.p99, max: p.max }
    }
}

/// `report.json`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub seed: u64,
    /// Players of every kind.
    pub bettors: u64,
    /// Players, frames received and money mismatches by kind (`bettors`, `viewers`, `reconnectors`).
    pub players_by_kind: BTreeMap<String, KindFigures>,
    pub rounds: u64,
    pub bets: u64,
    pub cashouts: u64,
    pub errors: u64,
    pub rejections: u64,
    pub money_mismatches: u64,
    pub payouts_filled_from_history: u64,
    pub reconnects: u64,
    pub messages_received: u64,
    pub bet_ack_ms: Percentiles,
    pub cashout_ack_ms: Percentiles,
    pub broadcast_lag_ms: Percentiles,
    #[serde(flatten)]
    pub server: ServerFigures,
    /// Each server process's figures when `--server-pid` named several (a cluster's nodes); absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub server_nodes: Vec<NodeFigures>,
    pub prepare_secs: f64,
    pub duration_secs: f64,
    pub error_kinds: BTreeMap<String, u64>,
    pub rejection_kinds: BTreeMap<String, u64>,
}

impl Report {
    /// Counters, histograms and kinds from the stats; the caller fills the rest.
    pub fn from_stats(stats: &Stats) -> Report {
        Report {
            seed: 0,
            bettors: 0,
            players_by_kind: BTreeMap::new(),
            rounds: 0,
            bets: Stats::load(&stats.bets),
            cashouts: Stats::load(&stats.wins),
            errors: Stats::load(&stats.errors),
            rejections: Stats::load(&stats.rejections),
            money_mismatches: 0,
            payouts_filled_from_history: 0,
            reconnects: Stats::load(&stats.reconnects),
            messages_received: Stats::load(&stats.messages),
            bet_ack_ms: stats.summary(Latency::BetAck).into(),
            cashout_ack_ms: stats.summary(Latency::CashoutAck).into(),
            broadcast_lag_ms: stats.summary(Latency::BroadcastLag).into(),
            server: ServerFigures::default(),
            server_nodes: Vec::new(),
            prepare_secs: 0.0,
            duration_secs: 0.0,
            error_kinds: stats.error_kinds(),
            rejection_kinds: stats.rejection_kinds(),
        }
    }

    /// CI fails on any error or money mismatch.
    pub fn passed(&self) -> bool {
        self.errors == 0 && self.money_mismatches == 0
    }

    pub fn table(&self) -> String {
        let lat = |name: &str, p: &Percentiles| {
            format!("{name:<22} {:>10} {:>10} {:>10} {:>10}\n", p.count, opt(p.p50), opt(p.p99), opt(p.max))
        };
        let mut s = String::new();
        s.push_str(&format!("{:<22} {:>10}\n", "seed", self.seed));
        for (k, v) in [
            ("bettors", self.bettors),
            ("rounds", self.rounds),
            ("bets", self.bets),
            ("cashouts", self.cashouts),
            ("rejections", self.rejections),
            ("reconnects", self.reconnects),
            ("messages received", self.messages_received),
            ("filled from history", self.payouts_filled_from_history),
            ("errors", self.errors),
            ("money mismatches", self.money_mismatches),
        ] {
            s.push_str(&format!("{k:<22} {v:>10}\n"));
        }
        swarm::kind_rows(&mut s, &self.players_by_kind);
        s.push_str(&format!("{:<22} {:>10.1}\n", "prepare secs", self.prepare_secs));
        s.push_str(&format!("{:<22} {:>10.1}\n", "duration secs", self.duration_secs));
        self.server.table_rows(&mut s);
        for (i, n) in self.server_nodes.iter().enumerate() {
            s.push_str(&format!("{:<22} {:>10}\n", format!("  node {} CPU secs", i + 1), opt(n.cpu_secs)));
            s.push_str(&format!("{:<22} {:>10}\n", format!("  node {} peak MB", i + 1), opt(n.peak_memory_mb)));
        }
        s.push_str(&format!("{:<22} {:>10} {:>10} {:>10} {:>10}\n", "latency (ms)", "count", "p50", "p99", "max"));
        s.push_str(&lat("bet ack", &self.bet_ack_ms));
        s.push_str(&lat("cash-out ack", &self.cashout_ack_ms));
        s.push_str(&lat("broadcast lag", &self.broadcast_lag_ms));
        for (k, v) in &self.error_kinds {
            s.push_str(&format!("  error {k:<16} {v:>10}\n"));
        }
        for (k, v) in &self.rejection_kinds {
            s.push_str(&format!("  rejected {k:<13} {v:>10}\n"));
        }
        s.push_str(if self.passed() { "RESULT: PASS\n" } else { "RESULT: FAIL\n" });
        s
    }

    /// The HTML page: these figures, the money check, and the latencies and samples the stats kept.
    pub fn page(&self, stats: &Stats) -> Page {
        let figures = swarm::figures(
            self.bettors,
            &self.players_by_kind,
            &[
                ("rounds", self.rounds.to_string()),
                ("duration", format!("{:.1} s", self.duration_secs)),
                ("bets", self.bets.to_string()),
                ("cash-outs", self.cashouts.to_string()),
                ("messages received", self.messages_received.to_string()),
                ("reconnects", self.reconnects.to_string()),
                ("rejections", self.rejections.to_string()),
                ("errors", self.errors.to_string()),
                ("seed", self.seed.to_string()),
            ],
        );
        let mut tables = vec![swarm::kind_table(&self.players_by_kind)];
        if !self.server_nodes.is_empty() {
            tables.push(self.nodes_table());
        }
        Page {
            title: "Aviator swarm".into(),
            passed: self.passed(),
            verdicts: vec![Verdict {
                name: "money check".into(),
                passed: self.money_mismatches == 0,
                detail: format!("{} mismatches", self.money_mismatches),
            }],
            figures,
            latencies: vec![
                stats.view(Latency::BetAck, "bet ack"),
                stats.view(Latency::CashoutAck, "cash-out ack"),
                stats.view(Latency::BroadcastLag, "broadcast lag"),
            ],
            timeline: stats.timeline(),
            unit: "bets".into(),
            server: self.server,
            error_kinds: self.error_kinds.clone(),
            rejection_kinds: self.rejection_kinds.clone(),
            tables,
        }
    }

    /// Each server process's own figures.
    fn nodes_table(&self) -> Table {
        Table {
            title: "Server nodes".into(),
            head: ["node", "pid", "CPU secs", "peak MB"].map(String::from).to_vec(),
            rows: self
                .server_nodes
                .iter()
                .enumerate()
                .map(|(i, n)| vec![(i + 1).to_string(), n.pid.to_string(), opt(n.cpu_secs), opt(n.peak_memory_mb)])
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_has_the_fields_scripts_read_and_no_others() {
        let s = Stats::default();
        s.record(Latency::BetAck, 2_000);
        s.rejection("too_late");
        s.rejection("too_late");
        s.error("parse", &"x");
        let r = Report::from_stats(&s);
        assert_eq!(r.bet_ack_ms.count, 1);
        assert_eq!(r.cashout_ack_ms.count, 0);
        assert_eq!(r.rejections, 2);
        assert_eq!(r.rejection_kinds.get("too_late"), Some(&2));
        assert_eq!(r.errors, 1);
        assert!(!r.passed());
        let json = serde_json::to_value(&r).unwrap_or_default();
        assert!(json["cashout_ack_ms"]["p50"].is_null());
        assert!(json["server_peak_memory_mb"].is_null());
        let keys: Vec<&str> = json.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        let mut want = vec![
            "seed",
            "bettors",
            "players_by_kind",
            "rounds",
            "bets",
            "cashouts",
            "errors",
            "rejections",
            "money_mismatches",
            "payouts_filled_from_history",
            "reconnects",
            "messages_received",
            "bet_ack_ms",
            "cashout_ack_ms",
            "broadcast_lag_ms",
            "server_peak_memory_mb",
            "server_rss_before_mb",
            "server_kb_per_bettor",
            "server_cpu_secs",
            "server_cpu_us_per_message",
            "prepare_secs",
            "duration_secs",
            "error_kinds",
            "rejection_kinds",
        ];
        want.sort_unstable();
        assert_eq!(keys, want);
        let latency: Vec<&str> =
            json["bet_ack_ms"].as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        assert_eq!(latency, ["count", "max", "p50", "p99"]);
    }

    #[test]
    fn the_page_shows_every_latency_and_the_money_check() {
        let s = Stats::default();
        s.record(Latency::BetAck, 2_000);
        s.record(Latency::BroadcastLag, 9_000);
        let mut r = Report::from_stats(&s);
        let html = r.page(&s).render();
        for id in ["chart-latency-bet-ack", "chart-latency-cash-out-ack", "chart-latency-broadcast-lag", "hist-bet-ack"]
        {
            assert!(html.contains(id), "{id}");
        }
        assert!(html.contains("class=\"verdict pass\" id=\"verdict-money-check\""));
        r.money_mismatches = 4;
        let html = r.page(&s).render();
        assert!(html.contains("class=\"verdict fail\" id=\"verdict-money-check\""));
        assert!(html.contains("4 mismatches"));
        assert!(!html.contains("Server nodes") && !r.table().contains("node 1"));
        r.server_nodes = vec![NodeFigures { pid: 7, cpu_secs: Some(1.5), peak_memory_mb: None }; 2];
        assert!(r.page(&s).render().contains("Server nodes"));
        assert!(r.table().contains("  node 2 CPU secs") && r.table().contains("1.500"));
        let json = serde_json::to_value(&r).unwrap_or_default();
        assert_eq!(json["server_nodes"][1]["cpu_secs"], 1.5);
    }
}
