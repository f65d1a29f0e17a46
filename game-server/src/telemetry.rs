//! Logs (tracing) and metrics (Prometheus text at /metrics).

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::io::IsTerminal;
use std::sync::OnceLock;
use tracing_subscriber::EnvFilter;

/// Logs to standard output: human-readable, with colours only on a terminal (a log file or a collector gets
/// plain text), or one JSON object per line with `CASINO_LOG_FORMAT=json` (every field of the event, such as
/// `round` and `user`, is a key of its own).
pub fn init_logs() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let _ = if std::env::var("CASINO_LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        builder.json().flatten_event(true).with_current_span(true).try_init()
    } else {
        builder.with_ansi(std::io::stdout().is_terminal()).try_init()
    };
}

/// The process-wide metrics recorder, installed on first use (tests start many servers in one process).
pub fn metrics_handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new().build_recorder();
            let handle = recorder.handle();
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}
