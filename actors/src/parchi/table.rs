//! One three-card game: an actor per cricket match, fed its players' runs and status by the match's actor (through
//! the desk). Plays run one at a time (each is checked against the board, recorded, its stake held, then taken into
//! the board), so two plays never lock the same card or pick the same cricket player. Plays close at the match's first
//! ball (the news that it is in play, `rules::plays_open`), taken in order with the plays: a play that arrived before
//! it is finished first, one after it is refused (`plays_closed`). If the three cards are not all locked then, the game
//! is void at once: recorded with every entry's refund as a settle intent in one transaction, and the intents applied
//! (start-up applies them should the server stop first). A complete game plays on; when the match finishes the end is
//! recorded with every entry's settle intent in one transaction and the intents are applied. Every change of totals,
//! plays or status is pushed to the room `parchi:{match}` as `parchi:board`. An ended or void game shows its result
//! until it has lingered long enough after the match.

use super::rules::{self, AtClose, Board, Ending, Play, Refusal};
use super::store::{self, End, NewPlay};
use super::wire::{BoardView, CardData, CardView, EntryList, EntryStatus, EntryView, GameStatus, Played, PlayerView};
use crate::ErrorCode;
use crate::clock::{EpochMs, SharedClock};
use crate::hub::HubAddr;
use crate::ids::UserId;
use crate::money::Paise;
use crate::sports::feed::MatchStatus;
use crate::sports::match_actor::MatchNews;
use crate::store::Db;
use crate::table::outbox::RoomOutbox;
use crate::wallet::intents::{self, apply_until_final, retry_transient};
use crate::wallet::{WalletError, WalletHandle};
use actix::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

/// How long a game stays to be seen once its match is over. (Plays always close at the match's first ball.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParchiConfig {
    pub linger: Duration,
}

impl Default for ParchiConfig {
    fn default() -> Self {
        ParchiConfig { linger: Duration::from_secs(30 * 60) }
    }
}

/// When plays close, in words (the board's `closesAt`).
pub const CLOSES_AT: &str = "Plays close at the first ball of the match";

/// What every table needs.
#[derive(Clone)]
pub struct Deps {
    pub db: Db,
    pub wallet: WalletHandle,
    pub hub: HubAddr,
    pub clock: SharedClock,
    pub config: ParchiConfig,
}

/// Why a play was refused (nothing moved).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ParchiError {
    #[error("Please select Match")]
    NoSuchMatch,
    #[error(transparent)]
    Rules(#[from] Refusal),
    #[error("Insufficient Balance")]
    InsufficientBalance,
    /// Past a limit the player set, or during their break or self-exclusion (the wallet refused the hold).
    #[error(transparent)]
    Limited(crate::rg::Refusal),
    #[error("The game is unavailable: {0}")]
    Unavailable(String),
}

impl ParchiError {
    pub fn code(&self) -> ErrorCode {
        match self {
            ParchiError::NoSuchMatch => ErrorCode::MatchNotFound,
            ParchiError::Rules(Refusal::Stake) => ErrorCode::InvalidStake,
            ParchiError::Rules(Refusal::NoSuchCard) => ErrorCode::InvalidCard,
            ParchiError::Rules(Refusal::PlayersMissing) => ErrorCode::PlayersMissing,
            ParchiError::Rules(Refusal::UnknownPlayer) => ErrorCode::UnknownPlayer,
            ParchiError::Rules(Refusal::SamePlayer) => ErrorCode::SamePlayer,
            ParchiError::Rules(Refusal::PlayerTaken(_)) => ErrorCode::PlayerTaken,
            ParchiError::Rules(Refusal::CardLocked) => ErrorCode::CardLocked,
            ParchiError::Rules(Refusal::Closed) => ErrorCode::PlaysClosed,
            ParchiError::InsufficientBalance => ErrorCode::InsufficientBalance,
            ParchiError::Limited(r) => r.code(),
            ParchiError::Unavailable(_) => ErrorCode::Unavailable,
        }
    }
}

fn unavailable(e: impl std::fmt::Display) -> ParchiError {
    ParchiError::Unavailable(e.to_string())
}

/// One play as the table keeps it.
#[derive(Debug, Clone)]
struct Entry {
    id: i64,
    card: usize,
    name: String,
    stake: Paise,
    status: EntryStatus,
    payout: Paise,
    created_at: EpochMs,
}

pub struct ParchiTable {
    deps: Deps,
    news: MatchNews,
    board: Board,
    entries: Vec<Entry>,
    /// Set once the end is recorded.
    ended: Option<Ending>,
    /// The end is being recorded.
    ending: bool,
    winner: Option<usize>,
    outbox: RoomOutbox,
    /// What the room last heard (totals, status), so a ball that changes neither sends nothing.
    shown: Option<([u32; 3], GameStatus)>,
    /// The game is set to stop once it has lingered.
    lingering: bool,
}

impl Actor for ParchiTable {
    type Context = Context<Self>;
}

impl ParchiTable {
    pub fn new(deps: Deps, news: MatchNews) -> ParchiTable {
        let outbox = RoomOutbox::new(deps.hub.clone(), room(news.match_id));
        ParchiTable {
            deps,
            news,
            board: Board::default(),
            entries: Vec::new(),
            ended: None,
            ending: false,
            winner: None,
            outbox,
            shown: None,
            lingering: false,
        }
    }

    /// The game a previous run left open on a match that goes on: its cards and held plays as recorded.
    pub fn restored(deps: Deps, news: MatchNews, game: store::OpenGame) -> ParchiTable {
        let mut table = ParchiTable::new(deps, news);
        for (card, players) in game.cards {
            if let Some(c) = table.board.cards.get_mut(card) {
                c.players = Some(players);
            }
        }
        for p in game.plays {
            let Some(card) = usize::try_from(p.card).ok().filter(|c| *c < rules::CARDS) else { continue };
            let (user, stake) = (UserId(p.user_id), Paise::new(p.stake));
            table.board.cards[card].entries.push(rules::Entry { user, stake });
            table.entries.push(Entry {
                id: p.id,
                card,
                name: crate::aviator::wire::mask(&p.name),
                stake,
                status: EntryStatus::Held,
                payout: Paise::ZERO,
                created_at: p.created_at,
            });
        }
        table
    }

    fn runs(&self) -> HashMap<String, u32> {
        self.news.players.iter().map(|p| (p.name.clone(), p.runs)).collect()
    }

    fn totals(&self) -> [u32; 3] {
        self.board.totals(&self.runs())
    }

    /// Whether the match, as its news last said, has reached its first ball.
    fn plays_open_now(&self) -> bool {
        let balls = rules::balls_bowled(&self.news.overs, self.news.second_innings);
        rules::plays_open(self.news.status, balls)
    }

    fn status(&self) -> GameStatus {
        match self.ended {
            Some(Ending::Finished) => GameStatus::Finished,
            Some(Ending::Abandoned) => GameStatus::Abandoned,
            Some(Ending::Void) => GameStatus::Void,
            None if self.ending || self.board.closed || !self.plays_open_now() => GameStatus::Closed,
            None => GameStatus::Open,
        }
    }

    fn card_id(&self, i: usize) -> String {
        format!("{}-{}", self.news.match_id, i + 1)
    }

    fn card_data(&self, board: &Board, i: usize, totals: [u32; 3]) -> CardData {
        let players = board.cards[i].players.clone();
        CardData {
            id: self.card_id(i),
            player1: players.as_ref().map(|p| p[0].clone()),
            player2: players.map(|p| p[1].clone()),
            total_runs: totals[i],
            is_winner: self.winner == Some(i),
        }
    }

    fn card_view(&self, board: &Board, i: usize, totals: [u32; 3]) -> CardView {
        let data = self.card_data(board, i, totals);
        let card = &board.cards[i];
        CardView {
            id: data.id.clone(),
            card: i + 1,
            player1: data.player1.clone(),
            player2: data.player2.clone(),
            total_runs: totals[i],
            people_played: card.entries.len(),
            total_stake: Paise::new(card.entries.iter().map(|e| e.stake.get()).sum()),
            is_winner: data.is_winner,
            locked: card.players.is_some(),
            user: self.entries.iter().filter(|e| e.card == i).map(|e| e.name.clone()).collect(),
            cards: [data],
        }
    }

    fn view(&self) -> BoardView {
        let totals = self.totals();
        let status = self.status();
        BoardView {
            success: true,
            match_id: self.news.match_id,
            match_name: self.news.name.clone(),
            score_iframe: format!("/score/{}", self.news.match_id),
            match_status: self.news.status,
            status,
            plays_open: status == GameStatus::Open,
            closes_at: CLOSES_AT.into(),
            cards: (0..rules::CARDS).map(|i| self.card_view(&self.board, i, totals)).collect(),
            winner_card: self.winner.map(|w| w + 1),
        }
    }

    fn entry_view(&self, e: &Entry, totals: [u32; 3]) -> EntryView {
        EntryView {
            id: e.id,
            card: self.card_id(e.card),
            card_no: e.card + 1,
            card_data: self.card_data(&self.board, e.card, totals),
            user_array: [e.name.clone()],
            betpoints: e.stake,
            profit: match e.status {
                EntryStatus::Held => e.stake,
                EntryStatus::Won => Paise::new(e.payout.get() - e.stake.get()),
                EntryStatus::Lost | EntryStatus::Returned => Paise::ZERO,
            },
            payout: e.payout,
            status: e.status,
            created_at: e.created_at,
        }
    }

    /// Pushes the board to the room when its totals or status changed (`always`: plays changed).
    fn show(&mut self, always: bool) {
        let now = (self.totals(), self.status());
        if always || self.shown != Some(now) {
            self.shown = Some(now);
            self.outbox.queue(&self.view());
            self.outbox.flush();
        }
    }

    /// Checks a play against the board as it is; returns the board it would make and whether it locks its card.
    fn check(&self, m: &PlayMsg) -> Result<(Board, bool), ParchiError> {
        if self.status() != GameStatus::Open {
            return Err(Refusal::Closed.into());
        }
        let squad: Vec<String> = self.news.players.iter().map(|p| p.name.clone()).collect();
        let locks = self.board.cards.get(m.card).is_some_and(|c| c.players.is_none());
        let mut next = self.board.clone();
        next.play(Play { card: m.card, players: m.players.clone(), user: m.user, stake: m.stake }, &squad)?;
        Ok((next, locks))
    }

    /// Closes plays once the match has reached its first ball (or is over); a game whose cards are not all locked then
    /// is void at once. Runs in order with the plays, so none is taken after it.
    fn close_if_due(&mut self, ctx: &mut Context<Self>) {
        if self.board.closed || self.ending || self.ended.is_some() || self.plays_open_now() {
            return;
        }
        let at_close = self.board.close();
        tracing::info!(match_id = self.news.match_id, ?at_close, "three-card plays closed at the first ball");
        if at_close == AtClose::Void {
            self.end(Ending::Void, ctx);
        }
    }

    /// Stops the game once it has lingered, when its match is over and its result recorded.
    fn linger_if_over(&mut self, ctx: &mut Context<Self>) {
        if self.lingering || self.ended.is_none() || self.news.status != MatchStatus::Finished {
            return;
        }
        self.lingering = true;
        ctx.run_later(self.deps.config.linger, |_, ctx| ctx.stop());
    }

    /// Records the end (or the void at the first ball), applies its settles, then shows the result (and lingers once
    /// the match is over).
    fn end(&mut self, ending: Ending, ctx: &mut Context<Self>) {
        if self.ending || self.ended.is_some() {
            return;
        }
        self.ending = true;
        self.board.closed = true;
        let totals = self.totals();
        let winner = if ending == Ending::Finished { rules::winner(&self.board, totals) } else { None };
        // `settle` lists payouts card by card, each card's entries in the order taken: so do the ids.
        let ids = (0..rules::CARDS).flat_map(|c| self.entries.iter().filter(move |e| e.card == c).map(|e| e.id));
        let payouts: Vec<(i64, rules::Payout)> = ids.zip(rules::settle(&self.board, totals, ending)).collect();
        let (db, wallet, match_id, now) =
            (self.deps.db.clone(), self.deps.wallet.clone(), self.news.match_id, self.deps.clock.now_ms());
        let recorded = payouts.clone();
        let work = async move {
            let end = End { match_id, abandoned: ending == Ending::Abandoned, winner, totals, payouts: &recorded, now };
            if ending == Ending::Void {
                retry_transient("recording a void three-card game", || store::record_void(&db, &end)).await?;
            } else {
                retry_transient("recording a three-card game's end", || store::record_end(&db, &end)).await?;
            }
            let owner = store::owner(match_id);
            retry_transient("paying a three-card game", || intents::resume(&db, &wallet, &owner, now)).await
        };
        self.show(false);
        ctx.wait(work.into_actor(self).map(move |res, act, ctx| {
            if let Err(e) = res {
                tracing::error!(match_id, ?ending, error = %e, "a three-card game's settlement failed; it resumes at start-up");
            }
            act.ending = false;
            act.ended = Some(ending);
            act.winner = winner;
            for (id, p) in &payouts {
                if let Some(e) = act.entries.iter_mut().find(|e| e.id == *id) {
                    e.payout = p.paid;
                    e.status = match p.paid.cmp(&p.stake) {
                        std::cmp::Ordering::Greater => EntryStatus::Won,
                        std::cmp::Ordering::Equal => EntryStatus::Returned,
                        std::cmp::Ordering::Less => EntryStatus::Lost,
                    };
                }
            }
            act.show(true);
            // Ended by the match or an operator, the game has nothing left to show but its result; a void one stays
            // to be seen until its match is over.
            if ending != Ending::Void {
                act.lingering = true;
                ctx.run_later(act.deps.config.linger, |_, ctx| ctx.stop());
            } else {
                act.linger_if_over(ctx);
            }
        }));
    }
}

/// The room a match's game is pushed to.
pub fn room(match_id: i64) -> String {
    format!("parchi:{match_id}")
}

impl Handler<MatchNews> for ParchiTable {
    type Result = ();
    fn handle(&mut self, news: MatchNews, ctx: &mut Self::Context) {
        let finished = news.status == MatchStatus::Finished;
        self.news = news;
        self.close_if_due(ctx);
        if finished {
            // A void game was settled at the first ball: nothing is left to pay.
            self.end(Ending::Finished, ctx);
            self.linger_if_over(ctx);
        }
        self.show(false);
    }
}

/// A play: stake on a card, picking its two players when it is empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayMsg {
    pub user: UserId,
    /// The player's display name (shown masked).
    pub name: String,
    /// 0 to 2.
    pub card: usize,
    pub players: Option<[String; 2]>,
    pub stake: Paise,
}
impl Message for PlayMsg {
    type Result = Result<Played, ParchiError>;
}

impl Handler<PlayMsg> for ParchiTable {
    type Result = AtomicResponse<Self, Result<Played, ParchiError>>;

    fn handle(&mut self, m: PlayMsg, _: &mut Self::Context) -> Self::Result {
        let checked = self.check(&m);
        let (db, wallet, now) = (self.deps.db.clone(), self.deps.wallet.clone(), self.deps.clock.now_ms());
        let (match_id, match_name) = (self.news.match_id, self.news.name.clone());
        let work = async move {
            let (next, locks) = checked?;
            let balance = crate::wallet::shard::balances(&db, m.user).await.map_err(unavailable)?.balance;
            if balance < m.stake {
                return Err(ParchiError::InsufficientBalance);
            }
            let players = next.cards[m.card].players.clone();
            let play = NewPlay {
                match_id,
                match_name: &match_name,
                card: m.card,
                user: m.user,
                stake: m.stake,
                locks: players.as_ref().filter(|_| locks),
                now,
            };
            let id = retry_transient("recording a three-card play", || store::record_play(&db, &play))
                .await
                .map_err(unavailable)?;
            let hold = apply_until_final(&wallet, store::hold(match_id, id, m.user, m.stake)).await;
            // Once held, the play is taken even if this write fails: the end settles it and recovery closes the row.
            let closed = retry_transient("closing a three-card play", || store::play_held(&db, id, hold.is_ok())).await;
            match hold {
                Ok(r) => {
                    if let Err(e) = closed {
                        tracing::error!(entry = id, error = %e, "a held three-card play stays pending until restart");
                    }
                    Ok((next, id, m, r))
                }
                Err(WalletError::InsufficientBalance) => Err(ParchiError::InsufficientBalance),
                Err(WalletError::Limited(r)) => Err(ParchiError::Limited(r)),
                Err(e) => Err(unavailable(e)),
            }
        };
        AtomicResponse::new(Box::pin(work.into_actor(self).map(move |res, act, _| {
            let (next, id, m, r) = res?;
            act.board = next;
            let name = crate::aviator::wire::mask(&m.name);
            let entry = Entry {
                id,
                card: m.card,
                name,
                stake: m.stake,
                status: EntryStatus::Held,
                payout: Paise::ZERO,
                created_at: now,
            };
            act.entries.push(entry.clone());
            act.show(true);
            Ok(Played {
                success: true,
                message: "Players selected and bet placed successfully!".into(),
                entry: act.entry_view(&entry, act.totals()),
                board: act.view(),
                balance: r.balance,
                exposure_balance: r.exposure,
            })
        })))
    }
}

/// A question about the game, answered at once from its state, which it leaves as it was.
pub trait Query: Message {
    fn answer(self, table: &ParchiTable) -> Self::Result;
}

impl<Q: Query> Handler<Q> for ParchiTable {
    type Result = MessageResult<Q>;
    fn handle(&mut self, q: Q, _: &mut Self::Context) -> MessageResult<Q> {
        MessageResult(q.answer(self))
    }
}

/// Checks a play without taking it: the card as it would be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Message)]
#[rtype(result = "Result<CardView, ParchiError>")]
pub struct CheckPlay(pub PlayMsg);

impl Query for CheckPlay {
    fn answer(self, t: &ParchiTable) -> Result<CardView, ParchiError> {
        let card = self.0.card;
        t.check(&self.0).map(|(next, _)| t.card_view(&next, card, next.totals(&t.runs())))
    }
}

/// The board now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Message)]
#[rtype(result = "BoardView")]
pub struct View;

impl Query for View {
    fn answer(self, t: &ParchiTable) -> BoardView {
        t.view()
    }
}

/// Every play, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Message)]
#[rtype(result = "EntryList")]
pub struct Entries;

impl Query for Entries {
    fn answer(self, t: &ParchiTable) -> EntryList {
        let totals = t.totals();
        let entries = t.entries.iter().map(|e| t.entry_view(e, totals)).collect();
        EntryList { success: true, match_id: t.news.match_id, entries }
    }
}

/// The match's cricket players, their runs, and whether each is on a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Message)]
#[rtype(result = "Vec<PlayerView>")]
pub struct Players;

impl Query for Players {
    fn answer(self, t: &ParchiTable) -> Vec<PlayerView> {
        let on_cards: Vec<&String> = t.board.cards.iter().filter_map(|c| c.players.as_ref()).flatten().collect();
        let n = &t.news;
        n.players
            .iter()
            .map(|p| PlayerView {
                playername: p.name.clone(),
                score: p.runs,
                team: p.team,
                team_name: n.teams.get(p.team).cloned().unwrap_or_default(),
                taken: on_cards.contains(&&p.name),
                match_id: n.match_id,
                match_name: n.name.clone(),
            })
            .collect()
    }
}

/// An operator abandons the game: every stake is returned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abandon;
impl Message for Abandon {
    type Result = ();
}

impl Handler<Abandon> for ParchiTable {
    type Result = ();
    fn handle(&mut self, _: Abandon, ctx: &mut Self::Context) {
        self.end(Ending::Abandoned, ctx);
    }
}
