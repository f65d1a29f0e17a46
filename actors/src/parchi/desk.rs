//! The three-card desk: it hears every cricket match's news from the sports feed, starts a game actor
//! (`table.rs`) per match the first time, forwards each match's news to its game, and passes the calls' messages to
//! a game found by its match's name or id ([`AtGame`]), so they cross nodes as the desk's own. At start-up it finishes
//! what a previous run left (`store::recover`), and a game left open on a match that goes on is rebuilt as it was
//! when that match's first news comes.

use super::store;
use super::table::{Abandon, CheckPlay, Deps, Entries, ParchiTable, PlayMsg, Players, View};
use super::wire::PlayerList;
use crate::observe::families::desk as fig;
use crate::observe::{Mail, Observed, Probe, Probed, Registry};
use crate::sports::feed::MatchStatus;
use crate::sports::match_actor::MatchNews;
use crate::wallet::WalletError;
use actix::prelude::*;
use serde::{Deserialize, Serialize};
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
    /// Games a previous run left open on matches that go on, by match id, until their match's first news.
    restored: BTreeMap<i64, store::OpenGame>,
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
        let resumed = crate::sports::store::resumed_ids(&deps.db).await?;
        let recovered = store::recover(&deps.db, &deps.wallet, &resumed, deps.clock.now_ms()).await?;
        if recovered != store::Recovered::default() {
            tracing::warn!(?recovered, "three-card games a restart interrupted: finished, or kept with their match");
        }
        let mut restored = BTreeMap::new();
        for match_id in resumed {
            if let Some(game) = store::open_game(&deps.db, match_id).await? {
                restored.insert(match_id, game);
            }
        }
        let probe = registry.register("parchi", &fig::FAMILY);
        let addr = ParchiDesk { deps, games: BTreeMap::new(), restored, probe: probe.clone() }.start();
        let news = addr.clone().recipient();
        Ok((Probed::new(addr, probe), news))
    }

    /// A match's game, by the match's id or its name (in any case; the newest match of that name), while it runs.
    fn find(&self, key: &str) -> Option<Addr<ParchiTable>> {
        let key = key.trim();
        let found = match key.parse::<i64>() {
            Ok(id) => self.games.get(&id),
            Err(_) => self.games.values().rev().find(|g| g.name.eq_ignore_ascii_case(key)),
        };
        found.filter(|g| g.table.connected()).map(|g| g.table.clone())
    }
}

impl Handler<MatchNews> for ParchiDesk {
    type Result = ();
    fn handle(&mut self, news: MatchNews, _: &mut Self::Context) {
        self.games.retain(|_, g| g.table.connected());
        let restored = self.restored.remove(&news.match_id);
        let game = self.games.entry(news.match_id).or_insert_with(|| Game {
            table: match restored {
                Some(game) => ParchiTable::restored(self.deps.clone(), news.clone(), game),
                None => ParchiTable::new(self.deps.clone(), news.clone()),
            }
            .start(),
            name: news.name.clone(),
            status: news.status,
        });
        game.status = news.status;
        game.table.do_send(news);
        self.probe.set(fig::GAMES, self.games.values().filter(|g| g.status != MatchStatus::Finished).count() as i64);
    }
}

/// `msg` for a match's game, found by `game`: the match's id or its name (in any case; the newest match of that
/// name). Answers the game's answer, or [`NoSuchGame`] when there is none or it stopped before answering. (Not an
/// `Option`: `Some(())` and `None` would both cross nodes as `null`.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtGame<M> {
    pub game: String,
    pub msg: M,
}

/// No game of that match: none was started, or it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoSuchGame;

impl<M> AtGame<M> {
    pub fn new(game: impl Into<String>, msg: M) -> Self {
        AtGame { game: game.into(), msg }
    }
}

impl<M: Mail> Message for AtGame<M> {
    type Result = Result<M::Result, NoSuchGame>;
}

impl<M: Mail> Handler<AtGame<M>> for ParchiDesk
where
    ParchiTable: Handler<M>,
{
    type Result = ResponseFuture<Result<M::Result, NoSuchGame>>;
    fn handle(&mut self, m: AtGame<M>, _: &mut Self::Context) -> Self::Result {
        let table = self.find(&m.game);
        Box::pin(async move { table.ok_or(NoSuchGame)?.send(m.msg).await.map_err(|_| NoSuchGame) })
    }
}

/// The players of every match in play (`GET /api/players`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

crate::timed_handlers!(
    ParchiDesk: AllPlayers,
    AtGame<View>,
    AtGame<Players>,
    AtGame<Entries>,
    AtGame<CheckPlay>,
    AtGame<PlayMsg>,
    AtGame<Abandon>,
);

crate::remote!(
    AtGame<View> => "parchi.view",
    AtGame<Players> => "parchi.players",
    AtGame<Entries> => "parchi.entries",
    AtGame<CheckPlay> => "parchi.check_play",
    AtGame<PlayMsg> => "parchi.play",
    AtGame<Abandon> => "parchi.abandon",
    AllPlayers => "parchi.all_players",
);

/// Every message the desk answers from other nodes (cluster mode).
pub fn dispatch() -> crate::cluster::remote::Dispatch<ParchiDesk> {
    crate::cluster::remote::Dispatch::default()
        .with::<AtGame<View>>()
        .with::<AtGame<Players>>()
        .with::<AtGame<Entries>>()
        .with::<AtGame<CheckPlay>>()
        .with::<AtGame<PlayMsg>>()
        .with::<AtGame<Abandon>>()
        .with::<AllPlayers>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::remote::Remote;
    use crate::ids::UserId;
    use crate::money::Paise;
    use crate::parchi::rules::Refusal;
    use crate::parchi::table::ParchiError;
    use crate::parchi::wire::{
        BetHistory, BoardView, CardData, CardView, EntryList, EntryStatus, EntryView, GameStatus, MatchPlayers,
        PlayCheck, Played, PlayerView,
    };
    use serde_json::json;
    use std::fmt::Debug;

    /// `msg` and `answer` read back equal from the JSON they travel as between nodes.
    fn crosses<M>(msg: M, answer: M::Result)
    where
        M: Remote + PartialEq + Debug,
        M::Result: PartialEq + Debug,
    {
        let text = serde_json::to_string(&msg).unwrap();
        assert_eq!(serde_json::from_str::<M>(&text).unwrap(), msg, "{} {text}", M::NAME);
        // As `Dispatch` answers: the answer in a `Result` whose error is the mailbox's, in words.
        let sent: Result<M::Result, String> = Ok(answer);
        let text = serde_json::to_string(&sent).unwrap();
        assert_eq!(serde_json::from_str::<Result<M::Result, String>>(&text).unwrap(), sent, "{} {text}", M::NAME);
    }

    fn data(card: usize, players: Option<[&str; 2]>, runs: u32, winner: bool) -> CardData {
        CardData {
            id: format!("4021-{card}"),
            player1: players.map(|p| p[0].to_string()),
            player2: players.map(|p| p[1].to_string()),
            total_runs: runs,
            is_winner: winner,
        }
    }

    fn card(card: usize, players: Option<[&str; 2]>, stake: i64, winner: bool) -> CardView {
        let d = data(card, players, 57, winner);
        CardView {
            id: d.id.clone(),
            card,
            player1: d.player1.clone(),
            player2: d.player2.clone(),
            total_runs: d.total_runs,
            people_played: usize::from(stake > 0) * 2,
            total_stake: Paise::new(stake),
            is_winner: winner,
            locked: players.is_some(),
            user: if stake > 0 { vec!["As**a".into(), "Ra**l".into()] } else { vec![] },
            cards: [d],
        }
    }

    fn board(match_status: MatchStatus, status: GameStatus, winner_card: Option<usize>) -> BoardView {
        BoardView {
            success: true,
            match_id: 4021,
            match_name: "India v Australia".into(),
            score_iframe: "/score/4021".into(),
            match_status,
            status,
            plays_open: status == GameStatus::Open,
            closes_at: "Plays close at the first ball of the match".into(),
            cards: vec![
                card(1, Some(["V Kohli", "R Sharma"]), 30_001, winner_card == Some(1)),
                card(2, Some(["S Smith", "D Warner"]), 10_005, false),
                card(3, None, 0, false),
            ],
            winner_card,
        }
    }

    fn entry(status: EntryStatus, stake: i64, payout: i64) -> EntryView {
        EntryView {
            id: 77,
            card: "4021-1".into(),
            card_no: 1,
            card_data: data(1, Some(["V Kohli", "R Sharma"]), 57, status == EntryStatus::Won),
            user_array: ["As**a".into()],
            betpoints: Paise::new(stake),
            profit: Paise::new(payout - stake),
            payout: Paise::new(payout),
            status,
            created_at: 1_718_000_000_123,
        }
    }

    fn player(name: &str, taken: bool) -> PlayerView {
        PlayerView {
            playername: name.into(),
            score: 43,
            team: 1,
            team_name: "Australia".into(),
            taken,
            match_id: 4021,
            match_name: "India v Australia".into(),
        }
    }

    fn play(players: Option<[&str; 2]>, stake: i64) -> PlayMsg {
        PlayMsg {
            user: UserId(9_001),
            name: "Asha".into(),
            card: 2,
            players: players.map(|p| p.map(String::from)),
            stake: Paise::new(stake),
        }
    }

    #[test]
    fn parchi_messages_and_answers_cross_nodes_exactly() {
        for (m, s, w) in [
            (MatchStatus::Upcoming, GameStatus::Open, None),
            (MatchStatus::InPlay, GameStatus::Closed, None),
            (MatchStatus::Finished, GameStatus::Finished, Some(1)),
            (MatchStatus::Finished, GameStatus::Abandoned, None),
            (MatchStatus::InPlay, GameStatus::Void, None),
        ] {
            crosses(AtGame::new("India v Australia", View), Ok(board(m, s, w)));
        }
        crosses(AtGame::new("4021", View), Err(NoSuchGame));
        crosses(AtGame::new("4021", Players), Ok(vec![player("S Smith", true), player("M Labuschagne", false)]));
        crosses(AtGame::new("nobody v nobody", Players), Err(NoSuchGame));
        let entries = vec![
            entry(EntryStatus::Held, 10_001, 10_001),
            entry(EntryStatus::Won, 20_005, 40_010),
            entry(EntryStatus::Lost, 50_099, 0),
            entry(EntryStatus::Returned, 1, 1),
        ];
        crosses(AtGame::new("4021", Entries), Ok(EntryList { success: true, match_id: 4021, entries }));
        crosses(AtGame::new("4021", Entries), Err(NoSuchGame));
        let check = CheckPlay(play(Some(["S Smith", "D Warner"]), 10_001));
        crosses(AtGame::new("4021", check.clone()), Ok(Ok(card(3, Some(["S Smith", "D Warner"]), 10_001, false))));
        crosses(
            AtGame::new("4021", check.clone()),
            Ok(Err(ParchiError::Rules(Refusal::PlayerTaken("S Smith".into())))),
        );
        crosses(AtGame::new("4021", check), Err(NoSuchGame));
        let checks = [
            ParchiError::NoSuchMatch,
            ParchiError::Rules(Refusal::CardLocked),
            ParchiError::InsufficientBalance,
            ParchiError::Unavailable("database is locked".into()),
        ];
        for e in checks {
            crosses(AtGame::new("4021", CheckPlay(play(None, 20_000))), Ok(Err(e)));
        }
        let played = Played {
            success: true,
            message: "Players selected and bet placed successfully!".into(),
            entry: entry(EntryStatus::Held, 10_001, 0),
            board: board(MatchStatus::InPlay, GameStatus::Open, None),
            balance: Paise::new(1_234_567),
            exposure_balance: Paise::new(-5),
        };
        crosses(AtGame::new("India v Australia", play(Some(["S Smith", "D Warner"]), 10_001)), Ok(Ok(played)));
        crosses(AtGame::new("4021", play(None, 20_000)), Ok(Err(ParchiError::InsufficientBalance)));
        crosses(AtGame::new("4021", play(None, 1)), Err(NoSuchGame));
        crosses(AtGame::new("4021", Abandon), Ok(()));
        crosses(AtGame::new("4021", Abandon), Err(NoSuchGame));
        crosses(AllPlayers, PlayerList { success: true, players: vec![player("V Kohli", false)] });
        crosses(AllPlayers, PlayerList { success: true, players: vec![] });
    }

    /// What the calls and the room have always been sent: reading the wire types back changed none of it.
    #[test]
    fn parchi_wire_json_is_unchanged() {
        let played = Played {
            success: true,
            message: "Players selected and bet placed successfully!".into(),
            entry: entry(EntryStatus::Won, 10_001, 20_002),
            board: BoardView {
                cards: vec![card(1, Some(["V Kohli", "R Sharma"]), 30_001, true), card(3, None, 0, false)],
                ..board(MatchStatus::InPlay, GameStatus::Finished, Some(1))
            },
            balance: Paise::new(1_234_567),
            exposure_balance: Paise::new(5),
        };
        let card1 = json!({
            "_id": "4021-1", "card": 1, "player1": "V Kohli", "player2": "R Sharma", "totalRuns": 57,
            "peoplePlayed": 2, "totalStake": 300.01, "isWinner": true, "locked": true, "user": ["As**a", "Ra**l"],
            "cards": [{ "_id": "4021-1", "player1": "V Kohli", "player2": "R Sharma", "totalRuns": 57, "isWinner": true }],
        });
        let card3 = json!({
            "_id": "4021-3", "card": 3, "player1": null, "player2": null, "totalRuns": 57, "peoplePlayed": 0,
            "totalStake": 0, "isWinner": false, "locked": false, "user": [],
            "cards": [{ "_id": "4021-3", "player1": null, "player2": null, "totalRuns": 57, "isWinner": false }],
        });
        let expected = json!({
            "success": true,
            "message": "Players selected and bet placed successfully!",
            "entry": {
                "_id": 77, "card": "4021-1", "cardNo": 1,
                "CardData": { "_id": "4021-1", "player1": "V Kohli", "player2": "R Sharma", "totalRuns": 57, "isWinner": true },
                "userArray": ["As**a"], "betpoints": 100.01, "profit": 100.01, "payout": 200.02, "status": "won",
                "createdAt": 1_718_000_000_123_i64,
            },
            "board": {
                "success": true, "matchId": 4021, "matchName": "India v Australia", "scoreIframe": "/score/4021",
                "matchStatus": "in_play", "status": "finished", "playsOpen": false,
                "closesAt": "Plays close at the first ball of the match", "cards": [card1, card3], "winnerCard": 1,
            },
            "balance": 12345.67,
            "exposureBalance": 0.05,
        });
        assert_eq!(serde_json::to_value(&played).unwrap(), expected);
        // A game void at the first ball says so.
        assert_eq!(serde_json::to_value(GameStatus::Void).unwrap(), json!("void"));
        // The answers that were `json!` before are the same objects.
        let players = vec![player("S Smith", true)];
        let typed = MatchPlayers { success: true, match_id: 4021, match_name: "India v Australia".into(), players };
        let before = json!({
            "success": true, "matchId": 4021, "matchName": "India v Australia", "players": typed.players,
        });
        assert_eq!(serde_json::to_value(&typed).unwrap(), before);
        let typed = PlayCheck { success: true, message: "This play can be made.", card: card(2, None, 0, false) };
        let before = json!({ "success": true, "message": "This play can be made.", "card": typed.card });
        assert_eq!(serde_json::to_value(&typed).unwrap(), before);
        let bets = vec![crate::parchi::store::PlayRow {
            id: 77,
            match_id: 4021,
            match_name: "India v Australia".into(),
            card: 1,
            player1: Some("V Kohli".into()),
            player2: None,
            betpoints: Paise::new(10_001),
            status: "held".into(),
            payout: Paise::ZERO,
            created_at: 1_718_000_000_123,
        }];
        let before = json!({ "success": true, "bets": bets });
        assert_eq!(serde_json::to_value(BetHistory { success: true, bets }).unwrap(), before);
    }
}
