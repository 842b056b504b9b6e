//! The routes: the JSON API under `/api` and the embedded front end.

use crate::analysis::{self, Event};
use crate::app::{worker, App, Client, RaiseOnDrop};
use crate::engine::{self, EngineReply};
use crate::error::{ApiError, ApiJson};
use crate::game::{self, GameRequest};
use crate::limits::Limits;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::sse::{KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bitgames::registry;
use bitgames::retro::analysis::LoadedTable;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

/// The app's router: `/api/…` and the static files.
pub fn router(limits: Limits) -> Router {
    router_with_tables(limits, Vec::new())
}

/// The app's router, its analysis answering from `tables` (read with
/// [`registry::load_table`]) for the positions they hold.
pub fn router_with_tables(limits: Limits, tables: Vec<LoadedTable>) -> Router {
    let app = App::new(limits, tables);
    let body = app.limits.body_bytes;
    Router::new()
        .route("/api/games", get(games))
        .route("/api/{game}/state", post(state))
        .route("/api/{game}/move", post(play))
        .route("/api/{game}/engine", post(engine_move))
        .route("/api/{game}/analyse", get(analyse_get).post(analyse_post))
        .route("/api/{game}/sgf", post(sgf_tree))
        .route("/api/{game}/area", post(area))
        .merge(crate::puzzles::routes())
        .fallback(static_or_404)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(body))
        .layer(axum::middleware::from_fn_with_state(
            (app.limits.body_time, body),
            crate::server::whole_body,
        ))
        .layer(axum::middleware::from_fn_with_state(app.limits.hosts, crate::guard::guard))
        .with_state(app)
}

/// An embedded file, or a JSON 404 under `/api/`.
async fn static_or_404(method: Method, uri: Uri) -> Response {
    if uri.path().starts_with("/api/") {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no API endpoint {} (see /api/games and docs/web.md)",
                crate::error::clip(uri.path())
            ),
        )
        .into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return wrong_method(method, uri).await.into_response();
    }
    crate::assets::file(uri.path())
}

async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {} (see docs/web.md)", crate::error::clip(uri.path())),
    )
}

/// One game in `/api/games`.
#[derive(Serialize)]
struct GameListJson {
    name: &'static str,
    summary: &'static str,
    default_spec: String,
    params: Vec<game::ParamJson>,
    engines: Vec<game::EngineJson>,
}

async fn games() -> Json<Vec<GameListJson>> {
    Json(
        registry::games()
            .iter()
            .map(|g| GameListJson {
                name: g.name,
                summary: g.summary,
                default_spec: g.default_spec(),
                params: game::params_json(g.params),
                engines: registry::new_game(&g.default_spec())
                    .map(|b| game::engines_json(b.as_ref()))
                    .unwrap_or_default(),
            })
            .collect(),
    )
}

async fn state(
    State(app): State<App>, Path(spec): Path<String>, ApiJson(req): ApiJson<GameRequest>,
) -> Result<Json<game::StateJson>, ApiError> {
    let built = game::build(&spec, &req, &app.limits)?;
    Ok(Json(game::state(&built, &app.tables)))
}

async fn play(
    State(app): State<App>, Path(spec): Path<String>, ApiJson(req): ApiJson<GameRequest>,
) -> Result<Json<game::StateJson>, ApiError> {
    let mv = req.mv.clone().ok_or_else(|| ApiError::bad_request("missing field 'move'"))?;
    let mut built = game::build(&spec, &req, &app.limits)?;
    if let Some(o) = built.record.outcome() {
        let now = built.record.current();
        return Err(ApiError::unprocessable(format!(
            "the game is over ({}): no move '{}'",
            now.describe_outcome(o),
            crate::error::clip(&mv)
        )));
    }
    built
        .record
        .play(&mv)
        .map_err(|e| ApiError::unprocessable(format!("move '{}': {e}", crate::error::clip(&mv))))?;
    built.undone.clear();
    Ok(Json(game::state(&built, &app.tables)))
}

/// `/area`: Monte Carlo ownership of the position, for games scored by area
/// (Go): each point's shares of `playouts` random playouts to the end, on a
/// worker.
async fn area(
    State(app): State<App>, Path(spec): Path<String>, ApiJson(req): ApiJson<GameRequest>,
) -> Result<Json<bitgames::search::playout::AreaEstimate>, ApiError> {
    let playouts = req.playouts.unwrap_or(game::AREA_PLAYOUTS);
    if !(1..=game::AREA_PLAYOUTS_MAX).contains(&playouts) {
        return Err(ApiError::unprocessable(format!(
            "playouts {playouts}: from 1 to {}",
            game::AREA_PLAYOUTS_MAX
        )));
    }
    let built = game::build(&spec, &req, &app.limits)?;
    let now = built.record.current();
    if now.area_owners().is_none() {
        return Err(ApiError::unprocessable(format!(
            "{} is not scored by area: no area estimate",
            now.spec()
        )));
    }
    let permit = worker(&app)?;
    let position = now.clone_box();
    let seed = now.position_hash();
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        position.area_estimate(playouts, seed)
    });
    match task.await {
        Ok(Some(estimate)) => Ok(Json(estimate)),
        Ok(None) => Err(ApiError::unprocessable("no area estimate for this game")),
        Err(join) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the area estimate failed: {join}"),
        )),
    }
}

/// `/sgf`: a game tree from a start position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SgfRequest {
    #[serde(default)]
    start: Option<String>,
    tree: Vec<crate::notation::TreeNode>,
}

/// The SGF text of a game tree.
#[derive(Serialize)]
struct TextJson {
    text: String,
}

/// A game tree (the page's moves and variations) as SGF.
async fn sgf_tree(
    State(app): State<App>, Path(spec): Path<String>, ApiJson(req): ApiJson<SgfRequest>,
) -> Result<Json<TextJson>, ApiError> {
    let built = game::build(
        &spec,
        &GameRequest { start: req.start, ..GameRequest::default() },
        &app.limits,
    )?;
    let text = crate::notation::tree_sgf(built.record.start(), &req.tree, &app.limits)?;
    Ok(Json(TextJson { text }))
}

fn refuse_if_over(built: &game::Built) -> Result<(), ApiError> {
    match built.record.outcome() {
        Some(o) => Err(ApiError::unprocessable(format!(
            "the game is over ({})",
            built.record.current().describe_outcome(o)
        ))),
        None => Ok(()),
    }
}

async fn engine_move(
    State(app): State<App>, Path(spec): Path<String>, ApiJson(req): ApiJson<GameRequest>,
) -> Result<Json<EngineReply>, ApiError> {
    let wanted =
        req.engine.clone().ok_or_else(|| ApiError::bad_request("missing field 'engine'"))?;
    let mut built = game::build(&spec, &req, &app.limits)?;
    refuse_if_over(&built)?;
    let engine_spec = engine::check(built.record.current(), &wanted, &app.limits, &app.tables)?;
    let permit = worker(&app)?;
    let position = built.record.current().clone_box();
    // Owned by this future: when the client goes away (axum drops the future)
    // or the time is up (the function returns), the engine is called off.
    let raise = RaiseOnDrop::new();
    let stop = raise.flag();
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut e =
            registry::new_engine(position.as_ref(), &engine_spec).map_err(ApiError::spec)?;
        e.set_stop(Some(stop));
        let t = Instant::now();
        let chosen = e
            .choose(position.as_ref())
            .map_err(|e| ApiError::unprocessable(format!("engine: {e}")))?;
        Ok::<_, ApiError>((e.spec(), chosen, t.elapsed().as_secs_f64()))
    });
    let limit = app.limits.engine_time;
    let (engine, chosen, seconds) = match tokio::time::timeout(limit, task).await {
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the engine thought longer than {} s", limit.as_secs()),
            ))
        }
        Ok(Err(join)) => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the engine failed: {join}"),
            ))
        }
        Ok(Ok(r)) => r?,
    };
    let chosen = chosen.ok_or_else(|| ApiError::unprocessable("the engine found no move"))?;
    built.record.play(&chosen.mv).map_err(|e| {
        ApiError::unprocessable(format!("the engine chose '{}', which is refused: {e}", chosen.mv))
    })?;
    built.undone.clear();
    Ok(Json(EngineReply {
        engine,
        mv: chosen.mv,
        info: chosen.info,
        seconds,
        state: game::state(&built, &app.tables),
    }))
}

/// `/analyse` as a query: `?moves=4 4 5&start=…&think_ms=…` (for `EventSource`);
/// `moves` is read as pasted text is (`4453` too).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyseQuery {
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Option<String>,
    #[serde(default)]
    think_ms: Option<u64>,
}

async fn analyse_get(
    State(app): State<App>, client: Client, Path(spec): Path<String>,
    query: Result<Query<AnalyseQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let req = GameRequest {
        start: q.start,
        text: q.moves,
        think_ms: q.think_ms,
        ..GameRequest::default()
    };
    analyse(app, client, &spec, req)
}

async fn analyse_post(
    State(app): State<App>, client: Client, Path(spec): Path<String>,
    ApiJson(req): ApiJson<GameRequest>,
) -> Result<Response, ApiError> {
    analyse(app, client, &spec, req)
}

/// Starts an analysis on a worker and streams its events (SSE: `start`,
/// `progress`, `move`, then `done` or `error`). When the client goes away the
/// stream is dropped, which raises the analysis's stop flag (the solvers poll
/// it inside their search). A client has at most
/// [`Limits::analyses_per_client`] running at once.
fn analyse(app: App, client: Client, spec: &str, req: GameRequest) -> Result<Response, ApiError> {
    let built = game::build(spec, &req, &app.limits)?;
    refuse_if_over(&built)?;
    let (default, max) = app.limits.analysis_time;
    let think = req.think_ms.map_or(default, Duration::from_millis);
    if think > max {
        return Err(ApiError::bad_request(format!(
            "think_ms {}: the web app allows at most {} ms",
            think.as_millis(),
            max.as_millis()
        )));
    }
    let slot = app.clients.admit(client, app.limits.analyses_per_client)?;
    let permit = worker(&app)?;
    let position = built.record.current().clone_box();
    let analyser = analysis::analyser(position.as_ref(), &app.tables);
    // Estimates stop at the time asked and get a moment more to send their
    // last values; an exact analyser stops at the time asked too (the moves
    // solved by then are the answer, marked incomplete), within the server's cap.
    let budget = if analyser.describe().exact {
        think.min(app.limits.exact_time)
    } else {
        think + Duration::from_secs(5)
    };
    let (tx, rx) = mpsc::channel::<Event>(256);
    let raise = RaiseOnDrop::new();
    let stop = raise.flag();
    tokio::task::spawn_blocking(move || {
        let (_permit, _slot) = (permit, slot);
        analysis::run(position, analyser, think, budget, stop, tx);
    });
    let stream = ReceiverStream::new(rx).map(move |e| {
        // Owned by the stream: dropped with it when the client goes away.
        let _ = &raise;
        let sse = axum::response::sse::Event::default().event(e.name());
        Ok::<_, Infallible>(sse.json_data(&e).unwrap_or_else(|_| {
            axum::response::sse::Event::default()
                .event("error")
                .data("{\"error\":\"unserialisable event\"}")
        }))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}
