//! The server's bounds in time and number (issue 33, row 9), against a real
//! server on 127.0.0.1 with small limits: a slow head and an idle kept-alive
//! connection are closed, a slow body gets a 408, a huge head a 431, the
//! connections past the cap wait and are answered once slots free, and an
//! analysis streamed for longer than the head timeout is not cut.

use crate::common::server_with;
use bitgames_web::Limits;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Small limits: a head within 400 ms, a body within 400 ms, 4 connections.
fn limits() -> Limits {
    Limits {
        header_time: Duration::from_millis(400),
        body_time: Duration::from_millis(400),
        connections: 4,
        ..Limits::default()
    }
}

fn addr(url: &str) -> String {
    url.trim_start_matches("http://").trim_end_matches('/').to_string()
}

/// Everything the server sends until it closes the connection (at most
/// `within`); `None` if it is still open then.
async fn until_closed(s: &mut TcpStream, within: Duration) -> Option<String> {
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(within, read).await.ok()?;
    Some(String::from_utf8_lossy(&got).into_owned())
}

const GAMES: &[u8] = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

#[tokio::test]
async fn a_slow_head_is_closed_and_a_slow_body_is_a_408() {
    let at = addr(&server_with(limits()));
    // Half a head, then nothing: closed after the head timeout.
    let mut s = TcpStream::connect(&at).await.unwrap();
    s.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n").await.unwrap();
    let closed = until_closed(&mut s, Duration::from_secs(5)).await;
    assert!(closed.is_some(), "the slow head's connection stayed open");
    // A body of 100 bytes announced, 10 sent: 408.
    let mut s = TcpStream::connect(&at).await.unwrap();
    let head = "POST /api/tictactoe/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                content-type: application/json\r\ncontent-length: 100\r\n\r\n{\"moves\":";
    s.write_all(head.as_bytes()).await.unwrap();
    let answer = until_closed(&mut s, Duration::from_secs(5)).await.unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request body took longer"), "{answer}");
}

#[tokio::test]
async fn an_idle_kept_alive_connection_is_closed() {
    let at = addr(&server_with(limits()));
    let mut s = TcpStream::connect(&at).await.unwrap();
    s.write_all(GAMES).await.unwrap();
    let t = Instant::now();
    let answer = until_closed(&mut s, Duration::from_secs(5)).await;
    let answer = answer.expect("closed after its idle time");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(t.elapsed() >= Duration::from_millis(300), "closed before its idle time");
}

#[tokio::test]
async fn a_huge_head_is_a_431() {
    let at = addr(&server_with(Limits { header_bytes: 16 * 1024, ..limits() }));
    let mut s = TcpStream::connect(&at).await.unwrap();
    let head = format!(
        "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {}\r\n\r\n",
        "a".repeat(40_000)
    );
    let _ = s.write_all(head.as_bytes()).await;
    let answer = until_closed(&mut s, Duration::from_secs(5)).await.unwrap_or_default();
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
}

/// Four idle connections take the four slots: a fifth request waits (in the
/// backlog) until the head timeout frees them, then is answered; so do
/// twelve at once.
#[tokio::test]
async fn connections_past_the_cap_wait_for_a_slot() {
    let at = addr(&server_with(Limits { header_time: Duration::from_millis(1500), ..limits() }));
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(&at).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut fifth = TcpStream::connect(&at).await.unwrap();
    fifth
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut first = [0u8; 12];
    let early = tokio::time::timeout(Duration::from_millis(500), fifth.read(&mut first)).await;
    assert!(early.is_err(), "answered while the cap was held");
    let answer = until_closed(&mut fifth, Duration::from_secs(10)).await.expect("answered");
    assert!(answer.starts_with("HTTP/1.1 200"), "{}", &answer[..answer.len().min(200)]);
    // Three times the cap at once: every one answered.
    let many = (0..12).map(|_| {
        let at = at.clone();
        tokio::spawn(async move {
            let mut s = TcpStream::connect(&at).await.unwrap();
            s.write_all(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .await
                .unwrap();
            until_closed(&mut s, Duration::from_secs(20)).await.unwrap_or_default()
        })
    });
    for h in many.collect::<Vec<_>>() {
        let a = h.await.unwrap();
        assert!(a.starts_with("HTTP/1.1 200"), "{}", &a[..a.len().min(200)]);
    }
    drop(idle);
}

/// An analysis streamed for longer than the head timeout runs to its end.
#[tokio::test]
async fn a_stream_outlives_the_head_timeout() {
    let at = addr(&server_with(limits()));
    let mut s = TcpStream::connect(&at).await.unwrap();
    let req = "GET /api/go/analyse?think_ms=1200 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    s.write_all(req.as_bytes()).await.unwrap();
    let t = Instant::now();
    let body = until_closed(&mut s, Duration::from_secs(20)).await.expect("the stream ends");
    assert!(body.starts_with("HTTP/1.1 200"), "{body}");
    assert!(body.contains("event: done"), "{body}");
    assert!(t.elapsed() >= Duration::from_millis(1000), "the analysis ran {:?}", t.elapsed());
}
