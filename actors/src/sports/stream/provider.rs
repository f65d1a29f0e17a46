//! One of our matches priced from one market of the stream: a [`Provider`] a match actor plays like a simulated
//! match. Each tick reads what the shared cache now holds for its market and, when that moved (or the stream fell
//! silent, or spoke again), says what changed: the match's status (in play, finished), the house's Match Odds and,
//! once, the settlement.
//!
//! The house does not relay the feed's prices: it reads each runner's chance from the feed's best back and lay (the
//! middle of the two implied chances, normalised over the market's active runners) and quotes it with its own margin
//! (`price::book`, the best levels from `back_lay`), so every back is below the feed's fair price and every lay above
//! it, and one set of chances prices every runner: no set of our quotes can be beaten in every outcome.
//!
//! The market's bet delay is the longer of the exchange's own (its terms') and the feed's current `betDelay` (an
//! in-play market's is typically 5 s): a bet is never taken faster than the feed's own market would take it. The
//! market shows it, and the exchange waits what the market shows (`ExchangeConfig::delay`), so a change of the
//! feed's delay holds from the next bet on.

use super::cache::{MarketBook, SharedCache, lock};
use super::protocol::{FeedMarketStatus, MarketDefinition, RunnerStatus};
use crate::clock::EpochMs;
use crate::sports::cricket::price::{self, Level};
use crate::sports::feed::*;

/// The server's heartbeat when its messages do not state one (Betfair's default).
pub const DEFAULT_HEARTBEAT_MS: u64 = 5_000;
/// Heartbeats that may be missed before the stream counts as silent.
pub const HEARTBEAT_GRACE: u64 = 3;

/// One of our runners, and the feed's selection it follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunnerMap {
    /// Ours: what bets and the settlement name.
    pub selection_id: i64,
    /// The feed's selection id in the market.
    pub feed_id: i64,
    pub name: String,
}

/// One of our matches and the feed's market that prices it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping {
    pub match_id: i64,
    pub sport_id: i64,
    pub name: String,
    pub competition: String,
    pub starts_at: EpochMs,
    pub teams: [String; 2],
    /// The feed's market id ("1.23456789").
    pub market_id: String,
    /// In the order our market lists them.
    pub runners: Vec<RunnerMap>,
}

/// A match fed by the stream (see the module's doc).
pub struct StreamMatch {
    mapping: Mapping,
    cache: SharedCache,
    margin: f64,
    /// The exchange's own bet delay (seconds): the least the market shows.
    own_delay: u32,
    state: MatchState,
    /// The market's version last read, and whether the stream was fresh then.
    seen: Option<u64>,
    fresh: bool,
    /// When it was made: the start of its first silence, before the stream has said anything.
    created_at: EpochMs,
}

impl StreamMatch {
    /// Our match `mapping` as the stream's cache will show it, quoted with `margin` under the exchange's `terms`;
    /// suspended until the stream has imaged its market.
    pub fn new(mapping: Mapping, terms: Terms, margin: f64, cache: SharedCache, now: EpochMs) -> StreamMatch {
        let mut market = terms.market(format!("1.{}", mapping.match_id), "Match Odds".into());
        market.runners = mapping
            .runners
            .iter()
            .map(|r| Runner {
                selection_id: r.selection_id,
                runner_name: r.name.clone(),
                status: "ACTIVE".into(),
                ex: Exchange { available_to_back: Vec::new(), available_to_lay: Vec::new() },
            })
            .collect();
        let fixture = Fixture {
            match_id: mapping.match_id,
            sport_id: mapping.sport_id,
            name: mapping.name.clone(),
            competition: mapping.competition.clone(),
            starts_at: mapping.starts_at,
            teams: mapping.teams.clone(),
        };
        let state = MatchState::upcoming(fixture, market);
        StreamMatch {
            mapping,
            cache,
            margin,
            own_delay: terms.bet_delay,
            state,
            seen: None,
            fresh: false,
            created_at: now,
        }
    }

    /// The feed market's id.
    pub fn feed_market(&self) -> &str {
        &self.mapping.market_id
    }

    /// The updates that take our match to what `book` says.
    fn updates(&mut self, book: &MarketBook, fresh: bool) -> Vec<Update> {
        let Some(def) = &book.definition else { return Vec::new() };
        let mut updates = Vec::new();
        if def.in_play && self.state.status == MatchStatus::Upcoming {
            updates.push(Update::Status(MatchStatus::InPlay));
        }
        if def.status == FeedMarketStatus::Closed {
            let market = Market { status: MarketStatus::Closed, ..self.state.market.clone() };
            updates.push(Update::Status(MatchStatus::Finished));
            updates.push(Update::Market(market));
            updates.push(Update::Settled { winner: self.winner(def) });
            return updates;
        }
        let (market, fair) = self.quote(book, def, fresh);
        if market != self.state.market {
            updates.push(Update::Market(market));
        }
        if let Some(fair) = fair {
            self.state.fair.runners = fair;
        }
        updates
    }

    /// Our winner from a closed market's definition: its one `WINNER`, mapped; none (void) when there is no winner
    /// (every runner removed, an abandoned match), several, or one we do not follow.
    fn winner(&self, def: &MarketDefinition) -> Option<i64> {
        let winners: Vec<i64> = def.runners.iter().filter(|r| r.status == RunnerStatus::Winner).map(|r| r.id).collect();
        let ours = match winners.as_slice() {
            [one] => self.mapping.runners.iter().find(|r| r.feed_id == *one).map(|r| r.selection_id),
            _ => None,
        };
        if ours.is_none() && !winners.is_empty() {
            tracing::warn!(
                match_id = self.state.match_id,
                ?winners,
                "stream: winners we cannot map; the match is void"
            );
        }
        ours
    }

    /// The house's Match Odds from the feed's market, and the chances behind them. A market it cannot price whole
    /// (a runner without prices, one nearly decided, one the market does not have) is suspended, each runner keeping
    /// its last prices (`None`: no chances).
    fn quote(&self, book: &MarketBook, def: &MarketDefinition, fresh: bool) -> (Market, Option<Vec<f64>>) {
        let chances = chances(book, def);
        let mut whole = chances.is_some();
        let mut runners = Vec::new();
        let mut fair = Vec::new();
        for r in &self.mapping.runners {
            let status = def.runners.iter().find(|d| d.id == r.feed_id).map(|d| d.status);
            let q = chances.as_ref().and_then(|c| c.iter().find(|(id, _)| *id == r.feed_id)).map(|(_, q)| *q);
            let priced = match (status, q) {
                (Some(RunnerStatus::Active), Some(q)) => {
                    let salt = self.state.match_id as u64 ^ r.selection_id as u64;
                    price::book(q, self.margin, salt).map(|b| {
                        let feed = book.runners.get(&r.feed_id).cloned().unwrap_or_default();
                        Exchange {
                            available_to_back: with_sizes(&b.available_to_back, &feed.backs()),
                            available_to_lay: with_sizes(&b.available_to_lay, &feed.lays()),
                        }
                    })
                }
                (Some(RunnerStatus::Removed), _) => {
                    Some(Exchange { available_to_back: vec![], available_to_lay: vec![] })
                }
                _ => None,
            };
            whole &= priced.is_some();
            let last =
                || self.state.market.runners.iter().find(|x| x.selection_id == r.selection_id).map(|x| x.ex.clone());
            let ex = priced.or_else(last).unwrap_or(Exchange { available_to_back: vec![], available_to_lay: vec![] });
            fair.push(q.unwrap_or(0.0));
            let status = if status == Some(RunnerStatus::Removed) { "REMOVED" } else { "ACTIVE" };
            runners.push(Runner {
                selection_id: r.selection_id,
                runner_name: r.name.clone(),
                status: status.into(),
                ex,
            });
        }
        let open = whole && fresh && def.status == FeedMarketStatus::Open;
        let status = if open { MarketStatus::Open } else { MarketStatus::Suspended };
        let bet_delay = self.own_delay.max(def.bet_delay);
        (Market { status, runners, bet_delay, ..self.state.market.clone() }, whole.then_some(fair))
    }

    fn allowance_ms(&self) -> EpochMs {
        let cache = lock(&self.cache);
        let beat = cache.heartbeat_ms.unwrap_or(DEFAULT_HEARTBEAT_MS);
        (beat * HEARTBEAT_GRACE + cache.conflate_ms.unwrap_or(0)) as EpochMs
    }
}

/// Each active runner's chance (by the feed's id): the middle of its best back's and best lay's implied chances,
/// normalised over the active runners; `None` when one of them lacks either price or its book is crossed.
fn chances(book: &MarketBook, def: &MarketDefinition) -> Option<Vec<(i64, f64)>> {
    let mut mids = Vec::new();
    for r in def.runners.iter().filter(|r| r.status == RunnerStatus::Active) {
        let ladders = book.runners.get(&r.id)?;
        let (back, lay) = (ladders.backs().first()?.price, ladders.lays().first()?.price);
        // A price off the ladder, or a crossed book (backs at or above lays): nothing sound to read a chance from.
        if back < price::MIN_PRICE || lay > price::MAX_PRICE || back >= lay {
            return None;
        }
        mids.push((r.id, (1.0 / back + 1.0 / lay) / 2.0));
    }
    let total: f64 = mids.iter().map(|(_, q)| q).sum();
    if mids.is_empty() || total <= 0.0 {
        return None;
    }
    Some(mids.into_iter().map(|(id, q)| (id, q / total)).collect())
}

/// The house's levels with the feed's depth at the same level where it has one.
fn with_sizes(house: &[Level], feed: &[Level]) -> Vec<Level> {
    house
        .iter()
        .enumerate()
        .map(|(i, l)| Level { price: l.price, size: feed.get(i).map_or(l.size, |f| f.size) })
        .collect()
}

impl Provider for StreamMatch {
    fn snapshot(&self) -> &MatchState {
        &self.state
    }

    /// The stream's last heard message, and its allowance: `HEARTBEAT_GRACE` heartbeats and the conflation.
    fn liveness(&self) -> Option<Liveness> {
        let allowance_ms = self.allowance_ms();
        let last_heard = lock(&self.cache).last_heard.unwrap_or(self.created_at);
        Some(Liveness { last_heard, allowance_ms })
    }

    /// What moved in the cache since the last tick, as one delta; nothing once settled.
    fn tick(&mut self, now: EpochMs) -> Option<Delta> {
        if self.state.status == MatchStatus::Finished {
            return None;
        }
        let stale = self.liveness().is_some_and(|l| l.stale(now));
        let cache = lock(&self.cache);
        let fresh = cache.live && !cache.latency && !stale;
        let book = cache.market(&self.mapping.market_id)?;
        if Some(book.version) == self.seen && fresh == self.fresh {
            return None;
        }
        let book = book.clone();
        drop(cache);
        (self.seen, self.fresh) = (Some(book.version), fresh);
        let updates = self.updates(&book, fresh);
        (!updates.is_empty()).then(|| self.state.advance(now, updates))
    }

    fn push(&mut self, now: EpochMs, updates: Vec<Update>) -> Delta {
        self.state.advance(now, updates)
    }
}
