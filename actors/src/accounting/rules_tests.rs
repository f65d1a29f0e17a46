use super::*;

const ORDER: &[&str] = &["aviator", "mines", "exchange"];

fn game(game: &'static str, bets: i64, turnover: i64, payouts: i64) -> GameDay {
    GameDay { game, bets, turnover, payouts }
}

fn kind(day: i64, kind: &str, delta_balance: i64, delta_exposure: i64) -> KindDay {
    KindDay { day, kind: kind.into(), rows: 1, delta_balance, delta_exposure }
}

/// Day 100: two deposits of ₹1,000 and ₹500, a ₹300 withdrawal held then paid, a ₹50 credit and a ₹20 debit by an
/// operator, Mines bets of ₹200 paying ₹350 and Aviator bets of ₹400 paying ₹100 (the stakes held, then settled).
/// Day 101: nothing. Day 102: a play grant and an exchange loss of ₹70 whose bet settled the day before in the bets'
/// tables (a settlement that crossed midnight).
fn sample() -> Report {
    let games = [
        (100, game("mines", 2, 20_000, 35_000)),
        (100, game("aviator", 3, 30_000, 10_000)),
        (100, game("aviator", 1, 10_000, 0)),
        (101, game("exchange", 1, 7_000, 0)),
        // Outside the range: ignored.
        (99, game("mines", 5, 1, 1)),
    ];
    let kinds = [
        kind(100, "deposit", 150_000, 0),
        kind(100, "withdrawal_hold", -30_000, 30_000),
        kind(100, "withdrawal", 0, -30_000),
        kind(100, "adjustment", 5_000 - 2_000, 0),
        kind(100, "mines_bet", -20_000, 20_000),
        kind(100, "mines_win", 35_000, -20_000),
        kind(100, "mines_loss", 0, 0),
        kind(100, "aviator_bet", -40_000, 40_000),
        kind(100, "aviator_win", 10_000, -30_000),
        kind(100, "aviator_loss", 0, -10_000),
        kind(101, "exchange_bet", -7_000, 7_000),
        kind(102, "exchange_loss", 0, -7_000),
        kind(102, "play_grant", 100_000, 0),
        kind(102, "something_new", 1, 0),
        kind(103, "deposit", 1, 0),
    ];
    build(100, 102, ORDER, games, &kinds)
}

#[test]
fn a_day_sums_its_games_and_classifies_its_ledger_rows() {
    let r = sample();
    assert_eq!(r.days.iter().map(|d| d.day).collect::<Vec<_>>(), [100, 101, 102], "every day, empty ones too");
    let d = &r.days[0];
    assert_eq!(d.games, [game("aviator", 4, 40_000, 10_000), game("mines", 2, 20_000, 35_000)], "in order, summed");
    let t = d.totals;
    assert_eq!((t.bets, t.turnover, t.payouts, t.ggr), (6, 60_000, 45_000, 15_000));
    assert_eq!(t.ledger_ggr, 15_000, "players lost ₹300 − ₹150 in the ledger's game rows");
    assert_eq!(t.unreconciled(), 0);
    assert_eq!((t.deposits, t.withdrawals, t.adjustments), (150_000, 30_000, 3_000));
    assert_eq!(t.ngr(), 12_000, "GGR less the operators' net credit");
    assert_eq!(t.other, 0, "a withdrawal's hold moves nothing out of players' money");
    assert_eq!(t.players_change, 150_000 - 30_000 + 3_000 - 15_000);
    assert_eq!(t.players_change, t.expected_players_change());
}

#[test]
fn a_settlement_across_midnight_shows_as_unreconciled_on_both_days_and_cancels_over_the_range() {
    let r = sample();
    let (d1, d2) = (&r.days[1], &r.days[2]);
    assert_eq!(d1.games, [game("exchange", 1, 7_000, 0)]);
    assert_eq!((d1.totals.ggr, d1.totals.ledger_ggr, d1.totals.unreconciled()), (7_000, 0, 7_000));
    assert!(d2.games.is_empty());
    assert_eq!((d2.totals.ggr, d2.totals.ledger_ggr, d2.totals.unreconciled()), (0, 7_000, -7_000));
    assert_eq!((d2.totals.play_points, d2.totals.other), (100_000, 1), "play points and an unknown kind apart");
    assert_eq!(d2.totals.ngr(), 0, "play points are not money: NGR leaves them out");
    for d in &r.days {
        assert_eq!(d.totals.players_change, d.totals.expected_players_change(), "day {}", d.day);
    }
    let t = r.totals;
    assert_eq!((t.bets, t.turnover, t.payouts), (7, 67_000, 45_000));
    assert_eq!((t.ggr, t.ledger_ggr, t.unreconciled()), (22_000, 22_000, 0));
    assert_eq!((t.deposits, t.withdrawals, t.adjustments, t.play_points), (150_000, 30_000, 3_000, 100_000));
    assert_eq!(t.ngr(), 19_000);
    assert_eq!(t.players_change, t.expected_players_change());
    assert_eq!(t.players_change, 150_000 - 30_000 + 3_000 - 22_000 + 100_000 + 1);
}

#[test]
fn an_empty_range_has_its_days_and_zero_totals() {
    let r = build(5, 5, ORDER, [], &[]);
    assert_eq!(r.days, [Day { day: 5, games: vec![], totals: Totals::default() }]);
    assert_eq!(r.totals, Totals::default());
}
