//! Engine moves: an engine spec checked against what the web app allows (on the
//! async thread, cheaply), then built and asked for its move on a worker thread.

use crate::error::clip;
use crate::error::ApiError;
use crate::limits::Limits;
use bitgames::registry::{self, parse_spec, ParamKind, ParamValue, Params};
use bitgames::retro::analysis::LoadedTable;
use bitgames::DynGame;

/// Checks an engine spec for `game` without building the engine, and gives the
/// spec to build: unknown engines and parameters are refused as the registry
/// refuses them, and so is what a page must not set: text parameters (they name
/// files or commands on the server), tables over [`Limits::table_mib`] (a table
/// whose default is larger is capped), times over [`Limits::engine_time`]. A
/// table's engine (`perfect`) with no file named gets the file of a table the
/// server was started with that holds the position.
pub fn check(
    game: &dyn DynGame, spec: &str, limits: &Limits, tables: &[LoadedTable],
) -> Result<String, ApiError> {
    let parsed = parse_spec(spec).map_err(ApiError::spec)?;
    let engines = registry::engines_for(game);
    let Some(info) =
        engines.iter().find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
    else {
        // Not an engine of this game: the registry names the fault.
        return match registry::new_engine(game, spec) {
            Err(e) => Err(ApiError::spec(e)),
            Ok(_) => Err(ApiError::bad_request(format!("unknown engine '{}'", clip(spec)))),
        };
    };
    // Checked as the registry checks it; then the web app's own rules.
    Params::parse(info.name, info.params, &parsed.params).map_err(ApiError::spec)?;
    let mut pairs = parsed.params.clone();
    let mut extra = Vec::new();
    for p in info.params {
        let given = pairs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(p.name))
            .map(|(_, v)| v.trim().to_string());
        let given = given.as_deref();
        let number = |v: Option<&str>| v.and_then(|v| v.parse::<i64>().ok());
        let refused = match p.kind {
            ParamKind::Text if given.is_some_and(|v| !v.is_empty()) => {
                Some("it names a file or command on the server".to_string())
            }
            ParamKind::Int { .. } if p.name.ends_with("_mib") => {
                let default = match p.default_value() {
                    ParamValue::Int(n) => n,
                    _ => 0,
                };
                match number(given) {
                    Some(n) if n > limits.table_mib => {
                        Some(format!("the web app allows at most {} MiB", limits.table_mib))
                    }
                    None if default > limits.table_mib => {
                        extra.push((p.name.to_string(), limits.table_mib.to_string()));
                        None
                    }
                    _ => None,
                }
            }
            ParamKind::Int { .. }
                if p.name.ends_with("_ms")
                    && number(given)
                        .is_some_and(|n| n as u128 > limits.engine_time.as_millis()) =>
            {
                Some(format!("the web app allows at most {} ms", limits.engine_time.as_millis()))
            }
            // A duration (`time=3600s`) is bounded as the `_ms` numbers are.
            ParamKind::Duration { .. }
                if given
                    .and_then(bitgames::params::parse_duration)
                    .is_some_and(|d| d > limits.engine_time) =>
            {
                Some(format!("the web app allows at most {} s", limits.engine_time.as_secs()))
            }
            // Threads: at most one a core (each costs a server thread).
            ParamKind::Int { .. }
                if p.name == "threads" && number(given).is_some_and(|n| n > cores() as i64) =>
            {
                Some(format!("the web app allows at most {} (its cores)", cores()))
            }
            _ => None,
        };
        if let Some(why) = refused {
            return Err(ApiError::bad_request(format!(
                "engine parameter {}={}: {why}",
                p.name,
                clip(given.unwrap_or_default())
            )));
        }
    }
    let served = tables.iter().find(|t| t.engine() == info.name && t.holds(game));
    if let Some(t) = served {
        if !pairs.iter().any(|(n, _)| n.eq_ignore_ascii_case("table")) {
            extra.push(("table".to_string(), t.path.to_string_lossy().into_owned()));
        }
    }
    pairs.extend(extra);
    Ok(registry::write_spec(info.name, &pairs))
}

/// The machine's cores, the most threads an engine of the web app may take.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What an engine move answers.
#[derive(serde::Serialize)]
pub struct EngineReply {
    /// The engine's full spec.
    pub engine: String,
    /// The move it chose, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// What the engine says about it.
    pub info: Option<String>,
    /// Seconds it thought.
    pub seconds: f64,
    /// The state after the move.
    pub state: crate::game::StateJson,
}
