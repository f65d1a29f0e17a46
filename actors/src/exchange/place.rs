//! A bet's steps (run in its player's lane by the desk): check the price against the match now, wait the bet delay
//! (ours, or the longer one its market shows: `ExchangeConfig::delay`), check again, check the market's liability
//! limits with the bet (alone on its market), work out the market's exposure with the bet, record it (with what the
//! house expects to keep from it) and the wallet change of the exposure's change, apply that until final, and open
//! the bet — or refuse it, moving nothing. An opened bet that leaves the player's bets on the match unable to lose
//! is flagged for the operators.

use super::desk::{Deps, ExchangeError};
use super::rules::{self, FancyBet, RunnerBet, Side};
use super::store::{self, BetRow};
use super::wire::{MarketBook, MarketType, MatchBook, OutcomePl, RunsPl};
use crate::ids::UserId;
use crate::money::Paise;
use crate::sports::desk::Detail;
use crate::sports::feed::{MarketStatus, MatchState, MatchStatus};
use crate::wallet::{Change, GameKind, LedgerKind, Movement, intents};
use serde::{Deserialize, Serialize};

/// Which team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Team {
    Index(usize),
    Name(String),
}

/// Which fancy market.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Session {
    Id(String),
    Name(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Runner { market: MarketType, team: Team },
    Fancy { session: Session, line: u32 },
}

/// A bet as asked: the price (×100: a rate, or decimal odds ×100) the player saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub user: UserId,
    pub match_id: i64,
    pub target: Target,
    pub side: Side,
    pub price_x100: u32,
    pub stake: Paise,
}

/// A bet taken: the bet, the wallet after it, and its market's position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedBet {
    pub bet: BetRow,
    pub balance: Paise,
    pub exposure: Paise,
    pub book: MarketBook,
}

/// Where a bet lands in the match as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Quote {
    market_id: String,
    market_type: MarketType,
    name: String,
    label: String,
    runner: Option<usize>,
    runners: Vec<String>,
    line: Option<u32>,
    /// The price the bet is taken at, as the market shows it (rate or decimal odds ×100).
    odds_x100: u32,
    /// Hundredths won per rupee.
    w: u32,
    /// The bet delay the market shows (seconds), when it shows one (Match Odds).
    bet_delay: Option<u32>,
}

fn open(status: MarketStatus) -> Result<(), ExchangeError> {
    match status {
        MarketStatus::Open => Ok(()),
        MarketStatus::Suspended => Err(ExchangeError::MarketSuspended),
        MarketStatus::Closed => Err(ExchangeError::MarketClosed),
    }
}

fn team_index(names: &[String], team: &Team) -> Result<usize, ExchangeError> {
    match team {
        Team::Index(i) if *i < names.len() => Ok(*i),
        Team::Name(n) => names.iter().position(|x| x.eq_ignore_ascii_case(n.trim())).ok_or(ExchangeError::InvalidTeam),
        Team::Index(_) => Err(ExchangeError::InvalidTeam),
    }
}

/// The bet against the match now: its market open and the price the player named still the price.
fn quote(s: &MatchState, o: &Order) -> Result<Quote, ExchangeError> {
    if s.status != MatchStatus::InPlay {
        return Err(if s.status == MatchStatus::Finished {
            ExchangeError::MarketClosed
        } else {
            ExchangeError::MarketSuspended
        });
    }
    match &o.target {
        Target::Runner { market: MarketType::Bookmaker, team } => {
            let b = &s.bookmaker;
            let names: Vec<String> = b.selections.iter().map(|x| x.name.clone()).collect();
            let i = team_index(&names, team)?;
            open(b.status)?;
            open(b.selections[i].status)?;
            let rate = if o.side == Side::Lagai { b.selections[i].back_odds } else { b.selections[i].lay_odds };
            if rate != o.price_x100 || rate == 0 {
                return Err(ExchangeError::PriceChanged);
            }
            Ok(Quote {
                market_id: b.market_id.clone(),
                market_type: MarketType::Bookmaker,
                name: b.market_name.clone(),
                label: names[i].clone(),
                runner: Some(i),
                runners: names,
                line: None,
                odds_x100: rate,
                w: rate,
                bet_delay: None,
            })
        }
        Target::Runner { team, .. } => {
            let m = &s.market;
            let names: Vec<String> = m.runners.iter().map(|r| r.runner_name.clone()).collect();
            let i = team_index(&names, team)?;
            open(m.status)?;
            let ex = &m.runners[i].ex;
            let best = if o.side == Side::Lagai { ex.available_to_back.first() } else { ex.available_to_lay.first() };
            let price = best.map_or(0, |l| (l.price * 100.0).round() as u32);
            // Taken at the best price when it is the price named or better for the player (a back at a deeper,
            // lower level, or one the price has since risen above; a lay the other way): the market's own quote.
            let better_or_same = if o.side == Side::Lagai { price >= o.price_x100 } else { price <= o.price_x100 };
            if !better_or_same || price <= 100 {
                return Err(ExchangeError::PriceChanged);
            }
            Ok(Quote {
                market_id: m.market_id.clone(),
                market_type: MarketType::Exchange,
                name: m.market_name.clone(),
                label: names[i].clone(),
                runner: Some(i),
                runners: names,
                line: None,
                odds_x100: price,
                w: price - 100,
                bet_delay: Some(m.bet_delay),
            })
        }
        Target::Fancy { session, line } => {
            let f = s
                .fancy
                .iter()
                .find(|f| match session {
                    Session::Id(id) => &f.market_id == id,
                    Session::Name(n) => f.market_name.eq_ignore_ascii_case(n.trim()),
                })
                .ok_or(ExchangeError::MarketNotFound)?;
            open(f.status)?;
            let (runs, rate) =
                if o.side == Side::Lagai { (f.run_value.yes, f.odds.yes) } else { (f.run_value.no, f.odds.no) };
            if runs != *line || rate != o.price_x100 || rate == 0 {
                return Err(ExchangeError::PriceChanged);
            }
            Ok(Quote {
                market_id: f.market_id.clone(),
                market_type: MarketType::Fancy,
                name: f.market_name.clone(),
                label: f.market_name.clone(),
                runner: None,
                runners: Vec::new(),
                line: Some(*line),
                odds_x100: rate,
                w: rate,
                bet_delay: None,
            })
        }
    }
}

pub(super) async fn snapshot(deps: &Deps, match_id: i64) -> Result<MatchState, ExchangeError> {
    deps.sports
        .send(Detail(match_id))
        .await
        .map_err(|e| ExchangeError::Unavailable(e.to_string()))?
        .ok_or(ExchangeError::MatchNotFound)
}

/// A player's position in one market from their open bets there.
pub(super) fn position(
    market_id: &str,
    market_type: MarketType,
    name: &str,
    runners: &[String],
    bets: &[BetRow],
) -> MarketBook {
    if market_type == MarketType::Fancy {
        let fancy: Vec<FancyBet> = bets.iter().filter_map(BetRow::fancy_bet).collect();
        let mut from: Vec<u32> = std::iter::once(0).chain(fancy.iter().map(|b| b.line)).collect();
        from.sort_unstable();
        from.dedup();
        MarketBook {
            market_id: market_id.to_owned(),
            market_type,
            name: name.to_owned(),
            exposure: rules::fancy_exposure(&fancy),
            runners: Vec::new(),
            runs: from.into_iter().map(|r| RunsPl { from: r, pl: Paise::new(rules::fancy_pl(&fancy, r)) }).collect(),
        }
    } else {
        let runner: Vec<RunnerBet> = bets.iter().filter_map(BetRow::runner_bet).collect();
        let count = runners.len().max(bets.iter().filter_map(|b| b.runners).max().unwrap_or(0));
        MarketBook {
            market_id: market_id.to_owned(),
            market_type,
            name: name.to_owned(),
            exposure: rules::runner_exposure(count, &runner),
            runners: rules::runner_book(count, &runner)
                .into_iter()
                .enumerate()
                .map(|(i, pl)| OutcomePl { name: runners.get(i).cloned().unwrap_or_default(), pl: Paise::new(pl) })
                .collect(),
            runs: Vec::new(),
        }
    }
}

fn check_stake(deps: &Deps, o: &Order) -> Result<(), ExchangeError> {
    if !o.stake.is_positive() {
        return Err(ExchangeError::InvalidStake);
    }
    let (min, max) = (deps.config.min_stake, deps.config.max_stake);
    if o.stake < Paise::from_rupees(min) || o.stake > Paise::from_rupees(max) {
        return Err(ExchangeError::StakeLimits(min, max));
    }
    if o.price_x100 == 0 {
        return Err(ExchangeError::InvalidOdds);
    }
    Ok(())
}

/// Takes the bet or refuses it (nothing moved).
pub async fn place(deps: &Deps, o: Order) -> Result<PlacedBet, ExchangeError> {
    check_stake(deps, &o)?;
    // A break or self-exclusion refuses every bet, a hedge too (which the wallet sees as a release, not a bet).
    if let Some(e) = crate::rg::store::exclusion(&deps.db, o.user, deps.clock.now_ms())
        .await
        .map_err(|e| ExchangeError::Unavailable(e.to_string()))?
    {
        return Err(ExchangeError::Limited(crate::rg::Refusal::excluded(e)));
    }
    let first = quote(&snapshot(deps, o.match_id).await?, &o)?;
    // The delay its market shows as the bet arrives (a stream market's follows the feed's).
    let delay = deps.config.delay(first.bet_delay);
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let state = snapshot(deps, o.match_id).await?;
    let q = quote(&state, &o)?;
    if q.market_id != first.market_id {
        return Err(ExchangeError::PriceChanged);
    }
    let store_err = |e| ExchangeError::Unavailable(format!("{e}"));
    // One bet at a time on this market from here until it is recorded: the limits see every bet before it.
    let market_lock = deps.locks.lock(&q.market_id).await;
    // A market decided (or voided by an operator) takes no more bets, whatever the feed still shows.
    if store::result(&deps.db, &q.market_id).await.map_err(store_err)?.is_some() {
        return Err(ExchangeError::MarketClosed);
    }
    let mut bets = store::open_bets(&deps.db, o.user, &q.market_id).await.map_err(store_err)?;
    let held = store::held(&deps.db, o.user, &q.market_id).await.map_err(store_err)?;
    let now = deps.clock.now_ms();
    let mut row = BetRow {
        id: 0,
        user: o.user,
        match_id: o.match_id,
        match_name: state.name.clone(),
        market_id: q.market_id.clone(),
        market_type: q.market_type,
        label: q.label.clone(),
        runner: q.runner,
        runners: q.runner.map(|_| q.runners.len()),
        line: q.line,
        side: o.side,
        odds_x100: q.odds_x100,
        w: q.w,
        stake: o.stake,
        status: super::wire::BetStatus::Open,
        pl: None,
        winning_runs: None,
        created_at: now,
        balance_after: None,
        exposure_after: None,
    };
    let market = store::market_bets(&deps.db, &q.market_id).await.map_err(store_err)?;
    let with: Vec<BetRow> = market.iter().cloned().chain(std::iter::once(row.clone())).collect();
    let limits = super::limits::effective(&deps.db, q.market_type, &q.market_id)
        .await
        .map_err(|e| ExchangeError::Unavailable(e.to_string()))?;
    if let Err(b) = super::limits::check(limits, q.market_type, &market, &with, o.user) {
        return Err(ExchangeError::LiabilityLimit { player: matches!(b, super::limits::Breach::Player { .. }) });
    }
    bets.push(row.clone());
    let book = position(&q.market_id, q.market_type, &q.name, &q.runners, &bets);
    let delta = book.exposure.get() - held.get();
    let change = (delta != 0).then(|| Change {
        user: o.user,
        movement: if delta > 0 {
            Movement::Hold { amount: Paise::new(delta) }
        } else {
            Movement::Release { amount: Paise::new(-delta) }
        },
        kind: if delta > 0 { LedgerKind::Bet(GameKind::Exchange) } else { LedgerKind::Cancel(GameKind::Exchange) },
        reference: format!("exchange:{}", q.market_id),
        idempotency_key: String::new(),
    });
    let expected = expected_hold(&state, &q, o.side, o.stake);
    row.id = store::record_bet(&deps.db, &row, expected, change.as_ref()).await.map_err(store_err)?;
    drop(market_lock);
    let receipt = match change {
        Some(c) => {
            let c = Change { idempotency_key: format!("{}:hold", store::bet_owner(row.id)), ..c };
            match intents::apply_until_final(&deps.wallet, c).await {
                Ok(r) => Some(r),
                Err(e) => {
                    store::bet_refused(&deps.db, row.id).await.map_err(store_err)?;
                    return Err(ExchangeError::from_wallet(e));
                }
            }
        }
        None => None,
    };
    let (balance, exposure) = match receipt {
        Some(r) => (r.balance, r.exposure),
        None => {
            let w = crate::wallet::shard::balances(&deps.db, o.user).await.map_err(ExchangeError::from_wallet)?;
            (w.balance, w.exposure)
        }
    };
    store::bet_opened(&deps.db, row.id, o.user, &q.market_id, book.exposure, (balance, exposure), deps.clock.now_ms())
        .await
        .map_err(store_err)?;
    (row.balance_after, row.exposure_after) = (Some(balance), Some(exposure));
    // A market decided while this bet was on its way (its price was good a moment ago): settle it now.
    super::settle::late(deps, &q.market_id, o.user).await;
    flag_sure_position(deps, o.user, &state).await;
    Ok(PlacedBet { bet: row, balance, exposure, book })
}

/// What the house expects to keep from a bet of `stake` at quote `q` (paise), from the chance the feed priced the
/// quote with; `None` when the feed gave none.
fn expected_hold(s: &MatchState, q: &Quote, side: Side, stake: Paise) -> Option<i64> {
    let back = side == Side::Lagai;
    let c = s.fair.chance(&q.market_id, q.runner, back)?;
    let w = f64::from(q.w) / 100.0;
    // The player's expectation a rupee: a back wins `w` with chance `c`; a lay wins 1 with chance `c`, else loses `w`.
    let ev = if back { c * w - (1.0 - c) } else { c - (1.0 - c) * w };
    Some((-ev * stake.get() as f64).round() as i64)
}

/// Flags the player when their open bets on the match are ≥ 0 in every outcome and > 0 in one (logged, counted in
/// `casino_exchange_sure_positions_total`, listed for the operators). A flag that cannot be written is logged.
async fn flag_sure_position(deps: &Deps, user: UserId, state: &MatchState) {
    let Ok(bets) = store::match_open_bets(&deps.db, user, state.match_id).await else { return };
    let (event, sessions) = super::audit::event_of(state);
    let positions: Vec<super::audit::Position> = bets
        .iter()
        .filter_map(|b| match b.market_type {
            MarketType::Fancy => {
                let i = sessions.iter().position(|id| *id == b.market_id)?;
                Some(super::audit::Position::Fancy(i, b.fancy_bet()?))
            }
            _ => Some(super::audit::Position::Runner(b.runner_bet()?)),
        })
        .collect();
    let Some((worst, best)) = super::audit::sure_position(&event, &positions) else { return };
    let alert = store::SureAlert {
        id: 0,
        user,
        match_id: state.match_id,
        match_name: state.name.clone(),
        bets: bets.iter().map(|b| b.id).collect(),
        worst,
        best,
        created_at: deps.clock.now_ms(),
    };
    tracing::warn!(%user, match_id = state.match_id, worst = worst.get(), best = best.get(), bets = ?alert.bets,
        "exchange: a player's open bets on a match cannot lose");
    metrics::counter!("casino_exchange_sure_positions_total").increment(1);
    if let Err(e) = store::record_alert(&deps.db, &alert).await {
        tracing::error!(%user, error = %e, "exchange: the sure-position flag was not recorded");
    }
}

/// A player's positions in every market of a match where they have open bets.
pub async fn book(deps: &Deps, user: UserId, match_id: i64) -> Result<MatchBook, ExchangeError> {
    let bets = store::match_open_bets(&deps.db, user, match_id)
        .await
        .map_err(|e| ExchangeError::Unavailable(e.to_string()))?;
    let state = snapshot(deps, match_id).await.ok();
    let mut markets: Vec<MarketBook> = Vec::new();
    // Each market once, in the order the player first bet on it.
    let mut ids: Vec<&str> = Vec::new();
    for b in &bets {
        if !ids.contains(&b.market_id.as_str()) {
            ids.push(&b.market_id);
        }
    }
    for id in ids {
        let of: Vec<BetRow> = bets.iter().filter(|b| b.market_id == id).cloned().collect();
        let first = &of[0];
        let runners: Vec<String> = match (&state, first.market_type) {
            (Some(s), MarketType::Bookmaker) => s.bookmaker.selections.iter().map(|x| x.name.clone()).collect(),
            (Some(s), MarketType::Exchange) => s.market.runners.iter().map(|r| r.runner_name.clone()).collect(),
            _ => Vec::new(),
        };
        let name = if first.market_type == MarketType::Fancy { first.label.clone() } else { first.market_id.clone() };
        markets.push(position(id, first.market_type, &name, &runners, &of));
    }
    let exposure = Paise::new(markets.iter().map(|m| m.exposure.get()).sum());
    Ok(MatchBook { match_id, exposure, markets })
}
