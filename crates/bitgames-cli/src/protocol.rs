//! Line protocols on stdin/stdout (`bitgames nboard`): the registry finds the
//! game that speaks the protocol and builds a session; this only moves lines.

use crate::common::{
    clean_error_text, input_error, line_too_long, print_error, read_line, LineRead,
};
use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;

/// Options of a protocol command.
#[derive(Args, Debug)]
pub struct ProtocolArgs {
    /// Search depth before the GUI sets one (NBoard always does), 1–60.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
}

/// Runs a session of protocol `name` until the other side quits or the input
/// ends. A line that is not UTF-8 text is reported on stderr with its number
/// and skipped; if there were any, the exit code is 2 at the end.
pub fn run(name: &str, args: &ProtocolArgs, out: &mut dyn Write) -> Result<()> {
    let (_, info) = bitgames::registry::protocol(name)
        .with_context(|| format!("no game speaks the {name} protocol"))?;
    let mut session = (info.build)(args.depth).map_err(|e| input_error(e.to_string()))?;
    let mut stdin = std::io::stdin().lock();
    let mut buf = Vec::new();
    let (mut number, mut bad) = (0usize, 0usize);
    loop {
        number += 1;
        match read_line(&mut stdin, &mut buf).context("reading standard input")? {
            LineRead::End => break,
            LineRead::TooLong => return Err(line_too_long(number)),
            LineRead::Line => {}
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            bad += 1;
            print_error(&format!("standard input, line {number}: not UTF-8 text, skipped"));
            continue;
        };
        let reply = session.handle(line.trim_end_matches(['\n', '\r']));
        for l in &reply.lines {
            writeln!(out, "{l}")?;
        }
        out.flush()?;
        for l in &reply.log {
            eprintln!("{}", clean_error_text(l));
        }
        if reply.done {
            break;
        }
    }
    if bad > 0 {
        return Err(input_error(format!("{bad} line(s) were not UTF-8 text (see above)")));
    }
    Ok(())
}
