//! What the fuzz targets share: reading fuzz bytes as choices, picking a game
//! spec over the whole registry, and the invariants every game state must keep.
//!
//! Each check panics with a message naming the game, the position and the
//! broken rule, so a crash report says what went wrong, not only where.

use bitgames::registry::{self, ParamKind};
use bitgames::{DynGame, IllegalReason, PlayError};

/// Fuzz bytes read front to back as small choices; zeros once they run out.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// Everything not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// The parts of `data` between NUL bytes, at most `n` (the last holds the rest).
pub fn parts(data: &[u8], n: usize) -> Vec<&[u8]> {
    data.splitn(n, |&b| b == 0).collect()
}

/// A game spec from two or more bytes: the game (first byte, over the whole
/// registry), then either its default parameters (even second byte) or a small
/// value of each parameter, one byte each (boards up to 13 a side, so each run
/// stays fast). The spec may not build (`connect4(width=9,height=13)`): then the
/// caller uses the default.
pub fn pick_spec(b: &mut Bytes) -> String {
    let games = registry::games();
    let info = games[b.byte() as usize % games.len()];
    if b.byte() & 1 == 0 {
        return info.default_spec();
    }
    let mut pairs = Vec::new();
    for p in info.params {
        let v = b.byte() as usize;
        let value = match p.kind {
            ParamKind::Int { min, max } => {
                let span = (max - min + 1).clamp(1, 13);
                (min + (v as i64 % span)).to_string()
            }
            ParamKind::Float { .. } => ["0", "0.5", "7.5", "-3"][v % 4].to_string(),
            ParamKind::Choice(c) => c[v % c.len()].to_string(),
            ParamKind::Bool => ["true", "false"][v % 2].to_string(),
            _ => continue,
        };
        pairs.push((p.name.to_string(), value));
    }
    registry::write_spec(info.name, &pairs)
}

/// The game `spec` names, or its game's default when the parameters do not
/// make a game (which must build).
pub fn build(spec: &str) -> Box<dyn DynGame> {
    match registry::new_game(spec) {
        Ok(g) => g,
        Err(e) => {
            let name = spec.split('(').next().unwrap_or_default();
            assert!(!e.to_string().is_empty(), "{spec}: an empty error message");
            registry::new_game(name).unwrap_or_else(|e| panic!("default {name} fails: {e}"))
        }
    }
}

/// Checks that two states are the same position: text, hash, side to move,
/// outcome and legal moves.
pub fn assert_same(a: &dyn DynGame, b: &dyn DynGame, what: &str) {
    assert_same_board(a, b, what);
    let ctx = || format!("{}: {what}: '{}' vs '{}'", a.spec(), a.position(), b.position());
    assert_eq!(a.legal_moves(), b.legal_moves(), "legal moves differ; {}", ctx());
}

/// Checks that two states are the same position but for the moves: text,
/// hash, side to move and outcome.
pub fn assert_same_board(a: &dyn DynGame, b: &dyn DynGame, what: &str) {
    let ctx = || format!("{}: {what}: '{}' vs '{}'", a.spec(), a.position(), b.position());
    assert_eq!(a.spec(), b.spec(), "{}", ctx());
    assert_eq!(a.position(), b.position(), "{}", ctx());
    assert_eq!(a.position_hash(), b.position_hash(), "hash differs; {}", ctx());
    assert_eq!(a.side_to_move(), b.side_to_move(), "side to move differs; {}", ctx());
    assert_eq!(a.outcome(), b.outcome(), "outcome differs; {}", ctx());
}

/// The invariants of one state of any game:
///
/// * its spec builds the same game, and its position text parses back (in a
///   fresh game of that spec) to the same position;
/// * a finished game has no move; the legal moves are distinct, each is its
///   own canonical text, plays with the checked `play`, adds one ply and touches
///   cells of the board;
/// * perft 1 counts the legal moves; a random move is one of them;
/// * three random playouts count three games, with no ply after the end;
/// * the picture and the board view draw without panicking.
///
/// Returns the legal moves.
pub fn check_state(g: &dyn DynGame) -> Vec<String> {
    let spec = g.spec();
    let pos = g.position();
    let ctx = || format!("{spec} at '{pos}'");
    let mut again = registry::new_game(&spec)
        .unwrap_or_else(|e| panic!("{}: its own spec does not build: {e}", ctx()));
    assert_eq!(again.spec(), spec, "{}: the spec is not a fixed point", ctx());
    again
        .set_position(&pos)
        .unwrap_or_else(|e| panic!("{}: its own position text does not parse: {e}", ctx()));
    // A position text does not carry the boards played before (as FEN does
    // not carry repetitions: Go's superko), so a read position starts its
    // history afresh: it may allow a move the game played refuses as a
    // repetition (`IllegalReason::Ko`), and no other difference.
    assert_same_board(g, again.as_ref(), "position text round trip");
    let (mine, fresh) = (g.legal_moves(), again.legal_moves());
    for m in &mine {
        assert!(fresh.contains(m), "{}: {m} is legal only with the history", ctx());
    }
    for m in fresh.iter().filter(|m| !mine.contains(m)) {
        match g.clone_box().play_text(m) {
            Err(PlayError::Illegal { reason: IllegalReason::Ko, .. }) => {}
            other => panic!("{}: {m} legal once read, but in the game played: {other:?}", ctx()),
        }
    }

    let legal = g.legal_moves();
    if g.outcome().is_some() {
        assert!(legal.is_empty(), "{}: a finished game lists moves {legal:?}", ctx());
    }
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "{}: duplicate moves in {legal:?}", ctx());
    let cells = g.board().cells.len();
    for m in &legal {
        assert_eq!(g.move_text(m).as_deref(), Ok(m.as_str()), "{}: move {m} not canonical", ctx());
        let touched = g.move_cells(m).unwrap_or_else(|e| panic!("{}: move_cells {m}: {e}", ctx()));
        assert!(touched.iter().all(|&c| c < cells), "{}: {m} touches {touched:?}", ctx());
        let mut child = g.clone_box();
        child.play_text(m).unwrap_or_else(|e| panic!("{}: legal move {m} refused: {e}", ctx()));
        assert_eq!(child.ply(), g.ply() + 1, "{}: {m} did not add one ply", ctx());
    }
    if g.outcome().is_none() {
        assert_eq!(g.perft(1), legal.len() as u64, "{}: perft 1 is not the move count", ctx());
    }
    match g.random_move(7) {
        Some(m) => assert!(legal.contains(&m), "{}: random move {m} not legal", ctx()),
        None => assert!(legal.is_empty(), "{}: no random move among {legal:?}", ctx()),
    }
    // A few random playouts from here (Hex, Y and Breakthrough play them
    // in bulk): every game counted once, none from a finished position.
    let stats = g.playouts(3, 11);
    assert_eq!(stats.games, 3, "{}: {stats:?}", ctx());
    assert_eq!(stats.first_wins + stats.second_wins + stats.draws, 3, "{}: {stats:?}", ctx());
    if g.outcome().is_some() {
        assert_eq!(stats.plies, 0, "{}: plies after the end: {stats:?}", ctx());
    }
    let _ = g.picture();
    legal
}

/// Plays fuzzed move text on `g`, checking it against the legal moves: a move
/// plays exactly when its canonical text is legal, a refused move leaves the
/// state unchanged, and a played one gives the state its canonical move gives.
pub fn check_move_text(g: &mut Box<dyn DynGame>, text: &str, legal: &[String]) {
    let before = g.clone_box();
    let canonical = g.move_text(text);
    let result = g.play_text(text);
    let ctx = || format!("{} at '{}', move {text:?}", before.spec(), before.position());
    match &result {
        Ok(()) => {
            let c = canonical.unwrap_or_else(|e| panic!("{}: played, but move_text: {e}", ctx()));
            assert!(legal.contains(&c), "{}: played {c}, not in {legal:?}", ctx());
            let mut by_canonical = before.clone_box();
            by_canonical.play_text(&c).expect("legal canonical move");
            assert_same(g.as_ref(), by_canonical.as_ref(), "move text vs canonical move");
        }
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{}: empty error", ctx());
            assert_same(g.as_ref(), before.as_ref(), "a refused move changed the state");
            if let Ok(c) = &canonical {
                assert!(!legal.contains(c), "{}: legal move {c} refused: {e}", ctx());
            }
        }
    }
}
