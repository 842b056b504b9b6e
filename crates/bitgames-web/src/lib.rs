//! The bitgames local web app: a JSON API over the library's registry and an
//! embedded front end (plain HTML, CSS and JavaScript modules drawing SVG boards)
//! to play and analyse every registered game in the browser.
//!
//! [`router`] builds the [`axum`] router; [`serve`] binds it (127.0.0.1:8080 or
//! the next free port) and serves until Ctrl-C. The API is stateless: the page
//! keeps the game (spec, start position, moves) and sends it with each request;
//! the server replays it through [`bitgames::GameRecord`], so every rule lives in
//! the library. Engine moves and analyses run on a bounded set of worker threads,
//! never on the async ones. The API is documented in `docs/web.md`.

#![deny(missing_docs)]

pub mod analysis;
mod app;
mod assets;
pub mod engine;
pub mod error;
pub mod game;
pub mod guard;
pub mod limits;
mod moves;
pub mod notation;
pub mod presets;
pub mod puzzles;
mod routes;
pub mod server;

pub use error::ApiError;
pub use guard::HostRule;
pub use limits::Limits;
pub use routes::{router, router_with_tables};

use std::net::{IpAddr, SocketAddr};
use tokio::net::TcpListener;

/// Ports tried after the one asked for, when it is taken.
pub const PORT_TRIES: u16 = 20;

/// Binds `host:port`, or the next free port of the [`PORT_TRIES`] after it.
pub async fn bind(host: IpAddr, port: u16) -> std::io::Result<TcpListener> {
    let mut last = None;
    for p in (0..PORT_TRIES).filter_map(|i| port.checked_add(i)) {
        match TcpListener::bind(SocketAddr::new(host, p)).await {
            Ok(l) => return Ok(l),
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => last = Some(e),
            Err(e) => return Err(e),
        }
        if port == 0 {
            break;
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no port to try")))
}

/// Serves the app on `listener` until Ctrl-C, its analysis answering from
/// `tables` for the positions they hold.
/// A listener on a non-loopback address answers any `Host` name
/// ([`HostRule::Any`]); on a loopback one, loopback names only.
pub async fn serve(
    listener: TcpListener, mut limits: Limits, tables: Vec<bitgames::retro::analysis::LoadedTable>,
) -> std::io::Result<()> {
    if !listener.local_addr()?.ip().is_loopback() {
        limits.hosts = HostRule::Any;
    }
    let app = router_with_tables(limits.clone(), tables);
    server::serve_until(listener, app, &limits, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Runs the app on its own runtime with `tables` (see [`serve`]): binds (see
/// [`bind`]), calls `ready` with the URL, serves until Ctrl-C.
pub fn run(
    host: IpAddr, port: u16, tables: Vec<bitgames::retro::analysis::LoadedTable>,
    ready: impl FnOnce(&str),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let listener = bind(host, port).await?;
        let addr = listener.local_addr()?;
        let url = match addr.ip() {
            IpAddr::V6(ip) => format!("http://[{ip}]:{}/", addr.port()),
            IpAddr::V4(ip) => format!("http://{ip}:{}/", addr.port()),
        };
        ready(&url);
        serve(listener, Limits::default(), tables).await
    })
}
