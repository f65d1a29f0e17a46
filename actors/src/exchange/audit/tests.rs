use super::*;

fn two_teams() -> Event {
    Event { runners: 2, runs: 0, sessions: Vec::new(), chase: None }
}

fn runner(runner: usize, side: Side, w: u32) -> Quote {
    Quote { market_id: "m".into(), bet: Bet::Runner { runner, side, w } }
}

fn fancy(session: usize, side: Side, line: u32, w: u32) -> Quote {
    Quote { market_id: format!("f{session}"), bet: Bet::Fancy { session, side, line, w } }
}

/// The three sure wins players found: khai on both teams (142 and 65), back 1.67 against khai 66 on the same team,
/// and both backs once the favourite sat at the ladder's floor (1.01) against 120.
#[test]
fn the_sure_wins_players_found_are_found() {
    let e = two_teams();
    let khai_both = [runner(0, Side::Khai, 142), runner(1, Side::Khai, 65)];
    let found = audit(&e, &khai_both).expect("khai on both teams wins either way");
    assert!(found.worst >= 0.0 && found.best > 0.0, "{found:?}");
    assert_eq!(found.stakes.len(), 2);
    assert!(audit(&e, &[runner(0, Side::Lagai, 67), runner(0, Side::Khai, 66)]).is_some());
    assert!(audit(&e, &[runner(0, Side::Lagai, 1), runner(1, Side::Lagai, 11_900)]).is_some());
    // Priced with a margin on the right side, none is.
    assert!(audit(&e, &[runner(0, Side::Khai, 160), runner(1, Side::Khai, 72)]).is_none());
    assert!(audit(&e, &[runner(0, Side::Lagai, 63), runner(0, Side::Khai, 71)]).is_none());
    assert!(audit(&e, &[runner(0, Side::Lagai, 1), runner(1, Side::Lagai, 50)]).is_none());
    // Backing and laying at one price is a wash, not a win.
    assert!(audit(&e, &[runner(0, Side::Lagai, 80), runner(0, Side::Khai, 80)]).is_none());
}

/// The research's fancy pair: YES 48 with NO 50 can only win; NO 48 with YES 50 can lose in the middle.
#[test]
fn fancy_lines_that_overlap_are_a_sure_win() {
    let e = Event { runners: 2, runs: 30, sessions: vec![10], chase: None };
    assert!(audit(&e, &[fancy(0, Side::Lagai, 48, 100), fancy(0, Side::Khai, 50, 100)]).is_some());
    assert!(audit(&e, &[fancy(0, Side::Khai, 48, 100), fancy(0, Side::Lagai, 50, 100)]).is_none());
    // A line at the runs already made: YES there cannot lose (runs never fall), whatever its rate.
    assert!(audit(&e, &[fancy(0, Side::Lagai, 30, 1)]).is_some());
}

/// Sessions of one innings are ordered (the runs at 10 overs are at least those at 6) and void from the innings' end
/// on. NO 50 at 6 overs with YES 50 at 10 overs would never lose but for an innings all out between the two.
#[test]
fn sessions_of_one_innings_end_in_order() {
    let e = Event { runners: 2, runs: 20, sessions: vec![6, 10], chase: None };
    let os = outcomes(&e, &[50, 80]);
    assert!(os.iter().all(|o| match (o.runs[0], o.runs[1]) {
        (Some(a), Some(b)) => a <= b,
        (None, b) => b.is_none(),
        (Some(_), None) => true,
    }));
    assert!(os.iter().any(|o| o.runs == [Some(50), None]), "all out between the sessions");
    assert!(audit(&e, &[fancy(0, Side::Khai, 50, 100), fancy(1, Side::Lagai, 50, 100)]).is_none());
}

/// In a chase of 150 the runs can pass the target by five at most, and reaching it wins the match: NO at 160 on the
/// last session cannot lose, and YES at the target with a khai on the chasing team hedges exactly.
#[test]
fn a_chase_ties_the_runs_to_the_winner() {
    let e = Event { runners: 2, runs: 100, sessions: vec![15, 20], chase: Some(Chase { target: 150, chaser: 1 }) };
    assert!(audit(&e, &[fancy(1, Side::Khai, 160, 100)]).is_some());
    assert!(audit(&e, &[fancy(1, Side::Khai, 155, 100)]).is_none(), "a six off the last ball needing one: 155");
    // Back the chasers at 2.0 and NO at the target on the 20-over line (lose 1.5 if reached): the 20-over line is
    // void when the chase ends early either way, so this can lose (a collapse: NO void, the back lost).
    assert!(audit(&e, &[runner(1, Side::Lagai, 100), fancy(1, Side::Khai, 150, 150)]).is_none());
    // Outcomes: a session past the target ends the chase won; the 20-over line one short of the target is a tie.
    let os = outcomes(&e, &[120, 149]);
    assert!(os.iter().all(|o| !matches!(o.runs[0], Some(r) if r >= 150) || (o.winner == 1 && o.runs[1].is_none())));
    assert!(os.iter().any(|o| o.runs[1] == Some(149) && o.winner == 0));
    assert!(os.iter().any(|o| o.runs[1] == Some(149) && o.winner == 1));
    assert!(os.iter().all(|o| !matches!(o.runs[1], Some(r) if r < 149) || o.winner == 0));
}

#[test]
fn a_position_that_cannot_lose_is_flagged_exactly() {
    let e = two_teams();
    let paise = |r: i64| Paise::from_rupees(r);
    // Back at 3.0 for ₹100, then lay at 2.0 for ₹150 after the price shortened: +50 either way.
    let back = Position::Runner(RunnerBet { runner: 0, side: Side::Lagai, w: 200, stake: paise(100) });
    let lay = Position::Runner(RunnerBet { runner: 0, side: Side::Khai, w: 100, stake: paise(150) });
    assert_eq!(sure_position(&e, &[back.clone(), lay]), Some((paise(50), paise(50))));
    let small_lay = Position::Runner(RunnerBet { runner: 0, side: Side::Khai, w: 100, stake: paise(50) });
    assert_eq!(sure_position(&e, &[back.clone(), small_lay]), None);
    assert_eq!(sure_position(&e, &[back]), None);
    let f = Event { runners: 2, runs: 30, sessions: vec![10], chase: None };
    let yes = Position::Fancy(0, FancyBet { side: Side::Lagai, line: 48, w: 100, stake: paise(100) });
    let no = Position::Fancy(0, FancyBet { side: Side::Khai, line: 50, w: 100, stake: paise(100) });
    assert_eq!(sure_position(&f, &[yes, no]), Some((Paise::ZERO, paise(200))));
}

/// Outside a chase the winner and the runs part are audited apart; the answer is the same as over every pairing,
/// and a sure win in either part is found with its stakes pointing at the right quotes.
#[test]
fn winner_and_runs_are_audited_apart_outside_a_chase() {
    let e = Event { runners: 2, runs: 30, sessions: vec![10, 20], chase: None };
    let fair = [
        runner(0, Side::Lagai, 90),
        runner(0, Side::Khai, 115),
        fancy(0, Side::Khai, 70, 100),
        fancy(0, Side::Lagai, 72, 100),
        fancy(1, Side::Khai, 150, 100),
        fancy(1, Side::Lagai, 153, 100),
    ];
    assert_eq!(audit(&e, &fair), None);
    assert_eq!(solve(&e, &fair), None);
    let mut beatable = fair.to_vec();
    beatable.push(runner(1, Side::Khai, 60)); // with the khai on team 0 at 115: khai both
    let found = audit(&e, &beatable).expect("khai on both teams");
    assert!(found.stakes.iter().all(|(i, _)| matches!(beatable[*i].bet, Bet::Runner { side: Side::Khai, .. })));
    assert!(solve(&e, &beatable).is_some(), "the whole program agrees");
    let mut overlapping = fair.to_vec();
    overlapping.push(fancy(1, Side::Khai, 155, 100)); // NO 155 with YES 153: both win at 153-154
    let found = audit(&e, &overlapping).expect("overlapping lines");
    assert!(found.stakes.iter().all(|(i, _)| matches!(overlapping[*i].bet, Bet::Fancy { session: 1, .. })));
}
