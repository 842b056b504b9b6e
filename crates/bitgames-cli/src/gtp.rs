//! `bitgames gtp GAME [--engine SPEC]`: a GTP version 2 engine on stdin/stdout
//! for any placement game (Go, Hex, Y, Gomoku, …); the protocol is the
//! library's [`GtpSession`], this only moves lines.

use crate::common::{input_error, line_too_long, read_line, LineRead};
use anyhow::{Context, Result};
use bitgames::gtp::session::DEFAULT_ENGINE;
use bitgames::gtp::GtpSession;
use clap::Args;
use std::io::Write;

/// Options of `bitgames gtp`.
#[derive(Args, Debug)]
pub struct GtpArgs {
    /// Game spec, e.g. go, 'go(size=19)', 'hex(size=11)', y, gomoku.
    pub game: String,
    /// The engine that answers genmove (`bitgames engines GAME` lists them).
    #[arg(long, short, default_value = DEFAULT_ENGINE)]
    pub engine: String,
}

/// Answers GTP commands until `quit` or the end of the input. A line that is
/// not UTF-8 is answered with an error.
pub fn run(args: &GtpArgs, out: &mut dyn Write) -> Result<()> {
    let mut session =
        GtpSession::new(&args.game, &args.engine).map_err(|e| input_error(e.to_string()))?;
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    let mut number = 0;
    while !session.is_done() {
        number += 1;
        match read_line(&mut stdin, &mut buf).context("reading standard input")? {
            LineRead::End => return Ok(()),
            LineRead::TooLong => return Err(line_too_long(number)),
            LineRead::Line => {}
        }
        let reply = match std::str::from_utf8(&buf) {
            Ok(line) => session.handle(line),
            Err(_) => Some("? the line is not UTF-8 text\n\n".to_string()),
        };
        if let Some(reply) = reply {
            out.write_all(reply.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}
