//! What an operator does to a round table: read its settings, change them for the rounds to come (taken when the
//! next round opens, never mid-round), suspend it (the round in play ends as usual; no new round opens) and resume
//! it. Both survive a restart (`settings`: `{game}.settings` as JSON, `{game}.suspended`).

use super::actor::RoundTable;
use super::game::GameSettings;
use super::wire::RoundWire;
use crate::store::{Db, load_setting, save_setting};
use crate::wallet::WalletError;
use actix::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Debug;

/// The table as the console shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub round: i64,
    pub phase: String,
    pub suspended: bool,
    /// The settings of the round in play, and those the next round will take, as JSON.
    pub current: Value,
    pub pending: Option<Value>,
}

#[derive(Debug, thiserror::Error, Serialize, Deserialize)]
pub enum OperateError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Storage(#[from] WalletError),
}

#[derive(Serialize, Deserialize)]
pub struct View;
impl Message for View {
    type Result = TableView;
}
crate::remote!(View => "round.view");

/// Settings for the next round: `changes` (some of the settings' fields, as JSON) over what the next round would
/// play by.
#[derive(Serialize, Deserialize)]
pub struct Configure(pub Value);
impl Message for Configure {
    type Result = Result<TableView, OperateError>;
}
crate::remote!(Configure => "round.configure");

#[derive(Serialize, Deserialize)]
pub struct Suspend(pub bool);
impl Message for Suspend {
    type Result = Result<TableView, OperateError>;
}
crate::remote!(Suspend => "round.suspend");

/// What an operator stored for `game`: its settings (if any, and if `check` passes) and whether it is suspended.
pub async fn load<S: DeserializeOwned + Debug>(
    db: &Db,
    game: &str,
    check: impl Fn(&S) -> Result<(), String>,
) -> Result<(Option<S>, bool), WalletError> {
    let settings = match load_setting(db, &format!("{game}.settings")).await? {
        Some(text) => match serde_json::from_str::<S>(&text) {
            Ok(s) if check(&s).is_ok() => Some(s),
            _ => {
                tracing::error!(game, "stored settings are invalid; the configured ones are used");
                None
            }
        },
        None => None,
    };
    if let Some(s) = &settings {
        tracing::info!(game, settings = ?s, "plays by the settings an operator stored");
    }
    let suspended = load_setting(db, &format!("{game}.suspended")).await?.as_deref() == Some("true");
    Ok((settings, suspended))
}

/// `base` with the fields of `changes` replaced, if `check` passes; fields the settings do not have are refused.
pub fn merged<S: Serialize + DeserializeOwned>(
    base: &S,
    changes: &Value,
    check: impl Fn(&S) -> Result<(), String>,
) -> Result<S, OperateError> {
    let mut v = serde_json::to_value(base).map_err(|e| OperateError::Invalid(e.to_string()))?;
    let (Some(target), Some(changes)) = (v.as_object_mut(), changes.as_object()) else {
        return Err(OperateError::Invalid("settings must be a JSON object".into()));
    };
    for (key, value) in changes {
        let Some(slot) = target.get_mut(key) else {
            return Err(OperateError::Invalid(format!("unknown setting `{key}`")));
        };
        match (slot.as_object_mut(), value.as_object()) {
            (Some(inner), Some(values)) => {
                for (k, x) in values {
                    let Some(s) = inner.get_mut(k) else {
                        return Err(OperateError::Invalid(format!("unknown setting `{key}.{k}`")));
                    };
                    *s = x.clone();
                }
            }
            _ => *slot = value.clone(),
        }
    }
    let settings: S = serde_json::from_value(v).map_err(|e| OperateError::Invalid(e.to_string()))?;
    check(&settings).map_err(OperateError::Invalid)?;
    Ok(settings)
}

impl<G: RoundWire> Handler<View> for RoundTable<G> {
    type Result = Response<TableView>;

    fn handle(&mut self, _: View, _: &mut Self::Context) -> Self::Result {
        Response::reply(self.view())
    }
}

impl<G: RoundWire> Handler<Configure> for RoundTable<G> {
    type Result = ResponseActFuture<Self, Result<TableView, OperateError>>;

    fn handle(&mut self, msg: Configure, _: &mut Self::Context) -> Self::Result {
        let next = match merged(self.next_settings(), &msg.0, G::Settings::check) {
            Ok(s) => s,
            Err(e) => return Box::pin(async move { Err(e) }.into_actor(self)),
        };
        let (db, text) = (self.db().clone(), serde_json::to_string(&next).unwrap_or_default());
        let key = format!("{}.settings", G::NAME);
        Box::pin(async move { save_setting(&db, &key, text).await }.into_actor(self).map(move |res, act, _| {
            res?;
            act.set_next_settings(next);
            Ok(act.view())
        }))
    }
}

impl<G: RoundWire> Handler<Suspend> for RoundTable<G> {
    type Result = ResponseActFuture<Self, Result<TableView, OperateError>>;

    fn handle(&mut self, msg: Suspend, _: &mut Self::Context) -> Self::Result {
        let db = self.db().clone();
        let key = format!("{}.suspended", G::NAME);
        Box::pin(async move { save_setting(&db, &key, msg.0.to_string()).await }.into_actor(self).map(
            move |res, act, _| {
                res?;
                act.set_suspended(msg.0);
                Ok(act.view())
            },
        ))
    }
}

crate::timed_handlers!(RoundTable<G: RoundWire>: View, Configure, Suspend);
