//! The Mines desk as the operators' console sees it ([`View`]) and what it may change: the settings for the games that
//! start from now on ([`Configure`]) and whether new games may start ([`Suspend`]; games in play go on). Changes are
//! stored before they are answered, so they survive a restart.

use super::desk::MinesDesk;
use super::rules::MinesSettings;
use crate::money::Paise;
use crate::store::save_setting;
use crate::table::operate::{OperateError, merged};
use actix::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

const SETTINGS_KEY: &str = "mines.settings";
const SUSPENDED_KEY: &str = "mines.suspended";

/// The desk as the operators' console shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeskView {
    pub settings: MinesSettings,
    pub suspended: bool,
    pub open_games: usize,
    pub held: Paise,
}

#[derive(Serialize, Deserialize)]
pub struct View;
impl Message for View {
    type Result = DeskView;
}
crate::remote!(View => "mines.view");

/// Settings for the games that start from now on (`changes`: some of the settings' fields, as JSON).
#[derive(Serialize, Deserialize)]
pub struct Configure(pub Value);
impl Message for Configure {
    type Result = Result<DeskView, OperateError>;
}
crate::remote!(Configure => "mines.configure");

/// No new games (games in play go on), or new games again.
#[derive(Serialize, Deserialize)]
pub struct Suspend(pub bool);
impl Message for Suspend {
    type Result = Result<DeskView, OperateError>;
}
crate::remote!(Suspend => "mines.suspend");

impl MinesDesk {
    fn view(&self) -> DeskView {
        DeskView {
            settings: self.settings.clone(),
            suspended: self.suspended,
            open_games: self.live.len(),
            held: Paise::new(self.live.values().map(|l| l.game.stake.get()).sum()),
        }
    }
}

impl Handler<View> for MinesDesk {
    type Result = Response<DeskView>;
    fn handle(&mut self, _: View, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.view())
    }
}

impl Handler<Configure> for MinesDesk {
    type Result = ResponseActFuture<Self, Result<DeskView, OperateError>>;
    fn handle(&mut self, m: Configure, _: &mut Self::Context) -> Self::Result {
        let next = match merged(&self.settings, &m.0, MinesSettings::check) {
            Ok(s) => s,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        let (db, text) = (self.db.clone(), serde_json::to_string(&next).unwrap_or_default());
        Box::pin(async move { save_setting(&db, SETTINGS_KEY, text).await }.into_actor(self).map(move |res, act, _| {
            res?;
            tracing::info!(settings = ?next, "mines settings changed by an operator, for the games that start from now");
            act.settings = next;
            Ok(act.view())
        }))
    }
}

impl Handler<Suspend> for MinesDesk {
    type Result = ResponseActFuture<Self, Result<DeskView, OperateError>>;
    fn handle(&mut self, m: Suspend, _: &mut Self::Context) -> Self::Result {
        let db = self.db.clone();
        Box::pin(async move { save_setting(&db, SUSPENDED_KEY, m.0.to_string()).await }.into_actor(self).map(
            move |res, act, _| {
                res?;
                act.suspended = m.0;
                Ok(act.view())
            },
        ))
    }
}

crate::timed_handlers!(MinesDesk: View, Configure, Suspend);
