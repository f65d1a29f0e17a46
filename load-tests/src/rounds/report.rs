//! The round-game report (stdout table, JSON and the HTML page), from the shared stats (`common::report`).

use crate::common::html::{Page, Verdict};
use crate::common::report::{Latency, Percentiles, ServerFigures, Stats, latency_rows, row, verdict_rows};
use crate::common::swarm::{self, KindFigures};
use serde::Serialize;
use std::collections::BTreeMap;

/// `report.json` of `load-tests rounds`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub game: String,
    pub seed: u64,
    /// Players of every kind.
    pub bettors: u64,
    /// Players, frames received and money mismatches by kind (`bettors`, `viewers`, `reconnectors`).
    pub players_by_kind: BTreeMap<String, KindFigures>,
    pub rounds: u64,
    /// Tickets the server acknowledged, and the lines (pick + stake) on them.
    pub bets: u64,
    pub lines: u64,
    /// Tickets that paid something.
    pub wins: u64,
    pub errors: u64,
    pub rejections: u64,
    pub money_mismatches: u64,
    pub payouts_filled_from_history: u64,
    pub reconnects: u64,
    pub messages_received: u64,
    /// `{game}:placeBet` emitted → its ack.
    pub bet_ack_ms: Percentiles,
    /// `serverTime` of `{game}:timerUpdate` and `{game}:roundStart` → receipt.
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
    pub fn from_stats(game: &str, stats: &Stats) -> Report {
        Report {
            game: game.to_owned(),
            seed: 0,
            bettors: 0,
            players_by_kind: BTreeMap::new(),
            rounds: 0,
            bets: Stats::load(&stats.bets),
            lines: 0,
            wins: Stats::load(&stats.wins),
            errors: Stats::load(&stats.errors),
            rejections: Stats::load(&stats.rejections),
            money_mismatches: 0,
            payouts_filled_from_history: 0,
            reconnects: Stats::load(&stats.reconnects),
            messages_received: Stats::load(&stats.messages),
            bet_ack_ms: stats.summary(Latency::BetAck),
            broadcast_lag_ms: stats.summary(Latency::BroadcastLag),
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
        let mut s = String::new();
        row(&mut s, "game", &self.game);
        row(&mut s, "seed", self.seed);
        for (k, v) in [
            ("bettors", self.bettors),
            ("rounds", self.rounds),
            ("bets (tickets)", self.bets),
            ("lines", self.lines),
            ("winning tickets", self.wins),
            ("rejections", self.rejections),
            ("reconnects", self.reconnects),
            ("messages received", self.messages_received),
            ("filled from history", self.payouts_filled_from_history),
            ("errors", self.errors),
            ("money mismatches", self.money_mismatches),
        ] {
            row(&mut s, k, v);
        }
        swarm::kind_rows(&mut s, &self.players_by_kind);
        row(&mut s, "prepare secs", format!("{:.1}", self.prepare_secs));
        row(&mut s, "duration secs", format!("{:.1}", self.duration_secs));
        self.server.table_rows(&mut s);
        latency_rows(&mut s, &[("bet ack", &self.bet_ack_ms), ("broadcast lag", &self.broadcast_lag_ms)]);
        verdict_rows(&mut s, &self.error_kinds, &self.rejection_kinds, self.passed());
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
                ("tickets", self.bets.to_string()),
                ("lines", self.lines.to_string()),
                ("winning tickets", self.wins.to_string()),
                ("messages received", self.messages_received.to_string()),
                ("reconnects", self.reconnects.to_string()),
                ("rejections", self.rejections.to_string()),
                ("errors", self.errors.to_string()),
                ("seed", self.seed.to_string()),
            ],
        );
        Page {
            title: format!("Round-game swarm: {}", self.game),
            passed: self.passed(),
            verdicts: vec![Verdict {
                name: "money check".into(),
                passed: self.money_mismatches == 0,
                detail: format!("{} mismatches", self.money_mismatches),
            }],
            figures,
            latencies: vec![stats.view(Latency::BetAck, "bet ack"), stats.view(Latency::BroadcastLag, "broadcast lag")],
            timeline: stats.timeline(),
            unit: "bets".into(),
            server: self.server,
            error_kinds: self.error_kinds.clone(),
            rejection_kinds: self.rejection_kinds.clone(),
            tables: vec![swarm::kind_table(&self.players_by_kind)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_carries_the_stats_and_fails_on_errors() {
        let s = Stats::default();
        s.record(Latency::BetAck, 2_000);
        s.record(Latency::BroadcastLag, 3_000);
        s.rejection("betting_closed");
        let mut r = Report::from_stats("titli", &s);
        assert!(r.passed());
        assert_eq!((r.bet_ack_ms.count, r.broadcast_lag_ms.count, r.rejections), (1, 1, 1));
        let json = serde_json::to_value(&r).unwrap_or_default();
        assert_eq!(json["game"], "titli");
        assert!(json["bet_ack_ms"]["p90"].is_number());
        assert!(json["server_kb_per_bettor"].is_null());
        assert!(r.table().contains("rejected betting_closed"));
        r.money_mismatches = 1;
        assert!(!r.passed());
        assert!(r.table().ends_with("RESULT: FAIL\n"));
    }
}
