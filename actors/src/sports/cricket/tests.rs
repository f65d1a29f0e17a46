use super::model::*;
use super::win::WinModel;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn rng() -> (u64, ChaCha8Rng) {
    let seed: u64 = rand::random();
    println!("seed {seed}");
    (seed, ChaCha8Rng::seed_from_u64(seed))
}

fn innings(i: &mut Innings, r: &mut ChaCha8Rng) -> Vec<Delivery> {
    let mut balls = Vec::new();
    while !i.over() {
        balls.push(i.bowl(r));
    }
    balls
}

/// 20,000 first innings against real T20 figures: about 1.3 runs a legal ball (extras included), a wicket about
/// every 20 balls, totals around 160, and the last five overs the fastest scoring.
#[test]
fn long_run_rates_match_t20_cricket() {
    let (seed, mut r) = rng();
    let n = 20_000;
    let (mut runs, mut balls, mut wickets, mut extras) = (0u64, 0u64, 0u64, 0u64);
    let (mut middle, mut death) = ((0u64, 0u64), (0u64, 0u64));
    let mut totals = Vec::with_capacity(n);
    for _ in 0..n {
        let mut i = Innings::default();
        for d in innings(&mut i, &mut r) {
            if d == Delivery::Extra {
                extras += 1;
            }
        }
        runs += u64::from(i.runs);
        balls += u64::from(i.balls);
        wickets += u64::from(i.wickets);
        totals.push(f64::from(i.runs));
    }
    // Scoring by phase, from innings that last: bowl and count per over.
    for _ in 0..2_000 {
        let mut i = Innings::default();
        while !i.over() {
            let (before, over) = (i.runs, i.balls / 6);
            i.bowl(&mut r);
            let slot = if over >= 15 {
                &mut death
            } else if (6..15).contains(&over) {
                &mut middle
            } else {
                continue;
            };
            slot.0 += u64::from(i.runs - before);
            slot.1 += 1;
        }
    }
    let per_ball = runs as f64 / balls as f64;
    let balls_per_wicket = balls as f64 / wickets as f64;
    let mean = totals.iter().sum::<f64>() / n as f64;
    let sd = (totals.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
    let extra_rate = extras as f64 / (balls + extras) as f64;
    println!(
        "seed {seed}: {per_ball:.3} runs/ball, a wicket every {balls_per_wicket:.1} balls, total {mean:.1} ± {sd:.1}, extras {extra_rate:.3}"
    );
    assert!((1.2..1.45).contains(&per_ball), "runs a ball {per_ball}");
    assert!((16.0..25.0).contains(&balls_per_wicket), "balls a wicket {balls_per_wicket}");
    assert!((145.0..180.0).contains(&mean) && (18.0..40.0).contains(&sd), "first innings {mean} ± {sd}");
    assert!((0.03..0.05).contains(&extra_rate));
    let rate = |(runs, balls): (u64, u64)| runs as f64 / balls as f64;
    assert!(rate(death) > rate(middle) * 1.15, "the last five overs score faster: {} vs {}", rate(death), rate(middle));
}

/// The win probability behind the match odds is calibrated: over 20,000 simulated matches, the states it calls 60 %
/// are won about 60 % of the time. One call per innings, at a random ball, so the calls are independent: each decile
/// holds about 2,000 of them (σ under 0.012), and must be within 4 points.
#[test]
fn win_probabilities_are_calibrated() {
    use rand::Rng;
    let (seed, mut r) = rng();
    let model = WinModel::build();
    let mut bins = [(0.0f64, 0.0f64, 0u32); 10];
    for _ in 0..20_000 {
        let mut first = Innings::default();
        let at = r.random_range(0..BALLS);
        let mut call = None;
        while !first.over() {
            if first.balls == at && call.is_none() {
                call = Some(model.batting(&first));
            }
            first.bowl(&mut r);
        }
        let mut second = Innings::chase(first.runs + 1);
        let at = r.random_range(0..BALLS);
        let mut chase_call = None;
        while !second.over() {
            if second.balls == at && chase_call.is_none() {
                chase_call = Some(model.batting(&second));
            }
            second.bowl(&mut r);
        }
        let first_won = if second.runs > first.runs {
            0.0
        } else if second.runs == first.runs {
            0.5
        } else {
            1.0
        };
        for (p, won) in call.map(|p| (p, first_won)).into_iter().chain(chase_call.map(|p| (p, 1.0 - first_won))) {
            let b = &mut bins[((p * 10.0) as usize).min(9)];
            b.0 += p;
            b.1 += won;
            b.2 += 1;
        }
    }
    for (i, (p, won, n)) in bins.iter().enumerate() {
        if *n < 500 {
            continue;
        }
        let (said, came) = (p / f64::from(*n), won / f64::from(*n));
        println!("seed {seed}: decile {i}: said {said:.3}, won {came:.3} of {n}");
        assert!((said - came).abs() < 0.04, "seed {seed}: decile {i} said {said:.3}, won {came:.3}");
    }
    // At the start the side batting first has about an even chance.
    let start = model.batting(&Innings::default());
    assert!((0.4..0.6).contains(&start), "{start}");
    // A chase needing 1 off the last ball with wickets in hand is nearly won; needing 7 is nearly lost.
    let easy = Innings { runs: 150, wickets: 3, balls: 119, target: Some(151) };
    let hard = Innings { runs: 144, wickets: 3, balls: 119, target: Some(151) };
    let (e, h) = (model.batting(&easy), model.batting(&hard));
    assert!(e > 0.6 && h < 0.05, "{e} {h}");
}

/// Whole matches hold together: every run is a batter's or an extra, every wicket a batter out, no bowler over four
/// overs or two overs running, and the result follows the scores.
#[test]
fn whole_matches_hold_together() {
    use super::game::{CricketGame, Stage};
    use super::squads::pick_teams;
    let (seed, mut r) = rng();
    for _ in 0..300 {
        let (a, b) = pick_teams(&mut r);
        assert_ne!(a.name, b.name);
        let mut g = CricketGame::new([a, b], 0);
        let mut extras = [0u32; 2];
        // Who bowled each over, and each bowler's legal balls, per innings.
        let mut overs: [Vec<String>; 2] = Default::default();
        let mut balls: std::collections::HashMap<(usize, String), u32> = Default::default();
        loop {
            match g.stage {
                Stage::InningsBreak => g.start_chase(),
                Stage::Finished { .. } => break,
                _ => {
                    let ball = g.bowl(&mut r).unwrap();
                    if ball.delivery == Delivery::Extra {
                        extras[ball.innings] += 1;
                    }
                    if ball.delivery != Delivery::Extra {
                        *balls.entry((ball.innings, ball.bowler.clone())).or_default() += 1;
                    }
                    if ball.over_done || ball.innings_done {
                        overs[ball.innings].push(ball.bowler.clone());
                    }
                    assert!(g.last_six.len() <= 6);
                }
            }
        }
        for ((batters, innings), extra) in g.batters.iter().zip(&g.innings).zip(extras) {
            let bat: u32 = batters.iter().map(|b| b.runs).sum();
            assert_eq!(bat + extra, innings.runs, "seed {seed}");
            assert_eq!(batters.iter().filter(|b| b.out).count() as u32, innings.wickets, "seed {seed}");
        }
        for o in &overs {
            assert!(o.windows(2).all(|w| w[0] != w[1]), "seed {seed}: a bowler bowled two overs running: {o:?}");
        }
        assert!(balls.values().all(|b| *b <= 24), "seed {seed}: a bowler bowled more than four overs");
        let Stage::Finished { winner } = g.stage else { unreachable!() };
        let (first, second) = (g.innings[0].runs, g.innings[1].runs);
        let expected = if second > first {
            Some(1)
        } else if second < first {
            Some(0)
        } else {
            assert!(g.super_over, "seed {seed}: a tie goes to a super over");
            winner
        };
        assert_eq!(winner, expected, "seed {seed}");
    }
}

#[test]
fn prices_sit_on_the_ladder_with_the_margin_on_the_players_wrong_side() {
    use super::price::*;
    assert_eq!(ladder_down(1.534), 1.53);
    assert_eq!(ladder_up(1.531), 1.54);
    assert_eq!(ladder_down(2.05), 2.04);
    assert_eq!(ladder_up(3.01), 3.05);
    assert_eq!(next_up(1.99), 2.0);
    assert_eq!(next_up(2.0), 2.02);
    assert_eq!(next_down(2.0), 1.99);
    assert_eq!(next_down(4.0), 3.95);
    let m = 0.04;
    for i in 1..1000 {
        let p = f64::from(i) / 1000.0;
        match match_odds(p, m, 7) {
            Some(books) => {
                for (book, q) in books.iter().zip([p, 1.0 - p]) {
                    let (b, l) = (book.available_to_back, book.available_to_lay);
                    // A back is worth at most −m/2 a rupee, a lay too: q·back ≤ 1 − m/2, q·lay ≥ 1 + m/2.
                    assert!(q * b[0].price <= 1.0 - m / 2.0 + 1e-12, "p {q}: back {b:?}");
                    assert!(q * l[0].price >= 1.0 + m / 2.0 - 1e-12, "p {q}: lay {l:?}");
                    assert!(b[2].price <= b[1].price && b[1].price <= b[0].price && l[0].price <= l[1].price);
                    assert!(b.iter().chain(l.iter()).all(|x| x.size >= 500.0));
                }
                // Backing both sides at the best prices never beats the book.
                let over = 1.0 / books[0].available_to_back[0].price + 1.0 / books[1].available_to_back[0].price;
                assert!(over > 1.0, "p {p}: {over}");
            }
            // Only a side at or beyond the ladder's reach is not quoted: 1.01 needs q ≤ 0.98/1.01.
            None => assert!(p.max(1.0 - p) > 0.98 / 1.01 - 1e-9 || p.min(1.0 - p) < 1.02 / 1000.0, "p {p}"),
        }
        if let Some(rates) = bookmaker(p, m) {
            for ((lagai, khai), q) in rates.iter().zip([p, 1.0 - p]) {
                let (lagai, khai) = (f64::from(*lagai) / 100.0, f64::from(*khai) / 100.0);
                assert!(q * lagai - (1.0 - q) <= -m / 2.0 + 1e-12, "p {q}: lagai {lagai}");
                assert!((1.0 - q) - q * khai <= -m / 2.0 + 1e-12, "p {q}: khai {khai}");
                assert!(khai > lagai);
            }
        }
    }
    // 60 % favourite at a 4 % margin: lagai 0.98/0.6 − 1 = 0.633 → 63; khai 1.02/0.6 − 1 = 0.70 → 71 (70 exactly
    // would leave the player exactly at −m/2 but for rounding, so the next rate up).
    assert_eq!(bookmaker(0.6, m).map(|r| r[0]), Some((63, 71)));
    assert_eq!(bookmaker(0.99, m), None, "a side at 99 % has no lagai rate of at least 1");
}

/// The exact distributions of runs at each session against 40,000 simulated innings: the mean, the chance of a void
/// line (all out first) and the chance of reaching the line, for a first innings from the start and for a chase
/// from the middle.
#[test]
fn runs_distributions_match_the_simulator() {
    use super::price::SESSION_OVERS;
    use super::runs::{FirstInnings, chase};
    let (seed, mut r) = rng();
    let first = FirstInnings::build();
    let chasing = Innings { runs: 60, wickets: 3, balls: 45, target: Some(171) };
    for start in [Innings::default(), chasing] {
        let dists: Vec<(usize, super::runs::RunsDist)> = match start.target {
            None => (0..4).filter_map(|h| Some((h, first.session(h, &start)?))).collect(),
            Some(_) => chase(&start),
        };
        assert_eq!(dists.len(), SESSION_OVERS.iter().filter(|o| start.balls < *o * 6).count());
        let n = 40_000;
        let mut seen: Vec<Vec<Option<u32>>> = vec![Vec::new(); 4];
        for _ in 0..n {
            let mut i = start;
            let mut mark = [None; 4];
            while !i.over() {
                i.bowl(&mut r);
                for (h, overs) in SESSION_OVERS.iter().enumerate() {
                    if i.balls == overs * 6 && mark[h].is_none() {
                        mark[h] = Some(i.runs);
                    }
                }
            }
            for h in 0..4 {
                seen[h].push(mark[h]);
            }
        }
        for (h, d) in &dists {
            let s = &seen[*h];
            let settled = s.iter().flatten().count() as f64 / f64::from(n);
            let mean = s.iter().flatten().map(|x| f64::from(*x)).sum::<f64>() / (settled * f64::from(n));
            let line = d.mean().round() as u32;
            let reach = s.iter().flatten().filter(|x| **x >= line).count() as f64 / f64::from(n);
            println!(
                "seed {seed}: {:?} {} overs: settled {:.4}/{settled:.4} mean {:.2}/{mean:.2} ≥{line} {:.4}/{reach:.4}",
                start.target,
                SESSION_OVERS[*h],
                d.settled(),
                d.mean(),
                d.at_least(line)
            );
            assert!((d.settled() - settled).abs() < 0.01, "seed {seed}: void chance");
            assert!((d.mean() - mean).abs() < 0.6, "seed {seed}: mean");
            assert!((d.at_least(line) - reach).abs() < 0.012, "seed {seed}: P(R ≥ {line})");
        }
    }
}

/// Session lines sit either side of the middle of the runs, each side priced at least m/2 below fair, and move with
/// the state; a session nearly decided is not quoted.
#[test]
fn session_lines_straddle_the_middle_with_the_margin() {
    use super::price::{SESSION_OVERS, session_line};
    use super::runs::FirstInnings;
    let first = FirstInnings::build();
    let m = 0.04;
    let lines: Vec<_> = (0..4)
        .map(|h| session_line(SESSION_OVERS[h], &first.session(h, &Innings::default()).unwrap(), m).unwrap())
        .collect();
    for (l, c) in &lines {
        assert!(l.no < l.yes, "{l:?}");
        assert!(c.yes <= (1.0 - m / 2.0) / 2.0 && c.no <= (1.0 - m / 2.0) / 2.0, "{c:?}");
        let yes = c.yes * f64::from(l.yes_rate) / 100.0 - (1.0 - c.yes);
        let no = c.no - (1.0 - c.no) * f64::from(l.no_rate) / 100.0;
        assert!(yes <= -m / 2.0 + 1e-12 && no <= -m / 2.0 + 1e-12, "{l:?} {c:?}: {yes} {no}");
    }
    assert!(lines.windows(2).all(|w| w[0].0.yes < w[1].0.no), "later sessions, higher lines");
    // Later, more runs: the lines move up.
    let later = Innings { runs: 70, wickets: 1, balls: 42, target: None };
    let l10 = session_line(10, &first.session(1, &later).unwrap(), m).unwrap().0;
    assert!(l10.no > 70 && l10.no > lines[1].0.no);
    assert!(first.session(0, &later).is_none(), "the 6-over session is over");
}
