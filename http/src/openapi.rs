//! The OpenAPI 3.1 document, generated from the route handlers themselves: every handler carries a
//! `#[utoipa::path]` (its body, every status and the error codes behind it), and
//! [`utoipa_actix_web`]'s `ServiceConfig` collects a path from every `service(...)` it registers, so a route
//! cannot be registered without being documented. Served at `/api/openapi.json`, browsable at `/api/docs`
//! (Swagger UI from the web client's own build, no outside CDN).
//!
//! Conventions the handlers follow:
//! - tag and auth: each area registers its routes through an [`Area`] (its tag), each as public, player or operator;
//!   a player's or an operator's gets `security(("session_cookie" = ["player"]), ("bearer" = ["player"]))`, or
//!   `["operator"]`: the scope names the role (OpenAPI 3.1 lets non-OAuth schemes list roles);
//! - every error is an [`ErrorBody`]; a response's description lists the `error` codes it can carry;
//! - money in is [`crate::money::Rupees`] (a number or numeric string, at most 2 decimals), money out is
//!   `casino_actors::money::RupeesJson` (a number of rupees, at most 2 decimals).

use actix_web::dev::{AppService, HttpServiceFactory};
use actix_web::{HttpResponse, get};
use casino_actors::ErrorCode;
use casino_actors::accounts::Role;
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::OnceLock;
use utoipa::openapi::path::Paths;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{OpenApi, OpenApiBuilder, RefOr};
use utoipa::{Modify, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, OpenApiFactory};

/// The body of every error: `success` is always false, `error` a stable snake_case code to branch on, `message`
/// the text a player sees.
#[derive(Serialize, ToSchema)]
#[schema(examples(json!({"success": false, "error": "insufficient_balance", "message": "Insufficient Balance"})))]
pub struct ErrorBody {
    pub success: bool,
    pub error: ErrorCode,
    pub message: String,
}

/// The parts no handler owns: title, security schemes, tags.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Casino platform API",
        description = "REST calls of the player's app, the cashier and the operators' console. Flows, money rules \
                       and departures from the spec: docs/API.md. Socket.IO events: /api/asyncapi.json.",
        version = "1"
    ),
    components(schemas(ErrorBody)),
    modifiers(&SecuritySchemes),
    tags(
        (name = "accounts", description = "Sign up, log in, sessions, profile, password reset"),
        (name = "cashier", description = "Deposits and withdrawals: the player's requests, the operators' decisions"),
        (name = "aviator", description = "Aviator: rounds, fairness"),
        (name = "rounds", description = "The round tables: Titli Par, Andar Bahar, Color Prediction"),
        (name = "mines", description = "Mines"),
        (name = "matka", description = "Matka markets and bids"),
        (name = "sports", description = "The sports feed: matches, scores, odds"),
        (name = "exchange", description = "Cricket exchange markets: bets and books"),
        (name = "parchi", description = "The three-card cricket game"),
        (name = "kyc", description = "Real mode: a player's identity check before large withdrawals, and the operators' decisions"),
        (name = "admin", description = "Operators: users, audit, risk"),
        (name = "ops", description = "Operators: live actors, games, the cluster"),
        (name = "platform", description = "Health, metrics, this document")
    )
)]
struct Base;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, doc: &mut OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::auth::SESSION_COOKIE,
                "The HttpOnly session cookie set by /api/login. The scope names the role needed: player or operator.",
            ))),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The `token` returned by /api/login, as `Authorization: Bearer`. The scope names the role \
                         needed: player or operator.",
                    ))
                    .build(),
            ),
        );
    }
}

/// One area of the API, its routes registered under its tag, each with who may call it: anyone ([`Area::public`]), a
/// player ([`Area::player`]: an operator may call it too) or an operator ([`Area::operator`]). The tag and the
/// `security` (a session cookie or a bearer token, its scope naming the role) are set on each route's operation here,
/// once, instead of in every route's annotation; the route's extractor (`Authed` or `PathUser` for a player,
/// `Operator` for an operator) is what enforces the role.
pub struct Area<'c, 's> {
    cfg: &'c mut ServiceConfig<'s>,
    tag: &'static str,
}

impl<'c, 's> Area<'c, 's> {
    pub fn new(cfg: &'c mut ServiceConfig<'s>, tag: &'static str) -> Self {
        Area { cfg, tag }
    }

    pub fn public<S: HttpServiceFactory + OpenApiFactory + 'static>(self, route: S) -> Self {
        self.route(None, route)
    }

    pub fn player<S: HttpServiceFactory + OpenApiFactory + 'static>(self, route: S) -> Self {
        self.route(Some(Role::Player), route)
    }

    pub fn operator<S: HttpServiceFactory + OpenApiFactory + 'static>(self, route: S) -> Self {
        self.route(Some(Role::Operator), route)
    }

    fn route<S: HttpServiceFactory + OpenApiFactory + 'static>(self, role: Option<Role>, route: S) -> Self {
        self.cfg.service(Placed { tag: self.tag, role, route });
        self
    }
}

/// A route as [`Area`] registers it: it serves as the route does, and documents it with the area's tag and role.
struct Placed<S> {
    tag: &'static str,
    role: Option<Role>,
    route: S,
}

impl<S: HttpServiceFactory> HttpServiceFactory for Placed<S> {
    fn register(self, config: &mut AppService) {
        self.route.register(config)
    }
}

impl<S: OpenApiFactory> OpenApiFactory for Placed<S> {
    fn paths(&self) -> Paths {
        let scope = self.role.map(|role| match role {
            Role::Player => "player",
            Role::Operator => "operator",
        });
        let mut paths = self.route.paths();
        for item in paths.paths.values_mut() {
            let ops = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for op in ops.into_iter().flatten() {
                op.tags = Some(vec![self.tag.to_string()]);
                op.security = scope.map(|scope| {
                    vec![
                        SecurityRequirement::new("session_cookie", [scope]),
                        SecurityRequirement::new("bearer", [scope]),
                    ]
                });
            }
        }
        paths
    }

    fn schemas(&self, schemas: &mut Vec<(String, RefOr<Schema>)>) {
        self.route.schemas(schemas)
    }
}

/// What follows from an operation's security and from its `{userId}`, added here instead of lines in every route's
/// annotation (a route that documents its own keeps it): every operation that needs a session answers 401
/// `unauthorized` without one; an operator's operation answers 403 `forbidden` to a player; and a route that names
/// a `{userId}` (read by [`crate::user_ref::PathUser`]) takes that parameter and answers 400 `invalid_user_id`, 403
/// `forbidden` and 404 `not_found`. A path parameter that must parse (a number) answers 400 `invalid_path` when it
/// does not, query parameters 400 `invalid_query` (the path and query configs in [`crate::documented_routes`]): a
/// route whose 400 says no more has no row of its own.
fn add_implied(doc: &mut Value) {
    let error = |description: &str| {
        json!({
            "description": description,
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } },
        })
    };
    let Some(paths) = doc["paths"].as_object_mut() else { return };
    for (path, item) in paths.iter_mut() {
        let path_user = path.contains("{userId}");
        for op in item.as_object_mut().into_iter().flat_map(|i| i.values_mut()).filter_map(Value::as_object_mut) {
            let security = op.get("security").and_then(Value::as_array).cloned().unwrap_or_default();
            let operator = security
                .iter()
                .filter_map(Value::as_object)
                .flat_map(|s| s.values())
                .any(|scopes| scopes.as_array().is_some_and(|scopes| scopes.iter().any(|s| s == "operator")));
            if path_user {
                // First, described (the one utoipa reads off a `web::Path` tuple has no description).
                if let Some(params) = op.entry("parameters").or_insert_with(|| json!([])).as_array_mut() {
                    params.retain(|p| p["name"] != "userId" || p["description"].is_string());
                    if !params.iter().any(|p| p["name"] == "userId") {
                        params.insert(0, user_id_parameter());
                    }
                }
            }
            let params = op.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default();
            let typed_path = params.iter().any(|p| p["in"] == "path" && p["schema"]["type"] != "string");
            let query = params.iter().any(|p| p["in"] == "query");
            let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) else { continue };
            if !security.is_empty() {
                responses.entry("401").or_insert_with(|| error("`unauthorized`"));
            }
            if operator || path_user {
                responses.entry("403").or_insert_with(|| error("`forbidden`"));
            }
            if path_user {
                responses
                    .entry("400")
                    .or_insert_with(|| error("`invalid_user_id`: the user id is not canonical digits"));
                responses.entry("404").or_insert_with(|| error("`not_found`"));
            }
            if typed_path {
                responses.entry("400").or_insert_with(|| error("`invalid_path`"));
            }
            if query {
                responses.entry("400").or_insert_with(|| error("`invalid_query`"));
            }
        }
    }
}

/// A path's `{userId}`.
fn user_id_parameter() -> Value {
    json!({
        "name": "userId",
        "in": "path",
        "description": "The caller's id or user number, digits only (an operator: anyone's id)",
        "required": true,
        "schema": { "type": "string" },
    })
}

/// The whole document, built once from the registered routes, with the [`links`] added.
pub fn document() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let (_, paths) = actix_web::App::new().into_utoipa_app().configure(crate::documented_routes).split_for_parts();
        let mut doc: OpenApi = OpenApiBuilder::from(<Base as utoipa::OpenApi>::openapi()).build();
        doc.merge(paths);
        let mut doc = serde_json::to_value(doc).unwrap_or_default();
        add_implied(&mut doc);
        add_links(&mut doc);
        doc
    })
}

/// The links a stateful client (or fuzzer) follows from one call's answer to the next: sign up → log in →
/// deposit request → approve → a Mines game → reveal → cash out; a withdrawal → its decision.
/// (operation, status, link name, target operation, its parameters and request body, as OpenAPI link JSON).
const LINKS: &[(&str, &str, &str, &str)] = &[
    (
        "signup",
        "201",
        "LogIn",
        r#"{"operationId": "login", "requestBody": {"userNo": "$response.body#/userNo", "password": "$request.body#/password"}}"#,
    ),
    (
        "login",
        "200",
        "Deposits",
        r#"{"operationId": "my_deposits", "parameters": {"userId": "$response.body#/user/id"}}"#,
    ),
    (
        "login",
        "200",
        "Wallet",
        r#"{"operationId": "wallet_and_exposure", "parameters": {"userId": "$response.body#/user/id"}}"#,
    ),
    (
        "request_deposit",
        "201",
        "Deposits",
        r#"{"operationId": "my_deposits", "parameters": {"userId": "$response.body#/deposit/user"}}"#,
    ),
    (
        "decide_deposit",
        "200",
        "PlayMines",
        r#"{"operationId": "bet_place", "requestBody": {"betAmt": 10, "mines": 3}}"#,
    ),
    (
        "bet_place",
        "201",
        "Reveal",
        r#"{"operationId": "reveal", "requestBody": {"gameId": "$response.body#/game/gameId", "tile": 7}}"#,
    ),
    ("bet_place", "201", "CashOut", r#"{"operationId": "cash_out"}"#),
    ("reveal", "200", "CashOut", r#"{"operationId": "cash_out"}"#),
];

/// The cashier's requests, each with the operation that decides it and the field of its answer that holds it: each
/// request's answer links to approving and to rejecting it.
const DECISIONS: &[(&str, &str, &str)] =
    &[("request_deposit", "decide_deposit", "deposit"), ("request_withdrawal", "decide_withdrawal", "withdrawal")];

/// [`LINKS`] and the [`DECISIONS`]' links, as (operation, status, link name, link JSON).
fn links() -> Vec<(&'static str, &'static str, &'static str, String)> {
    let decisions = DECISIONS.iter().flat_map(|&(from, decide, field)| {
        [("Approve", "approve"), ("Reject", "reject")].map(|(name, action)| {
            let link = json!({
                "operationId": decide,
                "parameters": { "id": format!("$response.body#/{field}/id"), "action": action },
            });
            (from, "201", name, link.to_string())
        })
    });
    LINKS.iter().map(|&(from, status, name, link)| (from, status, name, link.to_string())).chain(decisions).collect()
}

fn add_links(doc: &mut Value) {
    for (from, status, name, link) in links() {
        let Some(paths) = doc["paths"].as_object_mut() else { return };
        let op = paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|item| item.values_mut())
            .find(|op| op["operationId"] == from);
        if let Some(response) = op.and_then(|op| op["responses"].get_mut(status)) {
            response["links"][name] = serde_json::from_str(&link).unwrap_or_default();
        }
    }
}

/// The document as JSON, pretty-printed once (what `/api/openapi.json` serves and `docs/openapi.json` holds).
pub fn document_json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| serde_json::to_string_pretty(document()).unwrap_or_default())
}

#[utoipa::path(responses((status = 200, description = "This OpenAPI 3.1 document")))]
#[get("/api/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document_json())
}

/// Swagger UI over the document. Its script and style come from the web client's build (`/api-docs/`), so the
/// page loads nothing from outside.
#[utoipa::path(
    responses((status = 200, description = "Browsable docs (Swagger UI)", content_type = "text/html", body = String))
)]
#[get("/api/docs")]
pub async fn docs_page() -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(DOCS_HTML)
}

const DOCS_HTML: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Casino platform API</title>
<link rel="stylesheet" href="/api-docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script>
</body>
</html>
"#;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "platform").public(openapi_json).public(docs_page);
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// Every `#[get("…")]`-style route attribute under `http/src`, as (METHOD, path).
    fn route_attributes(dir: &Path, out: &mut BTreeSet<(String, String)>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                route_attributes(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for line in text.lines().map(str::trim) {
                    for method in ["get", "post", "put", "delete", "patch"] {
                        if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                            let route = rest.split('"').next().unwrap_or_default();
                            out.insert((method.to_uppercase(), route.to_string()));
                        }
                    }
                }
            }
        }
    }

    /// Every route attribute under `http/src` with the role its handler's extractors demand: `Operator` an operator,
    /// `Authed` or `PathUser` a player, neither nobody; as (METHOD, path) → role.
    fn extractor_roles(dir: &Path, out: &mut BTreeMap<(String, String), Option<&'static str>>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                extractor_roles(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let lines: Vec<&str> = text.lines().map(str::trim).collect();
                for (i, line) in lines.iter().enumerate() {
                    for method in ["get", "post", "put", "delete", "patch"] {
                        if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                            let route = rest.split('"').next().unwrap_or_default();
                            let end = lines[i..].iter().position(|l| l.ends_with('{')).unwrap_or(0);
                            let signature = lines[i..=i + end].join(" ");
                            let role = if signature.contains("Operator") {
                                Some("operator")
                            } else if signature.contains("Authed") || signature.contains("PathUser") {
                                Some("player")
                            } else {
                                None
                            };
                            out.insert((method.to_uppercase(), route.to_string()), role);
                        }
                    }
                }
            }
        }
    }

    /// The `security` an [`super::Area`] gives each route is the one its handler enforces. (`/wallet/update` takes any
    /// session and refuses a player's itself, with its own message.)
    #[test]
    fn every_operation_documents_the_role_its_handler_demands() {
        let mut code = BTreeMap::new();
        extractor_roles(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut code);
        code.insert(("POST".to_string(), "/wallet/update".to_string()), Some("operator"));
        let doc = super::document();
        for ((method, path), role) in code {
            let op = &doc["paths"][&path][method.to_lowercase()];
            let documented = op["security"][0]["session_cookie"][0].as_str();
            assert_eq!(documented, role, "{method} {path}");
            assert_eq!(op["security"][1]["bearer"][0].as_str(), role, "{method} {path}");
        }
    }

    /// Every refusal a route documents (`refusals!`) begins with the code it answers, and that code is an
    /// [`casino_actors::ErrorCode`]: a misspelt or retired code in a description fails here.
    #[test]
    fn every_refusal_names_its_codes() {
        let codes: BTreeSet<&str> = casino_actors::ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        let doc = super::document();
        let mut refusals = 0;
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                for (status, response) in op["responses"].as_object().into_iter().flatten() {
                    if status.as_str() < "400" {
                        continue;
                    }
                    refusals += 1;
                    let description = response["description"].as_str().unwrap_or_default();
                    let first = description.strip_prefix('`').and_then(|d| d.split('`').next());
                    assert!(
                        first.is_some_and(|c| codes.contains(c)),
                        "{method} {path} {status}: {description:?} does not begin with an error code"
                    );
                }
            }
        }
        assert!(refusals > 100, "{refusals} refusals documented");
    }

    fn documented() -> BTreeSet<(String, String)> {
        let doc = super::document();
        let mut out = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for method in item.as_object().into_iter().flatten().map(|(m, _)| m) {
                if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                    out.insert((method.to_uppercase(), path.clone()));
                }
            }
        }
        out
    }

    /// A route in the code that the document lacks, or a documented route that no handler serves, fails here.
    /// (Registering a handler without `#[utoipa::path]` does not compile, and a documented handler that is not
    /// registered is not in the document: so this also catches handlers that are written but never registered.)
    #[test]
    fn the_document_describes_exactly_the_routes_in_the_code() {
        let mut code = BTreeSet::new();
        route_attributes(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut code);
        let doc = documented();
        let undocumented: Vec<_> = code.difference(&doc).collect();
        let unserved: Vec<_> = doc.difference(&code).collect();
        assert!(undocumented.is_empty(), "routes missing from the OpenAPI document: {undocumented:?}");
        assert!(unserved.is_empty(), "documented routes no handler serves: {unserved:?}");
        assert!(code.len() > 90, "the scan found only {} routes", code.len());
    }

    /// Every operation names its tag and lists the error body for each error status.
    #[test]
    fn every_operation_has_a_tag_and_typed_errors() {
        let doc = super::document();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                assert!(op["tags"].as_array().is_some_and(|t| !t.is_empty()), "{method} {path}: no tag");
                for (status, res) in op["responses"].as_object().into_iter().flatten() {
                    if status.starts_with('4') || status.starts_with('5') {
                        let schema = &res["content"]["application/json"]["schema"]["$ref"];
                        assert_eq!(schema, "#/components/schemas/ErrorBody", "{method} {path} {status}");
                    }
                }
            }
        }
    }

    /// Every `$ref` names a schema the document defines (a type alias such as `EpochMs` would not).
    #[test]
    fn every_reference_resolves() {
        fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(m) => {
                    if let Some(r) = m.get("$ref").and_then(|r| r.as_str()) {
                        out.push(r.to_string());
                    }
                    m.values().for_each(|v| walk(v, out));
                }
                serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
                _ => {}
            }
        }
        let doc = super::document();
        let mut refs = Vec::new();
        walk(doc, &mut refs);
        for r in refs {
            let name = r.strip_prefix("#/components/schemas/").unwrap_or(&r);
            assert!(doc["components"]["schemas"].get(name).is_some(), "{r} does not resolve");
        }
    }

    /// Every link leaves a real answer and names a real operation.
    #[test]
    fn every_link_is_in_place() {
        let doc = super::document();
        let ids: BTreeSet<&str> = doc["paths"]
            .as_object()
            .into_iter()
            .flatten()
            .flat_map(|(_, i)| i.as_object().into_iter().flatten().filter_map(|(_, o)| o["operationId"].as_str()))
            .collect();
        let mut placed = 0;
        for item in doc["paths"].as_object().into_iter().flatten().map(|(_, i)| i) {
            for op in item.as_object().into_iter().flatten().map(|(_, o)| o) {
                for res in op["responses"].as_object().into_iter().flatten().map(|(_, r)| r) {
                    for link in res["links"].as_object().into_iter().flatten().map(|(_, l)| l) {
                        assert!(ids.contains(link["operationId"].as_str().unwrap_or_default()), "{link}");
                        placed += 1;
                    }
                }
            }
        }
        assert_eq!(placed, super::links().len());
    }

    /// Operation ids default to the handlers' names, which may repeat across modules: a repeat needs an
    /// `operation_id` of its own.
    #[test]
    fn operation_ids_are_unique() {
        let doc = super::document();
        let mut ids = BTreeSet::new();
        for item in doc["paths"].as_object().into_iter().flatten().map(|(_, i)| i) {
            for op in item.as_object().into_iter().flatten().map(|(_, o)| o) {
                let id = op["operationId"].as_str().unwrap_or_default().to_string();
                assert!(ids.insert(id.clone()), "operationId {id} repeats");
            }
        }
    }

    /// `docs/openapi.json` (which the web client's types are generated from) is the document the code makes.
    #[test]
    fn the_checked_in_document_is_current() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json");
        let checked_in = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            checked_in.trim_end() == super::document_json().trim_end(),
            "docs/openapi.json is out of date: run scripts/gen-api.sh and commit what it changes"
        );
    }
}
