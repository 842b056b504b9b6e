//! Work called off when its client goes away: an engine move whose request is
//! dropped, an Othello analysis whose stream is dropped; and the Othello
//! analysis beyond the exact range, streamed a ply at a time.

use crate::common;
use axum::http::StatusCode;
use axum::Router;
use bitgames::games::othello::player::{Level, OthelloPlayer};
use bitgames::games::othello::Othello;
use bitgames::{registry, Rules};
use bitgames_web::{router, Limits};
use common::{assert_error, call};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// A midgame Othello position (Tiger's opening, 50 empties): analysed by the
/// alpha-beta player, not exactly.
const TIGER: &str = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7";

/// How long a stopped search may take to give its worker back: the engines
/// poll their flag every simulation or 1024 nodes (milliseconds); the margin is
/// for a loaded two-core test machine.
const GRACE: Duration = Duration::from_secs(10);

/// POSTs `body` to `path` on 127.0.0.1:`port` and leaves the connection open.
async fn post_raw(port: u16, path: &str, body: &Value) -> tokio::net::TcpStream {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.unwrap();
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    s
}

/// The status line of the answer to `body` POSTed to `path`.
async fn status_of(port: u16, path: &str, body: &Value) -> String {
    let mut s = post_raw(port, path, body).await;
    let mut buf = vec![0u8; 4096];
    let n = s.read(&mut buf).await.unwrap();
    String::from_utf8_lossy(&buf[..n]).lines().next().unwrap_or_default().to_string()
}

/// A real server with one worker: an engine move of a minute (MCTS, 60 s)
/// holds it; the client drops its request (as the page's Stop button aborts
/// its fetch); the engine is called off and the worker is free again within
/// moments, not a minute.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_engine_request_frees_the_worker() {
    let listener = bitgames_web::bind([127, 0, 0, 1].into(), 0).await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        axum::serve(listener, router(Limits { workers: 1, ..Limits::default() })).await
    });
    let long = json!({"engine": "mcts(time=60s)"});
    let quick = json!({"start": "XX./OO./...", "engine": "greedy"});
    // The engine takes the one worker. A probe that reaches the server first
    // takes it for a moment and the long move is refused "busy" (or, on a
    // loaded machine, the server has not read it yet): then ask again.
    let mut busy = String::new();
    let asked = Instant::now();
    let mut thinking = post_raw(port, "/api/connect4/engine", &long).await;
    while asked.elapsed() < GRACE {
        tokio::time::sleep(Duration::from_millis(100)).await;
        busy = status_of(port, "/api/tictactoe/engine", &quick).await;
        if busy.contains("503") {
            break;
        }
        thinking = post_raw(port, "/api/connect4/engine", &long).await;
    }
    assert!(busy.starts_with("HTTP/1.1 503"), "{busy}");
    // ...until its client leaves.
    drop(thinking);
    let t = Instant::now();
    let mut answer = String::new();
    while t.elapsed() < GRACE {
        tokio::time::sleep(Duration::from_millis(20)).await;
        answer = status_of(port, "/api/tictactoe/engine", &quick).await;
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
    }
    assert!(answer.starts_with("HTTP/1.1 200"), "the engine still held the worker: {answer}");
    eprintln!(
        "worker freed {:.0} ms after the request was dropped",
        t.elapsed().as_secs_f64() * 1e3
    );
}

/// The events of an SSE body, `(event, data)`, read to its end.
async fn events(app: &Router, uri: &str) -> Vec<(String, Value)> {
    let (status, v) = call(app, "GET", uri, None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let text = v["text"].as_str().expect("an event stream").to_string();
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name.to_string(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

/// Beyond 20 empties the analysis deepens a ply at a time over all the moves
/// and sends each move's value as soon as it is searched: every move at depth
/// 1, then every move at depth 2, …, each value and line the library player's
/// own for that move at that depth (searched in the same order).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn othello_analysis_beyond_the_exact_range_deepens_move_by_move() {
    let uri = format!("/api/othello/analyse?moves={}&think_ms=2000", TIGER.replace(' ', "%20"));
    let ev = events(&common::app(), &uri).await;
    assert_eq!(ev[0].0, "start");
    assert!(ev[0].1["about"].as_str().unwrap().contains("deepened"), "{:?}", ev[0]);
    let mut g = registry::new_game("othello").unwrap();
    for m in TIGER.split_whitespace() {
        g.play_text(m).unwrap();
    }
    let pos = *g.as_any().downcast_ref::<Othello>().unwrap();
    let mut moves = Vec::new();
    Rules::legal_moves(&pos, &mut moves);
    let sent: Vec<&Value> = ev.iter().filter(|(n, _)| n == "move").map(|(_, d)| d).collect();
    assert!(sent.len() >= 2 * moves.len(), "fewer than two depths in 2 s: {sent:?}");
    let mut player = OthelloPlayer::new(Level::new(8).unwrap());
    for (i, got) in sent.iter().take(2 * moves.len()).enumerate() {
        let (depth, mv) = (i / moves.len() + 1, moves[i % moves.len()]);
        let want = player.evaluate_move(&pos, mv, depth as u32).unwrap();
        assert_eq!(got["move"], mv.to_string(), "event {i}");
        assert_eq!(got["score"].as_f64(), Some(want.value.discs()), "{mv} at depth {depth}");
        let text = got["text"].as_str().unwrap();
        assert!(text.ends_with(&format!("depth {depth}")), "{text}");
        // The line sent is the player's principal variation, for the page's preview.
        let line: Vec<&str> =
            got["line"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let want_line: Vec<String> = want.pv.iter().map(|m| m.to_string()).collect();
        assert_eq!(line, want_line, "{mv} at depth {depth}");
    }
    let depths: Vec<&str> = ev
        .iter()
        .filter(|(n, _)| n == "progress")
        .filter_map(|(_, d)| d["text"].as_str())
        .collect();
    assert!(depths[0].starts_with("depth 1 searched") && depths[1].starts_with("depth 2"));
    let done = &ev.last().unwrap();
    assert_eq!(done.0, "done");
    assert_eq!(done.1["complete"], true);
}

/// A dropped stream calls the Othello player off inside its search: a minute
/// of analysis no longer holds the one worker.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_stream_stops_the_othello_player() {
    let app = router(Limits { workers: 1, ..Limits::default() });
    let uri = format!("/api/othello/analyse?moves={}&think_ms=60000", TIGER.replace(' ', "%20"));
    let resp = app.clone().oneshot(common::request("GET", &uri, None)).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let mut body = resp.into_body();
    let frame = body.frame().await.unwrap().unwrap();
    let text = String::from_utf8_lossy(frame.data_ref().unwrap()).to_string();
    assert!(text.contains("event: start"), "{text}");
    // Deep enough that one move's search takes long.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let busy = call(&app, "GET", "/api/tictactoe/analyse?think_ms=100", None).await;
    assert_error(&busy, StatusCode::SERVICE_UNAVAILABLE, "busy");
    drop(body);
    let freed = common::worker_freed_within(&app, GRACE).await;
    let freed = freed.expect("the Othello player still held the worker after the client left");
    eprintln!("worker freed {:.0} ms after the stream was dropped", freed.as_secs_f64() * 1e3);
}
