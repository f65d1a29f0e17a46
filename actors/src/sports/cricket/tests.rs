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
            None
        };
        assert_eq!(winner, expected, "seed {seed}");
    }
}

#[test]
fn prices_sit_on_the_ladder_either_side_of_the_fair_price() {
    use super::price::*;
    assert_eq!(ladder_down(1.534), 1.53);
    assert_eq!(ladder_up(1.531), 1.54);
    assert_eq!(ladder_down(2.05), 2.04);
    assert_eq!(ladder_up(3.01), 3.05);
    assert_eq!(next_up(1.99), 2.0);
    assert_eq!(next_up(2.0), 2.02);
    assert_eq!(next_down(2.0), 1.99);
    assert_eq!(next_down(4.0), 3.95);
    for p in [0.02, 0.1, 0.35, 0.5, 0.62, 0.9, 0.99] {
        let books = match_odds(p, 0.04, 7);
        for (book, q) in books.iter().zip([p, 1.0 - p]) {
            let fair = 1.0 / q;
            let (b, l) = (book.available_to_back, book.available_to_lay);
            assert!(b[0].price <= fair + 1e-9 && l[0].price >= fair.min(MAX_PRICE) - 1e-9, "p {q}: {b:?} {l:?}");
            assert!(b[2].price < b[1].price && b[1].price < b[0].price || b[0].price == MIN_PRICE);
            assert!(l[0].price < l[1].price || l[0].price == MAX_PRICE);
            assert!(b.iter().chain(l.iter()).all(|x| x.size >= 500.0));
        }
        // Backing both sides at the best prices never beats the book.
        let overround = 1.0 / books[0].available_to_back[0].price + 1.0 / books[1].available_to_back[0].price;
        assert!(overround >= 1.0 - 1e-9, "p {p}: {overround}");
    }
    // 60 % favourite at a 4 % margin: lagai 60 → 1/0.624 − 1 = 0.602 → 60; khai 62.
    assert_eq!(bookmaker(0.6, 0.04)[0], (60, 62));
}

/// The session lines' expected totals match the simulator: NO lines sit at the simulated mean, rounded down.
#[test]
fn session_lines_follow_the_simulated_totals() {
    use super::price::{SESSION_OVERS, Sessions};
    let (seed, mut r) = rng();
    let sessions = Sessions::build();
    let start = sessions.lines(&Innings::default());
    assert_eq!(start.iter().map(|l| l.overs).collect::<Vec<_>>(), SESSION_OVERS.to_vec());
    let mut at = [0f64; 4];
    let n = 20_000;
    for _ in 0..n {
        let mut i = Innings::default();
        let mut mark = [None; 4];
        while !i.over() {
            i.bowl(&mut r);
            for (h, overs) in SESSION_OVERS.iter().enumerate() {
                if i.balls >= overs * 6 && mark[h].is_none() {
                    mark[h] = Some(i.runs);
                }
            }
        }
        for h in 0..4 {
            at[h] += f64::from(mark[h].unwrap_or(i.runs));
        }
    }
    for (line, total) in start.iter().zip(at) {
        let mean = total / f64::from(n);
        println!("seed {seed}: {} overs: line {}/{} mean {mean:.1}", line.overs, line.no, line.yes);
        assert!((f64::from(line.no) - mean).abs() < 1.5, "seed {seed}: {line:?} vs {mean}");
    }
    // Lines move with the state and close once their overs are bowled.
    let later = Innings { runs: 70, wickets: 1, balls: 42, target: None };
    let lines = sessions.lines(&later);
    assert_eq!(lines.first().map(|l| l.overs), Some(10));
    assert!(lines.windows(2).all(|w| w[0].no < w[1].no));
}
