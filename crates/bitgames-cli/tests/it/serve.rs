//! `bitgames serve`: prints its URL, answers the API there, and a bad host is
//! one clear error.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_url_and_answers() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start bitgames serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).map(str::to_string);
    let answer = url.as_deref().and_then(|u| {
        let addr = u.trim_start_matches("http://").trim_end_matches('/');
        let mut s = TcpStream::connect(addr).ok()?;
        s.write_all(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            .ok()?;
        let mut body = String::new();
        s.read_to_string(&mut body).ok()?;
        Some(body)
    });
    child.kill().expect("stop the server");
    child.wait().unwrap();
    assert!(line.starts_with("bitgames web app at http://127.0.0.1:"), "{line}");
    let answer = answer.expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"name\":\"connect4\""), "{answer}");
}

#[test]
fn serve_bad_host_is_an_error() {
    let err = common::fails(&["serve", "--host", "not-an-address"]);
    assert!(err.contains("not-an-address"), "{err}");
}
