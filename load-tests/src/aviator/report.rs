//! The Aviator report (stdout table and JSON), from the shared stats (`common::report`).

use crate::common::report::{self, Latency, ServerFigures, Stats, opt};
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
    pub bettors: u64,
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
        s.push_str(&format!("{:<22} {:>10.1}\n", "prepare secs", self.prepare_secs));
        s.push_str(&format!("{:<22} {:>10.1}\n", "duration secs", self.duration_secs));
        self.server.table_rows(&mut s);
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
}
