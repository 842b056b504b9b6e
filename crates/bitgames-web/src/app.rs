//! What the handlers share: the app's limits, its workers, the analyses each
//! client has running, and the guard that calls a client's work off when the
//! client goes away.

use crate::error::ApiError;
use crate::limits::Limits;
use axum::http::StatusCode;
use bitgames::retro::analysis::LoadedTable;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What the handlers share.
#[derive(Clone)]
pub(crate) struct App {
    pub(crate) limits: Arc<Limits>,
    pub(crate) workers: Arc<Semaphore>,
    pub(crate) clients: Arc<Clients>,
    /// The retrograde tables the server was started with, for the analysis.
    pub(crate) tables: Arc<[LoadedTable]>,
}

impl App {
    /// The shared state of a server under `limits`, with `tables`.
    pub(crate) fn new(limits: Limits, tables: Vec<LoadedTable>) -> App {
        App {
            workers: Arc::new(Semaphore::new(limits.workers)),
            limits: Arc::new(limits),
            clients: Arc::default(),
            tables: tables.into(),
        }
    }
}

/// A worker, or a 503 when all are busy.
pub(crate) fn worker(app: &App) -> Result<OwnedSemaphorePermit, ApiError> {
    Arc::clone(&app.workers).try_acquire_owned().map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "all {} workers are busy with engine moves or analyses; try again shortly",
                app.limits.workers
            ),
        )
    })
}

/// Raises a stop flag when dropped. What a client started on a worker (an
/// engine move, an analysis, a packing count) polls the flag, and the request's
/// future or stream owns the guard: a client that goes away (the page closed,
/// its Stop pressed, the fetch aborted) drops it and calls the work off.
pub(crate) struct RaiseOnDrop(Arc<AtomicBool>);

impl RaiseOnDrop {
    /// A guard over a new, lowered flag.
    pub(crate) fn new() -> Self {
        RaiseOnDrop(Arc::new(AtomicBool::new(false)))
    }

    /// The flag, for the worker to poll.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Who asks: the remote IP address of the connection (`None` when the server
/// was not started with connection info, as in tests on the bare router; such
/// requests count as one client).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Client(pub(crate) Option<IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts, _: &S,
    ) -> Result<Self, Infallible> {
        use axum::extract::connect_info::{ConnectInfo, MockConnectInfo};
        let ext = &parts.extensions;
        let addr = ext
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0)
            .or_else(|| ext.get::<MockConnectInfo<SocketAddr>>().map(|m| m.0));
        Ok(Client(addr.map(|a| a.ip())))
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(ip) => write!(f, "{ip}"),
            None => f.write_str("this client"),
        }
    }
}

/// The analyses each client has running.
#[derive(Default)]
pub(crate) struct Clients(Mutex<HashMap<Client, usize>>);

impl Clients {
    /// One more analysis for `client`, or a 429 when it already has `most`.
    pub(crate) fn admit(
        self: &Arc<Self>, client: Client, most: usize,
    ) -> Result<ClientSlot, ApiError> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(client).or_insert(0);
        if *n >= most {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many analyses: {client} has {n} running and the web app allows at most \
                     {most} at once per client; stop one first"
                ),
            ));
        }
        *n += 1;
        Ok(ClientSlot { clients: Arc::clone(self), client })
    }
}

/// A running analysis of a client, given back when dropped.
pub(crate) struct ClientSlot {
    clients: Arc<Clients>,
    client: Client,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut map = self.clients.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.client);
            }
        }
    }
}
