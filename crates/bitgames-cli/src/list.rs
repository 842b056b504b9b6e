//! `bitgames games` and `bitgames engines`: the registered games and engines,
//! their parameters and default specs.

use anyhow::Result;
use bitgames::engine::EngineInfo;
use bitgames::registry::{self, ParamInfo, ParamValue};
use clap::Args;
use serde::Serialize;
use std::io::Write;

/// Options of `bitgames games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Print a JSON array: `[{name, summary, default_spec, params: [{name, kind,
    /// default, range, doc}], engines: [name, …]}]`.
    #[arg(long)]
    pub json: bool,
}

/// Options of `bitgames engines`.
#[derive(Args, Debug)]
pub struct EnginesArgs {
    /// Only the engines that play this game (a spec); default: every game's.
    pub game: Option<String>,
    /// Print a JSON array: `[{name, aliases, summary, default_spec, params}]`.
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
    engines: Vec<&'static str>,
}

/// One engine in `engines --json`.
#[derive(Serialize)]
struct EngineJson {
    name: &'static str,
    aliases: &'static [&'static str],
    summary: &'static str,
    default_spec: String,
    params: Vec<ParamJson>,
}

/// One parameter in `--json` listings.
#[derive(Serialize)]
struct ParamJson {
    name: &'static str,
    kind: &'static str,
    default: ParamValue,
    range: String,
    doc: &'static str,
}

/// Writes `items` as a pretty JSON array, each as `entry` makes it.
fn write_json<T, J: Serialize>(
    out: &mut dyn Write, items: &[T], entry: impl Fn(&T) -> J,
) -> Result<()> {
    let list: Vec<J> = items.iter().map(entry).collect();
    writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
    Ok(())
}

fn params_json(params: &'static [ParamInfo]) -> Vec<ParamJson> {
    params
        .iter()
        .map(|p| ParamJson {
            name: p.name,
            kind: p.kind.name(),
            default: p.default_value(),
            range: p.range(),
            doc: p.doc,
        })
        .collect()
}

/// Prints parameters as indented lines: name, default, range, meaning.
fn write_params(out: &mut dyn Write, params: &[ParamInfo]) -> Result<()> {
    for p in params {
        writeln!(
            out,
            "  {:<10}    {:<9} default {:<4} range {:<6} {}",
            "",
            p.name,
            p.default_value().to_string(),
            p.range(),
            p.doc
        )?;
    }
    Ok(())
}

/// Prints the engines (of one game, or every game's) as a list or as JSON.
pub fn run_engines(args: &EnginesArgs, out: &mut dyn Write) -> Result<()> {
    let mut engines: Vec<&'static EngineInfo> = match &args.game {
        Some(spec) => registry::engines_for(crate::common::build_game(spec, None)?.as_ref()),
        None => {
            let mut all = bitgames::registry::generic_engines().to_vec();
            all.extend(registry::games().iter().flat_map(|g| g.engines.iter().copied()));
            all
        }
    };
    engines.dedup_by(|a, b| std::ptr::eq(*a, *b));
    if args.json {
        return write_json(out, &engines, |e| EngineJson {
            name: e.name,
            aliases: e.aliases,
            summary: e.summary,
            default_spec: e.default_spec(),
            params: params_json(e.params),
        });
    }
    writeln!(out, "engines:")?;
    for e in engines {
        // A game's own engine replaces a generic one of the same name there.
        let generic = bitgames::registry::generic_engines().iter().any(|g| std::ptr::eq(*g, e));
        let games: Vec<&str> = registry::games()
            .iter()
            .filter(|g| {
                g.engines
                    .iter()
                    .any(|x| if generic { x.name == e.name } else { std::ptr::eq(*x, e) })
            })
            .map(|g| g.name)
            .collect();
        let plays = match (generic, games.is_empty()) {
            (true, true) => "every game".to_string(),
            (true, false) => format!("every game but {}, which has its own", games.join(", ")),
            _ => games.join(", "),
        };
        writeln!(out, "  {:<10}  {} (plays {plays})", e.name, e.summary)?;
        writeln!(out, "  {:<10}  default spec: {}", "", e.default_spec())?;
        if !e.aliases.is_empty() {
            writeln!(out, "  {:<10}  also called: {}", "", e.aliases.join(", "))?;
        }
        write_params(out, e.params)?;
    }
    Ok(())
}

/// Prints the games as a list or as JSON.
pub fn run(args: &GamesArgs, out: &mut dyn Write) -> Result<()> {
    let games = registry::games();
    if args.json {
        return write_json(out, games, |g| GameJson {
            name: g.name,
            summary: g.summary,
            default_spec: g.default_spec(),
            params: params_json(g.params),
            engines: bitgames::registry::generic_engines()
                .iter()
                .filter(|e| !g.engines.iter().any(|o| o.name == e.name))
                .chain(g.engines.iter())
                .map(|e| e.name)
                .collect(),
        });
    }
    writeln!(out, "games:")?;
    for g in games {
        writeln!(out, "  {:<10}  {}", g.name, g.summary)?;
        writeln!(out, "  {:<10}  default spec: {}", "", g.default_spec())?;
        write_params(out, g.params)?;
    }
    Ok(())
}
