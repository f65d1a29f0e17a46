//! A measured actor end to end: messages through `Probed` are counted and timed, the mailbox depth shows what
//! waits, figures and spreads are exported, and the Prometheus text is well formed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::families::wallet as fig;
use super::*;
use actix::prelude::*;
use std::sync::Arc;
use std::time::Duration;

struct Sleeper {
    probe: Arc<Probe>,
}

impl Actor for Sleeper {
    type Context = Context<Self>;
}

impl Observed for Sleeper {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

#[derive(Message)]
#[rtype(result = "u32")]
struct Nap(u64);

impl Handler<Nap> for Sleeper {
    type Result = u32;

    fn handle(&mut self, msg: Nap, _: &mut Self::Context) -> u32 {
        std::thread::sleep(Duration::from_millis(msg.0));
        7
    }
}

crate::timed_handlers!(Sleeper: Nap);

#[actix::test]
async fn a_probed_actor_reports_its_mailbox_work_and_figures() {
    let registry = Registry::new(true);
    let probe = registry.register("wallet-9", &families::wallet::FAMILY);
    let addr = Probed::new(Sleeper { probe: probe.clone() }.start(), probe.clone());
    // Five naps queued at once: the later ones wait behind the earlier.
    let replies: Vec<_> = (0..5).map(|_| addr.send(Nap(20))).collect();
    let first = registry.sample(0);
    assert_eq!(first[0].mailbox, 5, "all five wait before the actor runs");
    for r in replies {
        assert_eq!(r.await.unwrap(), 7, "the actor's own handler answers");
    }
    probe.set(fig::QUEUE, 3);
    probe.spread(fig::BATCH, 12);
    probe.spread_duration(fig::COMMIT, Duration::from_millis(8));
    let rows = registry.sample(1_000);
    let row = &rows[0];
    assert_eq!((row.id.as_str(), row.family, row.mailbox, row.handled), ("wallet-9", "wallet", 0, 5));
    assert!(row.handler_p50_ms.unwrap() >= 15.0, "{row:?}");
    assert!(row.queue_p99_ms.unwrap() >= 60.0, "the last nap waited for four: {row:?}");
    assert_eq!(row.status, "slow", "queue p99 over 50 ms");
    assert_eq!(row.figures["queue"], 3);
    assert_eq!(row.figures["batchP50"], 12, "small counts are exact");
    assert!((7.0..=9.0).contains(&row.figures["commitP99Ms"].as_f64().unwrap()));
    assert_eq!(registry.history("wallet-9").len(), 1, "at most a point a second");

    let text = registry.render_prometheus();
    assert!(text.contains("casino_actor_messages_total{family=\"wallet\",actor=\"wallet-9\"} 5"), "{text}");
    assert!(text.contains("casino_actor_mailbox_messages{family=\"wallet\",actor=\"wallet-9\"} 0"));
    assert!(text.contains("casino_wallet_queue_changes{actor=\"wallet-9\"} 3"));
    assert!(text.contains("casino_actor_handler_seconds_count{family=\"wallet\",actor=\"wallet-9\"} 5"));
    assert!(text.contains("# TYPE casino_wallet_changes_total counter"));
    assert!(!text.contains("tick_lag_seconds{"), "only tables report tick lag");
    // A stopped actor leaves the registry.
    probe.retire();
    assert!(registry.sample(2_000).is_empty());
}

#[actix::test]
async fn measuring_off_counts_nothing_but_keeps_the_figures() {
    let registry = Registry::new(false);
    let probe = registry.register("wallet-0", &families::wallet::FAMILY);
    let addr = Probed::new(Sleeper { probe: probe.clone() }.start(), probe.clone());
    addr.send(Nap(1)).await.unwrap();
    probe.set(fig::QUEUE, 2);
    let row = registry.sample(0)[0].clone();
    assert_eq!((row.handled, row.handler_p99_ms, row.status), (0, None, "off"));
    assert_eq!(row.figures["queue"], 2);
}
