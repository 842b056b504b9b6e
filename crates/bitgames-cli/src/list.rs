//! `bitgames games`: the registered games, their parameters and default specs.

use anyhow::Result;
use bitgames::registry;
use clap::Args;
use serde::Serialize;
use std::io::Write;

/// Options of `bitgames games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print a JSON array: `[{name, summary, default_spec, params: [{name, default,
    /// min, max, doc}]}]`.
    #[arg(long)]
    pub json: bool,
}

/// One game in `games --json`.
#[derive(Serialize)]
struct GameJson {
    name: &'static str,
    summary: &'static str,
    default_spec: String,
    params: Vec<ParamJson>,
}

/// One parameter in `games --json`.
#[derive(Serialize)]
struct ParamJson {
    name: &'static str,
    default: i64,
    min: i64,
    max: i64,
    doc: &'static str,
}

/// Prints the games as a list or as JSON.
pub fn run(args: &GamesArgs, out: &mut dyn Write) -> Result<()> {
    let games = registry::games();
    if args.json {
        let list: Vec<GameJson> = games
            .iter()
            .map(|g| GameJson {
                name: g.name,
                summary: g.summary,
                default_spec: g.default_spec(),
                params: g
                    .params
                    .iter()
                    .map(|p| ParamJson {
                        name: p.name,
                        default: p.default,
                        min: p.min,
                        max: p.max,
                        doc: p.doc,
                    })
                    .collect(),
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
        return Ok(());
    }
    writeln!(out, "games:")?;
    for g in games {
        writeln!(out, "  {:<10}  {}", g.name, g.summary)?;
        writeln!(out, "  {:<10}  default spec: {}", "", g.default_spec())?;
        for p in g.params {
            let range = format!("{}–{}", p.min, p.max);
            writeln!(
                out,
                "  {:<10}    {:<7} default {:<3} range {:<6} {}",
                "", p.name, p.default, range, p.doc
            )?;
        }
    }
    Ok(())
}
