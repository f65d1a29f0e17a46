//! The hold gauges in `/metrics`, refreshed every [`EVERY`] from the settled bets (a query, not a scrape's work), for
//! two windows: `today` (since IST midnight) and `7d` (the last seven IST days, today included). Per `game` (and
//! exchange market type) and `window`:
//!
//! - `casino_hold_turnover_rupees`, `casino_hold_ggr_rupees`, `casino_hold_bets`;
//! - `casino_hold_realised_ratio`, `casino_hold_theoretical_ratio`, `casino_hold_band_low`, `casino_hold_band_high`
//!   (NaN when unknown: no bets, no theory, or too few units for a band);
//! - `casino_hold_out_of_band` 1 when the realised hold is outside its 99 % band, else 0;
//!
//! and per `window`: `casino_hold_flagged_players` (players at least 4 σ above expectation over ≥ 50 bets). Also
//! `casino_hold_sampled_timestamp_seconds`: when the figures were last read (an alert can catch a stalled sampler).

use super::rules;
use super::{GameHold, store};
use crate::clock::SharedClock;
use crate::store::Db;
use std::time::Duration;

pub const EVERY: Duration = Duration::from_secs(60);

/// Samples now and every [`EVERY`] until the database closes (the server stopped).
pub fn spawn(db: Db, clock: SharedClock) {
    actix::spawn(async move {
        let mut every = tokio::time::interval(EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            if db.pool.is_closed() {
                break;
            }
            if let Err(e) = sample(&db, clock.now_ms()).await {
                if db.pool.is_closed() {
                    break;
                }
                tracing::warn!(error = %e, "hold gauges not refreshed; the next minute retries");
            }
        }
    });
}

fn ratio(v: Option<f64>) -> f64 {
    v.unwrap_or(f64::NAN)
}

fn publish(window: &'static str, games: &[GameHold], flagged: usize) {
    for g in games {
        let labels = [("game", g.game), ("window", window)];
        let h = &g.hold;
        metrics::gauge!("casino_hold_turnover_rupees", &labels).set(g.sums.turnover as f64 / 100.0);
        metrics::gauge!("casino_hold_ggr_rupees", &labels).set(g.sums.ggr() as f64 / 100.0);
        metrics::gauge!("casino_hold_bets", &labels).set(g.sums.bets as f64);
        metrics::gauge!("casino_hold_realised_ratio", &labels).set(ratio(h.realised));
        metrics::gauge!("casino_hold_theoretical_ratio", &labels).set(ratio(h.theoretical));
        metrics::gauge!("casino_hold_band_low", &labels).set(ratio(h.band.map(|b| b.0)));
        metrics::gauge!("casino_hold_band_high", &labels).set(ratio(h.band.map(|b| b.1)));
        metrics::gauge!("casino_hold_out_of_band", &labels).set(if h.out_of_band { 1.0 } else { 0.0 });
    }
    metrics::gauge!("casino_hold_flagged_players", "window" => window).set(flagged as f64);
}

/// Reads the last seven IST days once (per game and per player) and publishes both windows.
pub async fn sample(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    let today = rules::ist_day(now);
    let from = rules::ist_day_start(today - 6);
    let lines = store::lines(db, from, now + 1, false).await?;
    let per_player = store::lines(db, from, now + 1, true).await?;
    for (window, first_day) in [("today", today), ("7d", today - 6)] {
        let totals = rules::per_game(lines.iter().filter(|l| l.day >= first_day).map(|l| (l.game, &l.sums)));
        let games = super::game_holds(totals);
        let flagged = rules::flags(per_player.iter().filter(|l| l.day >= first_day).map(|l| (l.user, &l.sums)));
        publish(window, &games, flagged.len());
    }
    metrics::gauge!("casino_hold_sampled_timestamp_seconds").set(now as f64 / 1000.0);
    Ok(())
}
