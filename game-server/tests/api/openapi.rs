//! The OpenAPI document against the running server: it is served, and every operation it names reaches a
//! handler (a path the router does not know answers 404 with an empty body, a known path with the wrong method 405).

use crate::helpers::spawn_app;
use reqwest::{Method, StatusCode};
use serde_json::Value;

#[tokio::test]
async fn every_documented_operation_is_served() {
    let app = spawn_app().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let doc: Value = res.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let concrete: String =
            path.split('/').map(|seg| if seg.starts_with('{') { "1" } else { seg }).collect::<Vec<_>>().join("/");
        for method in item.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let mut req = app.http.request(method.clone(), format!("{}{concrete}", app.base));
            if method != Method::GET {
                req = req.json(&serde_json::json!({}));
            }
            let res = req.send().await.unwrap();
            let status = res.status();
            let body = res.bytes().await.unwrap();
            assert!(
                !(status == StatusCode::NOT_FOUND && body.is_empty()) && status != StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path} is documented but no route serves it ({status})"
            );
            operations += 1;
        }
    }
    assert!(operations > 90, "only {operations} operations documented");
}

#[tokio::test]
async fn the_docs_page_loads_swagger_ui_from_this_origin() {
    let app = spawn_app().await;
    let res = app.get("/api/docs").await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = res.text().await.unwrap();
    assert!(html.contains("/api-docs/swagger-ui-bundle.js") && html.contains("/api-docs/init.js"));
    assert!(!html.contains("https://"), "the page loads nothing from outside");
}

#[tokio::test]
async fn the_socket_events_are_served_as_an_asyncapi_document() {
    let app = spawn_app().await;
    let res = app.get("/api/asyncapi.json").await;
    assert_eq!(res.status(), StatusCode::OK);
    let doc: Value = res.json().await.unwrap();
    assert_eq!(doc["asyncapi"], "3.0.0");
    assert_eq!(doc["channels"]["aviator"]["address"], "aviator");
    assert!(doc["operations"].as_object().unwrap().len() > 50);
}
