//! `bitgames serve` (and `bitgames` with no subcommand): the local web app.

use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

/// Options of `bitgames serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; anything but a loopback address lets other
    /// machines play on this one.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port to listen on, or the next free one after it.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// A retrograde table (`bitgames tablebase build`) the analysis answers
    /// from for its game and board: every move won, lost or drawn with its
    /// distance. Repeat for more than one.
    #[arg(long = "table", value_name = "FILE")]
    pub tables: Vec<PathBuf>,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { host: IpAddr::from([127, 0, 0, 1]), port: 8080, tables: Vec::new() }
    }
}

/// Serves the web app until Ctrl-C, printing its URL first.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<()> {
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}: other machines on the network can use this server",
            args.host
        );
    }
    let mut tables = Vec::new();
    for path in &args.tables {
        let t = bitgames::registry::load_table(path).map_err(crate::solve::tool_error)?;
        writeln!(out, "table of {} read from {}", t.spec, path.display())?;
        tables.push(t);
    }
    let mut printed = Ok(());
    bitgames_web::run(args.host, args.port, tables, |url| {
        printed = writeln!(out, "bitgames web app at {url}   (Ctrl-C to stop)")
            .and_then(|()| out.flush());
    })
    .with_context(|| format!("cannot serve on {}:{}", args.host, args.port))?;
    printed?;
    Ok(())
}
