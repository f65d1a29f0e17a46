//! Logs (tracing) and metrics (Prometheus text at /metrics).

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
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
            // HTTP latency as a histogram with buckets, so Prometheus can aggregate it over routes and servers.
            let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full("casino_http_request_duration_seconds".into()), &buckets);
            let recorder = match builder {
                Ok(b) => b.build_recorder(),
                Err(_) => PrometheusBuilder::new().build_recorder(),
            };
            let handle = recorder.handle();
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}
