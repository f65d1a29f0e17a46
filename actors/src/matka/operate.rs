//! What an operator asks of the Matka desk: a declared market's result ([`Declare`]) and its correction ([`Correct`]),
//! a new market or a change to one ([`SaveMarket`]), and the settings (rates, points) for the bids to come ([`View`],
//! [`Configure`]). A result or a correction is refused while a hold or a settle is in flight on its draw.

use super::desk::{MatkaDesk, MatkaError, unavailable};
use super::rules::{MatkaSettings, Panna};
use super::schedule::Schedule;
use super::settle::{self, Corrected, Part};
use super::store::{self, DrawRow, Market, Mode};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::store::save_setting;
use crate::table::operate::{OperateError, merged};
use crate::wallet::{WalletError, intents};
use actix::prelude::*;
use serde_json::Value;

/// An operator's result for a declared market's draw.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Declare {
    pub market: i64,
    pub draw: i64,
    pub panna: Panna,
    /// The close result (else the open one).
    pub close: bool,
    pub by: UserId,
}
impl Message for Declare {
    type Result = Result<(), MatkaError>;
}

/// An operator's correction of a declared result (see [`settle::correct_result`]).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Correct {
    pub market: i64,
    pub draw: i64,
    pub panna: Panna,
    pub close: bool,
}
impl Message for Correct {
    type Result = Result<Corrected, MatkaError>;
}

/// A new market, or a change to one (`id`): a schedule change applies from its next draw.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SaveMarket {
    pub id: Option<i64>,
    pub name: Option<String>,
    pub schedule: Option<Schedule>,
    pub mode: Option<Mode>,
    pub active: Option<bool>,
}
impl Message for SaveMarket {
    type Result = Result<Market, MatkaError>;
}

/// The settings (rates, points), and changes to them (from the next bid).
#[derive(serde::Serialize, serde::Deserialize)]
pub struct View;
impl Message for View {
    type Result = MatkaSettings;
}
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Configure(pub Value);
impl Message for Configure {
    type Result = Result<MatkaSettings, OperateError>;
}

fn refused(why: &str) -> MatkaError {
    MatkaError::Declare(why.to_string())
}

impl MatkaDesk {
    /// Why an operator may not give `market`'s draws a result: it must be a declared market (`drawn`: what to say of
    /// a drawn one).
    fn not_declared(&self, market: i64, drawn: &'static str) -> Option<&'static str> {
        match self.markets.iter().find(|m| m.id == market) {
            None => Some("No such market"),
            Some(m) if m.mode != Mode::Declared => Some(drawn),
            Some(_) => None,
        }
    }

    /// A hold or a settle is in flight on draw `key`: a result waits for it.
    fn busy(&self, key: (i64, i64)) -> bool {
        self.draws.get(&key).is_some_and(|d| d.holds > 0 || d.settling)
    }
}

/// Why a draw cannot take this result yet: the open one first, each once, after its session stopped taking bids.
fn out_of_turn(row: &DrawRow, close: bool, now: EpochMs) -> Option<&'static str> {
    match (close, row.open, row.close) {
        (false, Some(_), _) => Some("The open result is already declared"),
        (false, None, _) if now < row.draw.opens_at => Some("The open session is still taking bids"),
        (true, None, _) => Some("Declare the open result first"),
        (true, _, Some(_)) => Some("The close result is already declared"),
        (true, _, None) if now < row.draw.closes_at => Some("The close session is still taking bids"),
        _ => None,
    }
}

impl Handler<Declare> for MatkaDesk {
    type Result = ResponseFuture<Result<(), MatkaError>>;

    fn handle(&mut self, d: Declare, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let key = (d.market, d.draw);
        let why = self
            .not_declared(d.market, "This market's results are drawn by the server")
            .or_else(|| match self.draws.get(&key) {
                None => Some("No such draw in play"),
                Some(live) => out_of_turn(&live.row, d.close, now),
            })
            .or_else(|| self.busy(key).then_some("Bids are still being placed on this draw; try again in a moment"));
        if let Some(why) = why {
            let e = refused(why);
            return Box::pin(async move { Err(e) });
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.settle(key, Part::of(d.close, d.panna), Some(d.by), Some(tx), ctx);
        Box::pin(async move { rx.await.unwrap_or(Err(MatkaError::Unavailable)) })
    }
}

impl Handler<Correct> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<Corrected, MatkaError>>;

    fn handle(&mut self, c: Correct, _: &mut Self::Context) -> Self::Result {
        let key = (c.market, c.draw);
        let why = self.not_declared(c.market, "A drawn result is its seed's: it cannot be corrected").or_else(|| {
            self.busy(key).then_some("Bids are still being placed or settled on this draw; try again in a moment")
        });
        if let Some(why) = why {
            let e = refused(why);
            return Box::pin(async move { Err(e) }.into_actor(self));
        }
        if let Some(live) = self.draws.get_mut(&key) {
            live.settling = true;
        }
        let part = Part::of(c.close, c.panna);
        let (db, wallet, now) = (self.db.clone(), self.wallet.clone(), self.clock.now_ms());
        let work = async move {
            let done = settle::correct_result(&db, key.0, key.1, part, now).await?;
            if let Some(d) = &done {
                intents::resume(&db, &wallet, &d.owner, now).await?;
            }
            Ok::<_, WalletError>((done, store::draw(&db, key.0, key.1).await?))
        };
        Box::pin(work.into_actor(self).map(move |res, act, _| {
            if let Some(live) = act.draws.get_mut(&key) {
                live.settling = false;
            }
            let (done, row) = res.map_err(unavailable)?;
            let done = done.ok_or_else(|| refused("Only a declared result can be corrected"))?;
            if let Some(row) = row {
                act.took_result(key, row);
            }
            let now = act.clock.now_ms();
            act.show(now);
            Ok(done)
        }))
    }
}

impl Handler<SaveMarket> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<Market, MatkaError>>;

    fn handle(&mut self, s: SaveMarket, _: &mut Self::Context) -> Self::Result {
        let base = match s.id {
            Some(id) => match self.markets.iter().find(|m| m.id == id) {
                Some(m) => m.clone(),
                None => return Box::pin(async { Err(MatkaError::UnknownMarket) }.into_actor(self)),
            },
            None => Market {
                id: 0,
                name: String::new(),
                schedule: Schedule::Every { seconds: 300 },
                mode: s.mode.unwrap_or(Mode::Declared),
                active: true,
            },
        };
        let m = Market {
            name: s.name.map(|n| n.trim().to_string()).unwrap_or(base.name.clone()),
            schedule: s.schedule.unwrap_or(base.schedule),
            active: s.active.unwrap_or(base.active),
            ..base
        };
        let invalid = if m.name.is_empty() || m.name.chars().count() > 40 {
            Some("A market's name is 1 to 40 characters".to_string())
        } else if s.id.is_some() && s.mode.is_some_and(|mode| mode != m.mode) {
            Some("A market's result mode cannot change: create a new market".to_string())
        } else {
            m.schedule.check().err()
        };
        if let Some(why) = invalid {
            return Box::pin(async move { Err(MatkaError::Invalid(why)) }.into_actor(self));
        }
        let (db, now, new) = (self.db.clone(), self.clock.now_ms(), s.id.is_none());
        let saved = m.clone();
        let work = async move {
            if new {
                store::create_market(&db, &saved.name, &saved.schedule, saved.mode, now).await
            } else {
                Ok(store::update_market(&db, &saved).await?.then_some(saved))
            }
        };
        Box::pin(work.into_actor(self).map(|res, act, _| {
            let m = res.map_err(unavailable)?.ok_or_else(|| MatkaError::Invalid("That name is taken".into()))?;
            match act.markets.iter_mut().find(|x| x.id == m.id) {
                Some(x) => *x = m.clone(),
                None => act.markets.push(m.clone()),
            }
            Ok(m)
        }))
    }
}

impl Handler<View> for MatkaDesk {
    type Result = Response<MatkaSettings>;
    fn handle(&mut self, _: View, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.settings.clone())
    }
}

impl Handler<Configure> for MatkaDesk {
    type Result = ResponseActFuture<Self, Result<MatkaSettings, OperateError>>;
    fn handle(&mut self, m: Configure, _: &mut Self::Context) -> Self::Result {
        let next = match merged(&self.settings, &m.0, MatkaSettings::check) {
            Ok(s) => s,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        let (db, text) = (self.db.clone(), serde_json::to_string(&next).unwrap_or_default());
        Box::pin(async move { save_setting(&db, "matka.settings", text).await }.into_actor(self).map(
            move |res, act, _| {
                res?;
                act.settings = next;
                Ok(act.settings.clone())
            },
        ))
    }
}

crate::timed_handlers!(MatkaDesk: Declare, Correct, SaveMarket, View, Configure);

crate::remote!(
    Declare => "matka.declare",
    Correct => "matka.correct",
    SaveMarket => "matka.save_market",
    View => "matka.view",
    Configure => "matka.configure",
);
