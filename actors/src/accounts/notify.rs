//! Where one-time codes go. A `Notifier` hands a code to a real channel without making the request wait:
//! `WebhookNotifier` posts a signed JSON body to a configured gateway (the way SMS and e-mail providers
//! are called), retrying with backoff on a background task. `LogNotifier` writes codes to the log and exists
//! only when configured for development. `NoNotifier` sends nothing: only operator-issued codes work.

use super::User;
use crate::clock::EpochMs;
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde_json::json;
use sha2::Sha256;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

pub trait Notifier: Send + Sync + 'static {
    /// Hands `code` to the channel; returns at once (delivery happens in the background).
    fn send_reset_code(&self, user: &User, code: &str, expires_at: EpochMs);
    /// False when codes cannot reach a player: the public reset path then issues none.
    fn delivers(&self) -> bool {
        true
    }
}

/// No channel configured: codes are not sent (an operator issues them instead).
pub struct NoNotifier;

impl Notifier for NoNotifier {
    fn send_reset_code(&self, _: &User, _: &str, _: EpochMs) {}
    fn delivers(&self) -> bool {
        false
    }
}

/// Development only (`CASINO_NOTIFIER=log`): every code is written to the log.
pub struct LogNotifier;

impl Notifier for LogNotifier {
    fn send_reset_code(&self, user: &User, code: &str, _: EpochMs) {
        tracing::warn!(user_id = %user.id, user_no = user.user_no, code, "DEVELOPMENT log notifier: reset code");
    }
}

/// Which channel carries codes (`CASINO_NOTIFIER`).
#[derive(Clone, Default)]
pub enum NotifierConfig {
    #[default]
    Disabled,
    Log,
    Webhook(WebhookConfig),
}

#[derive(Clone)]
pub struct WebhookConfig {
    pub url: String,
    /// The HMAC-SHA256 key of the `X-Casino-Signature` header.
    pub secret: String,
    /// Deliveries tried per code (the first and the retries).
    pub attempts: u32,
    /// Wait before the first retry; doubles for each next one.
    pub backoff: Duration,
}

impl WebhookConfig {
    pub fn new(url: impl Into<String>, secret: impl Into<String>) -> Self {
        WebhookConfig { url: url.into(), secret: secret.into(), attempts: 4, backoff: Duration::from_millis(500) }
    }
}

// The secret never reaches a log through `{:?}`.
impl fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebhookConfig").field("url", &self.url).field("secret", &"<redacted>").finish()
    }
}

impl fmt::Debug for NotifierConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotifierConfig::Disabled => f.write_str("Disabled"),
            NotifierConfig::Log => f.write_str("Log"),
            NotifierConfig::Webhook(w) => f.debug_tuple("Webhook").field(w).finish(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum NotifierSetupError {
    #[error("CASINO_NOTIFIER=webhook needs CASINO_NOTIFIER_WEBHOOK_URL (http:// or https://)")]
    Url,
    #[error("CASINO_NOTIFIER=webhook needs CASINO_NOTIFIER_WEBHOOK_SECRET (at least 16 characters)")]
    Secret,
    #[error("webhook client: {0}")]
    Client(#[from] reqwest::Error),
}

/// Builds the configured notifier and says once, at start-up, what happens to codes.
/// Must run inside a tokio runtime (the webhook's sender is a background task).
pub fn from_config(config: &NotifierConfig) -> Result<Arc<dyn Notifier>, NotifierSetupError> {
    match config {
        NotifierConfig::Disabled => {
            tracing::info!("no notifier configured (CASINO_NOTIFIER): reset codes are not sent; operators issue them");
            Ok(Arc::new(NoNotifier))
        }
        NotifierConfig::Log => {
            tracing::warn!(
                "CASINO_NOTIFIER=log: PASSWORD-RESET CODES ARE WRITTEN TO THE LOG. Development only; \
                 never run a deployment like this"
            );
            Ok(Arc::new(LogNotifier))
        }
        NotifierConfig::Webhook(w) => {
            let n = WebhookNotifier::start(w.clone())?;
            tracing::info!(url = %w.url, "reset codes go to the webhook");
            Ok(Arc::new(n))
        }
    }
}

/// One code to deliver: the body is built and signed once, so every retry sends the same bytes.
struct Delivery {
    body: Vec<u8>,
    signature: String,
    user_id: i64,
}

pub struct WebhookNotifier {
    queue: mpsc::Sender<Delivery>,
    secret: Vec<u8>,
}

/// Codes waiting for the sender; past this a code is dropped (logged) rather than holding the request.
const QUEUE: usize = 1024;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Hex HMAC-SHA256 of `body` under `secret`, as sent in `X-Casino-Signature: sha256=<hex>`.
pub fn signature(secret: &[u8], body: &[u8]) -> String {
    // HMAC takes a key of any length, so this cannot fail.
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

impl WebhookNotifier {
    pub fn start(config: WebhookConfig) -> Result<Self, NotifierSetupError> {
        let url_ok = config.url.starts_with("https://") || config.url.starts_with("http://");
        if !url_ok {
            return Err(NotifierSetupError::Url);
        }
        if config.secret.len() < 16 {
            return Err(NotifierSetupError::Secret);
        }
        let client = reqwest::Client::builder().timeout(REQUEST_TIMEOUT).build()?;
        let (queue, mut rx) = mpsc::channel::<Delivery>(QUEUE);
        let secret = config.secret.as_bytes().to_vec();
        let config = Arc::new(config);
        tokio::spawn(async move {
            while let Some(d) = rx.recv().await {
                // Each code retries on its own, so one slow gateway answer does not hold the others back.
                tokio::spawn(deliver(client.clone(), config.clone(), d));
            }
        });
        Ok(WebhookNotifier { queue, secret })
    }
}

async fn deliver(client: reqwest::Client, config: Arc<WebhookConfig>, d: Delivery) {
    let mut wait = config.backoff;
    for attempt in 1..=config.attempts.max(1) {
        let sent = client
            .post(&config.url)
            .header("content-type", "application/json")
            .header("x-casino-event", "password_reset_code")
            .header("x-casino-signature", format!("sha256={}", d.signature))
            .body(d.body.clone())
            .send()
            .await;
        let retry = match sent {
            Ok(r) if r.status().is_success() => {
                tracing::info!(user_id = d.user_id, attempt, "reset code delivered to the webhook");
                return;
            }
            // A gateway that refuses the request itself will refuse it again; busy or failing ones may not.
            Ok(r) => {
                let s = r.status();
                tracing::warn!(user_id = d.user_id, attempt, status = %s, "reset-code webhook refused");
                s.is_server_error() || s.as_u16() == 408 || s.as_u16() == 429
            }
            Err(e) => {
                tracing::warn!(user_id = d.user_id, attempt, error = %e.without_url(), "reset-code webhook failed");
                true
            }
        };
        if !retry || attempt == config.attempts {
            break;
        }
        tokio::time::sleep(wait).await;
        wait = wait.saturating_mul(2);
    }
    tracing::error!(user_id = d.user_id, "reset code NOT delivered: the player must ask an operator");
}

impl Notifier for WebhookNotifier {
    fn send_reset_code(&self, user: &User, code: &str, expires_at: EpochMs) {
        let mut id = [0u8; 16];
        rand::rng().fill_bytes(&mut id);
        let body = json!({
            "event": "password_reset_code",
            "id": hex::encode(id),
            "userId": user.id.0,
            "userNo": user.user_no,
            "name": user.name,
            "phone": user.phone,
            "email": user.email,
            "code": code,
            "expiresAt": expires_at,
        })
        .to_string()
        .into_bytes();
        let signature = signature(&self.secret, &body);
        if self.queue.try_send(Delivery { body, signature, user_id: user.id.0 }).is_err() {
            tracing::error!(user_id = user.id.0, "reset-code queue full: code dropped");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_is_hex_hmac_sha256_of_the_body() {
        // RFC 4231 test case 2.
        let s = signature(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(s, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }

    #[test]
    fn the_secret_is_never_printed() {
        let c = NotifierConfig::Webhook(WebhookConfig::new("https://sms.example/hook", "very-secret-value-123"));
        let shown = format!("{c:?}");
        assert!(shown.contains("sms.example") && !shown.contains("very-secret"), "{shown}");
    }
}
