//! The Mines report (stdout table, JSON and the HTML page), from the shared stats (`common::report`) and the Mines
//! calls.

use crate::common::html::{Page, Verdict};
use crate::common::report::{Percentiles, ServerFigures, Stats, latency_rows, row, verdict_rows};
use crate::mines::player::Calls;
use serde::Serialize;
use std::collections::BTreeMap;

/// `report.json` of `load-tests mines`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub game: String,
    pub seed: u64,
    pub players: u64,
    pub games_per_player: u64,
    /// Games the server started (a `betPlace` answered 201).
    pub games_started: u64,
    /// Games won (cashed out, or the last safe tile opened), lost on a mine, and won by the last safe tile.
    pub won: u64,
    pub lost: u64,
    pub cleared: u64,
    /// Reveal + cash-out pairs sent at once, and mid-game reloads (`GET /api/mines`).
    pub races: u64,
    pub reloads: u64,
    /// Starts, reveals and cash-outs answered (refusals included), and per second of the run.
    pub moves: u64,
    pub moves_per_sec: f64,
    pub errors: u64,
    /// Refusals a race expects (`hit_mine`, `already_cashed_out`, `nothing_to_cash_out`).
    pub rejections: u64,
    pub money_mismatches: u64,
    /// Games whose end the player missed (a failed request), taken from the history.
    pub ends_filled_from_history: u64,
    /// Each call sent → its answer read.
    pub start_ms: Percentiles,
    pub reveal_ms: Percentiles,
    /// Reveals answered `playing` (one SQLite write), and reveals that ended the game (a wallet commit too).
    pub reveal_safe_ms: Percentiles,
    pub reveal_end_ms: Percentiles,
    pub cashout_ms: Percentiles,
    pub reload_ms: Percentiles,
    /// `server_cpu_us_per_message` is per answer (moves and reloads).
    #[serde(flatten)]
    pub server: ServerFigures,
    pub prepare_secs: f64,
    pub duration_secs: f64,
    /// Errors by kind: a refusal by its code, otherwise `timeout`, `request_failed`, `wrong_answer`, …
    pub error_kinds: BTreeMap<String, u64>,
    pub rejection_kinds: BTreeMap<String, u64>,
}

impl Report {
    /// Counters, histograms and kinds from the stats; the caller fills the rest.
    pub fn from_stats(stats: &Stats, calls: &Calls) -> Report {
        Report {
            game: "mines".to_owned(),
            seed: 0,
            players: 0,
            games_per_player: 0,
            games_started: Stats::load(&stats.bets),
            won: Stats::load(&stats.wins),
            lost: Stats::load(&calls.lost),
            cleared: Stats::load(&calls.cleared),
            races: Stats::load(&calls.races),
            reloads: Stats::load(&stats.reconnects),
            moves: Stats::load(&calls.moves),
            moves_per_sec: 0.0,
            errors: Stats::load(&stats.errors),
            rejections: Stats::load(&stats.rejections),
            money_mismatches: 0,
            ends_filled_from_history: 0,
            start_ms: calls.start.summary(),
            reveal_ms: calls.reveal.summary(),
            reveal_safe_ms: calls.reveal_safe.summary(),
            reveal_end_ms: calls.reveal_end.summary(),
            cashout_ms: calls.cashout.summary(),
            reload_ms: calls.reload.summary(),
            server: ServerFigures::default(),
            prepare_secs: 0.0,
            duration_secs: 0.0,
            error_kinds: stats.error_kinds(),
            rejection_kinds: stats.rejection_kinds(),
        }
    }

    /// The run took `secs`: its throughput.
    pub fn set_duration(&mut self, secs: f64) {
        self.duration_secs = secs;
        self.moves_per_sec = if secs > 0.0 { (self.moves as f64 / secs * 10.0).round() / 10.0 } else { 0.0 };
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
            ("players", self.players),
            ("games per player", self.games_per_player),
            ("games started", self.games_started),
            ("won", self.won),
            ("lost", self.lost),
            ("cleared the board", self.cleared),
            ("races", self.races),
            ("reloads", self.reloads),
            ("moves", self.moves),
            ("rejections", self.rejections),
            ("filled from history", self.ends_filled_from_history),
            ("errors", self.errors),
            ("money mismatches", self.money_mismatches),
        ] {
            row(&mut s, k, v);
        }
        row(&mut s, "moves/s", format!("{:.1}", self.moves_per_sec));
        row(&mut s, "prepare secs", format!("{:.1}", self.prepare_secs));
        row(&mut s, "duration secs", format!("{:.1}", self.duration_secs));
        self.server.table_rows(&mut s);
        latency_rows(
            &mut s,
            &[
                ("start", &self.start_ms),
                ("reveal", &self.reveal_ms),
                ("  safe", &self.reveal_safe_ms),
                ("  ends the game", &self.reveal_end_ms),
                ("cash-out", &self.cashout_ms),
                ("reload", &self.reload_ms),
            ],
        );
        verdict_rows(&mut s, &self.error_kinds, &self.rejection_kinds, self.passed());
        s
    }

    /// The HTML page: these figures, the money check, and the calls' latencies and the samples the stats kept.
    pub fn page(&self, stats: &Stats, calls: &Calls) -> Page {
        let figures = [
            ("players", self.players.to_string()),
            ("games per player", self.games_per_player.to_string()),
            ("duration", format!("{:.1} s", self.duration_secs)),
            ("moves", self.moves.to_string()),
            ("moves/s", format!("{:.1}", self.moves_per_sec)),
            ("games started", self.games_started.to_string()),
            ("won / lost", format!("{} / {}", self.won, self.lost)),
            ("races", self.races.to_string()),
            ("reloads", self.reloads.to_string()),
            ("rejections", self.rejections.to_string()),
            ("errors", self.errors.to_string()),
            ("seed", self.seed.to_string()),
        ];
        Page {
            title: "Mines swarm".into(),
            passed: self.passed(),
            verdicts: vec![Verdict {
                name: "money check".into(),
                passed: self.money_mismatches == 0,
                detail: format!("{} mismatches", self.money_mismatches),
            }],
            figures: figures.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            latencies: vec![
                calls.start.view("start"),
                calls.reveal.view("reveal"),
                calls.reveal_safe.view("reveal, safe"),
                calls.reveal_end.view("reveal ending the game"),
                calls.cashout.view("cash-out"),
                calls.reload.view("reload"),
            ],
            timeline: stats.timeline(),
            unit: "moves".into(),
            server: self.server,
            error_kinds: self.error_kinds.clone(),
            rejection_kinds: self.rejection_kinds.clone(),
            tables: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_carries_the_calls_and_fails_on_errors_or_mismatches() {
        let (stats, calls) = (Stats::default(), Calls::default());
        calls.start.record(2_000);
        calls.cashout.record(9_000);
        Stats::add(&calls.moves, 2);
        stats.rejection("hit_mine");
        let mut r = Report::from_stats(&stats, &calls);
        r.set_duration(4.0);
        assert!(r.passed());
        assert_eq!((r.start_ms.count, r.reveal_ms.count, r.cashout_ms.count, r.moves_per_sec), (1, 0, 1, 0.5));
        let json = serde_json::to_value(&r).unwrap_or_default();
        assert_eq!(json["game"], "mines");
        assert!(json["cashout_ms"]["p99"].is_number());
        assert!(json["reveal_ms"]["p50"].is_null());
        assert!(json["server_peak_memory_mb"].is_null());
        assert!(r.table().contains("rejected hit_mine"));
        r.money_mismatches = 1;
        assert!(!r.passed());
        assert!(r.table().ends_with("RESULT: FAIL\n"));
        r.money_mismatches = 0;
        stats.error("unavailable", &"503");
        assert!(!Report::from_stats(&stats, &calls).passed());
    }
}
