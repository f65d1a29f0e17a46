//! The house's edge on the simulated cricket, in release: the quote auditor over ≥ 10⁵ published quote sets (no
//! sure win, every quote at most −m/2 a rupee against the model), and a bettor who takes every quote on each side
//! of every market, every ball, over many simulated matches (its realised return against 100 % − m/2, with a 95 %
//! interval). Pure computation on the server's own pricing code (`casino_actors::sports::edge`); no server runs.

use casino_actors::sports::edge::{self, Checked, Returns};
use casino_actors::sports::sim::MARGIN;
use clap::Args;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct EdgeArgs {
    /// Published quote sets to audit (each an LP over the event's outcomes).
    #[arg(long, default_value_t = 100_000)]
    states: u64,
    /// Simulated matches for the every-quote bettor (0: skip).
    #[arg(long, default_value_t = 100_000)]
    matches: u64,
    /// Threads (each its own share of states and matches, seeded from `--seed`).
    #[arg(long, default_value_t = 2)]
    threads: u64,
    /// The seed (random when absent; printed).
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(a: EdgeArgs) -> anyhow::Result<bool> {
    let seed = a.seed.unwrap_or_else(rand::random);
    let threads = a.threads.max(1);
    println!("edge: seed {seed}, {threads} threads, margin {MARGIN}");
    let started = Instant::now();
    let checked: Vec<Checked> = std::thread::scope(|s| {
        let parts: Vec<_> =
            (0..threads).map(|t| s.spawn(move || edge::check(seed ^ (t + 1), a.states.div_ceil(threads)))).collect();
        parts.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let sum = |f: fn(&Checked) -> u64| checked.iter().map(f).sum::<u64>();
    let sure: Vec<&String> = checked.iter().flat_map(|c| &c.sure_wins).collect();
    let generous: Vec<&String> = checked.iter().flat_map(|c| &c.generous).collect();
    let best = checked.iter().map(|c| c.best_expectation).fold(f64::NEG_INFINITY, f64::max);
    println!(
        "audit: {} matches, {} quote sets, {} quotes in {:.1} s: {} sure wins, {} quotes above -m/2, best expectation \
         {best:.4} a rupee",
        sum(|c| c.matches),
        sum(|c| c.quote_sets),
        sum(|c| c.quotes),
        started.elapsed().as_secs_f64(),
        sure.len(),
        generous.len()
    );
    for s in sure.iter().chain(generous.iter()).take(5) {
        println!("  {s}");
    }
    let mut passed = sure.is_empty() && generous.is_empty();
    if a.matches > 0 {
        let started = Instant::now();
        let parts: Vec<Returns> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..threads)
                .map(|t| s.spawn(move || edge::every_quote(seed ^ (0x5eed << 8) ^ t, a.matches.div_ceil(threads))))
                .collect();
            hs.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut all = Returns::default();
        for p in parts {
            for k in 0..3 {
                all.per_match[k].extend(p.per_match[k].iter().copied());
                all.bets[k] += p.bets[k];
            }
        }
        let bound = 1.0 - MARGIN / 2.0;
        println!(
            "every quote: {} matches in {:.1} s; a rupee on each side of every open quote, every step (realised return, \
             95 % interval; the margin promises at most {:.1} %):",
            all.per_match[0].len(),
            started.elapsed().as_secs_f64(),
            bound * 100.0
        );
        let names = ["match odds", "bookmaker", "fancy", "all"];
        let bets = [all.bets[0], all.bets[1], all.bets[2], all.bets.iter().sum()];
        for ((name, r), n) in names.iter().zip(all.ratios()).zip(bets) {
            println!(
                "  {name:<10} {n:>11} bets  return {:.3} %  [{:.3} %, {:.3} %]",
                r.value * 100.0,
                r.low * 100.0,
                r.high * 100.0
            );
            passed &= r.value < bound;
        }
    }
    println!("edge: {}", if passed { "passed" } else { "FAILED" });
    Ok(passed)
}
