//! What measuring an actor costs: messages sent through `Probed<A>` and handled by a `timed_handlers!` actor, with
//! the registry measuring (`on`) and not (`off`, as `CASINO_ACTOR_METRICS=off`), against a plain `Addr<A>`.
//! Eight senders keep the mailbox busy; the figure is nanoseconds per message, median of five rounds.
//!
//! `cargo bench -p casino-actors --bench probe` (`BENCH_MESSAGES` per round, default 400,000).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use actix::prelude::*;
use casino_actors::observe::{Observed, Probe, Probed, Registry, families};
use std::sync::Arc;
use std::time::Instant;

struct Counter {
    probe: Arc<Probe>,
    n: u64,
}

impl Actor for Counter {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(100_000);
    }
}

impl Observed for Counter {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

#[derive(Message)]
#[rtype(result = "u64")]
struct Add(u64);

impl Handler<Add> for Counter {
    type Result = u64;

    fn handle(&mut self, msg: Add, _: &mut Self::Context) -> u64 {
        self.n += msg.0;
        self.n
    }
}

casino_actors::timed_handlers!(Counter: Add);

/// How the messages reach the actor.
#[derive(Clone)]
enum Way {
    Plain(Addr<Counter>),
    Probed(Probed<Counter>),
}

async fn round(way: &Way, messages: u64) -> f64 {
    let senders = 8;
    let started = Instant::now();
    let tasks: Vec<_> = (0..senders)
        .map(|_| {
            let way = way.clone();
            actix::spawn(async move {
                for _ in 0..messages / senders {
                    match &way {
                        Way::Plain(a) => a.send(Add(1)).await.unwrap(),
                        Way::Probed(p) => p.send(Add(1)).await.unwrap(),
                    };
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    started.elapsed().as_nanos() as f64 / messages as f64
}

fn main() {
    let messages: u64 = std::env::var("BENCH_MESSAGES").ok().and_then(|v| v.parse().ok()).unwrap_or(400_000);
    actix::System::new().block_on(async move {
        let arbiter = Arbiter::new();
        let start = |enabled: bool| {
            let registry = Registry::new(enabled);
            let probe = registry.register("bench", &families::wallet::FAMILY);
            let p = probe.clone();
            let addr = Counter::start_in_arbiter(&arbiter.handle(), move |_| Counter { probe: p, n: 0 });
            (registry, Way::Probed(Probed::new(addr, probe)))
        };
        let (_on_registry, on) = start(true);
        let (_off_registry, off) = start(false);
        let plain = {
            let probe = Probe::detached(&families::wallet::FAMILY);
            Way::Plain(Counter::start_in_arbiter(&arbiter.handle(), move |_| Counter { probe, n: 0 }))
        };
        let mut results: Vec<(&str, Vec<f64>)> =
            vec![("plain Addr", vec![]), ("probed, off", vec![]), ("probed, on", vec![])];
        for _ in 0..5 {
            // Interleaved, so a drift of the machine touches all three alike.
            for (i, way) in [&plain, &off, &on].into_iter().enumerate() {
                let ns = round(way, messages).await;
                results[i].1.push(ns);
            }
        }
        println!("{:<14} {:>10} {:>18}", "mailbox", "ns/msg", "range");
        for (name, mut v) in results {
            v.sort_by(f64::total_cmp);
            println!("{name:<14} {:>10.0} {:>8.0} – {:<8.0}", v[2], v[0], v[4]);
        }
        arbiter.stop();
    });
}
