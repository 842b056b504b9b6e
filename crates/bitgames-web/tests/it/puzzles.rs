//! HTTP tests of the puzzles' endpoints (`/api/life/step`, `/api/lightsout/*`,
//! `/api/pack*`) on the router: answers checked against published facts
//! (LifeWiki's R-pentomino, the 5×5 Lights Out quiet patterns and its 15-press
//! all-on solution, the Soma and pentomino counts), and bad requests answered
//! with a 4xx JSON error naming the fault.

use crate::common;
use axum::http::StatusCode;
use axum::Router;
use common::{app, assert_error, assert_post_errors, call, post_ok};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};

fn cells(v: &Value) -> BTreeSet<(i64, i64)> {
    v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
        .collect()
}

/// A Life step that must be answered: the answer.
async fn life_step(app: &Router, body: Value) -> Value {
    post_ok(app, "/api/life/step", body).await
}

/// A Lights Out `press` or `solve` that must be answered: the answer.
async fn lights_out(app: &Router, what: &str, body: Value) -> Value {
    post_ok(app, &format!("/api/lightsout/{what}"), body).await
}

// ---- Life -------------------------------------------------------------------

#[tokio::test]
async fn life_glider_moves_one_cell_diagonally_every_four_generations() {
    let app = app();
    let glider = "x = 3, y = 3, rule = B3/S23\nbob$2bo$3o!";
    let start = life_step(&app, json!({"rle": glider, "x": 10, "y": -5, "generations": 0})).await;
    let want: BTreeSet<_> = [(11, -5), (12, -4), (10, -3), (11, -3), (12, -3)].into();
    assert_eq!(cells(&start), want);
    let later = life_step(&app, json!({"rle": glider, "x": 10, "y": -5, "generations": 8})).await;
    let moved: BTreeSet<_> = want.iter().map(|&(x, y)| (x + 2, y + 2)).collect();
    assert_eq!(cells(&later), moved);
    assert_eq!((later["x"].as_i64(), later["y"].as_i64()), (Some(12), Some(-3)));
    assert_eq!(later["population"], 5);
    assert_eq!(later["rule"], "B3/S23");
}

/// LifeWiki: the R-pentomino stabilises at generation 1103 with 116 cells
/// (run as 1000 + 103 generations, the page's round trip through RLE).
#[tokio::test]
async fn life_r_pentomino_has_116_cells_at_generation_1103() {
    let app = app();
    let a = life_step(&app, json!({"rle": "x = 3, y = 3\nb2o$2o$bo!", "generations": 1000})).await;
    let b = life_step(&app, json!({"rle": a["rle"], "x": a["x"], "y": a["y"], "generations": 103}))
        .await;
    assert_eq!(b["population"], 116);
    assert_eq!(b["cells"].as_array().unwrap().len(), 116);
}

#[tokio::test]
async fn life_bad_requests_name_the_fault() {
    let app = app();
    let url = "/api/life/step";
    assert_post_errors(
        &app,
        [
            (url, json!({"rle": "bo$2bo$3o!"}), 422, "no header"),
            (url, json!({"rle": "x = 3, y = 3\nbob$2bo$3o"}), 422, "without the closing '!'"),
            (url, json!({"rle": "x = 3, y = 3, rule = B0/S8\no!"}), 422, "B0"),
            (url, json!({"rle": "x = 2000, y = 3\no!"}), 422, "pattern too large: 2000x3"),
            // 44 bytes asking for 2^30 cells (issue 33, row 2): refused from the
            // header, before a cell is read.
            (
                url,
                json!({"rle": "x = 1073741824, y = 1\n1073741824o!"}),
                422,
                "pattern too large: 1073741824x1",
            ),
            (url, json!({"rle": "x = 1, y = 1\no!", "generations": 5000}), 400, "generations 5000"),
            (url, json!({"rle": "x = 1, y = 1\no!", "x": 1i64 << 40}), 400, "within"),
            // i64::MIN, whose `abs` wraps to itself (issue 33, row 10).
            (url, json!({"rle": "x = 1, y = 1\no!", "x": i64::MIN, "y": i64::MIN}), 400, "within"),
            (url, json!({"rle": "x = 1, y = 1\no!", "speed": 3}), 422, "speed"),
            (url, json!({}), 422, "rle"),
        ],
    )
    .await;
    assert_error(&call(&app, "GET", url, None).await, StatusCode::METHOD_NOT_ALLOWED, "GET");
}

// ---- Lights Out ---------------------------------------------------------------

/// The two quiet patterns of 5×5 (pressing them changes nothing).
const QUIET: [&str; 2] = [".XXX.\nX.X.X\nXX.XX\nX.X.X\n.XXX.", "X.X.X\nX.X.X\n.....\nX.X.X\nX.X.X"];

fn presses_of(picture: &str) -> Vec<[usize; 2]> {
    let rows: Vec<&str> = picture.lines().collect();
    let h = rows.len();
    let mut v = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == 'X' {
                v.push([x, h - 1 - k]);
            }
        }
    }
    v
}

#[tokio::test]
async fn lights_out_presses_follow_the_rule() {
    let app = app();
    // The centre of an empty 3×3 lights a plus.
    let v = lights_out(&app, "press", json!({"width": 3, "height": 3, "presses": [[1, 1]]})).await;
    assert_eq!(v["picture"], ". X .\nX X X\n. X .\n");
    assert_eq!(v["names"], json!(["b1", "a2", "b2", "c2", "b3"]));
    // A corner press on 5×5 lights three.
    let v = lights_out(&app, "press", json!({"width": 5, "height": 5, "presses": [[0, 0]]})).await;
    assert_eq!(v["names"], json!(["a1", "b1", "a2"]));
    // The quiet patterns change nothing.
    for q in QUIET {
        let v = lights_out(
            &app,
            "press",
            json!({"width": 5, "height": 5, "lights": q, "presses": presses_of(q)}),
        )
        .await;
        let want: Vec<[usize; 2]> = presses_of(q);
        let mut got: Vec<[usize; 2]> = serde_json::from_value(v["on"].clone()).unwrap();
        got.sort();
        let mut want = want;
        want.sort();
        assert_eq!(got, want, "pressing a quiet pattern changes nothing");
    }
}

#[tokio::test]
async fn lights_out_solves_all_on_5x5_in_15_presses() {
    let app = app();
    let all_on = "XXXXX\n".repeat(5);
    let v = lights_out(&app, "solve", json!({"width": 5, "height": 5, "lights": all_on})).await;
    assert_eq!(v["solvable"], true);
    assert_eq!(v["minimal"], true);
    assert_eq!(v["null_dimension"], 2);
    let presses: Vec<[usize; 2]> = serde_json::from_value(v["presses"]["on"].clone()).unwrap();
    assert_eq!(presses.len(), 15, "the classic all-on puzzle takes 15 presses");
    // Pressing them switches every light off.
    let after = lights_out(
        &app,
        "press",
        json!({"width": 5, "height": 5, "lights": all_on, "presses": presses}),
    )
    .await;
    assert_eq!(after["on"], json!([]));
    // One corner light is not solvable: it meets the second quiet pattern.
    let v = lights_out(
        &app,
        "solve",
        json!({"width": 5, "height": 5, "lights": ".....\n.....\n.....\n.....\nX...."}),
    )
    .await;
    assert_eq!((v["solvable"].clone(), v["presses"].clone()), (json!(false), json!(null)));
    // 4×4 has a 4-dimensional null space (OEIS A159257), 6×6 none.
    for (n, dim) in [(4, 4), (6, 0)] {
        let v = lights_out(&app, "solve", json!({"width": n, "height": n})).await;
        assert_eq!(v["null_dimension"], dim, "{n}x{n}");
        assert_eq!(v["presses"]["on"], json!([]), "nothing to press on a dark board");
    }
}

#[tokio::test]
async fn lights_out_bad_requests_name_the_fault() {
    let app = app();
    let solve = "/api/lightsout/solve";
    let press = "/api/lightsout/press";
    assert_post_errors(
        &app,
        [
            (solve, json!({"width": 0, "height": 5}), 422, "0x5"),
            (solve, json!({"width": 33, "height": 5}), 422, "sides 1–32"),
            (
                solve,
                json!({"width": 2, "height": 2, "lights": "XQ\n.."}),
                422,
                "unexpected 'Q' at b2",
            ),
            (solve, json!({"width": 2, "height": 2, "lights": "X."}), 422, "expected 2 rows"),
            (
                press,
                json!({"width": 2, "height": 2, "presses": [[2, 0]]}),
                422,
                "press [2, 0] is off the 2x2 board",
            ),
            (
                solve,
                json!({"width": 2, "height": 2, "presses": [[0, 0]]}),
                400,
                "'presses' is for /api/lightsout/press",
            ),
            (solve, json!({"width": 2}), 422, "height"),
            (press, json!({"width": 2, "height": 2, "presses": [[-1, 0]]}), 422, "presses"),
        ],
    )
    .await;
}

// ---- Packing ----------------------------------------------------------------

/// Checks a drawn packing: every board cell covered, each piece's cells as
/// many as its size (`sizes`: label count → cells).
fn check_packing(v: &Value, cells: usize, sizes: &[(usize, usize)]) {
    let labels = v["solution"].as_array().expect("a packing");
    let mut count: HashMap<char, usize> = HashMap::new();
    for layer in labels {
        for row in layer.as_array().unwrap() {
            for c in row.as_array().unwrap() {
                let c = c.as_str().unwrap().chars().next().unwrap();
                if c != ' ' {
                    *count.entry(c).or_default() += 1;
                }
            }
        }
    }
    assert_eq!(count.values().sum::<usize>(), cells);
    let mut by_size: HashMap<usize, usize> = HashMap::new();
    for n in count.values() {
        *by_size.entry(*n).or_default() += 1;
    }
    for &(pieces, size) in sizes {
        assert_eq!(by_size.get(&size), Some(&pieces), "{count:?}");
    }
}

#[tokio::test]
async fn pack_counts_soma_and_pentominoes() {
    let app = app();
    let (s, list) = call(&app, "GET", "/api/pack", None).await;
    assert_eq!(s, StatusCode::OK);
    let list = list.as_array().unwrap();
    let soma = list.iter().find(|p| p["name"] == "soma").unwrap();
    assert_eq!((soma["dims"].clone(), soma["web"].clone()), (json!([3, 3, 3]), json!(true)));
    let bedlam = list.iter().find(|p| p["name"] == "bedlam").unwrap();
    assert_eq!(bedlam["web"], false);

    let v = post_ok(&app, "/api/pack/solve", json!({"puzzle": "soma"})).await;
    assert_eq!((v["solutions"].as_u64(), v["distinct"].as_u64()), (Some(11_520), Some(240)));
    assert_eq!(v["symmetries"], 48);
    // The V tricube and six tetracubes.
    check_packing(&v, 27, &[(1, 3), (6, 4)]);
    let v = post_ok(&app, "/api/pack/solve", json!({"puzzle": "pentomino-3x20"})).await;
    assert_eq!((v["solutions"].as_u64(), v["distinct"].as_u64()), (Some(8), Some(2)));
    check_packing(&v, 60, &[(12, 5)]);
}

#[tokio::test]
async fn pack_bad_requests_name_the_fault() {
    let app = app();
    assert_post_errors(
        &app,
        [
            ("/api/pack/solve", json!({"puzzle": "nope"}), 404, "no packing puzzle 'nope'"),
            ("/api/pack/solve", json!({"puzzle": "bedlam"}), 422, "bitgames pack bedlam"),
            ("/api/pack/solve", json!({}), 422, "puzzle"),
        ],
    )
    .await;
    assert_error(
        &call(&app, "GET", "/api/pack/solve", None).await,
        StatusCode::METHOD_NOT_ALLOWED,
        "GET",
    );
}

#[tokio::test]
async fn puzzle_pages_are_served_and_linked() {
    let app = app();
    let (s, v) = call(&app, "GET", "/puzzles.js", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v["text"].as_str().unwrap().contains("/api/life/step"));
    let (_, v) = call(&app, "GET", "/", None).await;
    let index = v["text"].as_str().unwrap();
    for link in ["#puzzles/life", "#puzzles/lightsout", "#puzzles/pack"] {
        assert!(index.contains(link), "the start page links {link}");
    }
}
