//! The round games' frames (Titli Par, Andar Bahar, Color Prediction share them, named `{game}:{event}`): the
//! events a bettor acts on, decoded on the shared fast path (`common::protocol`) into typed values; the acks of
//! `{game}:join` (the table's state) and `{game}:placeBet` (the ticket); and the two requests a bettor sends.

use crate::common::money::{fmt_paise, opt_paise, paise, rupees_json};
use crate::common::protocol::{self, DecodeError, event_frame};
use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Value, json};
use std::fmt;

/// A round game, as the command line and the event names spell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    #[value(name = "titli")]
    Titli,
    #[value(name = "andar_bahar")]
    AndarBahar,
    #[value(name = "color")]
    Color,
}

impl Game {
    pub fn name(self) -> &'static str {
        match self {
            Game::Titli => "titli",
            Game::AndarBahar => "andar_bahar",
            Game::Color => "color",
        }
    }

    fn from_name(name: &str) -> Option<Game> {
        match name {
            "titli" => Some(Game::Titli),
            "andar_bahar" => Some(Game::AndarBahar),
            "color" => Some(Game::Color),
            _ => None,
        }
    }

    /// The pick that wins on a revealed `result` (Titli Par's picture number, Andar Bahar's winning side, the
    /// drawn colour); None when the result does not say.
    pub fn winner(self, result: &Value) -> Option<Pick> {
        match self {
            Game::Titli => result["winningImageNumber"].as_u64().and_then(|n| u8::try_from(n).ok()).map(Pick::Number),
            Game::AndarBahar => result["winner"].as_str().map(|s| Pick::Name(s.to_owned())),
            Game::Color => result["colour"].as_str().map(|s| Pick::Name(s.to_owned())),
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a line is on: a picture number (Titli Par) or a name (`Andar`, `red`, …).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pick {
    Number(u8),
    Name(String),
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Number(n) => write!(f, "{n}"),
            Pick::Name(s) => f.write_str(s),
        }
    }
}

/// One line of a bet: a pick and its stake in paise.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub struct Line {
    pub pick: Pick,
    #[serde(deserialize_with = "paise")]
    pub amount: i64,
}

/// Lines as text for messages: `7:10.00+3:25.50`.
pub fn fmt_lines(lines: &[Line]) -> String {
    let parts: Vec<String> = lines.iter().map(|l| format!("{}:{}", l.pick, fmt_paise(l.amount))).collect();
    parts.join("+")
}

/// The same lines in a canonical order, for comparing what two sides say a bet was.
pub fn sorted(lines: &[Line]) -> Vec<Line> {
    let mut v = lines.to_vec();
    v.sort();
    v
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Betting,
    Closed,
    Revealing,
    Settled,
}

/// `{game}:gameState` (also the ack of `{game}:join`), only the fields a bettor acts on.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameState {
    pub round_id: i64,
    pub game_phase: Phase,
    pub betting_open: bool,
    pub betting_closes_at: i64,
    pub server_time: i64,
}

/// `{game}:roundStart`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoundStart {
    pub round_id: i64,
    pub betting_closes_at: i64,
    pub server_time: i64,
}

/// `{game}:timerUpdate`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimerUpdate {
    pub round_id: i64,
    pub game_phase: Phase,
    pub betting_open: bool,
    pub server_time: i64,
}

/// `{game}:revealResult`
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RevealResult {
    pub round_id: i64,
    pub result: Value,
}

/// `{game}:winResult`: one ticket's settlement, after its money moved (payout 0: lost).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WinResult {
    pub round_id: i64,
    pub user_id: i64,
    pub ticket: u32,
    pub bets: Vec<Line>,
    #[serde(deserialize_with = "paise")]
    pub stake: i64,
    #[serde(deserialize_with = "paise")]
    pub payout: i64,
    #[serde(deserialize_with = "paise")]
    pub profit: i64,
    pub result: Value,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    GameState(GameState),
    RoundStart(RoundStart),
    TimerUpdate(TimerUpdate),
    RevealResult(RevealResult),
    WinResult(WinResult),
    /// `revealStep`, `bets`: nothing to act on.
    Quiet,
}

/// A server → client event: a round game's (`game` set), or anything else (`balance_update`, Aviator's, …).
#[derive(Debug, Clone, PartialEq)]
pub enum ServerEvent {
    Round { game: Game, kind: Kind },
    Other,
}

/// The first argument of an ack: `{game}:join` answers the table's state, `{game}:placeBet` the ticket (or,
/// for both, `{success: false, error, message}`).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AckBody {
    #[serde(default)]
    pub success: Option<bool>,
    #[serde(default)]
    pub error: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub round_id: Option<i64>,
    #[serde(default)]
    pub ticket: Option<u32>,
    #[serde(default)]
    pub bets: Option<Vec<Line>>,
    #[serde(default, deserialize_with = "opt_paise")]
    pub total: Option<i64>,
    #[serde(default, deserialize_with = "opt_paise")]
    pub balance: Option<i64>,
    #[serde(default)]
    pub game_phase: Option<Phase>,
    #[serde(default)]
    pub betting_open: Option<bool>,
    #[serde(default)]
    pub betting_closes_at: Option<i64>,
    #[serde(default)]
    pub server_time: Option<i64>,
}

impl AckBody {
    /// The table's state, when this is a join's ack.
    pub fn state(&self) -> Option<GameState> {
        Some(GameState {
            round_id: self.round_id?,
            game_phase: self.game_phase?,
            betting_open: self.betting_open?,
            betting_closes_at: self.betting_closes_at?,
            server_time: self.server_time?,
        })
    }
}

/// One inbound websocket text frame, decoded.
pub type Inbound = protocol::Inbound<ServerEvent, AckBody>;

/// Decode one text frame.
pub fn decode(frame: &str) -> Result<Inbound, DecodeError> {
    protocol::decode(frame)
}

impl<'de> Deserialize<'de> for ServerEvent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(EventVisitor)
    }
}

struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = ServerEvent;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Socket.IO event array [name, payload]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ServerEvent, A::Error> {
        let name: &str = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let missing = || de::Error::invalid_length(1, &EventVisitor);
        let round = name.split_once(':').and_then(|(game, action)| Some((Game::from_name(game)?, action)));
        let event = match round {
            Some((game, action)) => {
                let kind = match action {
                    "gameState" => Kind::GameState(seq.next_element()?.ok_or_else(missing)?),
                    "roundStart" => Kind::RoundStart(seq.next_element()?.ok_or_else(missing)?),
                    "timerUpdate" => Kind::TimerUpdate(seq.next_element()?.ok_or_else(missing)?),
                    "revealResult" => Kind::RevealResult(seq.next_element()?.ok_or_else(missing)?),
                    "winResult" => Kind::WinResult(seq.next_element()?.ok_or_else(missing)?),
                    _ => Kind::Quiet,
                };
                ServerEvent::Round { game, kind }
            }
            None => ServerEvent::Other,
        };
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(event)
    }
}

/// `42<ack>["{game}:join",{}]`
pub fn join_frame(ack: u64, game: Game) -> String {
    event_frame(ack, &format!("{game}:join"), json!({}))
}

/// `42<ack>["{game}:placeBet",{roundId, bets: [{pick, amount}], totalBets}]`
pub fn place_bet_frame(ack: u64, game: Game, round_id: i64, lines: &[Line]) -> String {
    let bets: Vec<Value> = lines.iter().map(|l| json!({ "pick": l.pick, "amount": rupees_json(l.amount) })).collect();
    let total: i64 = lines.iter().map(|l| l.amount).sum();
    event_frame(
        ack,
        &format!("{game}:placeBet"),
        json!({ "roundId": round_id, "bets": bets, "totalBets": rupees_json(total) }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use casino_http::socketio::codec::{EioPacket, SioPacket};

    fn event(frame: &str) -> Option<ServerEvent> {
        match decode(frame) {
            Ok(Inbound::Event(e)) => Some(e),
            other => panic!("{frame} → {other:?}"),
        }
    }

    fn kind(frame: &str) -> Kind {
        match event(frame) {
            Some(ServerEvent::Round { kind, .. }) => kind,
            other => panic!("{frame} → {other:?}"),
        }
    }

    #[test]
    fn timer_and_round_start_decode_on_the_fast_path() {
        let t = kind(
            r#"42["titli:timerUpdate",{"roundId":5,"gamePhase":"closed","bettingOpen":false,"timeRemaining":1,"serverTime":1700000000123}]"#,
        );
        assert_eq!(
            t,
            Kind::TimerUpdate(TimerUpdate {
                round_id: 5,
                game_phase: Phase::Closed,
                betting_open: false,
                server_time: 1_700_000_000_123
            })
        );
        let r = kind(
            r#"42["color:roundStart",{"roundId":6,"commitment":"ab","clientSeed":"casino","bettingClosesAt":1700000004000,"revealAt":1700000004500,"timeRemaining":5,"serverTime":1700000000000}]"#,
        );
        assert_eq!(
            r,
            Kind::RoundStart(RoundStart {
                round_id: 6,
                betting_closes_at: 1_700_000_004_000,
                server_time: 1_700_000_000_000
            })
        );
    }

    #[test]
    fn a_win_result_reads_its_money_exactly() {
        let w = kind(
            r#"42["andar_bahar:winResult",{"roundId":9,"userId":4,"ticket":2,"bets":[{"pick":"Andar","amount":10.5}],"stake":10.5,"payout":19.95,"profit":9.45,"result":{"joker":3,"andar":[1],"bahar":[],"winner":"Andar"}}]"#,
        );
        let Kind::WinResult(w) = w else { panic!("{w:?}") };
        assert_eq!((w.round_id, w.user_id, w.ticket, w.stake, w.payout, w.profit), (9, 4, 2, 1_050, 1_995, 945));
        assert_eq!(w.bets, vec![Line { pick: Pick::Name("Andar".into()), amount: 1_050 }]);
        assert_eq!(Game::AndarBahar.winner(&w.result), Some(Pick::Name("Andar".into())));
        let lost = kind(
            r#"42["titli:winResult",{"roundId":9,"userId":4,"ticket":1,"bets":[{"pick":3,"amount":10},{"pick":7,"amount":20}],"stake":30,"payout":0,"profit":-30,"result":{"winningImageNumber":5,"winningImage":"flower"}}]"#,
        );
        let Kind::WinResult(lost) = lost else { panic!("{lost:?}") };
        assert_eq!((lost.payout, lost.profit), (0, -3_000));
        assert_eq!(Game::Titli.winner(&lost.result), Some(Pick::Number(5)));
    }

    #[test]
    fn feeds_steps_and_other_games_events_are_quiet_or_other() {
        assert_eq!(kind(r#"42["titli:bets",[{"username":"9****1","bets":[],"total":10}]]"#), Kind::Quiet);
        assert_eq!(
            kind(r#"42["andar_bahar:revealStep",{"roundId":1,"index":0,"step":{"card":4,"side":"Andar"}}]"#),
            Kind::Quiet
        );
        assert_eq!(event(r#"42["aviator_game_state",{"phase":"flying"}]"#), Some(ServerEvent::Other));
        assert_eq!(event(r#"42["balance_update",{"balance":10}]"#), Some(ServerEvent::Other));
        assert!(matches!(decode(r#"42["titli:timerUpdate",{"roundId":"x"}]"#), Err(DecodeError::Shape(_))));
    }

    #[test]
    fn join_and_bet_acks_decode() {
        let join = r#"431[{"roundId":12,"gamePhase":"betting","bettingOpen":true,"timeRemaining":4,"msRemaining":3900,"bettingClosesAt":1700000004000,"revealAt":1700000004500,"serverTime":1700000000100,"commitment":"c","clientSeed":"casino","result":null,"history":[{"roundId":11,"result":{"colour":"red"}}],"payouts":[{"pick":"red","payout":2.9,"rtp":0.9666}],"minStake":10,"maxStake":10000,"maxPicks":1}]"#;
        let Ok(Inbound::Ack { id: 1, body }) = decode(join) else { panic!("join ack") };
        assert_eq!(
            body.state(),
            Some(GameState {
                round_id: 12,
                game_phase: Phase::Betting,
                betting_open: true,
                betting_closes_at: 1_700_000_004_000,
                server_time: 1_700_000_000_100
            })
        );
        let bet = r#"432[{"success":true,"roundId":12,"ticket":3,"bets":[{"pick":7,"amount":10.25}],"total":10.25,"balance":99989.75,"newBalance":99989.75}]"#;
        let Ok(Inbound::Ack { id: 2, body }) = decode(bet) else { panic!("bet ack") };
        assert_eq!(
            (body.success, body.ticket, body.total, body.balance),
            (Some(true), Some(3), Some(1_025), Some(9_998_975))
        );
        assert_eq!(body.bets, Some(vec![Line { pick: Pick::Number(7), amount: 1_025 }]));
        let no = r#"433[{"success":false,"error":"betting_closed","message":"betting is closed for this round"}]"#;
        let Ok(Inbound::Ack { id: 3, body }) = decode(no) else { panic!("refusal") };
        assert_eq!((body.success, body.error.as_deref(), body.state()), (Some(false), Some("betting_closed"), None));
    }

    #[test]
    fn outgoing_frames_are_what_the_codec_reads_back() {
        let event = |frame: &str| match EioPacket::parse(frame) {
            Ok(EioPacket::Message(SioPacket::Event { ack, name, args, .. })) => Some((ack, name, args)),
            _ => None,
        };
        assert_eq!(
            event(&join_frame(0, Game::AndarBahar)),
            Some((Some(0), "andar_bahar:join".into(), vec![json!({})]))
        );
        let lines = [Line { pick: Pick::Number(3), amount: 1_000 }, Line { pick: Pick::Number(11), amount: 2_550 }];
        let want =
            json!({"roundId": 8, "bets": [{"pick": 3, "amount": 10}, {"pick": 11, "amount": 25.5}], "totalBets": 35.5});
        assert_eq!(
            event(&place_bet_frame(4, Game::Titli, 8, &lines)),
            Some((Some(4), "titli:placeBet".into(), vec![want]))
        );
        let red = [Line { pick: Pick::Name("red".into()), amount: 1_001 }];
        let want = json!({"roundId": 2, "bets": [{"pick": "red", "amount": 10.01}], "totalBets": 10.01});
        assert_eq!(
            event(&place_bet_frame(5, Game::Color, 2, &red)),
            Some((Some(5), "color:placeBet".into(), vec![want]))
        );
        assert_eq!(fmt_lines(&lines), "3:10.00+11:25.50");
    }
}
