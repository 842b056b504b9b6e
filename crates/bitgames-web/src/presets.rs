//! The strengths the page offers in its play menu, from what the registry says
//! of a game's engines.

use bitgames::registry;
use bitgames::retro::analysis::LoadedTable;
use bitgames::DynGame;

/// A strength the page offers in its play menu: a name and the engine spec
/// behind it (the raw engine parameters stay under "advanced").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Preset {
    /// `easy`, `medium`, `strong` or `perfect`.
    pub name: &'static str,
    /// The engine spec it plays.
    pub spec: String,
    /// What it is, in words.
    pub summary: String,
    /// Whether the page picks it first.
    pub default: bool,
}

/// The strengths for `game`, weakest first, from what the registry says of its
/// engines (no game is named): `easy` and `medium` are Monte Carlo tree search
/// with 200 simulations and one second a move; `strong` is the game's own
/// engine when it has one that is not perfect, else five seconds of MCTS;
/// `perfect` is the engine named or aliased `perfect` (an exact solver), where
/// there is one, else the engine of a table the server was started with that
/// holds the position (`perfect(table=FILE)`, the file filled in by
/// [`crate::engine::check`]). The page starts on `perfect` where it exists,
/// else on the game's own engine, else on `medium`.
pub fn presets(game: &dyn DynGame, tables: &[LoadedTable]) -> Vec<Preset> {
    let own = registry::info_of(game).map_or(&[][..], |info| info.engines);
    let is_perfect =
        |e: &&&bitgames::engine::EngineInfo| e.name == "perfect" || e.aliases.contains(&"perfect");
    let perfect = own.iter().find(is_perfect);
    let strong = own.iter().find(|e| !is_perfect(e));
    let mut v = vec![
        Preset {
            name: "easy",
            spec: "mcts(iterations=200)".into(),
            summary: "Monte Carlo tree search, 200 simulations a move".into(),
            default: false,
        },
        Preset {
            name: "medium",
            spec: "mcts(time=1s)".into(),
            summary: "Monte Carlo tree search, 1 s a move".into(),
            default: perfect.is_none() && strong.is_none(),
        },
        match strong {
            Some(e) => Preset {
                name: "strong",
                spec: e.name.to_string(),
                summary: e.summary.to_string(),
                default: perfect.is_none(),
            },
            None => Preset {
                name: "strong",
                spec: "mcts(time=5s)".into(),
                summary: "Monte Carlo tree search, 5 s a move".into(),
                default: false,
            },
        },
    ];
    let table = tables.iter().find(|t| t.holds(game)).map(|t| t.engine());
    match (perfect, table) {
        (Some(e), _) => v.push(Preset {
            name: "perfect",
            spec: e.name.to_string(),
            summary: e.summary.to_string(),
            default: true,
        }),
        (None, Some(name)) => {
            for p in &mut v {
                p.default = false;
            }
            v.push(Preset {
                name: "perfect",
                spec: name.to_string(),
                summary: "perfect play from the table the server was started with: the fastest \
                          win, else a draw, else the slowest loss"
                    .into(),
                default: true,
            });
        }
        (None, None) => {}
    }
    v
}
