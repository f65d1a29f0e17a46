//! The three-card desk: it hears every cricket match's news from the sports feed, starts a game actor
//! (`table.rs`) per match the first time, forwards each match's news to its game, and finds a game by its match's
//! name or id for the calls. At start-up it finishes what a previous run left (`store::recover`).

use super::store;
use super::table::{Deps, ParchiTable, Players};
use super::wire::PlayerList;
use crate::observe::families::desk as fig;
use crate::observe::{Observed, Probe, Probed, Registry};
use crate::sports::feed::MatchStatus;
use crate::sports::match_actor::MatchNews;
use crate::wallet::WalletError;
use actix::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

pub type ParchiAddr = Probed<ParchiDesk>;
pub type ParchiRoute = crate::cluster::remote::Route<ParchiDesk>;

struct Game {
    table: Addr<ParchiTable>,
    name: String,
    status: MatchStatus,
}

pub struct ParchiDesk {
    deps: Deps,
    /// By match id (ids grow with time: the last of a name is the newest).
    games: BTreeMap<i64, Game>,
    probe: Arc<Probe>,
}

impl Actor for ParchiDesk {
    type Context = Context<Self>;

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for ParchiDesk {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

impl ParchiDesk {
    /// Finishes what a previous run left, then starts the desk; the sports desk's matches send their news to the
    /// recipient returned.
    pub async fn start(deps: Deps, registry: &Registry) -> Result<(ParchiAddr, Recipient<MatchNews>), WalletError> {
        let recovered = store::recover(&deps.db, &deps.wallet, deps.clock.now_ms()).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(?recovered, "three-card games interrupted by a restart, finished");
        }
        let probe = registry.register("parchi", &fig::FAMILY);
        let addr = ParchiDesk { deps, games: BTreeMap::new(), probe: probe.clone() }.start();
        let news = addr.clone().recipient();
        Ok((Probed::new(addr, probe), news))
    }
}

impl Handler<MatchNews> for ParchiDesk {
    type Result = ();
    fn handle(&mut self, news: MatchNews, _: &mut Self::Context) {
        self.games.retain(|_, g| g.table.connected());
        let game = self.games.entry(news.match_id).or_insert_with(|| Game {
            table: ParchiTable::new(self.deps.clone(), news.clone()).start(),
            name: news.name.clone(),
            status: news.status,
        });
        game.status = news.status;
        game.table.do_send(news);
        self.probe.set(fig::GAMES, self.games.values().filter(|g| g.status != MatchStatus::Finished).count() as i64);
    }
}

/// A match's game, by the match's id or its name (in any case; the newest match of that name).
pub struct Find(pub String);
impl Message for Find {
    type Result = Option<Addr<ParchiTable>>;
}

impl Handler<Find> for ParchiDesk {
    type Result = Option<Addr<ParchiTable>>;
    fn handle(&mut self, m: Find, _: &mut Self::Context) -> Self::Result {
        let key = m.0.trim();
        let found = match key.parse::<i64>() {
            Ok(id) => self.games.get(&id),
            Err(_) => self.games.values().rev().find(|g| g.name.eq_ignore_ascii_case(key)),
        };
        found.filter(|g| g.table.connected()).map(|g| g.table.clone())
    }
}

/// The players of every match in play (`GET /api/players`).
pub struct AllPlayers;
impl Message for AllPlayers {
    type Result = PlayerList;
}

impl Handler<AllPlayers> for ParchiDesk {
    type Result = ResponseFuture<PlayerList>;
    fn handle(&mut self, _: AllPlayers, _: &mut Self::Context) -> Self::Result {
        let tables: Vec<Addr<ParchiTable>> =
            self.games.values().filter(|g| g.status == MatchStatus::InPlay).map(|g| g.table.clone()).collect();
        Box::pin(async move {
            let mut players = Vec::new();
            for t in tables {
                players.extend(t.send(Players).await.unwrap_or_default());
            }
            PlayerList { success: true, players }
        })
    }
}

crate::timed_handlers!(ParchiDesk: Find, AllPlayers);
