//! `bitgames serve` (and `bitgames` with no subcommand): the local web app.

use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::net::IpAddr;

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
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { host: IpAddr::from([127, 0, 0, 1]), port: 8080 }
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
    let mut printed = Ok(());
    bitgames_web::run(args.host, args.port, |url| {
        printed = writeln!(out, "bitgames web app at {url}   (Ctrl-C to stop)")
            .and_then(|()| out.flush());
    })
    .with_context(|| format!("cannot serve on {}:{}", args.host, args.port))?;
    printed?;
    Ok(())
}
