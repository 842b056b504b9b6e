//! A load test of the web app on 127.0.0.1 (ignored by default: about 30 s of
//! both cores). Run it with
//! `cargo test --release -p bitgames-web --test it -- load:: --ignored --nocapture`.
//!
//! 1. 10,000 small requests (`/state` and `/move` of Connect Four positions,
//!    32 at a time): every one answered 200; p50/p99 latency printed.
//! 2. 100 analyses asked for at once (MCTS, 400 ms each, on Hex, Yavalath, Y and
//!    Go). The server runs one per core and answers the others 503 "busy", as it
//!    should; each client retries until it gets a worker and reads its stream to
//!    the `done` event. Meanwhile a page polls `/state` every 10 ms: its p99
//!    must stay under 50 ms while both cores analyse.

use crate::common;
use axum::body::Bytes;
use axum::http::{Request, StatusCode};
use bitgames_web::Limits;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

/// The app on 127.0.0.1 for this test; its base URL without the final `/`.
/// The 100 clients share one address (and this server no connection info):
/// the per-client quota is lifted, so they meet the workers' 503.
fn server() -> String {
    let limits = Limits { analyses_per_client: usize::MAX, ..Limits::default() };
    common::server_with(limits).trim_end_matches('/').to_string()
}

/// POSTs JSON; the status, the body and the time to the whole body.
async fn post(client: &Http, url: &str, body: String) -> (StatusCode, Bytes, Duration) {
    let t = Instant::now();
    let req = Request::post(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body)))
        .unwrap();
    match client.request(req).await {
        Ok(resp) => {
            let status = resp.status();
            let bytes = resp.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
            (status, bytes, t.elapsed())
        }
        Err(_) => (StatusCode::BAD_GATEWAY, Bytes::new(), t.elapsed()),
    }
}

/// The `q` quantile of sorted latencies, in milliseconds.
fn ms(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn report(what: &str, mut lat: Vec<Duration>, errors: u64, wall: Duration) -> (f64, f64) {
    lat.sort();
    let (p50, p99) = (ms(&lat, 0.5), ms(&lat, 0.99));
    eprintln!(
        "{what}: {} requests in {:.2} s ({:.0}/s), {errors} errors, p50 {p50:.2} ms, p99 {p99:.2} ms, max {:.2} ms",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        ms(&lat, 1.0)
    );
    (p50, p99)
}

/// CPU seconds this process has used (user + system, from /proc).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // After the ")": state is field 0, utime 11, stime 12; 100 ticks a second.
    (ticks(11) + ticks(12)) / 100.0
}

/// Small requests: a Connect Four position's state, or a move in it.
async fn small_requests(client: Http, base: String, n: usize, seed: usize) -> (Vec<Duration>, u64) {
    let mut lat = Vec::with_capacity(n);
    let mut errors = 0;
    for i in 0..n {
        let k = (seed * 7919 + i * 31) % 7;
        let moves = format!("\"{}\", \"{}\", \"{}\"", k + 1, (k + 3) % 7 + 1, (k + 1) % 7 + 1);
        let (url, body) = if i % 2 == 0 {
            (format!("{base}/api/connect4/state"), format!("{{\"moves\": [{moves}]}}"))
        } else {
            (
                format!("{base}/api/connect4/move"),
                format!("{{\"moves\": [{moves}], \"move\": \"4\"}}"),
            )
        };
        let (status, _, t) = post(&client, &url, body).await;
        if status != StatusCode::OK {
            errors += 1;
        }
        lat.push(t);
    }
    (lat, errors)
}

#[test]
#[ignore]
fn load() {
    let base = server();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let client: Http = Client::builder(TokioExecutor::new()).build_http();
        let loadavg = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        eprintln!(
            "cores: {}; load average before: {}",
            std::thread::available_parallelism().map_or(0, |n| n.get()),
            loadavg.trim()
        );

        // 1. 10,000 small requests, 32 clients at once.
        let t = Instant::now();
        let tasks: Vec<_> = (0..32)
            .map(|s| {
                tokio::spawn(small_requests(
                    client.clone(),
                    base.clone(),
                    10_000 / 32 + usize::from(s < 10_000 % 32),
                    s,
                ))
            })
            .collect();
        let (mut lat, mut errors) = (Vec::new(), 0);
        for task in tasks {
            let (l, e) = task.await.unwrap();
            lat.extend(l);
            errors += e;
        }
        assert_eq!(lat.len(), 10_000);
        report("10,000 state/move requests, 32 at a time", lat, errors, t.elapsed());
        assert_eq!(errors, 0);

        // 2. 100 analyses at once, and a page polling /state meanwhile.
        let games = ["hex", "yavalath", "y", "go"];
        let busy = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let (cpu0, t) = (cpu_seconds(), Instant::now());
        let probe = {
            let (client, base, done) = (client.clone(), base.clone(), Arc::clone(&done));
            tokio::spawn(async move {
                let (mut lat, mut errors) = (Vec::new(), 0u64);
                while !done.load(Ordering::Relaxed) {
                    let body = "{\"moves\": [\"4\", \"4\", \"5\"]}".to_string();
                    let (status, _, d) =
                        post(&client, &format!("{base}/api/connect4/state"), body).await;
                    errors += u64::from(status != StatusCode::OK);
                    lat.push(d);
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                (lat, errors)
            })
        };
        let analyses: Vec<_> = (0..100)
            .map(|i| {
                let (client, base, busy) = (client.clone(), base.clone(), Arc::clone(&busy));
                let game = games[i % games.len()];
                tokio::spawn(async move {
                    let t = Instant::now();
                    let url = format!("{base}/api/{game}/analyse");
                    // Busy: try again after 50 ms, doubling up to 800 ms (as a
                    // page would), spread a little by the client's number.
                    let mut wait = 50 + (i as u64 % 10) * 5;
                    loop {
                        let (status, body, _) =
                            post(&client, &url, "{\"think_ms\": 400}".into()).await;
                        if status == StatusCode::SERVICE_UNAVAILABLE {
                            busy.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_millis(wait)).await;
                            wait = (wait * 2).min(800);
                            continue;
                        }
                        let ok = status == StatusCode::OK
                            && String::from_utf8_lossy(&body).contains("event: done");
                        return (t.elapsed(), ok);
                    }
                })
            })
            .collect();
        let (mut lat, mut errors) = (Vec::new(), 0);
        for a in analyses {
            let (d, ok) = a.await.unwrap();
            lat.push(d);
            errors += u64::from(!ok);
        }
        let wall = t.elapsed();
        done.store(true, Ordering::Relaxed);
        let cpu = cpu_seconds() - cpu0;
        report("100 analyses (400 ms each), asked for at once", lat, errors, wall);
        eprintln!(
            "  {} busy answers (503) retried; this process used {:.1} s of CPU in {:.1} s: {:.2} cores",
            busy.load(Ordering::Relaxed),
            cpu,
            wall.as_secs_f64(),
            cpu / wall.as_secs_f64()
        );
        let (probe_lat, probe_errors) = probe.await.unwrap();
        let (_, p99) = report("  /state polled meanwhile", probe_lat, probe_errors, wall);
        assert_eq!(errors, 0, "analyses that failed");
        assert_eq!(probe_errors, 0);
        assert!(p99 < 50.0, "a state request's p99 is {p99:.1} ms while analysing");
    });
}
