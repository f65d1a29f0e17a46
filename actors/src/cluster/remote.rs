//! An actor's messages over NATS request/reply. The owner of a resource serves its subject
//! (`casino.actor.{resource}`) while it holds the lease; a [`Route`] asks the local actor when this node is the owner,
//! else sends the message to the subject with a deadline. No responder (the lease is changing hands) and a missed
//! deadline both answer `MailboxError`, as a stopped local actor would.

use crate::observe::{Probed, Timed};
use actix::dev::ToEnvelope;
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

const MESSAGE_HEADER: &str = "casino-msg";

/// The connection to NATS and this node's name on it.
#[derive(Clone)]
pub struct Bus {
    pub client: async_nats::Client,
    pub node: Arc<str>,
    /// How long a command to another node may take.
    pub deadline: Duration,
}

impl Bus {
    /// Connects; after a loss the client reconnects by itself, forever. Fails when the server cannot be reached now.
    pub async fn connect(url: &str, node: &str, deadline: Duration) -> Result<Bus, async_nats::ConnectError> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("casino-{node}"))
            .max_reconnects(None)
            .connection_timeout(Duration::from_secs(3))
            .event_callback(|event| async move {
                tracing::info!(%event, "nats");
            })
            .connect(url)
            .await?;
        Ok(Bus { client, node: Arc::from(node), deadline })
    }

    /// Sends `msg` to whoever serves `subject` and waits for the answer.
    pub async fn ask<M: Remote>(&self, subject: &str, msg: &M) -> Result<M::Result, MailboxError> {
        let payload = serde_json::to_vec(msg).map_err(|_| MailboxError::Closed)?;
        let mut headers = HeaderMap::new();
        headers.insert(MESSAGE_HEADER, M::NAME);
        let request = Request::new().payload(payload.into()).headers(headers).timeout(Some(self.deadline));
        metrics::counter!("casino_cluster_requests_total", "message" => M::NAME).increment(1);
        let answer = self.client.send_request(subject.to_string(), request).await.map_err(|e| {
            metrics::counter!("casino_cluster_request_failures_total", "message" => M::NAME).increment(1);
            match e.kind() {
                async_nats::RequestErrorKind::TimedOut => MailboxError::Timeout,
                _ => MailboxError::Closed,
            }
        })?;
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
        A: Handler<Timed<M>>,
        A::Context: ToEnvelope<A, Timed<M>>,
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
        A: Handler<Timed<M>>,
        A::Context: ToEnvelope<A, Timed<M>>,
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
    pub async fn send<M>(&self, msg: M) -> Result<M::Result, MailboxError>
    where
        M: Message + Send + 'static,
        M::Result: Send,
        A: Handler<Timed<M>>,
        A::Context: ToEnvelope<A, Timed<M>>,
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
        let (client, dispatch) = (bus.client.clone(), self.dispatch.clone());
        Ok(actix::spawn(async move {
            while let Some(request) = requests.next().await {
                let Some(reply) = request.reply.clone() else { continue };
                let name = request.headers.as_ref().and_then(|h| h.get(MESSAGE_HEADER)).map(|v| v.to_string());
                let Some(handle) = name.as_deref().and_then(|n| dispatch.handlers.get(n)) else {
                    let unknown: Result<(), String> = Err("unknown message".into());
                    let _ = client.publish(reply, serde_json::to_vec(&unknown).unwrap_or_default().into()).await;
                    continue;
                };
                let answer = handle(addr.clone(), &request.payload);
                let client = client.clone();
                actix::spawn(async move {
                    let _ = client.publish(reply, answer.await.into()).await;
                });
            }
        }))
    }
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
