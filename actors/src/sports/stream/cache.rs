//! The market cache, pure (no IO, no clock: the time a message arrived is passed in): what the stream has said of each
//! subscribed market. A full image (`img`, or any market of a `SUB_IMAGE`) replaces what is known of its market; a
//! delta moves the ladders (a size of 0 removes a price or a level) and a market definition, always sent whole,
//! replaces the one known. A delta for a market never imaged is ignored: there is nothing true to apply it to until
//! the server sends one. A change split into segments is applied once, when its last segment has arrived.
//!
//! It keeps the subscription's resume tokens (`initialClk`, `clk`) for the next resubscription, and when the stream
//! last spoke, so the provider can tell a silent source from a quiet market.

use super::protocol::{ChangeType, LATENCY_STATUS, MarketChangeMessage, MarketDefinition, RunnerChange, SegmentType};
use crate::clock::EpochMs;
use crate::sports::cricket::price::Level;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The cache the client writes and the providers read (see `stream/mod.rs` for why a mutex).
pub type SharedCache = Arc<Mutex<Cache>>;

/// A new, empty shared cache.
pub fn shared() -> SharedCache {
    Arc::new(Mutex::new(Cache::default()))
}

/// The cache behind `shared`, even if a holder panicked (every change to it is whole before the lock is let go).
pub fn lock(shared: &SharedCache) -> MutexGuard<'_, Cache> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A ladder price (two decimals) as whole hundredths, so it can key a map.
fn cents(price: f64) -> u32 {
    (price * 100.0).round() as u32
}

/// One runner's ladders: the full depth by price (`atb`, `atl`) and the best offers by level (`batb`, `batl`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunnerBook {
    pub atb: BTreeMap<u32, Level>,
    pub atl: BTreeMap<u32, Level>,
    pub batb: BTreeMap<u32, Level>,
    pub batl: BTreeMap<u32, Level>,
    pub ltp: Option<f64>,
    pub tv: Option<f64>,
}

fn by_price(side: &mut BTreeMap<u32, Level>, changes: &[[f64; 2]]) {
    for [price, size] in changes {
        if *size > 0.0 {
            side.insert(cents(*price), Level { price: *price, size: *size });
        } else {
            side.remove(&cents(*price));
        }
    }
}

fn by_level(side: &mut BTreeMap<u32, Level>, changes: &[[f64; 3]]) {
    for [level, price, size] in changes {
        if *size > 0.0 {
            side.insert(*level as u32, Level { price: *price, size: *size });
        } else {
            side.remove(&(*level as u32));
        }
    }
}

impl RunnerBook {
    fn apply(&mut self, rc: &RunnerChange) {
        by_price(&mut self.atb, rc.atb.as_deref().unwrap_or_default());
        by_price(&mut self.atl, rc.atl.as_deref().unwrap_or_default());
        by_level(&mut self.batb, rc.batb.as_deref().unwrap_or_default());
        by_level(&mut self.batl, rc.batl.as_deref().unwrap_or_default());
        self.ltp = rc.ltp.or(self.ltp);
        self.tv = rc.tv.or(self.tv);
    }

    /// The prices to back at, best (highest) first: the best offers by level, else the full depth.
    pub fn backs(&self) -> Vec<Level> {
        if self.batb.is_empty() {
            self.atb.values().rev().copied().collect()
        } else {
            self.batb.values().copied().collect()
        }
    }

    /// The prices to lay at, best (lowest) first.
    pub fn lays(&self) -> Vec<Level> {
        if self.batl.is_empty() { self.atl.values().copied().collect() } else { self.batl.values().copied().collect() }
    }
}

/// What is known of one market.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MarketBook {
    pub definition: Option<MarketDefinition>,
    /// By the feed's selection id.
    pub runners: BTreeMap<i64, RunnerBook>,
    pub tv: Option<f64>,
    /// When a change to it last arrived.
    pub changed_at: EpochMs,
    /// Counts the changes applied to it: a reader compares it to see whether anything moved.
    pub version: u64,
}

impl MarketBook {
    fn apply(&mut self, mc: &super::protocol::MarketChange, now: EpochMs) {
        if let Some(def) = &mc.market_definition {
            self.definition = Some(def.clone());
        }
        self.tv = mc.tv.or(self.tv);
        for rc in &mc.rc {
            self.runners.entry(rc.id).or_default().apply(rc);
        }
        self.changed_at = now;
        self.version += 1;
    }
}

/// Every subscribed market, and how the stream stands.
#[derive(Debug, Clone, Default)]
pub struct Cache {
    markets: HashMap<String, MarketBook>,
    /// The resume tokens: `initialClk` from the subscription's first message, `clk` from its latest.
    pub initial_clk: Option<String>,
    pub clk: Option<String>,
    /// The server's heartbeat and conflation as its messages state them.
    pub heartbeat_ms: Option<u64>,
    pub conflate_ms: Option<u64>,
    /// When a market change message (a heartbeat included) last arrived.
    pub last_heard: Option<EpochMs>,
    /// The last message said its data may be late (`status` 503).
    pub latency: bool,
    /// Subscribed and hearing: false until the first market change message, and again once the connection is lost.
    pub live: bool,
    /// Deltas for markets never imaged, dropped.
    pub ignored: u64,
    /// A segmented change so far, applied when its last segment arrives.
    segments: Option<MarketChangeMessage>,
}

impl Cache {
    /// What is known of `market_id`, once it has been imaged.
    pub fn market(&self, market_id: &str) -> Option<&MarketBook> {
        self.markets.get(market_id)
    }

    /// Takes one market change message that arrived at `now`; answers the markets it changed (none while a
    /// segmented change is incomplete).
    pub fn apply(&mut self, msg: MarketChangeMessage, now: EpochMs) -> Vec<String> {
        self.last_heard = Some(now);
        self.live = true;
        match msg.segment_type {
            None => self.apply_whole(msg, now),
            Some(SegmentType::SegStart) => {
                self.segments = Some(msg);
                Vec::new()
            }
            Some(seg) => {
                let Some(mut whole) = self.segments.take() else {
                    // A segment without its start (joined mid-way): nothing true can be made of it.
                    tracing::warn!(?seg, "stream: a segment without its start, dropped");
                    return Vec::new();
                };
                whole.clk = msg.clk.or(whole.clk);
                whole.status = msg.status.or(whole.status);
                whole.mc.extend(msg.mc);
                if seg == SegmentType::SegEnd {
                    return self.apply_whole(whole, now);
                }
                self.segments = Some(whole);
                Vec::new()
            }
        }
    }

    fn apply_whole(&mut self, msg: MarketChangeMessage, now: EpochMs) -> Vec<String> {
        if msg.initial_clk.is_some() {
            self.initial_clk = msg.initial_clk;
        }
        if msg.clk.is_some() {
            self.clk = msg.clk;
        }
        self.heartbeat_ms = msg.heartbeat_ms.or(self.heartbeat_ms);
        self.conflate_ms = msg.conflate_ms.or(self.conflate_ms);
        self.latency = msg.status == Some(LATENCY_STATUS);
        let image = msg.ct == Some(ChangeType::SubImage);
        let mut changed = Vec::new();
        for mc in msg.mc {
            let book = if mc.img || image {
                let book = self.markets.entry(mc.id.clone()).or_default();
                // A full image: nothing known before it stands, but the count goes on so readers see the change.
                *book = MarketBook { version: book.version, ..MarketBook::default() };
                book
            } else if let Some(book) = self.markets.get_mut(&mc.id) {
                book
            } else {
                self.ignored += 1;
                tracing::warn!(market_id = %mc.id, "stream: a delta for a market never imaged, ignored");
                continue;
            };
            book.apply(&mc, now);
            changed.push(mc.id);
        }
        changed
    }

    /// The connection is lost: nothing is live until the next subscription speaks, and a half-received segmented
    /// change is dropped (its `clk` was never taken, so the resubscription sends it again).
    pub fn disconnected(&mut self) {
        self.live = false;
        self.segments = None;
    }
}
