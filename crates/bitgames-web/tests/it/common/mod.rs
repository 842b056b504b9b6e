//! What the web app's tests share: requests to the router and their answers
//! (the HTTP tests), finding a program on the `PATH` and serving the app on a
//! free port of 127.0.0.1 (the browser tests).

#![allow(dead_code)] // Each test file uses its own subset.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bitgames_web::{bind, router, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::path::PathBuf;
use tower::ServiceExt;

/// The router with the default limits.
pub fn app() -> Router {
    router(Limits::default())
}

/// A request: JSON `body` if given, else an empty one.
pub fn request(method: &str, uri: &str, body: Option<Value>) -> Request<Body> {
    let req = Request::builder().method(method).uri(uri);
    match body {
        Some(b) => req.header("content-type", "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap()
}

/// Sends a request; the status and the body (JSON, or `{"text": body}`).
pub async fn call(
    app: &Router, method: &str, uri: &str, body: Option<Value>,
) -> (StatusCode, Value) {
    send(app, request(method, uri, body)).await
}

/// Sends a built request; the status and the body as [`call`] gives them.
pub async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    (status, serde_json::from_str(&text).unwrap_or_else(|_| json!({ "text": text })))
}

/// POSTs JSON.
pub async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, Some(body)).await
}

/// POSTs JSON that must be answered 200 OK; the answer.
pub async fn post_ok(app: &Router, uri: &str, body: Value) -> Value {
    let (status, answer) = post(app, uri, body).await;
    assert_eq!(status, StatusCode::OK, "POST {uri}: {answer}");
    answer
}

/// `/api/<spec>/<what>` with the spec encoded as the page encodes it.
pub fn path(spec: &str, what: &str) -> String {
    let enc: String = spec
        .chars()
        .map(|c| match c {
            ',' => "%2C".to_string(),
            '=' => "%3D".to_string(),
            ' ' => "%20".to_string(),
            c => c.to_string(),
        })
        .collect();
    format!("/api/{enc}/{what}")
}

/// An error answer: `status` with a JSON `error` containing `needle`.
pub fn assert_error(got: &(StatusCode, Value), status: StatusCode, needle: &str) {
    assert_eq!(got.0, status, "{}", got.1);
    let msg = got.1["error"].as_str().unwrap_or_else(|| panic!("no JSON error: {}", got.1));
    assert!(msg.contains(needle), "'{msg}' does not name '{needle}'");
}

/// Posts each `(uri, body, status, needle)` case to `app`: each must fail
/// with the HTTP `status` and a JSON error naming `needle` (as [`assert_error`]).
pub async fn assert_post_errors<const N: usize>(
    app: &Router, cases: [(&str, Value, u16, &str); N],
) {
    for (uri, body, status, needle) in cases {
        let status = StatusCode::from_u16(status).unwrap();
        assert_error(&post(app, uri, body).await, status, needle);
    }
}

/// The first of `names` on the `PATH`.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// Serves the app on a free port of 127.0.0.1 from its own thread; its base URL.
pub fn server() -> String {
    server_with(Limits::default())
}

/// [`server`] with the given limits.
pub fn server_with(limits: Limits) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let listener = bind([127, 0, 0, 1].into(), 0).await.unwrap();
            tx.send(listener.local_addr().unwrap().port()).unwrap();
            let app = router(limits.clone());
            let forever = std::future::pending::<()>();
            bitgames_web::server::serve_until(listener, app, &limits, forever).await.unwrap();
        });
    });
    format!("http://127.0.0.1:{}/", rx.recv().unwrap())
}

/// Waits, polling every 20 ms for at most `within`, until `app`'s worker takes a
/// quick tic-tac-toe analysis again (a 200 rather than a 503 "busy"); how long
/// that took, or `None` if it never did.
pub async fn worker_freed_within(
    app: &Router, within: std::time::Duration,
) -> Option<std::time::Duration> {
    let t = std::time::Instant::now();
    while t.elapsed() < within {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let r = app.clone().oneshot(request("GET", "/api/tictactoe/analyse?think_ms=100", None));
        if r.await.unwrap().status() == StatusCode::OK {
            return Some(t.elapsed());
        }
    }
    None
}
