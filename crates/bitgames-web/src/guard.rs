//! Who may ask (issue 33, row 13): a `Host` allow-list against DNS rebinding
//! (a page on another site whose name resolves to 127.0.0.1 reaches the
//! server with its own name in `Host`) and an `Origin` check on the API, so
//! that a page on another site cannot start engine or analysis work through
//! the visitor's browser.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;

/// Which `Host` headers the server answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostRule {
    /// Loopback names only (`localhost`, `*.localhost`, `127.0.0.0/8`,
    /// `[::1]`): the default, and what a server bound to a loopback address
    /// gets.
    Loopback,
    /// Any name: a server the user opened to the network (`serve --host`),
    /// which is reached by names the server cannot know.
    Any,
}

/// The host part of a `Host` header or an origin's authority, lower case,
/// without its port and IPv6 brackets.
fn host_name(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    if let Some(rest) = a.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_string();
    }
    match a.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h.to_string(),
        _ => a,
    }
}

/// Whether `host` (from [`host_name`]) names this machine's loopback.
pub fn is_loopback_name(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The request's fault, if it is refused: a `Host` outside the rule, or an
/// API request from a page of another origin (`Origin` not this `Host`).
pub fn refusal(
    rule: HostRule, host: Option<&str>, origin: Option<&str>, api: bool,
) -> Option<String> {
    if let (HostRule::Loopback, Some(h)) = (rule, host) {
        if !is_loopback_name(&host_name(h)) {
            return Some(format!(
                "Host '{}' is not a loopback name: this server answers localhost and 127.0.0.1 \
                 (bitgames serve --host opens it to other names)",
                crate::error::clip(h)
            ));
        }
    }
    let origin = origin.filter(|_| api)?;
    let same = match (origin.split_once("://"), host) {
        (Some((scheme, authority)), Some(h)) => {
            (scheme == "http" || scheme == "https") && authority.eq_ignore_ascii_case(h.trim())
        }
        // No Host to compare with (HTTP/1.0): only a loopback page may ask.
        (Some((_, authority)), None) => is_loopback_name(&host_name(authority)),
        _ => false,
    };
    (!same).then(|| {
        format!(
            "a request from a page of another origin ('{}') is refused: open the app itself",
            crate::error::clip(origin)
        )
    })
}

/// The middleware: a 403 naming the fault, or the request passed on.
pub async fn guard(State(rule): State<HostRule>, req: Request, next: Next) -> Response {
    if let Some(why) = check(rule, &req) {
        return ApiError::new(StatusCode::FORBIDDEN, why).into_response();
    }
    next.run(req).await
}

/// [`refusal`] of a request's headers; a `Host` or `Origin` that is not
/// visible ASCII is as foreign as a wrong one.
fn check(rule: HostRule, req: &Request) -> Option<String> {
    let text = |name: &header::HeaderName| req.headers().get(name).map(|v| v.to_str().ok());
    let api = req.uri().path().starts_with("/api/");
    let (host, origin) = (text(&header::HOST), text(&header::ORIGIN));
    if host == Some(None) || (api && origin == Some(None)) {
        return Some("a Host or Origin header that is not text".to_string());
    }
    refusal(rule, host.flatten(), origin.flatten(), api)
}
