//! The sports desk: keeps some matches of each sport in play and some upcoming (each a `MatchActor` playing its
//! provider), starting new ones as others finish; answers the lists and counts, and pushes the live list
//! (`updateMatches`) to the `matches` room when it changes. Each match is recorded (`store.rs`); a desk that starts
//! resumes every unfinished one where it was, under its own id, before it starts new ones.
//!
//! With an exchange stream configured ([`StreamSettings`]) the desk also runs one stream client (`stream/`) following
//! the feed market of every active mapping (`feed_markets.rs`), and a match actor playing a `StreamMatch` for each:
//! the mappings recorded are resumed at start, and one an operator adds ([`MapFeedMarket`]) starts at once, the client
//! subscribing to its market too (the operators' messages in `desk/mapping.rs`). A mapping's market is no longer
//! followed once its match has published the feed's settlement, and the mapping is ended once the match has lingered.

use super::feed::{MatchState, MatchStatus, Provider, Terms};
use super::feed_markets::{self, FeedMarket};
use super::match_actor::{Listeners, MatchActor, Snapshot};
use super::sim::{CRICKET, Models, SimMatch};
use super::simple::{OTHER_SPORTS, SimpleMatch};
use super::store::{self, Recorded};
use super::stream::cache::{self as stream_cache, SharedCache};
use super::stream::client::{self as stream_client, Roots, StreamConfig, StreamHandle};
use super::stream::provider::{Mapping, RunnerMap, StreamMatch};
use super::wire::{LiveItem, LiveList, SportCount};
use crate::clock::{EpochMs, SharedClock};
use crate::hub::HubAddr;
use crate::observe::families::table as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::store::{Db, StoreError};
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::retry_transient;
use actix::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

mod mapping;
pub use mapping::{FeedMarketView, FeedMarkets, MapFeedMarket, MapRefused, NewFeedMarket};

pub const LIST_ROOM: &str = "matches";

/// How fast and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SportsConfig {
    /// A ball takes this long (two steps: bowled, then its result). About 36 s is real T20 time.
    pub ball_ms: u64,
    /// Matches kept in play, and upcoming.
    pub live: usize,
    pub upcoming: usize,
    /// Between one upcoming match's start and the next.
    pub gap_ms: i64,
    /// A finished match stays listed this long.
    pub linger_ms: i64,
    /// Matches in play (and as many upcoming) of each other sport (football, tennis, … : `simple::OTHER_SPORTS`).
    pub others: usize,
    /// What the exchange takes, shown on every market (the server sets it from `ExchangeConfig::terms`).
    pub terms: Terms,
}

impl Default for SportsConfig {
    fn default() -> Self {
        SportsConfig {
            ball_ms: 36_000,
            live: 4,
            upcoming: 4,
            gap_ms: 30 * 60_000,
            linger_ms: 10 * 60_000,
            others: 2,
            terms: crate::exchange::desk::ExchangeConfig::default().terms(),
        }
    }
}

/// The exchange stream the desk follows: `addr` empty means none (the default).
#[derive(Debug, Clone, PartialEq)]
pub struct StreamSettings {
    /// host:port of the stream.
    pub addr: String,
    /// TLS (the server's certificate checked for the address's host) or plain TCP; `None`: TLS when the address's
    /// port is 443 (Betfair's stream), plain TCP otherwise (a local relay, the tests). See [`StreamSettings::tls`].
    pub tls: Option<bool>,
    /// Roots trusted besides the public ones, over TLS (a private relay's CA).
    pub roots: Option<Roots>,
    pub app_key: String,
    pub session: String,
    /// The heartbeat asked of the server (ms).
    pub heartbeat_ms: u64,
    /// The house's margin on the stream's markets.
    pub margin: f64,
}

impl Default for StreamSettings {
    fn default() -> Self {
        StreamSettings {
            addr: String::new(),
            tls: None,
            roots: None,
            app_key: String::new(),
            session: String::new(),
            heartbeat_ms: super::stream::provider::DEFAULT_HEARTBEAT_MS,
            margin: super::sim::MARGIN,
        }
    }
}

impl StreamSettings {
    pub fn configured(&self) -> bool {
        !self.addr.trim().is_empty()
    }

    /// Whether the stream is reached over TLS: as set, else when the address's port is 443
    /// ([`stream_client::tls_by_default`]).
    pub fn tls(&self) -> bool {
        self.tls.unwrap_or_else(|| stream_client::tls_by_default(&self.addr))
    }
}

/// The running stream: its client, what it has said, and the matches it prices (by our id: the feed's market).
struct Stream {
    settings: StreamSettings,
    cache: SharedCache,
    client: StreamHandle,
    followed: BTreeMap<i64, String>,
}

/// A stream match's actor looks at the cache this often.
const STREAM_STEP: Duration = Duration::from_millis(200);

/// A match as lists show it (the spec's match list and live match item fields).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub match_id: i64,
    pub sport_id: i64,
    pub name: String,
    pub competition: String,
    pub starts_at: EpochMs,
    pub status: MatchStatus,
    pub market_id: String,
    pub teams: [String; 2],
    /// "145/6 (18.2)".
    pub score: String,
    /// Best back and lay of each team.
    pub prices: Vec<(f64, f64)>,
    #[serde(skip)]
    pub seen_at: EpochMs,
}

impl Summary {
    pub fn of(s: &MatchState, now: EpochMs) -> Summary {
        let best = |l: &[super::cricket::price::Level]| l.first().map_or(0.0, |x| x.price);
        Summary {
            match_id: s.match_id,
            sport_id: s.sport_id,
            name: s.name.clone(),
            competition: s.competition.clone(),
            starts_at: s.starts_at,
            status: s.status,
            market_id: s.market.market_id.clone(),
            teams: s.teams.clone(),
            score: format!("{}/{} ({})", s.score.runs, s.score.wickets, s.score.overs),
            prices: s
                .market
                .runners
                .iter()
                .map(|r| (best(&r.ex.available_to_back), best(&r.ex.available_to_lay)))
                .collect(),
            seen_at: now,
        }
    }
}

/// What lists show of a match has changed (its match actor tells the desk).
pub struct Listed(pub Summary);
impl Message for Listed {
    type Result = ();
}

/// Keeps matches going and lists them.
pub struct SportsDesk {
    config: SportsConfig,
    models: Arc<Models>,
    hub: HubAddr,
    clock: SharedClock,
    probe: Arc<Probe>,
    outbox: RoomOutbox,
    matches: BTreeMap<i64, (Addr<MatchActor>, Summary)>,
    next_id: i64,
    live_shown: Vec<i64>,
    /// When the live list last shown is pushed once more (see [`SportsDesk::show`]).
    repeat_at: Option<EpochMs>,
    listeners: Listeners,
    db: Db,
    /// The unfinished matches a previous run left, resumed as the desk starts.
    resume: Vec<Recorded>,
    /// The exchange stream, when configured, and the active mappings to resume as the desk starts.
    stream: Option<Stream>,
    resume_stream: Vec<Mapping>,
}

/// How long after a change of the live list it is pushed again.
const REPEAT_MS: i64 = 1_000;

impl Actor for SportsDesk {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        for m in std::mem::take(&mut self.resume) {
            self.launch_recorded(m, ctx);
        }
        for m in std::mem::take(&mut self.resume_stream) {
            self.launch_stream(m, ctx);
        }
        if !self.matches.is_empty() {
            tracing::info!(matches = self.matches.len(), "sports: unfinished matches resumed where they were");
        }
        self.top_up(ctx);
        ctx.run_interval(Duration::from_secs(1), |act, ctx| act.top_up(ctx));
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for SportsDesk {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

pub type SportsAddr = Probed<SportsDesk>;
pub type SportsRoute = crate::cluster::remote::Route<SportsDesk>;

impl SportsDesk {
    /// Starts the desk, resuming the unfinished matches recorded in `db`; its matches tell `listeners` (the
    /// exchange, the three-card game) what they need.
    pub async fn start(
        config: SportsConfig,
        db: Db,
        hub: HubAddr,
        clock: SharedClock,
        registry: &Registry,
        listeners: Listeners,
    ) -> Result<SportsAddr, StoreError> {
        SportsDesk::start_streaming(config, StreamSettings::default(), db, hub, clock, registry, listeners).await
    }

    /// As [`SportsDesk::start`], following the exchange stream `stream` (when configured) for the mapped matches.
    pub async fn start_streaming(
        config: SportsConfig,
        stream: StreamSettings,
        db: Db,
        hub: HubAddr,
        clock: SharedClock,
        registry: &Registry,
        listeners: Listeners,
    ) -> Result<SportsAddr, StoreError> {
        let resume = store::unfinished(&db).await?;
        let mapped = feed_markets::last_match_id(&db).await?;
        let resume_stream: Vec<Mapping> =
            feed_markets::list(&db, true).await?.into_iter().rev().map(|m| m.mapping).collect();
        let probe = registry.register("sports", &fig::FAMILY);
        let now = clock.now_ms();
        let next_id = resume.iter().map(|m| m.match_id + 1).chain(mapped.map(|id| id + 1)).fold(now, i64::max);
        if !stream.configured() && !resume_stream.is_empty() {
            tracing::warn!(
                mappings = resume_stream.len(),
                "sports: feed markets are mapped but no stream is configured (CASINO_STREAM_ADDR): their matches are \
                 not played, and their open bets wait"
            );
        }
        let stream = stream.configured().then(|| {
            let cache = stream_cache::shared();
            let config = StreamConfig {
                app_key: stream.app_key.clone(),
                session: stream.session.clone(),
                // Followed as the matches start (`launch_stream`).
                market_ids: Vec::new(),
                ladder_levels: 3,
                heartbeat_ms: stream.heartbeat_ms,
                conflate_ms: None,
                backoff_min: Duration::from_millis(500),
                backoff_max: Duration::from_secs(30),
            };
            let (roots, clock) = (stream.roots.as_ref(), clock.clone());
            let client = match stream_client::spawn_to(&stream.addr, stream.tls(), roots, config, cache.clone(), clock)
            {
                Ok(client) => client,
                // Refused at start (the server's `Config::check`): here only when started without that check.
                Err(e) => {
                    tracing::error!(addr = %stream.addr, error = %e, "sports: the exchange stream cannot be followed");
                    return None;
                }
            };
            let (tls, roots) = (stream.tls(), stream.roots.as_ref().map(|r| r.source.clone()));
            tracing::info!(addr = %stream.addr, tls, ?roots, "sports: following the exchange stream");
            Some(Stream { settings: stream, cache, client, followed: BTreeMap::new() })
        });
        let stream = stream.flatten();
        let desk = SportsDesk {
            config,
            models: Models::shared(),
            outbox: RoomOutbox::new(hub.clone(), LIST_ROOM),
            hub,
            clock,
            probe: probe.clone(),
            matches: BTreeMap::new(),
            // Ids from the clock (past every recorded one): a restart never reuses a match id (bets name them).
            next_id,
            live_shown: Vec::new(),
            repeat_at: None,
            listeners,
            db,
            resume,
            stream,
            resume_stream,
        };
        Ok(Probed::new(desk.start(), probe))
    }

    /// Starts matches until each sport has enough in play and upcoming; drops finished ones after a while.
    fn top_up(&mut self, ctx: &mut Context<Self>) {
        let now = self.clock.now_ms();
        let linger = self.config.linger_ms;
        let over = |s: &Summary| s.status == MatchStatus::Finished && now - s.seen_at >= linger;
        let done: Vec<i64> = self.matches.iter().filter(|(_, (_, s))| over(s)).map(|(id, _)| *id).collect();
        self.matches.retain(|_, (_, s)| !over(s));
        // Only now is a finished match done with (not resumed by a restart): its decided markets have long reached
        // the exchange, which a crash between the match's last step and their settlement would otherwise void.
        for match_id in done {
            let db = self.db.clone();
            let write = async move {
                if let Err(e) = retry_transient("closing a match's record", || store::done(&db, match_id)).await {
                    tracing::error!(match_id, error = %e, "a finished match's record stays open: a restart replays it");
                }
            };
            ctx.spawn(write.into_actor(self));
        }
        let c = self.config;
        // The stream's matches are the operators': they do not count here.
        let streamed = |id: &i64| self.stream.as_ref().is_some_and(|s| s.followed.contains_key(id));
        let mut simulated: Vec<Summary> =
            self.matches.iter().filter(|(id, _)| !streamed(id)).map(|(_, (_, s))| s.clone()).collect();
        let sports = std::iter::once((CRICKET, c.live, c.upcoming))
            .chain(OTHER_SPORTS.iter().map(|p| (p.sport_id, c.others, c.others)));
        for (sport, live, upcoming) in sports.collect::<Vec<_>>() {
            while let Some(starts_at) = next_start(simulated.iter(), sport, live, upcoming, now, c.gap_ms) {
                let id = self.launch(sport, starts_at, ctx);
                simulated.extend(self.matches.get(&id).map(|(_, s)| s.clone()));
            }
        }
        self.show(now);
    }

    fn launch(&mut self, sport: i64, starts_at: EpochMs, ctx: &mut Context<Self>) -> i64 {
        self.launch_seeded(sport, starts_at, rand::random::<u64>(), false, ctx)
    }

    /// Starts the match a mapping prices from the stream, and follows its market (nothing without a stream).
    fn launch_stream(&mut self, m: Mapping, ctx: &mut Context<Self>) {
        let Some(stream) = &mut self.stream else { return };
        let id = m.match_id;
        stream.followed.insert(id, m.market_id.clone());
        stream.client.follow(stream.followed.values().cloned().collect());
        let now = self.clock.now_ms();
        let feed = StreamMatch::new(m, self.config.terms, stream.settings.margin, stream.cache.clone(), now);
        let outbox = RoomOutbox::new(self.hub.clone(), format!("event:{id}"));
        let desk = ctx.address().recipient();
        let actor =
            MatchActor::new(Box::new(feed), outbox, self.clock.clone(), STREAM_STEP, desk, self.listeners.clone());
        let summary = Summary::of(actor.published(), now);
        self.matches.insert(id, (actor.start(), summary));
    }

    /// A stream match has published its settlement: its market is no longer followed (its mapping is ended once it
    /// has lingered, [`SportsDesk::top_up`]).
    fn stream_ended(&mut self, match_id: i64) {
        let Some(stream) = &mut self.stream else { return };
        if stream.followed.remove(&match_id).is_none() {
            return;
        }
        stream.client.follow(stream.followed.values().cloned().collect());
    }

    /// Starts a new match of `sport` from `seed`; a `manual` one moves only when asked (`PlayTestMatch`). Its id.
    fn launch_seeded(
        &mut self,
        sport_id: i64,
        starts_at: EpochMs,
        seed: u64,
        manual: bool,
        ctx: &mut Context<Self>,
    ) -> i64 {
        let match_id = self.next_id;
        self.next_id += 1;
        self.launch_recorded(Recorded { match_id, sport_id, seed, starts_at, manual, steps: 0 }, ctx);
        match_id
    }

    /// Starts the match `m` records, its recorded steps replayed.
    fn launch_recorded(&mut self, m: Recorded, ctx: &mut Context<Self>) {
        let Recorded { match_id: id, sport_id: sport, seed, starts_at, manual, .. } = m;
        let feed: Box<dyn Provider> = match OTHER_SPORTS.iter().find(|p| p.sport_id == sport) {
            Some(p) => Box::new(SimpleMatch::new(*p, id, starts_at, seed, self.config.terms)),
            None => {
                let models = self.models.clone();
                Box::new(SimMatch::new(id, starts_at, seed, "Simulated T20 League", models, self.config.terms))
            }
        };
        let step = Duration::from_millis((self.config.ball_ms / 2).max(10));
        let outbox = RoomOutbox::new(self.hub.clone(), format!("event:{id}"));
        let actor =
            MatchActor::new(feed, outbox, self.clock.clone(), step, ctx.address().recipient(), self.listeners.clone())
                .replayed(self.db.clone(), m);
        let actor = if manual { actor.manual() } else { actor };
        let summary = Summary::of(actor.published(), self.clock.now_ms());
        self.matches.insert(id, (actor.start(), summary));
    }

    fn live(&self) -> LiveList {
        LiveList(
            self.matches
                .values()
                .filter(|(_, s)| s.status == MatchStatus::InPlay && s.sport_id == CRICKET)
                .map(|(_, s)| LiveItem {
                    market_id: s.market_id.clone(),
                    score_iframe: format!("/score/{}", s.match_id),
                    match_name: s.name.clone(),
                    match_date: s.starts_at,
                    event_id: s.match_id,
                })
                .collect(),
        )
    }

    /// Pushes the live list when the matches in play change, and once more a second later. A `getMatches` answer
    /// taken just before a change travels through the asking connection while the change's push goes through the hub
    /// (or another node), so the push can arrive first and the older answer last; the repeat puts that screen right.
    fn show(&mut self, now: EpochMs) {
        let live: Vec<i64> = self.live().0.iter().map(|m| m.event_id).collect();
        let changed = live != self.live_shown;
        if changed || self.repeat_at.is_some_and(|at| now >= at) {
            self.outbox.queue(&self.live());
            self.outbox.flush();
            self.live_shown = live;
            self.repeat_at = changed.then_some(now + REPEAT_MS);
        }
    }
}

/// When the next match of `sport` should start, if it is short of `live` in play (counting those due to start) or of
/// `live + upcoming` listed: now while short in play, else `gap` after the last one's start.
fn next_start<'a>(
    listed: impl Iterator<Item = &'a Summary>,
    sport: i64,
    live: usize,
    upcoming: usize,
    now: EpochMs,
    gap: i64,
) -> Option<EpochMs> {
    let (mut playing, mut listed_now, mut last) = (0, 0, None::<EpochMs>);
    for s in listed.filter(|s| s.sport_id == sport && s.status != MatchStatus::Finished) {
        listed_now += 1;
        if s.status == MatchStatus::InPlay || s.starts_at <= now {
            playing += 1;
        }
        last = last.max(Some(s.starts_at));
    }
    if listed_now >= live + upcoming {
        None
    } else if playing < live {
        Some(now)
    } else {
        Some(last.unwrap_or(now).max(now) + gap)
    }
}

impl Handler<Listed> for SportsDesk {
    type Result = ();
    fn handle(&mut self, m: Listed, _: &mut Self::Context) {
        let now = self.clock.now_ms();
        let (id, finished) = (m.0.match_id, m.0.status == MatchStatus::Finished);
        if let Some((_, s)) = self.matches.get_mut(&id) {
            *s = m.0;
        }
        if finished {
            // Told after the delta that settled it went out (its decided markets to the exchange with it).
            self.stream_ended(id);
        }
        self.show(now);
    }
}

/// The matches of a sport (`None`: every sport), in play first, then by start.
#[derive(Serialize, Deserialize)]
pub struct Matches {
    pub sport: Option<i64>,
    pub in_play_only: bool,
}
impl Message for Matches {
    type Result = Vec<Summary>;
}

impl Handler<Matches> for SportsDesk {
    type Result = Response<Vec<Summary>>;
    fn handle(&mut self, m: Matches, _: &mut Self::Context) -> Self::Result {
        let mut list: Vec<Summary> = self
            .matches
            .values()
            .map(|(_, s)| s.clone())
            .filter(|s| m.sport.is_none_or(|sport| sport == s.sport_id))
            .filter(|s| !m.in_play_only || s.status == MatchStatus::InPlay)
            .collect();
        list.sort_by_key(|s| (s.status != MatchStatus::InPlay, s.starts_at));
        Response::reply(list)
    }
}

/// The live list (`updateMatches`'s payload).
#[derive(Serialize, Deserialize)]
pub struct Live;
impl Message for Live {
    type Result = LiveList;
}

impl Handler<Live> for SportsDesk {
    type Result = Response<LiveList>;
    fn handle(&mut self, _: Live, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.live())
    }
}

/// A match's whole state (its feed's snapshot), if the desk has it.
#[derive(Serialize, Deserialize)]
pub struct Detail(pub i64);
impl Message for Detail {
    type Result = Option<MatchState>;
}

impl Handler<Detail> for SportsDesk {
    type Result = ResponseFuture<Option<MatchState>>;
    fn handle(&mut self, d: Detail, _: &mut Self::Context) -> Self::Result {
        let actor = self.matches.get(&d.0).map(|(a, _)| a.clone());
        Box::pin(async move { actor?.send(Snapshot).await.ok() })
    }
}

/// The match a player names: by its id, or by its name as the lists show it (the spec's client names a match by its
/// name; letter case and surrounding spaces aside). Of two matches with one name, the one in play, else the newest.
#[derive(Serialize, Deserialize)]
pub struct Named(pub String);
impl Message for Named {
    type Result = Option<i64>;
}

impl Handler<Named> for SportsDesk {
    type Result = Option<i64>;
    fn handle(&mut self, Named(reference): Named, _: &mut Self::Context) -> Self::Result {
        named(self.matches.values().map(|(_, s)| s), &reference)
    }
}

fn named<'a>(mut listed: impl Iterator<Item = &'a Summary>, reference: &str) -> Option<i64> {
    let reference = reference.trim();
    if let Ok(id) = reference.parse::<i64>() {
        return listed.find(|s| s.match_id == id).map(|s| s.match_id);
    }
    listed
        .filter(|s| s.name.trim().eq_ignore_ascii_case(reference))
        .max_by_key(|s| (s.status == MatchStatus::InPlay, s.match_id))
        .map(|s| s.match_id)
}

/// How many matches each sport has in play and upcoming.
#[derive(Serialize, Deserialize)]
pub struct Counts;
impl Message for Counts {
    type Result = Vec<SportCount>;
}

impl Handler<Counts> for SportsDesk {
    type Result = Response<Vec<SportCount>>;
    fn handle(&mut self, _: Counts, _: &mut Self::Context) -> Self::Result {
        let mut counts: BTreeMap<i64, SportCount> = BTreeMap::new();
        for (_, s) in self.matches.values() {
            let c = counts.entry(s.sport_id).or_insert(SportCount { sport_id: s.sport_id, in_play: 0, upcoming: 0 });
            match s.status {
                MatchStatus::InPlay => c.in_play += 1,
                MatchStatus::Upcoming => c.upcoming += 1,
                MatchStatus::Finished => {}
            }
        }
        Response::reply(counts.into_values().collect())
    }
}

/// A test's cricket match (`CASINO_TEST_HOOKS=1`): drawn from `seed`, due to start now, and moved only by
/// [`PlayTestMatch`], so a test knows where the match is. Answers its id.
#[derive(Serialize, Deserialize)]
pub struct StartTestMatch {
    pub seed: u64,
}
impl Message for StartTestMatch {
    type Result = i64;
}

impl Handler<StartTestMatch> for SportsDesk {
    type Result = Response<i64>;
    fn handle(&mut self, m: StartTestMatch, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        Response::reply(self.launch_seeded(CRICKET, now, m.seed, true, ctx))
    }
}

/// Plays the next `steps` steps of a test's match now (the first starts it; then each ball is two steps: bowled,
/// then its result). The match as it then is; `None` if the desk has no such match (a timed match is not moved).
#[derive(Serialize, Deserialize)]
pub struct PlayTestMatch {
    pub match_id: i64,
    pub steps: u32,
}
impl Message for PlayTestMatch {
    type Result = Option<MatchState>;
}

impl Handler<PlayTestMatch> for SportsDesk {
    type Result = ResponseFuture<Option<MatchState>>;
    fn handle(&mut self, m: PlayTestMatch, _: &mut Self::Context) -> Self::Result {
        let actor = self.matches.get(&m.match_id).map(|(a, _)| a.clone());
        Box::pin(async move { actor?.send(super::match_actor::Play(m.steps)).await.ok() })
    }
}

/// Publishes a test's quotes on a test's match (`CASINO_TEST_HOOKS=1`), audited like any other; the match as it
/// then is (`None`: no such match).
#[derive(Serialize, Deserialize)]
pub struct QuoteTestMatch {
    pub match_id: i64,
    pub quotes: super::match_actor::TestQuotes,
}
impl Message for QuoteTestMatch {
    type Result = Option<MatchState>;
}

impl Handler<QuoteTestMatch> for SportsDesk {
    type Result = ResponseFuture<Option<MatchState>>;
    fn handle(&mut self, m: QuoteTestMatch, _: &mut Self::Context) -> Self::Result {
        let actor = self.matches.get(&m.match_id).map(|(a, _)| a.clone());
        Box::pin(async move { actor?.send(super::match_actor::Quotes(m.quotes)).await.ok() })
    }
}

crate::timed_handlers!(
    SportsDesk: Matches,
    Live,
    Detail,
    Named,
    Counts,
    StartTestMatch,
    PlayTestMatch,
    QuoteTestMatch,
    MapFeedMarket,
    FeedMarkets
);

crate::remote!(
    Matches => "sports.matches",
    Live => "sports.live",
    Detail => "sports.detail",
    Named => "sports.named",
    Counts => "sports.counts",
    StartTestMatch => "sports.test_start",
    PlayTestMatch => "sports.test_play",
    QuoteTestMatch => "sports.test_quotes",
    MapFeedMarket => "sports.map_feed_market",
    FeedMarkets => "sports.feed_markets",
);

/// Every message the desk answers from other nodes (cluster mode).
pub fn dispatch() -> crate::cluster::remote::Dispatch<SportsDesk> {
    crate::cluster::remote::Dispatch::default()
        .with::<Matches>()
        .with::<Live>()
        .with::<Detail>()
        .with::<Named>()
        .with::<Counts>()
        .with::<StartTestMatch>()
        .with::<PlayTestMatch>()
        .with::<QuoteTestMatch>()
        .with::<MapFeedMarket>()
        .with::<FeedMarkets>()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(id: i64, status: MatchStatus, starts_at: EpochMs) -> Summary {
        Summary {
            match_id: id,
            sport_id: CRICKET,
            name: String::new(),
            competition: String::new(),
            starts_at,
            status,
            market_id: String::new(),
            teams: [String::new(), String::new()],
            score: String::new(),
            prices: Vec::new(),
            seen_at: 0,
        }
    }

    /// From nothing, `live` matches start at once and `upcoming` follow `gap` apart; a finished match is replaced by
    /// one starting now; other sports do not count.
    #[test]
    fn the_desk_keeps_live_matches_in_play_and_the_rest_upcoming_gap_apart() {
        let (now, gap) = (1_000, 60_000);
        let mut all: Vec<Summary> = Vec::new();
        while let Some(at) = next_start(all.iter(), CRICKET, 3, 2, now, gap) {
            all.push(listed(all.len() as i64, MatchStatus::Upcoming, at));
        }
        let starts: Vec<EpochMs> = all.iter().map(|s| s.starts_at).collect();
        assert_eq!(starts, vec![now, now, now, now + gap, now + 2 * gap]);
        for s in &mut all[..3] {
            s.status = MatchStatus::InPlay;
        }
        assert_eq!(next_start(all.iter(), CRICKET, 3, 2, now, gap), None);
        all[0].status = MatchStatus::Finished;
        assert_eq!(next_start(all.iter(), CRICKET, 3, 2, now + 5, gap), Some(now + 5));
        assert_eq!(next_start(all.iter(), 1, 1, 1, now, gap), Some(now), "football has none yet");
    }

    /// A match is named by its id or by its name (case and spaces aside); of two with one name, the one in play.
    #[test]
    fn a_match_is_named_by_its_id_or_its_name() {
        let mut all = vec![
            listed(10, MatchStatus::Finished, 0),
            listed(11, MatchStatus::InPlay, 0),
            listed(12, MatchStatus::Upcoming, 0),
        ];
        for s in &mut all {
            s.name = "India v Australia".into();
        }
        all[2].name = "England v India".into();
        assert_eq!(named(all.iter(), "12"), Some(12));
        assert_eq!(named(all.iter(), " 99 "), None, "an id nobody has");
        assert_eq!(named(all.iter(), "india V australia "), Some(11), "in play before finished");
        assert_eq!(named(all.iter(), "England v India"), Some(12));
        assert_eq!(named(all.iter(), "Pakistan v India"), None);
        all[1].status = MatchStatus::Finished;
        assert_eq!(named(all.iter(), "India v Australia"), Some(11), "else the newest");
    }
}
