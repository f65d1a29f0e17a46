//! The operators' feed-market mappings at the sports desk: map a feed market to a new match of ours
//! ([`MapFeedMarket`]), and list every mapping with what the stream's cache says of its market ([`FeedMarkets`]).

use super::*;

/// A feed market to map to a new match of ours (the runners' feed ids and names, in our order).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NewFeedMarket {
    pub feed_market_id: String,
    pub sport_id: i64,
    pub name: String,
    pub competition: String,
    pub starts_at: EpochMs,
    pub teams: [String; 2],
    pub runners: Vec<(i64, String)>,
}

/// Maps a feed market to a new match (recorded, then started and followed); answers our match's id.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MapFeedMarket(pub NewFeedMarket);
impl Message for MapFeedMarket {
    type Result = Result<i64, MapRefused>;
}

/// Why a mapping was not made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
pub enum MapRefused {
    #[error("no exchange stream is configured (CASINO_STREAM_ADDR)")]
    NoStream,
    #[error("the feed market is mapped already")]
    Mapped,
    #[error("storage: {0}")]
    Store(String),
}

impl Handler<MapFeedMarket> for SportsDesk {
    type Result = ResponseActFuture<Self, Result<i64, MapRefused>>;
    fn handle(&mut self, MapFeedMarket(n): MapFeedMarket, _: &mut Self::Context) -> Self::Result {
        if self.stream.is_none() {
            return Box::pin(actix::fut::ready(Err(MapRefused::NoStream)));
        }
        let match_id = self.next_id;
        self.next_id += 1;
        let runners = n.runners.into_iter().enumerate();
        let mapping = Mapping {
            match_id,
            sport_id: n.sport_id,
            name: n.name,
            competition: n.competition,
            starts_at: n.starts_at,
            teams: n.teams,
            market_id: n.feed_market_id,
            runners: runners
                .map(|(i, (feed_id, name))| RunnerMap { selection_id: match_id * 10 + i as i64 + 1, feed_id, name })
                .collect(),
        };
        let (db, now) = (self.db.clone(), self.clock.now_ms());
        let write = async move {
            let inserted = feed_markets::insert(&db, &mapping, now).await;
            (inserted, mapping)
        };
        Box::pin(write.into_actor(self).map(move |(inserted, mapping), act, ctx| match inserted {
            Ok(true) => {
                tracing::info!(match_id, feed_market = %mapping.market_id, "sports: a feed market mapped");
                act.launch_stream(mapping, ctx);
                Ok(match_id)
            }
            Ok(false) => Err(MapRefused::Mapped),
            Err(e) => Err(MapRefused::Store(e.to_string())),
        }))
    }
}

/// A mapping, and what the stream's cache says of its market.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FeedMarketView {
    pub market: FeedMarket,
    /// Its match is played and its market followed on this node.
    pub followed: bool,
    /// The stream has imaged the market.
    pub imaged: bool,
    /// The feed's status of the market ("OPEN", "SUSPENDED", "CLOSED", …), once imaged.
    pub feed_status: Option<String>,
    pub in_play: bool,
    /// Since the stream last spoke (ms; `None`: never).
    pub heard_ms_ago: Option<i64>,
    /// The stream is connected and subscribed.
    pub live: bool,
}

/// Every mapping, newest first, with what the cache says of each (`Err`: the store's failure).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FeedMarkets;
impl Message for FeedMarkets {
    type Result = Result<Vec<FeedMarketView>, String>;
}

impl Handler<FeedMarkets> for SportsDesk {
    type Result = ResponseActFuture<Self, Result<Vec<FeedMarketView>, String>>;
    fn handle(&mut self, _: FeedMarkets, _: &mut Self::Context) -> Self::Result {
        let db = self.db.clone();
        let read = async move { feed_markets::list(&db, false).await };
        Box::pin(read.into_actor(self).map(|listed, act, _| {
            let listed = listed.map_err(|e| e.to_string())?;
            let now = act.clock.now_ms();
            Ok(listed.into_iter().map(|m| act.view(m, now)).collect())
        }))
    }
}

impl SportsDesk {
    fn view(&self, market: FeedMarket, now: EpochMs) -> FeedMarketView {
        let mut v = FeedMarketView {
            followed: false,
            imaged: false,
            feed_status: None,
            in_play: false,
            heard_ms_ago: None,
            live: false,
            market,
        };
        let Some(stream) = &self.stream else { return v };
        v.followed = stream.followed.contains_key(&v.market.mapping.match_id);
        let cache = stream_cache::lock(&stream.cache);
        v.live = cache.live;
        v.heard_ms_ago = cache.last_heard.map(|at| (now - at).max(0));
        if let Some(book) = cache.market(&v.market.mapping.market_id) {
            v.imaged = true;
            if let Some(def) = &book.definition {
                v.feed_status = serde_json::to_value(def.status).ok().and_then(|s| s.as_str().map(String::from));
                v.in_play = def.in_play;
            }
        }
        v
    }
}
