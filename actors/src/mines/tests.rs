use super::rules::*;
use crate::fair::ServerSeed;
use crate::money::Paise;

const EDGE: u32 = 300;

/// The closed form as a product, in floating point: `(1 − edge) · Π_{i<k} (25 − i) / (25 − m − i)`.
fn closed_form(m: u8, k: u8, edge_bp: u32) -> f64 {
    let mut x = 1.0 - f64::from(edge_bp) / 10_000.0;
    for i in 0..k {
        x *= f64::from(25 - i) / f64::from(25 - m - i);
    }
    x
}

#[test]
fn multipliers_match_the_closed_form_for_every_mine_count_and_step() {
    for edge in [100, 300] {
        for m in MIN_MINES..=MAX_MINES {
            for k in 0..=TILES - m {
                let shown = multiplier_bp(m, k, edge) as f64 / 10_000.0;
                let exact = if k == 0 { 1.0 } else { closed_form(m, k, edge) };
                // Rounded down to the ten-thousandth (the float's own error is far smaller at these sizes).
                assert!(
                    shown <= exact * (1.0 + 1e-12) && exact - shown < 1e-4 + exact * 1e-12,
                    "m={m} k={k}: {shown} vs {exact}"
                );
            }
        }
    }
    // Published figures (research/games.md): 1% edge (24, 1) = 24.75, (5, 5) = 3.39259… (3.3925 shown); 3% edge (24, 1) = 24.25.
    assert_eq!(multiplier_bp(24, 1, 100), 247_500);
    assert_eq!(multiplier_bp(5, 5, 100), 33_925);
    assert_eq!(multiplier_bp(24, 1, 300), 242_500);
    assert_eq!(multiplier_bp(1, 1, 100), 10_312);
}

#[test]
fn payouts_round_down_to_the_paisa_and_stop_at_the_cap() {
    let cap = Paise::from_rupees(1_000_000);
    // ₹100 on 24 mines, one safe tile, 3% edge: 24.25×.
    assert_eq!(payout(Paise::from_rupees(100), 24, 1, EDGE, cap), Paise::from_rupees(2425));
    // ₹1 on 1 mine, 1 safe tile: 97 × 25/24 = 101.0416… paise → 101.
    assert_eq!(payout(Paise::from_rupees(1), 1, 1, EDGE, cap), Paise::new(101));
    // 12 mines, 13 safe tiles is over 5,000,000×: capped.
    assert_eq!(payout(Paise::from_rupees(100), 12, 13, EDGE, cap), cap);
}

/// Every way of playing is a mixture of "open k safe tiles, then cash out"; each returns `C(25−m,k)/C(25,k)` ×
/// its payout. Exhaustive over m and k, exactly: the return is 1 − edge, less under a paisa of rounding.
#[test]
fn every_strategy_returns_one_minus_the_edge() {
    let stake = Paise::from_rupees(1000);
    let cap = Paise::new(i64::MAX);
    for m in MIN_MINES..=MAX_MINES {
        for k in 1..=TILES - m {
            let p_num = u128::from(choose(25 - u64::from(m), u64::from(k)));
            let p_den = u128::from(choose(25, u64::from(k)));
            let paid = u128::try_from(payout(stake, m, k, EDGE, cap).get()).unwrap();
            let s = u128::try_from(stake.get()).unwrap();
            // E[paid] = p_num/p_den × paid, compared with (1 − edge) × stake.
            let expected = p_num * paid * 10_000;
            let fair = p_den * s * u128::from(10_000 - EDGE as u64);
            assert!(expected <= fair, "m={m} k={k} returns more than 1 − edge");
            // Rounding costs under a paisa of the payout: E ≥ (1 − edge) × stake − p × 1 paisa.
            assert!(expected + p_num * 10_000 > fair, "m={m} k={k} returns too little");
        }
    }
    assert_eq!(MinesSettings::default().rtp().as_f64(), 0.97);
}

fn random_seed() -> ServerSeed {
    ServerSeed(rand::random())
}

/// 10⁶ boards: how often each tile is the first of the shuffle (a one-mine board) and how often it is among five
/// mines, each against the uniform expectation (χ², 24 degrees of freedom; 70 is exceeded with probability < 10⁻⁵).
#[test]
fn the_shuffle_is_unbiased() {
    let seed = random_seed();
    println!("seed {}", seed.to_hex());
    const BOARDS: i64 = 1_000_000;
    let (mut first, mut five) = ([0u64; 25], [0u64; 25]);
    for nonce in 0..BOARDS {
        let one = Board::deal(&seed, "chi", nonce, 1).mines();
        first[usize::from(one[0])] += 1;
        for t in Board::deal(&seed, "chi", nonce, 5).mines() {
            five[usize::from(t)] += 1;
        }
    }
    let chi2 = |counts: &[u64; 25], expected: f64| {
        counts.iter().map(|c| (*c as f64 - expected).powi(2) / expected).sum::<f64>()
    };
    let (a, b) = (chi2(&first, BOARDS as f64 / 25.0), chi2(&five, BOARDS as f64 * 5.0 / 25.0));
    println!("chi2 one mine {a:.1}, five mines {b:.1}");
    assert!(a < 70.0 && b < 70.0, "χ² {a} / {b}: the board is biased");
}

/// Played games: random mines, a random number of tiles to open before cashing out (up to a 5× multiplier, so the
/// spread stays small enough to measure), random tiles. The house keeps its edge.
#[test]
fn simulated_games_return_about_the_rtp() {
    let seed = random_seed();
    println!("seed {}", seed.to_hex());
    let stake = Paise::from_rupees(100);
    let cap = Paise::new(i64::MAX);
    let (mut staked, mut paid) = (0i128, 0i128);
    let mut pick = crate::fair::Dice::new(&seed, "strategy", 0);
    const GAMES: i64 = 400_000;
    for nonce in 0..GAMES {
        let m = 1 + pick.below(24) as u8;
        let most = (1..=TILES - m).take_while(|k| multiplier_bp(m, *k, EDGE) <= 5 * BP).last().unwrap_or(1);
        let target = 1 + pick.below(u32::from(most)) as u8;
        let mut g = Game::new(Board::deal(&seed, "sim", nonce, m), m, stake, EDGE, cap);
        let mut order: Vec<u8> = (0..TILES).collect();
        pick.shuffle(&mut order);
        for tile in order {
            match g.reveal(tile).unwrap() {
                Revealed::Safe if g.safe() == target => {
                    g.cash_out().unwrap();
                    break;
                }
                Revealed::Safe => {}
                Revealed::Mine | Revealed::Cleared { .. } => break,
            }
        }
        staked += i128::from(stake.get());
        paid += i128::from(g.paid().get());
    }
    let rtp = paid as f64 / staked as f64;
    println!("rtp {rtp:.4} over {GAMES} games");
    // A game returns at most 5×: σ of the mean ≤ √5 / √400,000 ≈ 0.0035; ±0.02 is over 5σ.
    assert!((0.95..0.99).contains(&rtp), "simulated RTP {rtp}");
}

fn game(mines: &[u8]) -> Game {
    Game::new(Board::from_tiles(mines), mines.len() as u8, Paise::from_rupees(100), EDGE, Paise::from_rupees(10_000))
}

#[test]
fn moves_on_a_game_that_cannot_take_them_are_refused_and_change_nothing() {
    let mut g = game(&[0, 1, 2]);
    assert_eq!(g.cash_out(), Err(Refusal::NothingToCashOut));
    assert_eq!(g.reveal(25), Err(Refusal::NoSuchTile));
    assert_eq!(g.reveal(10), Ok(Revealed::Safe));
    let before = g.clone();
    assert_eq!(g.reveal(10), Err(Refusal::AlreadyRevealed));
    assert_eq!(g, before);
    assert_eq!(g.cash_out(), Ok(payout(Paise::from_rupees(100), 3, 1, EDGE, Paise::from_rupees(10_000))));
    assert_eq!(g.cash_out(), Err(Refusal::AlreadyCashedOut));
    assert_eq!(g.reveal(11), Err(Refusal::AlreadyCashedOut));

    let mut lost = game(&[0, 1, 2]);
    assert_eq!(lost.reveal(1), Ok(Revealed::Mine));
    assert_eq!(lost.paid(), Paise::ZERO);
    assert_eq!(lost.reveal(5), Err(Refusal::Lost));
    assert_eq!(lost.cash_out(), Err(Refusal::Lost));
}

#[test]
fn the_last_safe_tile_cashes_out_and_the_cap_stops_reveals() {
    let mines: Vec<u8> = (0..23).collect();
    let mut g = game(&mines);
    assert_eq!(g.reveal(23), Ok(Revealed::Safe));
    let full = payout(Paise::from_rupees(100), 23, 2, EDGE, Paise::from_rupees(10_000));
    assert_eq!(g.reveal(24), Ok(Revealed::Cleared { payout: full }));
    assert_eq!(g.status, Status::Won);
    assert_eq!(g.paid(), full);

    // 24 mines, ₹100 at 24.25× is ₹2,425: a ₹2,000 cap is reached at once.
    let mut capped = Game::new(
        Board::from_tiles(&(1..25).collect::<Vec<_>>()),
        24,
        Paise::from_rupees(100),
        EDGE,
        Paise::from_rupees(2000),
    );
    assert_eq!(capped.reveal(0), Ok(Revealed::Cleared { payout: Paise::from_rupees(2000) }));
    // One mine: ₹100 × 0.97 × 25/24 = ₹101.04 after a safe tile, over a ₹101 cap.
    let mut g = Game::new(Board::from_tiles(&[0]), 1, Paise::from_rupees(100), EDGE, Paise::from_rupees(101));
    assert_eq!(g.reveal(5), Ok(Revealed::Safe));
    assert_eq!(g.payout_now(), Paise::from_rupees(101));
    assert_eq!(g.reveal(6), Err(Refusal::MaxWin));
}

#[test]
fn starts_are_checked_against_the_settings() {
    let s = MinesSettings::default();
    assert_eq!(check_start(&s, Paise::ZERO, 5), Err(StartRefusal::NotPositive));
    assert_eq!(check_start(&s, Paise::new(-100), 5), Err(StartRefusal::NotPositive));
    assert_eq!(check_start(&s, Paise::from_rupees(5), 5), Err(StartRefusal::BelowMinimum(s.min_bet)));
    assert_eq!(check_start(&s, Paise::from_rupees(50_001), 5), Err(StartRefusal::AboveMaximum(s.max_bet)));
    assert_eq!(check_start(&s, Paise::from_rupees(100), 0), Err(StartRefusal::Mines));
    assert_eq!(check_start(&s, Paise::from_rupees(100), 25), Err(StartRefusal::Mines));
    assert_eq!(check_start(&s, Paise::from_rupees(100), 24), Ok(()));
    assert!(s.check().is_ok());
    assert!(MinesSettings { house_edge_bp: 0, ..s.clone() }.check().is_err());
    assert!(MinesSettings { max_payout: Paise::from_rupees(1), ..s }.check().is_err());
}

/// A fixed board, for the browser's recomputation (`web/src/features/mines`) to match.
#[test]
fn a_known_board() {
    let seed = ServerSeed([7u8; 32]);
    let board = Board::deal(&seed, "client", 1, 5);
    println!("seed {} client `client` nonce 1, 5 mines: {:?}", seed.to_hex(), board.mines());
    assert_eq!(board.mines(), vec![7, 8, 12, 16, 21]);
    assert_eq!(board, Board::deal(&seed, "client", 1, 5));
    assert_ne!(board, Board::deal(&seed, "client", 2, 5));
    // Computed apart (in Python, from the algorithm as documented) for the browser's tests.
    let counting = ServerSeed(std::array::from_fn(|i| i as u8));
    assert_eq!(Board::deal(&ServerSeed([1; 32]), "public", 42, 5).mines(), vec![12, 16, 17, 18, 23]);
    assert_eq!(Board::deal(&counting, "my seed", 1, 3).mines(), vec![7, 12, 13]);
    let all_but_two: Vec<u8> = (0..25).filter(|t| *t != 2).collect();
    assert_eq!(Board::deal(&counting, "abc", 7, 24).mines(), all_but_two);
}
