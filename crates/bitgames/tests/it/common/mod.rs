//! The contract every game must keep, shared by the integration tests (in the
//! spirit of board-game-rs's shared harness): legal moves agree with `is_legal`,
//! `count_moves` and `for_each_move`, move and position text round-trip, equal
//! positions hash equal, finished games refuse moves and stay unchanged; and
//! [`children`], the one-move step of the reference tree walks (naive perft,
//! minimax, alpha-beta) that the tests check the fast code against; and what
//! several test files assert alike (refused moves, error messages, the naive
//! references' boards and perft) or set up alike (games, retrograde tables and
//! arena matches from their specs).

#![allow(dead_code)] // Each test file uses its own subset.

use bitgames::tools::TableBuild;
use bitgames::{Game, IllegalReason, PlayError};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `games` random games from `start` checking the contract at every
/// position. `scored`: the game has a final score (`score()` is `Some` exactly
/// when the game is over); otherwise `score()` is always `None`.
pub fn check_game<G: Game + PartialEq>(start: G, games: usize, seed: u64, scored: bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut named = std::collections::HashMap::new();
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            g.legal_moves(&mut moves);
            assert_eq!(moves.len(), g.count_moves(), "{g:?}");
            let mut via_callback = Vec::new();
            g.for_each_move(|m| via_callback.push(m));
            assert_eq!(moves, via_callback);
            for &m in &moves {
                assert!(g.is_legal(m), "{m} listed but not legal in {g:?}");
                let text = m.to_string();
                assert_eq!(g.parse_move(&text).unwrap(), m, "move text {text} round trip");
                // The solver's one-ply check agrees with playing the move.
                let mut after = g.clone();
                after.play(m).unwrap();
                assert_eq!(g.outcome_after(m), after.outcome(), "outcome after {m} in {g:?}");
            }
            // Action ids: in range, one per legal move, each leading back to
            // its move, and naming the same move in every position met.
            assert_eq!(g.num_actions(), start.num_actions(), "{g:?}");
            let mut ids: Vec<usize> = moves.iter().map(|&m| g.action(m)).collect();
            for (&m, &a) in moves.iter().zip(&ids) {
                assert!(a < g.num_actions(), "{m}: action {a} of {} in {g:?}", g.num_actions());
                assert_eq!(g.action_move(a), Some(m), "action {a} of {m} in {g:?}");
                let named = named.entry(a).or_insert_with(|| m.to_string());
                assert_eq!(*named, m.to_string(), "action {a} names two moves");
            }
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), moves.len(), "action ids repeat in {g:?}");
            // The mask and the list name exactly those ids (a stale true or
            // id from a position before is overwritten).
            let (mut mask, mut listed) = (vec![true; g.num_actions()], vec![usize::MAX]);
            g.write_legal_actions(&mut mask, &mut listed);
            let marked: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
            assert_eq!(marked, ids, "action mask of {g:?}");
            listed.sort_unstable();
            assert_eq!(listed, ids, "listed legal actions of {g:?}");
            // The mask alone, over a stale one: the same ids.
            let mut alone = vec![true; g.num_actions()];
            g.write_legal_mask(&mut alone);
            assert_eq!(alone, mask, "write_legal_mask of {g:?}");
            if g.num_actions() <= 400 {
                for a in (0..g.num_actions()).filter(|a| ids.binary_search(a).is_err()) {
                    assert_eq!(g.action_move(a), None, "action {a} in {g:?}");
                }
            }
            // Position text round trip and hash consistency.
            let again = g.parse_position(&g.position()).unwrap();
            assert!(again == g, "position '{}' does not round-trip", g.position());
            assert_eq!(again.position_hash(), g.position_hash());
            assert_eq!(again.outcome(), g.outcome());
            assert_eq!(again.side_to_move(), g.side_to_move());
            // The board view: unique cell names, every move's cells on it, the
            // first move found by an early exit is the first listed.
            let board = g.board();
            let mut names: Vec<&str> = board.cells.iter().map(|c| c.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), board.cells.len(), "cell names repeat in {g:?}");
            for &m in &moves {
                assert!(g.move_cells(m).iter().all(|&i| i < board.cells.len()), "{m} in {g:?}");
            }
            // The observation planes: the game's own (from its bitboards)
            // begin with the board view's three, over the same rows and
            // columns (a game may add planes: Go's ko point).
            let [planes, rows, cols] = g.observation_shape();
            assert_eq!([3, rows, cols], board.observation_shape(), "{g:?}");
            assert!(planes >= 3, "{g:?}");
            let mut own = vec![9.0; planes * rows * cols];
            let mut viewed = vec![9.0; 3 * rows * cols];
            g.observe(&mut own);
            board.observe(g.side_to_move(), &mut viewed);
            assert!(
                own[..viewed.len()] == viewed,
                "observation of {g:?}: {own:?} against {viewed:?}"
            );
            assert!(own.iter().all(|&x| x == 0.0 || x == 1.0), "{g:?}");
            let mut first = None;
            let _ = g.try_for_each_move(|m| {
                first = Some(m);
                std::ops::ControlFlow::Break(())
            });
            assert_eq!(first, moves.first().copied());
            if g.outcome().is_some() {
                assert!(moves.is_empty(), "finished game lists moves: {g:?}");
                assert!(g.random_move(&mut rng).is_none());
                assert_eq!(g.score().is_some(), scored);
                break;
            }
            assert!(g.score().is_none());
            assert!(!moves.is_empty(), "unfinished game with no move: {g:?}");
            let m = moves[rng.random_range(0..moves.len())];
            g.play(m).unwrap();
        }
        // A finished game refuses every move and stays as it is.
        let before = g.clone();
        start.legal_moves(&mut moves);
        for &m in &moves {
            let e = g.play(m).unwrap_err();
            assert!(matches!(e, PlayError::GameOver { .. }));
            assert_eq!(e.mv(), Some(&m), "the refused move is handed back");
            assert!(g == before);
        }
    }
}

/// Perft of a naive reference implementation by its own `moves` and `play`:
/// the move sequences of `depth` plies from `g` (a game over has no moves).
pub fn naive_perft<G: Clone, M>(
    g: &G, depth: usize, moves: fn(&G) -> Vec<M>, play: impl Fn(&mut G, M) + Copy,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(g)
        .into_iter()
        .map(|m| {
            let mut c = g.clone();
            play(&mut c, m);
            naive_perft(&c, depth - 1, moves, play)
        })
        .sum()
}

/// Playing `text` on `g`, a cell already taken, is refused as `Occupied` with a
/// message containing `says`.
pub fn assert_occupied(g: &mut dyn bitgames::DynGame, text: &str, says: &str) {
    let e = g.play_text(text).unwrap_err();
    assert!(matches!(e, PlayError::Illegal { reason: IllegalReason::Occupied, .. }), "{e:?}");
    assert!(e.to_string().contains(says), "{e}");
}

/// Each `(text, why)` position is refused by `g` as a position error whose
/// message contains `why`.
pub fn assert_bad_positions(g: &mut dyn bitgames::DynGame, cases: &[(&str, &str)]) {
    for &(text, why) in cases {
        let e = g.set_position(text).unwrap_err();
        assert!(matches!(e, bitgames::ParseError::Position { .. }), "{text}: {e:?}");
        assert!(e.to_string().contains(why), "{text}: {e}");
    }
}

/// Playing `mv` on `g` is refused as illegal for `reason`, leaving the game
/// as it was.
pub fn assert_refused<G: Game + PartialEq>(g: &G, mv: G::Move, reason: IllegalReason) {
    let mut after = g.clone();
    match after.play(mv) {
        Err(PlayError::Illegal { reason: why, .. }) => assert_eq!(why, reason),
        other => panic!("expected {reason:?}, got {other:?}"),
    }
    assert!(after == *g, "a refused move changed the game");
}

/// The message of an error that must be one (panics on `Ok`).
pub fn message<T, E: std::fmt::Display>(r: Result<T, E>) -> String {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

/// The positions one legal move after `g`, in move-generation order, each with
/// its move (checked play: a reference walk must not rely on `play_unchecked`).
pub fn children<G: Game>(g: &G) -> Vec<(G::Move, G)> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut c = g.clone();
            c.play(m).expect("a generated move is legal");
            (m, c)
        })
        .collect()
}

/// A game's own `random_playout` against `random_move` and `play_unchecked` in
/// turn, from `games` positions reached by up to `opening` random moves from
/// `start` (seeded by `seed`): the same plies, final position, hash, ply and
/// outcome, a finished game with no move left. `same_draws`: the playout also
/// draws exactly as often (loops that stop drawing when the game ends; Y and
/// Hex fill the board first and draw on).
pub fn playout_matches_move_by_move<G: Game + Copy>(
    start: G, games: u64, opening: usize, seed: u64, same_draws: bool,
) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for game in 0..games {
        let mut from = start;
        for _ in 0..rng.random_range(0..=opening) {
            match from.random_move(&mut rng) {
                Some(m) => from.play_unchecked(m),
                None => break,
            }
        }
        let (mut fast, mut slow) = (from, from);
        let (mut rf, mut rs) =
            (Xoshiro256PlusPlus::seed_from_u64(game), Xoshiro256PlusPlus::seed_from_u64(game));
        let plies = fast.random_playout(&mut rf);
        let mut steps = 0;
        while let Some(m) = slow.random_move(&mut rs) {
            slow.play_unchecked(m);
            steps += 1;
        }
        let at = from.position();
        assert_eq!(plies, steps, "{} from {at}", start.spec());
        assert_eq!(fast.position(), slow.position(), "{} from {at}", start.spec());
        assert_eq!(fast.position_hash(), slow.position_hash(), "from {at}");
        assert_eq!(fast.ply(), slow.ply(), "from {at}");
        assert_eq!(fast.outcome(), slow.outcome(), "from {at}");
        assert!(fast.outcome().is_some(), "from {at}");
        assert_eq!(fast.count_moves(), 0, "from {at}");
        if same_draws {
            assert_eq!(rf.random::<u64>(), rs.random::<u64>(), "the generator drawn as often");
        }
    }
}

/// A position text's board as rows of characters, `cells[row][col]` with row 0
/// the bottom (the text lists rows from the top), and the side to move: the
/// state of the naive per-cell references of the step-move games' tests.
pub struct CharBoard {
    pub cells: Vec<Vec<char>>,
    pub side: char,
}

impl CharBoard {
    /// Reads `rows/…/rows side`.
    pub fn read(text: &str) -> CharBoard {
        let (board, side) = text.split_once(' ').unwrap();
        let mut cells: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
        cells.reverse();
        CharBoard { cells, side: side.chars().next().unwrap() }
    }
}

/// A cell's name from its column and row (a1 bottom-left).
pub fn cell_name(col: usize, row: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// A step's name, its from-cell then its to-cell (`b2c3`), from signed
/// `(col, row)` pairs as the naive move generators compute them.
pub fn step_name((col, row): (isize, isize), (to_col, to_row): (isize, isize)) -> String {
    let name = |c: isize, r: isize| cell_name(c as usize, r as usize);
    format!("{}{}", name(col, row), name(to_col, to_row))
}

/// The game of `spec` from the registry (a spec the test knows to be good).
pub fn game(spec: &str) -> Box<dyn bitgames::DynGame> {
    bitgames::new_game(spec).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// The retrograde table of a game, as the registry lists it (`spec`: any
/// board of the game).
pub fn tablebase(spec: &str) -> &'static bitgames::tools::TablebaseInfo {
    let g = game(spec);
    let info = bitgames::registry::info_of(g.as_ref()).unwrap();
    info.tools.tablebase.unwrap_or_else(|| panic!("{spec} has no table"))
}

/// The table of the board of `spec`, built on two threads.
pub fn build_table(spec: &str) -> bitgames::retro::Table {
    (tablebase(spec).build)(game(spec).as_ref(), TableBuild::threads(2)).unwrap()
}

/// Each `(spec, says)`: building the table of `spec`'s board fails, with an
/// error that contains `says`.
pub fn builds_refused(cases: &[(&str, &str)]) {
    for &(spec, says) in cases {
        let e = (tablebase(spec).build)(game(spec).as_ref(), TableBuild::threads(1))
            .unwrap_err()
            .to_string();
        assert!(e.contains(says), "{spec}: {e}");
    }
}

/// The error of asking the table of board `built` about the start of
/// `asked` (another board of the same game).
pub fn probe_refused(built: &str, asked: &str) -> String {
    let t = build_table(built);
    (tablebase(built).probe)(&t, game(asked).as_ref()).unwrap_err().to_string()
}

/// The table of `spec`'s board built in stages (`bitgames.distributed`'s
/// table job), each stage `chunk` indices at a time from the bytes of the
/// stages it reads, is the file the build on one machine writes, byte for
/// byte; the stages and their bytes.
pub fn staged_build_is_the_build(
    spec: &str, chunk: u64,
) -> (Vec<bitgames::tools::Stage>, Vec<Vec<u8>>) {
    let g = game(spec);
    let staged = tablebase(spec).staged.unwrap_or_else(|| panic!("{spec}: no stages"));
    let stages = (staged.stages)(g.as_ref()).unwrap();
    let mut done: Vec<Vec<u8>> = Vec::new();
    for (k, stage) in stages.iter().enumerate() {
        let reads: Vec<&[u8]> = stage.reads.iter().map(|&r| done[r].as_slice()).collect();
        let mut bytes = Vec::new();
        for start in (0..stage.len).step_by(chunk as usize) {
            let range = start..(start + chunk).min(stage.len);
            bytes.extend((staged.label)(g.as_ref(), k, range, &reads).unwrap());
        }
        assert_eq!(bytes.len() as u64, stage.len, "{spec} {}", stage.name);
        done.push(bytes);
    }
    let whole = (staged.assemble)(g.as_ref(), done.clone()).unwrap();
    let (mut file, mut file_here) = (Vec::new(), Vec::new());
    whole.write(&mut file).unwrap();
    build_table(spec).write(&mut file_here).unwrap();
    assert!(file == file_here, "{spec}: the two builds' files differ");
    (stages, done)
}

/// A match of `games` games of `game` between `engines`, from openings of
/// `opening_plies` random plies drawn from `seed`, on `threads` threads.
pub fn match_config(
    game: &str, engines: [&str; 2], games: usize, opening_plies: usize, seed: u64, threads: usize,
) -> bitgames::MatchConfig {
    let engines = engines.map(String::from);
    bitgames::MatchConfig { game: game.into(), engines, games, opening_plies, seed, threads }
}

/// The report of the arena match `config` (its specs must be good ones; an
/// engine that fails during a game is a fault in the report).
pub fn play_match(config: &bitgames::MatchConfig) -> bitgames::MatchReport {
    bitgames::run_match(config, &|_| {}).unwrap_or_else(|e| panic!("match of {}: {e}", config.game))
}
