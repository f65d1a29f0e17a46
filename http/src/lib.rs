//! HTTP routes (one folder per area) and the Socket.IO gateway. Routes translate wire data into domain
//! values once, call the domain services in `casino_actors`, and map errors to `ApiError`.

pub mod accounts;
pub mod admin;
pub mod auth;
pub mod aviator;
pub mod cashier;
pub mod error;
pub mod json;
pub mod money;
pub mod security;
pub mod socketio;
pub mod state;
mod web_client;

use actix_web::{HttpResponse, get, web};
use metrics_exporter_prometheus::PrometheusHandle;
use serde_json::json;

pub use web_client::spa;

/// Every REST route of the platform.
pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.app_data(error::json_config())
        .app_data(web::PathConfig::default().error_handler(|err, _| {
            error::ApiError::bad_request("invalid_path", format!("Invalid path: {err}")).into()
        }))
        .app_data(web::QueryConfig::default().error_handler(|err, _| {
            error::ApiError::bad_request("invalid_query", format!("Invalid query: {err}")).into()
        }))
        .service(health)
        .service(metrics_text)
        .configure(accounts::routes)
        .configure(cashier::routes)
        .configure(aviator::routes)
        .configure(admin::routes)
        .configure(socketio::configure);
}

#[get("/api/health")]
async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "ok": true }))
}

/// Prometheus text for operators (a session or bearer token). A Prometheus server scrapes [`metrics_only`] on the
/// separate metrics address instead (`CASINO_METRICS_BIND`), which needs no login and should stay private.
#[get("/metrics")]
async fn metrics_text(_: auth::Operator, handle: Option<web::Data<PrometheusHandle>>) -> HttpResponse {
    render_metrics(handle).await
}

async fn render_metrics(handle: Option<web::Data<PrometheusHandle>>) -> HttpResponse {
    match handle {
        Some(h) => HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(h.render()),
        None => HttpResponse::NotFound().finish(),
    }
}

/// The routes of the separate metrics address: `GET /metrics` without a login, and nothing else.
pub fn metrics_only(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics", web::get().to(render_metrics));
}
