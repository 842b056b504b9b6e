//! The game registry: every game the library has, built from a spec string
//! with parameters, OpenSpiel-style: `connect4`, `connect4(width=8,height=7)`,
//! `tictactoe(k=4)`; and the engines and tools each game brings.
//!
//! Each game module declares its own [`GameInfo`]; this module only lists them,
//! so it sits above the games and nothing below imports it.

use crate::dynamic::DynGame;
use crate::engine::{Engine, EngineInfo};
pub use crate::info::{with_words, BuildFn, GameInfo, WordsBuilder};
pub use crate::params::{ParamInfo, ParamKind, ParamValue, Params};
pub use crate::spec::{parse_spec, write_spec, Spec, SpecError};
use crate::tools::{BenchSuite, ProtocolInfo};

static GAMES: &[&GameInfo] = &[
    &crate::games::breakthrough::INFO,
    &crate::games::clobber::INFO,
    &crate::games::connect4::INFO,
    &crate::games::go::INFO,
    &crate::games::gomoku::INFO,
    &crate::games::hex::INFO,
    &crate::games::othello::INFO,
    &crate::games::teeko::INFO,
    &crate::games::tictactoe::INFO,
    &crate::games::y::INFO,
    &crate::games::yavalath::INFO,
];

/// Every registered game.
pub fn games() -> &'static [&'static GameInfo] {
    GAMES
}

/// The registered game with this name.
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.name == name)
}

/// The registered game a built game comes from (by its spec's name).
pub fn info_of(game: &dyn DynGame) -> Option<&'static GameInfo> {
    let spec = game.spec();
    game_info(spec.split('(').next().unwrap_or_default())
}

/// The engines that play `game`: the generic ones, then the game's own; a
/// game's own engine replaces a generic one of the same name.
pub fn engines_for(game: &dyn DynGame) -> Vec<&'static EngineInfo> {
    let own: &[&'static EngineInfo] = info_of(game).map_or(&[], |info| info.engines);
    let mut v: Vec<&'static EngineInfo> = crate::engine::GENERIC
        .iter()
        .copied()
        .filter(|g| !own.iter().any(|o| o.name == g.name))
        .collect();
    v.extend(own.iter().copied());
    v
}

/// Every benchmark suite of every game, with its game.
pub fn bench_suites() -> Vec<(&'static GameInfo, &'static BenchSuite)> {
    GAMES.iter().flat_map(|g| g.tools.benches.iter().map(move |b| (*g, *b))).collect()
}

/// The game that speaks a protocol, and the protocol (`nboard`).
pub fn protocol(name: &str) -> Option<(&'static GameInfo, &'static ProtocolInfo)> {
    GAMES.iter().find_map(|g| g.tools.protocols.iter().find(|p| p.name == name).map(|p| (*g, *p)))
}

/// Builds the engine a spec names (`random`, `alphabeta(level=6)`) for `game`.
pub fn new_engine(game: &dyn DynGame, spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    let parsed = parse_spec(spec)?;
    let engines = engines_for(game);
    let Some(info) =
        engines.iter().find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
    else {
        let everyone: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| g.engines.iter().map(|e| e.name))
            .filter(|n| *n == parsed.name)
            .collect();
        let known = engines.iter().map(|e| e.name).collect::<Vec<_>>().join(", ");
        return Err(if everyone.is_empty() {
            SpecError::UnknownEngine { name: parsed.name, game: game.spec(), known }
        } else {
            SpecError::EngineNotForGame { name: parsed.name, game: game.spec(), known }
        });
    };
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(game, &params).map_err(|why| SpecError::Invalid { game: info.name.into(), why })
}

/// Builds the start position of the game a spec names.
pub fn new_game(spec: &str) -> Result<Box<dyn DynGame>, SpecError> {
    let parsed = parse_spec(spec)?;
    let info = game_info(&parsed.name).ok_or_else(|| SpecError::UnknownGame {
        name: parsed.name.clone(),
        known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
    })?;
    let params = Params::parse(info.name, info.params, &parsed.params)?;
    (info.build)(&params)
        .map_err(|e| SpecError::Invalid { game: info.name.into(), why: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(new_game("connect4").unwrap().spec(), "connect4(width=7,height=6)");
        assert_eq!(
            new_game(" connect4( width = 8 , height=7 ) ").unwrap().spec(),
            "connect4(width=8,height=7)"
        );
        assert_eq!(new_game("tictactoe(width=15,height=15,k=5)").unwrap().legal_moves().len(), 225);
        assert!(matches!(new_game("chess"), Err(SpecError::UnknownGame { .. })));
        assert!(matches!(new_game("connect4(depth=3)"), Err(SpecError::UnknownParam { .. })));
        assert!(matches!(new_game("connect4(width=0)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(new_game("connect4(width=x)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(new_game("connect4(width=8,height=8)"), Err(SpecError::Invalid { .. })));
        assert!(matches!(new_game("connect4(width=8"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width=8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width=(8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width)"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4)"), Err(SpecError::Syntax { .. })));
        assert_eq!(new_game("connect4()").unwrap().spec(), "connect4(width=7,height=6)");
        let quoted = parse_spec(r#"gtp(cmd="gnugo --mode gtp", level = 3)"#).unwrap();
        assert_eq!(
            quoted.params,
            [("cmd".into(), "gnugo --mode gtp".into()), ("level".into(), "3".into())]
        );
        assert_eq!(write_spec("gtp", &quoted.params), r#"gtp(cmd="gnugo --mode gtp",level=3)"#);
        assert!(matches!(parse_spec(r#"gtp(cmd="gnugo)"#), Err(SpecError::Syntax { .. })));
        assert!(matches!(
            new_game("tictactoe(width=64,height=64)"),
            Err(SpecError::Invalid { .. })
        ));
    }

    #[test]
    fn every_game_builds_its_default_spec() {
        for info in games() {
            let g = new_game(&info.default_spec()).unwrap();
            assert_eq!(g.spec(), info.default_spec());
            assert_eq!(new_game(info.name).unwrap().spec(), info.default_spec());
        }
    }

    #[test]
    fn engines_by_spec() {
        let c4 = new_game("connect4").unwrap();
        let names: Vec<&str> = engines_for(c4.as_ref()).iter().map(|e| e.name).collect();
        assert!(names.contains(&"random") && names.contains(&"solver"), "{names:?}");
        assert!(new_engine(c4.as_ref(), "random(seed=3)").is_ok());
        assert!(new_engine(c4.as_ref(), "alphabeta(depth=4)").is_ok());
        let othello = new_game("othello").unwrap();
        let ab: Vec<_> =
            engines_for(othello.as_ref()).into_iter().filter(|e| e.name == "alphabeta").collect();
        assert_eq!(ab.len(), 1);
        assert!(std::ptr::eq(ab[0], &crate::games::othello::player::ALPHABETA));
        assert!(matches!(
            new_engine(c4.as_ref(), "stockfish"),
            Err(SpecError::UnknownEngine { .. })
        ));
        assert!(matches!(
            new_engine(c4.as_ref(), "random(depth=2)"),
            Err(SpecError::UnknownParam { .. })
        ));
        let ttt = new_game("tictactoe").unwrap();
        assert!(matches!(
            new_engine(ttt.as_ref(), "solver"),
            Err(SpecError::EngineNotForGame { .. })
        ));
    }
}
