//! HTTP routes (one folder per area) and the Socket.IO gateway. Routes translate wire data into domain
//! values once, call the domain services in `casino_actors`, and map errors to `ApiError`.

pub mod accounts;
pub mod admin;
pub mod asyncapi;
pub mod auth;
pub mod aviator;
pub mod body_timeout;
pub mod cashier;
pub mod client_events;
pub mod error;
pub mod exchange;
pub mod exchange_risk;
pub mod json;
pub mod kyc;
pub mod matka;
pub mod mines;
pub mod money;
pub mod openapi;
pub mod ops;
pub mod parchi;
pub mod play;
pub mod rounds;
pub mod security;
pub mod socket_events;
pub mod socket_requests;
pub mod socketio;
pub mod sports;
pub mod state;
pub mod user_ref;
mod web_client;

use crate::openapi::Area;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, get, web};
use casino_actors::ErrorCode;
use casino_actors::observe::Registry;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

pub use web_client::spa;

/// Every REST route of the platform.
pub fn api_routes(cfg: &mut web::ServiceConfig) {
    documented_routes(&mut utoipa_actix_web::service_config::ServiceConfig::new(cfg));
}

/// Every REST route, each registered through `service(...)` so that it lands in the OpenAPI document.
pub fn documented_routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig) {
    cfg.app_data(error::json_config())
        .app_data(web::PathConfig::default().error_handler(|err, _| {
            error::ApiError::bad_request(ErrorCode::InvalidPath, format!("Invalid path: {err}")).into()
        }))
        .app_data(web::QueryConfig::default().error_handler(|err, _| {
            error::ApiError::bad_request(ErrorCode::InvalidQuery, format!("Invalid query: {err}")).into()
        }))
        .configure(|cfg| {
            Area::new(cfg, "platform").public(health).operator(metrics_text).public(asyncapi::asyncapi_json);
        })
        .configure(openapi::routes)
        .configure(accounts::routes)
        .configure(cashier::routes)
        .configure(aviator::routes)
        .configure(rounds::routes::routes)
        .configure(rounds::spec_routes::routes)
        .configure(mines::routes)
        .configure(matka::routes)
        .configure(sports::routes)
        .configure(exchange::routes)
        .configure(exchange_risk::routes)
        .configure(parchi::routes)
        .configure(play::routes)
        .configure(kyc::routes)
        .configure(admin::routes)
        .configure(ops::routes)
        .map(|c| c.configure(socketio::configure));
}

/// `{"ok": true}` while the process serves requests.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Health {
    pub ok: bool,
}

#[utoipa::path(responses((status = 200, description = "The server is up", body = Health)))]
#[get("/api/health")]
async fn health() -> HttpResponse {
    HttpResponse::Ok().json(Health { ok: true })
}

/// Prometheus text for operators (a session or bearer token). A Prometheus server scrapes [`metrics_only`] on the
/// separate metrics address instead (`CASINO_METRICS_BIND`), which needs no login and should stay private.
#[utoipa::path(
    responses((status = 200, description = "Prometheus text exposition", content_type = "text/plain", body = String), (status = 403, description = "`forbidden`", body = openapi::ErrorBody), (status = 404, description = "`not_found`: no metrics recorder in this process", body = openapi::ErrorBody))
)]
#[get("/metrics")]
async fn metrics_text(
    _: auth::Operator,
    handle: Option<web::Data<PrometheusHandle>>,
    actors: Option<web::Data<Arc<Registry>>>,
) -> HttpResponse {
    render_metrics(handle, actors).await
}

/// The recorder's metrics (HTTP, process, counters of the domain) followed by every actor's probe.
async fn render_metrics(
    handle: Option<web::Data<PrometheusHandle>>,
    actors: Option<web::Data<Arc<Registry>>>,
) -> HttpResponse {
    let Some(h) = handle else {
        return actix_web::ResponseError::error_response(&error::ApiError::not_found(
            "Metrics are not recorded in this process",
        ));
    };
    process_collector().collect();
    let mut text = h.render();
    if let Some(actors) = actors {
        text.push_str(&actors.render_prometheus());
    }
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(text)
}

/// CPU, memory, open files and threads of this process (`process_*`), read at each scrape.
fn process_collector() -> &'static metrics_process::Collector {
    static COLLECTOR: OnceLock<metrics_process::Collector> = OnceLock::new();
    COLLECTOR.get_or_init(|| {
        let c = metrics_process::Collector::default();
        c.describe();
        c
    })
}

/// The routes of the separate metrics address: `GET /metrics` without a login, and nothing else.
pub fn metrics_only(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics", web::get().to(render_metrics));
}

/// Counts every HTTP request by method, route pattern and status, and times it by route
/// (`casino_http_requests_total`, `casino_http_request_duration_seconds`).
pub async fn http_metrics(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    let started = Instant::now();
    let route = req.match_pattern().unwrap_or_else(|| "unmatched".into());
    let method = req.method().as_str().to_owned();
    let res = next.call(req).await?;
    let status = res.status().as_u16().to_string();
    metrics::counter!("casino_http_requests_total", "method" => method, "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("casino_http_request_duration_seconds", "route" => route)
        .record(started.elapsed().as_secs_f64());
    Ok(res)
}
