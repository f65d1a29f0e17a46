//! How a node connects to NATS: who it is (a credentials file, an NKey seed, a user and password, a token, or a
//! TLS client certificate) and TLS. Cluster mode refuses to start without one of these unless
//! `CASINO_NATS_INSECURE=1` (local development only).

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The prefix of every subject a node uses; request inboxes are under it too, so one permission covers a node.
pub const SUBJECT_PREFIX: &str = "casino";
/// Where replies to this node's requests arrive (`casino.inbox.{client}.{request}`).
pub const INBOX_PREFIX: &str = "casino.inbox";

/// The NATS settings of a node.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct NatsAccess {
    /// `CASINO_NATS_CREDS`: a `.creds` file (a user JWT and its NKey seed, from `nsc`).
    pub creds: Option<PathBuf>,
    /// `CASINO_NATS_NKEY`: a file holding a user NKey seed (`SU…`).
    pub nkey: Option<PathBuf>,
    /// `CASINO_NATS_USER` and `CASINO_NATS_PASSWORD`.
    pub user: Option<String>,
    pub password: Option<String>,
    /// `CASINO_NATS_TOKEN`.
    pub token: Option<String>,
    /// `CASINO_NATS_TLS_CA`: the CA that signed the server's certificate (PEM).
    pub tls_ca: Option<PathBuf>,
    /// `CASINO_NATS_TLS_CERT` and `CASINO_NATS_TLS_KEY`: this node's client certificate and key (PEM).
    pub tls_cert: Option<PathBuf>,
    pub tls_key: Option<PathBuf>,
    /// `CASINO_NATS_INSECURE=1`: connect without authentication (local development only).
    pub insecure: bool,
}

impl fmt::Debug for NatsAccess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hidden = |s: &Option<String>| s.as_ref().map(|_| "***");
        f.debug_struct("NatsAccess")
            .field("creds", &self.creds)
            .field("nkey", &self.nkey)
            .field("user", &self.user)
            .field("password", &hidden(&self.password))
            .field("token", &hidden(&self.token))
            .field("tls_ca", &self.tls_ca)
            .field("tls_cert", &self.tls_cert)
            .field("tls_key", &self.tls_key)
            .field("insecure", &self.insecure)
            .finish()
    }
}

impl NatsAccess {
    /// The ways of authenticating that are set (a client certificate counts: the server can map it to a user).
    fn methods(&self) -> Vec<&'static str> {
        let mut m = Vec::new();
        if self.creds.is_some() {
            m.push("CASINO_NATS_CREDS");
        }
        if self.nkey.is_some() {
            m.push("CASINO_NATS_NKEY");
        }
        if self.user.is_some() || self.password.is_some() {
            m.push("CASINO_NATS_USER/CASINO_NATS_PASSWORD");
        }
        if self.token.is_some() {
            m.push("CASINO_NATS_TOKEN");
        }
        m
    }

    /// Whether the node proves who it is to NATS.
    pub fn authenticated(&self) -> bool {
        !self.methods().is_empty() || self.tls_cert.is_some()
    }

    /// Whether the connection must be TLS: a `tls://` URL, or any TLS file given.
    pub fn tls_required(&self, url: &str) -> bool {
        url.starts_with("tls://") || self.tls_ca.is_some() || self.tls_cert.is_some()
    }

    /// Refuses settings that do not go together, and cluster mode without authentication unless insecure.
    pub fn check(&self) -> Result<(), String> {
        let methods = self.methods();
        if methods.len() > 1 {
            return Err(format!("set one way of authenticating to NATS, not several: {}", methods.join(", ")));
        }
        if self.user.is_some() != self.password.is_some() {
            return Err("CASINO_NATS_USER and CASINO_NATS_PASSWORD go together".into());
        }
        if self.tls_cert.is_some() != self.tls_key.is_some() {
            return Err("CASINO_NATS_TLS_CERT and CASINO_NATS_TLS_KEY go together".into());
        }
        if !self.authenticated() && !self.insecure {
            return Err("cluster mode needs an authenticated NATS connection: set CASINO_NATS_CREDS (a .creds file), \
                 CASINO_NATS_NKEY (an NKey seed file), CASINO_NATS_USER and CASINO_NATS_PASSWORD, CASINO_NATS_TOKEN, or \
                 CASINO_NATS_TLS_CERT and CASINO_NATS_TLS_KEY (see docs/CLUSTER.md); CASINO_NATS_INSECURE=1 connects \
                 without, for local development only"
                .into());
        }
        Ok(())
    }

    /// The client's options: authentication, TLS, reconnecting forever, and the inbox under [`INBOX_PREFIX`].
    /// Fails when a file named cannot be read.
    pub async fn options(&self, url: &str, node: &str) -> Result<async_nats::ConnectOptions, String> {
        let mut options = async_nats::ConnectOptions::new();
        if let Some(path) = &self.creds {
            options = options
                .credentials_file(path)
                .await
                .map_err(|e| format!("CASINO_NATS_CREDS: cannot read {}: {e}", path.display()))?;
        }
        if let Some(path) = &self.nkey {
            let seed = tokio::fs::read_to_string(path)
                .await
                .map_err(|e| format!("CASINO_NATS_NKEY: cannot read {}: {e}", path.display()))?;
            options = options.nkey(seed.trim().to_string());
        }
        if let (Some(user), Some(password)) = (&self.user, &self.password) {
            options = options.user_and_password(user.clone(), password.clone());
        }
        if let Some(token) = &self.token {
            options = options.token(token.clone());
        }
        if let Some(ca) = &self.tls_ca {
            options = options.add_root_certificates(ca.clone());
        }
        if let (Some(cert), Some(key)) = (&self.tls_cert, &self.tls_key) {
            options = options.add_client_certificate(cert.clone(), key.clone());
        }
        Ok(options
            .require_tls(self.tls_required(url))
            .custom_inbox_prefix(INBOX_PREFIX)
            .name(format!("casino-{node}"))
            .max_reconnects(None)
            .connection_timeout(Duration::from_secs(3)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_mode_needs_authentication_unless_insecure() {
        let none = NatsAccess::default();
        assert!(none.check().unwrap_err().contains("CASINO_NATS_INSECURE=1"));
        assert!(NatsAccess { insecure: true, ..NatsAccess::default() }.check().is_ok());
        let token = NatsAccess { token: Some("t".into()), ..NatsAccess::default() };
        assert!(token.check().is_ok());
        let creds = NatsAccess { creds: Some("/etc/casino/node.creds".into()), ..NatsAccess::default() };
        assert!(creds.check().is_ok());
        let nkey = NatsAccess { nkey: Some("/etc/casino/node.nk".into()), ..NatsAccess::default() };
        assert!(nkey.check().is_ok());
        let user = NatsAccess { user: Some("casino".into()), password: Some("p".into()), ..NatsAccess::default() };
        assert!(user.check().is_ok());
        let cert =
            NatsAccess { tls_cert: Some("node.pem".into()), tls_key: Some("node.key".into()), ..NatsAccess::default() };
        assert!(cert.check().is_ok());
    }

    #[test]
    fn settings_that_do_not_go_together_are_refused() {
        let user_only = NatsAccess { user: Some("casino".into()), ..NatsAccess::default() };
        assert!(user_only.check().unwrap_err().contains("go together"));
        let both = NatsAccess {
            token: Some("t".into()),
            creds: Some("/x.creds".into()),
            insecure: true,
            ..NatsAccess::default()
        };
        assert!(both.check().unwrap_err().contains("not several"));
        let cert_only =
            NatsAccess { tls_cert: Some("node.pem".into()), token: Some("t".into()), ..NatsAccess::default() };
        assert!(cert_only.check().unwrap_err().contains("CASINO_NATS_TLS_KEY"));
    }

    #[test]
    fn tls_is_required_for_tls_urls_and_whenever_a_tls_file_is_given() {
        let plain = NatsAccess::default();
        assert!(!plain.tls_required("nats://127.0.0.1:4222"));
        assert!(plain.tls_required("tls://nats.internal:4222"));
        let ca = NatsAccess { tls_ca: Some("ca.pem".into()), ..NatsAccess::default() };
        assert!(ca.tls_required("nats://nats.internal:4222"));
    }

    #[test]
    fn passwords_and_tokens_are_never_printed() {
        let a = NatsAccess {
            user: Some("casino".into()),
            password: Some("hunter2".into()),
            token: Some("s3cret-token".into()),
            ..NatsAccess::default()
        };
        let printed = format!("{a:?}");
        assert!(!printed.contains("hunter2") && !printed.contains("s3cret-token"), "{printed}");
    }

    #[tokio::test]
    async fn an_unreadable_credentials_file_is_named() {
        let a = NatsAccess { nkey: Some("/nonexistent/node.nk".into()), ..NatsAccess::default() };
        let e = a.options("nats://127.0.0.1:4222", "n").await.err().unwrap_or_default();
        assert!(e.contains("/nonexistent/node.nk"), "{e}");
    }
}
