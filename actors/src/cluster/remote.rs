//! An actor's messages over NATS request/reply. The owner of a resource serves its subject
//! (`casino.actor.{resource}`) while it holds the lease; a [`Route`] asks the local actor when this node is the owner,
//! else sends the message to the subject with a deadline. No responder (the lease is changing hands) and a missed
//! deadline both answer `MailboxError`, as a stopped local actor would. Requests and replies are signed
//! ([`super::signed`]); an owner answers only a request that verifies, and an asker takes only a reply that verifies
//! and names its request.

use super::ClusterConfig;
use super::signed::{self, MESSAGE, REPLY_TO, Replays, Signer};
use crate::observe::{Mail, Probed, TakesTimed};
use actix::prelude::*;
use async_nats::{HeaderMap, Request};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// A message that may cross nodes: it and its answer travel as JSON, found by `NAME`.
pub trait Remote:
    Message<Result: Serialize + DeserializeOwned + Send> + Serialize + DeserializeOwned + Send + 'static
{
    const NAME: &'static str;
}

/// `remote!(PlaceBet => "aviator.place_bet", …)`: these messages may cross nodes, found by these names.
#[macro_export]
macro_rules! remote {
    ($($msg:ty => $name:literal),+ $(,)?) => {$(
        impl $crate::cluster::remote::Remote for $msg {
            const NAME: &'static str = $name;
        }
    )+};
}

/// Why a node could not join the bus.
#[derive(Debug, thiserror::Error)]
pub enum BusError {
    /// Settings refused before connecting (no secret, no authentication, a file that cannot be read).
    #[error("{0}")]
    Settings(String),
    /// NATS refused this node's credentials.
    #[error(
        "NATS at {url} refused this node's credentials (CASINO_NATS_CREDS, _NKEY, _USER/_PASSWORD, _TOKEN): {source}"
    )]
    Refused { url: String, source: async_nats::ConnectError },
    /// NATS could not be reached.
    #[error("cannot reach NATS at {url}; start it there, or unset CASINO_NATS_URL to run one node: {source}")]
    Unreachable { url: String, source: async_nats::ConnectError },
}

/// The connection to NATS, this node's name on it, and the signer of everything it sends and receives.
#[derive(Clone)]
pub struct Bus {
    pub client: async_nats::Client,
    pub node: Arc<str>,
    /// How long a command to another node may take.
    pub deadline: Duration,
    pub signer: Signer,
}

impl Bus {
    /// Connects with the cluster's authentication, TLS and secret; after a loss the client reconnects by itself,
    /// forever. Fails when the settings are refused ([`ClusterConfig::check`]) or the server cannot be reached now.
    pub async fn connect(config: &ClusterConfig) -> Result<Bus, BusError> {
        config.check().map_err(BusError::Settings)?;
        let secret = config.secret.as_ref().ok_or_else(|| BusError::Settings("no CASINO_CLUSTER_SECRET".into()))?;
        let signer = Signer::new(secret, &config.node, config.max_skew).map_err(BusError::Settings)?;
        if !config.nats.authenticated() {
            tracing::warn!(
                url = %config.nats_url,
                "INSECURE: CASINO_NATS_INSECURE=1 connects to NATS without authentication. Any client that reaches \
                 this NATS server can read every room and flood the bus; use it for local development only"
            );
        }
        let url = &config.nats_url;
        let client = config
            .nats
            .options(url, &config.node)
            .await
            .map_err(BusError::Settings)?
            .event_callback(|event| async move {
                tracing::info!(%event, "nats");
            })
            .connect(url.as_str())
            .await
            .map_err(|source| match source.kind() {
                async_nats::ConnectErrorKind::AuthorizationViolation | async_nats::ConnectErrorKind::Authentication => {
                    BusError::Refused { url: url.clone(), source }
                }
                _ => BusError::Unreachable { url: url.clone(), source },
            })?;
        Ok(Bus { client, node: Arc::from(config.node.as_str()), deadline: config.deadline, signer })
    }

    /// Sends `msg` to whoever serves `subject` and waits for the answer, signed and answering this request.
    pub async fn ask<M: Remote>(&self, subject: &str, msg: &M) -> Result<M::Result, MailboxError> {
        let payload = serde_json::to_vec(msg).map_err(|_| MailboxError::Closed)?;
        let mut headers = HeaderMap::new();
        headers.insert(MESSAGE, M::NAME);
        let nonce = self.signer.sign(subject, &mut headers, &payload);
        let request = Request::new().payload(payload.into()).headers(headers).timeout(Some(self.deadline));
        metrics::counter!("casino_cluster_requests_total", "message" => M::NAME).increment(1);
        let failed = || metrics::counter!("casino_cluster_request_failures_total", "message" => M::NAME).increment(1);
        let answer = self.client.send_request(subject.to_string(), request).await.map_err(|e| {
            failed();
            match e.kind() {
                async_nats::RequestErrorKind::TimedOut => MailboxError::Timeout,
                _ => MailboxError::Closed,
            }
        })?;
        if !self.signer.accept_reply(&answer, &nonce) {
            failed();
            return Err(MailboxError::Closed);
        }
        let answer: Result<M::Result, String> =
            serde_json::from_slice(&answer.payload).map_err(|_| MailboxError::Closed)?;
        answer.map_err(|_| MailboxError::Closed)
    }
}

type Handle<A> = Box<dyn Fn(Probed<A>, &[u8]) -> LocalBoxFuture<'static, Vec<u8>> + Send + Sync>;

/// The messages an actor answers from other nodes.
pub struct Dispatch<A: Actor> {
    handlers: HashMap<&'static str, Handle<A>>,
}

impl<A: Actor> Default for Dispatch<A> {
    fn default() -> Self {
        Dispatch { handlers: HashMap::new() }
    }
}

impl<A: Actor> Dispatch<A> {
    /// Serves `M`.
    pub fn with<M>(mut self) -> Self
    where
        M: Remote,
        A: TakesTimed<M>,
    {
        let handle: Handle<A> = Box::new(|addr: Probed<A>, body: &[u8]| {
            let msg = serde_json::from_slice::<M>(body);
            Box::pin(async move {
                let answer: Result<M::Result, String> = match msg {
                    Ok(m) => addr.send(m).await.map_err(|e| e.to_string()),
                    Err(e) => Err(format!("bad message: {e}")),
                };
                serde_json::to_vec(&answer).unwrap_or_default()
            })
        });
        self.handlers.insert(M::NAME, handle);
        self
    }
}

/// How a resource's actor is reached from this node: the local actor while this node owns it, else its subject.
pub struct Route<A: Actor> {
    subject: Arc<str>,
    local: Arc<RwLock<Option<Probed<A>>>>,
    bus: Option<Bus>,
    dispatch: Arc<Dispatch<A>>,
}

impl<A: Actor> Clone for Route<A> {
    fn clone(&self) -> Self {
        Route {
            subject: self.subject.clone(),
            local: self.local.clone(),
            bus: self.bus.clone(),
            dispatch: self.dispatch.clone(),
        }
    }
}

/// The subject a resource's owner serves.
pub fn subject(resource: &str) -> String {
    format!("casino.actor.{resource}")
}

impl<A: Actor> Route<A> {
    /// A route that is always the local actor (one node).
    pub fn local(addr: Probed<A>) -> Self {
        Route {
            subject: Arc::from(""),
            local: Arc::new(RwLock::new(Some(addr))),
            bus: None,
            dispatch: Arc::new(Dispatch::default()),
        }
    }

    /// A route to `resource` in a cluster: remote until this node starts the actor ([`Route::serve`]).
    pub fn clustered(resource: &str, bus: Bus, dispatch: Dispatch<A>) -> Self {
        Route {
            subject: Arc::from(subject(resource)),
            local: Arc::new(RwLock::new(None)),
            bus: Some(bus),
            dispatch: Arc::new(dispatch),
        }
    }

    /// The local actor, while this node runs it.
    pub fn local_addr(&self) -> Option<Probed<A>> {
        self.local.read().ok().and_then(|l| l.clone())
    }

    /// Asks the actor wherever it runs.
    pub async fn ask<M>(&self, msg: M) -> Result<M::Result, MailboxError>
    where
        M: Remote,
        A: TakesTimed<M>,
    {
        if let Some(addr) = self.local_addr() {
            return addr.send(msg).await;
        }
        match &self.bus {
            Some(bus) => bus.ask(&self.subject, &msg).await,
            None => Err(MailboxError::Closed),
        }
    }

    /// Asks the actor only if it runs on this node (a message that cannot cross nodes); else `MailboxError::Closed`,
    /// as a stopped actor answers.
    pub async fn send<M: Mail>(&self, msg: M) -> Result<M::Result, MailboxError>
    where
        A: TakesTimed<M>,
    {
        match self.local_addr() {
            Some(addr) => addr.send(msg).await,
            None => Err(MailboxError::Closed),
        }
    }

    /// A route with no actor yet, served only locally (cluster mode, before this node runs the actor).
    pub fn vacant() -> Self {
        Route {
            subject: Arc::from(""),
            local: Arc::new(RwLock::new(None)),
            bus: None,
            dispatch: Arc::new(Dispatch::default()),
        }
    }

    /// This node now runs `addr`: local asks reach it directly, and other nodes' through the subject, until the
    /// returned guard is dropped.
    pub async fn serve(&self, addr: Probed<A>) -> Result<Serving, async_nats::SubscribeError> {
        let task = match &self.bus {
            // Subscribed before the route turns local, so no request falls between.
            Some(bus) => Some(self.answer(bus, addr.clone()).await?),
            None => None,
        };
        if let Ok(mut l) = self.local.write() {
            *l = Some(addr);
        }
        let local = self.local.clone();
        let clear: Box<dyn FnOnce() + Send> = Box::new(move || {
            if let Ok(mut l) = local.write() {
                *l = None;
            }
        });
        Ok(Serving { task, local: Some(clear) })
    }

    /// Answers the subject's requests with `addr`, each beside the others.
    async fn answer(
        &self,
        bus: &Bus,
        addr: Probed<A>,
    ) -> Result<tokio::task::JoinHandle<()>, async_nats::SubscribeError> {
        let mut requests = bus.client.subscribe(self.subject.to_string()).await?;
        let (client, signer, dispatch) = (bus.client.clone(), bus.signer.clone(), self.dispatch.clone());
        Ok(actix::spawn(async move {
            while let Some(request) = requests.next().await {
                // Unsigned, forged, stale or replayed: dropped (counted), unanswered.
                if !signer.accept(&request, Replays::Refuse) {
                    continue;
                }
                let Some(reply) = request.reply.clone() else { continue };
                let headers = request.headers.as_ref();
                let nonce = headers.and_then(|h| h.get(signed::NONCE)).map(|v| v.to_string()).unwrap_or_default();
                let name = headers.and_then(|h| h.get(MESSAGE)).map(|v| v.to_string());
                let Some(handle) = name.as_deref().and_then(|n| dispatch.handlers.get(n)) else {
                    let unknown: Result<(), String> = Err("unknown message".into());
                    let body = serde_json::to_vec(&unknown).unwrap_or_default();
                    send_reply(&client, &signer, reply, &nonce, body).await;
                    continue;
                };
                let answer = handle(addr.clone(), &request.payload);
                let (client, signer) = (client.clone(), signer.clone());
                actix::spawn(async move {
                    send_reply(&client, &signer, reply, &nonce, answer.await).await;
                });
            }
        }))
    }
}

/// Publishes the answer to the request signed with `nonce`, signed and naming it.
async fn send_reply(
    client: &async_nats::Client,
    signer: &Signer,
    reply: async_nats::Subject,
    nonce: &str,
    body: Vec<u8>,
) {
    let mut headers = HeaderMap::new();
    headers.insert(REPLY_TO, nonce);
    signer.sign(&reply, &mut headers, &body);
    let _ = client.publish_with_headers(reply, headers, body.into()).await;
}

/// While held, this node serves a resource's subject; dropped, it stops serving and the route turns remote.
pub struct Serving {
    task: Option<tokio::task::JoinHandle<()>>,
    local: Option<Box<dyn FnOnce() + Send>>,
}

impl Drop for Serving {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
        if let Some(clear) = self.local.take() {
            clear();
        }
    }
}
