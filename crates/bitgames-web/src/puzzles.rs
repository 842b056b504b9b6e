//! The puzzles' API: Life stepped by the library's unbounded plane, Lights Out
//! pressed and solved by the library's GF(2) solver, and the packing puzzles
//! counted by the library's Alg. 13 search. No rule lives in the page: it sends
//! what it shows and draws what comes back.
//!
//! | endpoint | does |
//! |---|---|
//! | `POST /api/life/step` | `{rle, x, y, generations}` → the pattern that many generations on |
//! | `POST /api/lightsout/press` | `{width, height, lights, presses}` → the lights after the presses |
//! | `POST /api/lightsout/solve` | `{width, height, lights}` → the fewest presses that switch all off |
//! | `GET /api/pack` | the built-in packing puzzles |
//! | `POST /api/pack/solve` | `{puzzle}` → its solution counts and one packing |

use crate::app::{worker, App, RaiseOnDrop};
use crate::error::clip;
use crate::error::{ApiError, ApiJson};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use bitgames::puzzles::life::{Pattern, Plane};
use bitgames::puzzles::lightsout::{LightsBoard, LightsOut};
use bitgames::puzzles::pack::{self, Options, BUILTIN};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use tokio::sync::OwnedSemaphorePermit;

/// Widest and tallest Life pattern a request may send.
pub const LIFE_SIDE: usize = 1024;
/// Most generations one Life request may run.
pub const LIFE_GENERATIONS: u64 = 1000;
/// Most live cells a Life request may send or get back.
pub const LIFE_CELLS: u64 = 50_000;
/// Farthest a Life pattern's corner may be from the origin.
pub const LIFE_OFFSET: i64 = 1 << 20;
/// Largest Lights Out side the web app takes.
pub const LIGHTS_SIDE: usize = 32;
/// Built-in packing puzzles whose count takes too long for a web request.
pub const PACK_TOO_SLOW: &[&str] = &["bedlam"];

// ---- Life -------------------------------------------------------------------

/// `POST /api/life/step`: an RLE pattern whose top-left corner is at `(x, y)`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LifeRequest {
    /// The pattern in RLE (its header's rule, B3/S23 when it names none).
    rle: String,
    /// Column of the pattern's left edge (`x` grows to the right).
    #[serde(default)]
    x: i64,
    /// Row of the pattern's top edge (`y` grows downwards).
    #[serde(default)]
    y: i64,
    /// Generations to run (0 reads the pattern back; default 1).
    #[serde(default = "one")]
    generations: u64,
}

fn one() -> u64 {
    1
}

/// The pattern after the generations, placed on the plane.
#[derive(Serialize)]
pub struct LifeReply {
    /// The live cells as RLE (with the rule), top-left corner at `(x, y)`.
    rle: String,
    /// Column of the live cells' left edge.
    x: i64,
    /// Row of their top edge.
    y: i64,
    /// The rule in B/S notation.
    rule: String,
    /// Generations run.
    generations: u64,
    /// Live cells.
    population: u64,
    /// The live cells, `[x, y]`, row by row.
    cells: Vec<[i64; 2]>,
}

/// Reads, checks and runs a Life request (on a worker thread).
pub fn life_step(req: &LifeRequest) -> Result<LifeReply, ApiError> {
    // The header is checked against the web app's size before any cell is
    // read: `x = 1073741824, y = 1` and one run of that many cells is 44 bytes.
    let pattern = Pattern::from_rle_within(&req.rle, LIFE_SIDE as u64).map_err(|e| match e {
        bitgames::puzzles::life::RleError::TooLarge { width, height, .. } => {
            ApiError::unprocessable(format!(
                "pattern too large: {width}x{height}, the web app takes at most \
                 {LIFE_SIDE}x{LIFE_SIDE}"
            ))
        }
        e => ApiError::unprocessable(format!("RLE: {e}")),
    })?;
    if pattern.width > LIFE_SIDE || pattern.height > LIFE_SIDE {
        return Err(ApiError::unprocessable(format!(
            "pattern too large: {}x{}, the web app takes at most {LIFE_SIDE}x{LIFE_SIDE}",
            pattern.width, pattern.height
        )));
    }
    if pattern.cells.len() as u64 > LIFE_CELLS {
        return Err(ApiError::unprocessable(format!(
            "pattern has {} live cells, the web app takes at most {LIFE_CELLS}",
            pattern.cells.len()
        )));
    }
    if req.generations > LIFE_GENERATIONS {
        return Err(ApiError::bad_request(format!(
            "generations {}: at most {LIFE_GENERATIONS} a request",
            req.generations
        )));
    }
    // `unsigned_abs`: `i64::MIN.abs()` wraps to itself and passed (issue 33, row 10).
    if req.x.unsigned_abs() > LIFE_OFFSET as u64 || req.y.unsigned_abs() > LIFE_OFFSET as u64 {
        return Err(ApiError::bad_request(format!(
            "x {} y {}: the pattern's corner must be within {LIFE_OFFSET} of the origin",
            req.x, req.y
        )));
    }
    let mut plane = Plane::new(pattern.rule).map_err(ApiError::unprocessable)?;
    for &(cx, cy) in &pattern.cells {
        plane.set(req.x + i64::from(cx), req.y + i64::from(cy), true);
    }
    plane.run(req.generations, 1);
    let population = plane.population();
    if population > LIFE_CELLS {
        return Err(ApiError::unprocessable(format!(
            "the pattern grew to {population} live cells, the web app draws at most {LIFE_CELLS}"
        )));
    }
    let cells = plane.cells();
    let (x, y) = plane.bounding_box().map_or((req.x, req.y), |b| (b.x0, b.y0));
    Ok(LifeReply {
        rle: plane.to_pattern().to_rle(),
        x,
        y,
        rule: plane.rule().to_string(),
        generations: req.generations,
        population,
        cells: cells.into_iter().map(|(x, y)| [x, y]).collect(),
    })
}

// ---- Lights Out -------------------------------------------------------------

/// `POST /api/lightsout/{press,solve}`: a board and, to press, the cells.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LightsRequest {
    /// Columns.
    width: usize,
    /// Rows.
    height: usize,
    /// The lights on: a picture, top row first, `X` on and `.` off (all off
    /// when absent).
    #[serde(default)]
    lights: Option<String>,
    /// `/press`: the cells to press, `[x, y]` with `[0, 0]` the bottom-left `a1`.
    #[serde(default)]
    presses: Vec<[usize; 2]>,
}

/// A Lights Out board as the page draws it.
#[derive(Serialize)]
pub struct LightsJson {
    /// Columns.
    width: usize,
    /// Rows.
    height: usize,
    /// The picture, top row first.
    picture: String,
    /// The cells on, `[x, y]` (`[0, 0]` bottom-left).
    on: Vec<[usize; 2]>,
    /// Their names (`a1` bottom-left).
    names: Vec<String>,
}

fn lights_json(b: &LightsBoard) -> LightsJson {
    LightsJson {
        width: b.width(),
        height: b.height(),
        picture: b.picture(),
        on: b.cells().map(|(x, y)| [x, y]).collect(),
        names: b.cell_names(),
    }
}

/// `/api/lightsout/solve`'s answer.
#[derive(Serialize)]
pub struct LightsSolution {
    /// The board asked about.
    lights: LightsJson,
    /// Whether every light can be switched off.
    solvable: bool,
    /// The presses of a solution with the fewest presses (null when none).
    presses: Option<LightsJson>,
    /// Whether `presses` is proven fewest (the whole null space searched).
    minimal: bool,
    /// Press patterns that change nothing span a space of this dimension: a
    /// solvable board has 2^this solutions.
    null_dimension: usize,
}

fn lights_board(req: &LightsRequest) -> Result<LightsBoard, ApiError> {
    let (w, h) = (req.width, req.height);
    if !(1..=LIGHTS_SIDE).contains(&w) || !(1..=LIGHTS_SIDE).contains(&h) {
        return Err(ApiError::unprocessable(format!(
            "Lights Out board {w}x{h}: the web app takes sides 1–{LIGHTS_SIDE}"
        )));
    }
    match &req.lights {
        None => Ok(LightsBoard::new(w, h)),
        Some(text) => LightsBoard::parse_picture(w, h, text).map_err(ApiError::unprocessable),
    }
}

/// Presses the cells (Browne, Alg. 11, in the library).
pub fn lights_press(req: &LightsRequest) -> Result<LightsJson, ApiError> {
    let mut board = lights_board(req)?;
    if req.presses.len() > req.width * req.height {
        return Err(ApiError::unprocessable(format!(
            "{} presses: at most one a cell ({})",
            req.presses.len(),
            req.width * req.height
        )));
    }
    for &[x, y] in &req.presses {
        if x >= req.width || y >= req.height {
            return Err(ApiError::unprocessable(format!(
                "press [{x}, {y}] is off the {}x{} board",
                req.width, req.height
            )));
        }
        board.press(x, y);
    }
    Ok(lights_json(&board))
}

/// Solves the board by the library's GF(2) light chasing.
pub fn lights_solve(req: &LightsRequest) -> Result<LightsSolution, ApiError> {
    if !req.presses.is_empty() {
        return Err(ApiError::bad_request("'presses' is for /api/lightsout/press, not /solve"));
    }
    let board = lights_board(req)?;
    let solver = LightsOut::new(req.width, req.height).map_err(ApiError::unprocessable)?;
    let solution = solver.solve(&board);
    Ok(LightsSolution {
        lights: lights_json(&board),
        solvable: solution.is_some(),
        minimal: solution.as_ref().is_some_and(|s| s.minimal),
        presses: solution.map(|s| lights_json(&s.presses)),
        null_dimension: solver.null_dimension(),
    })
}

// ---- Packing ----------------------------------------------------------------

/// One built-in packing puzzle in `GET /api/pack`.
#[derive(Serialize)]
pub struct PackInfo {
    /// The name to ask `/api/pack/solve` for.
    name: &'static str,
    /// A line about it.
    summary: &'static str,
    /// `[width, height, depth]` of its box.
    dims: [usize; 3],
    /// Whether the web app counts it (some take minutes).
    web: bool,
}

/// `GET /api/pack`: the built-in puzzles.
pub fn pack_list() -> Vec<PackInfo> {
    BUILTIN
        .iter()
        .filter_map(|&(name, summary)| {
            let p = pack::builtin(name)?;
            Some(PackInfo { name, summary, dims: p.dims, web: !PACK_TOO_SLOW.contains(&name) })
        })
        .collect()
}

/// `POST /api/pack/solve`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackRequest {
    /// A built-in puzzle's name.
    puzzle: String,
}

/// A packing puzzle counted.
#[derive(Clone, Serialize)]
pub struct PackReply {
    /// The puzzle's name.
    puzzle: String,
    /// `[width, height, depth]`.
    dims: [usize; 3],
    /// Pieces (copies counted).
    pieces: usize,
    /// Board cells.
    cells: usize,
    /// Every packing, rotations and reflections counted.
    solutions: u64,
    /// Packings up to the board's symmetries.
    distinct: u64,
    /// Order of the symmetry group used.
    symmetries: usize,
    /// Nodes searched.
    nodes: u64,
    /// Seconds the count took (the first time; answers are kept).
    seconds: f64,
    /// One packing: `labels[z][y][x]`, the piece covering each cell (`y` = 0
    /// at the bottom), `" "` off the board.
    solution: Option<Vec<Vec<Vec<char>>>>,
}

/// The counted puzzle, checked by name; counted once, then kept. `stop` ends
/// the count (the page that asked has gone).
fn pack_solve(
    name: &str, stop: &std::sync::atomic::AtomicBool,
) -> Result<Arc<PackReply>, ApiError> {
    static DONE: OnceLock<Mutex<HashMap<String, Arc<PackReply>>>> = OnceLock::new();
    let done = DONE.get_or_init(Default::default);
    if let Some(r) = done.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
        return Ok(Arc::clone(r));
    }
    let p = pack::builtin(name).ok_or_else(|| {
        let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no packing puzzle '{}' (built-in: {})", clip(name), names.join(", ")),
        )
    })?;
    if PACK_TOO_SLOW.contains(&name) {
        return Err(ApiError::unprocessable(format!(
            "counting {name} takes minutes, too long for the web app: run `bitgames pack {name}`"
        )));
    }
    let t = Instant::now();
    let r = pack::solve_until(&p, &Options::default(), stop).map_err(ApiError::unprocessable)?;
    let reply = Arc::new(PackReply {
        puzzle: name.to_string(),
        dims: p.dims,
        pieces: p.pieces.iter().map(|q| q.count).sum(),
        cells: p.board.len(),
        solutions: r.solutions,
        distinct: r.distinct,
        symmetries: r.symmetries,
        nodes: r.nodes,
        seconds: t.elapsed().as_secs_f64(),
        solution: r.example.map(|s| s.labels),
    });
    done.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), Arc::clone(&reply));
    Ok(reply)
}

// ---- handlers ---------------------------------------------------------------

/// Runs `work` on a blocking thread holding `permit`.
async fn on_worker<T: Send + 'static>(
    permit: OwnedSemaphorePermit, work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("the worker failed: {e}"))
    })?
}

/// The puzzles' routes, for [`crate::router`].
pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/api/life/step", post(life_handler))
        .route("/api/lightsout/press", post(lights_press_handler))
        .route("/api/lightsout/solve", post(lights_solve_handler))
        .route("/api/pack", get(pack_list_handler))
        .route("/api/pack/solve", post(pack_solve_handler))
}

/// `POST /api/life/step` (on a worker: up to a thousand generations).
async fn life_handler(
    State(app): State<App>, ApiJson(req): ApiJson<LifeRequest>,
) -> Result<Json<LifeReply>, ApiError> {
    on_worker(worker(&app)?, move || life_step(&req)).await.map(Json)
}

/// `POST /api/lightsout/press` (a few word XORs: on the async thread).
async fn lights_press_handler(
    ApiJson(req): ApiJson<LightsRequest>,
) -> Result<Json<LightsJson>, ApiError> {
    lights_press(&req).map(Json)
}

/// `POST /api/lightsout/solve` (on a worker: the fewest presses walk up to
/// 2^24 solutions).
async fn lights_solve_handler(
    State(app): State<App>, ApiJson(req): ApiJson<LightsRequest>,
) -> Result<Json<LightsSolution>, ApiError> {
    on_worker(worker(&app)?, move || lights_solve(&req)).await.map(Json)
}

/// `GET /api/pack`.
async fn pack_list_handler() -> Json<Vec<PackInfo>> {
    Json(pack_list())
}

/// `POST /api/pack/solve` (on a worker: a count takes up to seconds). When
/// the page goes away, axum drops this future and [`RaiseOnDrop`] stops the count.
async fn pack_solve_handler(
    State(app): State<App>, ApiJson(req): ApiJson<PackRequest>,
) -> Result<Json<PackReply>, ApiError> {
    let raise = RaiseOnDrop::new();
    let flag = raise.flag();
    on_worker(worker(&app)?, move || pack_solve(&req.puzzle, &flag))
        .await
        .map(|r| Json((*r).clone()))
}
