//! The server's own accept loop on hyper, bounding every connection in time
//! and the connections in number (issue 33, row 9): a client that sends its
//! head slowly, its body slowly, or nothing at all, cannot hold a connection,
//! and a flood of connections waits in the kernel's backlog instead of using
//! up the process's open files.
//!
//! - the head: hyper's `header_read_timeout` ([`Limits::header_time`]); hyper
//!   starts it whenever it waits for a request head, so it also closes a
//!   kept-alive connection that sits idle between requests, and never cuts
//!   an answer being streamed (an analysis's events);
//! - the head's size: [`Limits::header_bytes`] (431);
//! - the body: read whole within [`Limits::body_time`] (408) before a handler
//!   sees it ([`whole_body`]);
//! - connections: at most [`connection_cap`] open, a slot taken before each
//!   accept, so the next ones wait in the backlog;
//! - stopping: no new connections, and at most [`DRAIN`] for the answers in
//!   flight.

use crate::error::ApiError;
use crate::limits::Limits;
use axum::body::Body;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;

/// How long a stop waits for the answers in flight.
pub const DRAIN: Duration = Duration::from_secs(5);

/// The most connections a server keeps open: `asked`, or when it is 0 half
/// the soft limit on open files (the rest for the workers, the logs, the
/// accept itself), at most 512 and at least 16.
pub fn connection_cap(asked: usize) -> usize {
    if asked > 0 {
        return asked;
    }
    let soft = rlimit::Resource::NOFILE.get().map_or(1024, |(soft, _)| soft);
    usize::try_from(soft / 2).unwrap_or(usize::MAX).clamp(16, 512)
}

/// Middleware: the request's whole body, read within `body_time`, or a 408;
/// a body over `body_bytes` is a 413 (the JSON extractor's own answer), one
/// that breaks off a 400.
pub(crate) async fn whole_body(
    axum::extract::State(limits): axum::extract::State<(Duration, usize)>, req: Request, next: Next,
) -> Response {
    let (time, most) = limits;
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(time, axum::body::to_bytes(body, most)).await {
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!("the request body took longer than {} s to arrive", time.as_secs_f64()),
        )
        .into_response(),
        Ok(Err(e)) => {
            let over = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            if over {
                ApiError::body_too_large().into_response()
            } else {
                ApiError::bad_request(format!("the request body could not be read: {e}"))
                    .into_response()
            }
        }
        Ok(Ok(bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
    }
}

/// Serves `app` on `listener` until `stop` completes, with `limits`' bounds
/// on heads, idle connections and open connections; then waits at most
/// [`DRAIN`] for the connections still open.
pub async fn serve_until(
    listener: TcpListener, app: axum::Router, limits: &Limits, stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let cap = connection_cap(limits.connections);
    let slots = Arc::new(Semaphore::new(cap));
    let (stopping, stopped) = watch::channel(false);
    let header_time = limits.header_time;
    let header_bytes = limits.header_bytes.max(8192);
    tokio::pin!(stop);
    loop {
        // A slot first: past the cap, connections wait in the backlog.
        let slot = tokio::select! {
            s = Arc::clone(&slots).acquire_owned() => s.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                // Out of files or the like: wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let app = app.clone();
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let service =
                hyper::service::service_fn(move |mut req: Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    app.clone().oneshot(req.map(Body::new))
                });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_time)
                .max_buf_size(header_bytes);
            let conn = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                () = async { drop(stopped.wait_for(|s| *s).await) } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(DRAIN, conn).await;
                }
            }
        });
    }
    let _ = stopping.send(true);
    // The connections finish (each within DRAIN) and give their slots back.
    let all = u32::try_from(cap).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(DRAIN + Duration::from_secs(1), slots.acquire_many(all)).await;
    Ok(())
}
