//! The front end, embedded in the binary: the only files the server serves.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// `(path, content type, contents)` of every static file.
static FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", include_str!("../static/index.html")),
    ("/style.css", "text/css; charset=utf-8", include_str!("../static/style.css")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("../static/app.js")),
    ("/board.js", "text/javascript; charset=utf-8", include_str!("../static/board.js")),
    ("/api.js", "text/javascript; charset=utf-8", include_str!("../static/api.js")),
    ("/analysis.js", "text/javascript; charset=utf-8", include_str!("../static/analysis.js")),
    ("/puzzles.js", "text/javascript; charset=utf-8", include_str!("../static/puzzles.js")),
];

/// The embedded file at `path`, or a 404.
pub fn file(path: &str) -> Response {
    let path = if path == "/index.html" { "/" } else { path };
    match FILES.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
