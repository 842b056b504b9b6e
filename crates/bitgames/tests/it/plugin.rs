//! A game written outside the library from the placement kit
//! (`bitgames::games::stones`), as docs/adding-a-game.md walks through:
//! misère tic-tac-toe, where three in a row *loses*. It keeps the contract
//! every library game keeps, its game tree is tic-tac-toe's (a line ends both
//! games), so its perft counts are the published ones, and it is a draw with
//! perfect play.

use crate::common::check_game;
use bitgames::board::{BoardShape, BoardView};
use bitgames::games::stones::{StoneGame, Stones};
use bitgames::grid::{Cell, Grid, GridKind};
use bitgames::search::alphabeta::{AlphaBeta, Limits, NoHeuristic};
use bitgames::{ops, stone_moves, DynGame, Hints, Notation, ParseError, Player, Rules, View};

/// Misère tic-tac-toe on 3×3: the player who completes a line of three loses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Misere {
    board: Stones<Cell, 1, false>,
}

impl Misere {
    fn new() -> Self {
        let grid = Grid::new(GridKind::Square8, 3, 3).expect("3×3 fits a word");
        Misere { board: Stones::new(grid, false) }
    }

    /// The result once the stones are placed: a line loses for its owner, a
    /// full board is a draw.
    fn judge(&mut self) {
        let b = &mut self.board;
        b.result = if let Some(p) = (0..2).find(|&p| ops::has_line(&b.grid, b.stones[p], 3)) {
            2 - p as u8
        } else if b.empty().is_empty() {
            3
        } else {
            0
        };
    }
}

/// The kit's accessors, and its words for a cell off the board ("c4 is off
/// the 3×3 board") and for what a move is ("a cell a1–c3").
impl StoneGame<Cell, 1, false> for Misere {
    fn stone_board(&self) -> &Stones<Cell, 1, false> {
        &self.board
    }
}

impl Rules for Misere {
    stone_moves!(rules: board, Cell);

    const NAME: &'static str = "misere";

    fn spec(&self) -> String {
        "misere".into()
    }

    fn play_unchecked(&mut self, mv: Cell) {
        if let Some(i) = self.board.index_of(mv) {
            self.board.place(i);
            self.judge();
        }
    }
}

impl Notation for Misere {
    stone_moves!(notation: board, Cell);

    fn position(&self) -> String {
        self.board.rows()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let mut g = Misere { board: self.board.read_rows("misere", text)? };
        g.judge();
        Ok(g)
    }

    fn picture(&self) -> String {
        self.board.picture()
    }
}

impl View for Misere {
    stone_moves!(view: board, Cell);

    fn board(&self) -> BoardView {
        let shape = BoardShape::Rectangle { width: 3, height: 3 };
        BoardView::from_grid(&self.board.grid, shape, self.board.stones)
    }

    fn move_cells(&self, mv: Cell) -> Vec<usize> {
        self.board.move_cells(mv)
    }
}

impl Hints for Misere {
    stone_moves!(hints: board, Cell);
}

#[test]
fn a_kit_game_keeps_the_contract() {
    check_game(Misere::new(), 300, 11, false);
}

/// A line ends the game in both, so the tree is tic-tac-toe's: its published
/// 549,946 nodes by depth (1, 9, 72, …, 127,872).
#[test]
fn its_tree_is_tic_tac_toes() {
    let want = [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872];
    for (depth, &n) in want.iter().enumerate() {
        assert_eq!(Rules::perft(&Misere::new(), depth), n, "depth {depth}");
    }
    assert_eq!(want.iter().sum::<u64>(), 549_946);
}

/// Misère tic-tac-toe is a draw with perfect play (the first player takes the
/// centre and answers each move with its mirror image; the second can hold
/// the draw too).
#[test]
fn it_is_a_draw_and_a_line_loses() {
    let r = AlphaBeta::new(NoHeuristic, 1).search(&Misere::new(), &Limits::default()).unwrap();
    assert_eq!((r.score, r.exact), (0, true));
    // X's line on the bottom row: X loses, and the position reads back.
    let g = Misere::new().parse_position("O../.O./XXX").unwrap();
    assert_eq!(Rules::outcome(&g), Some(bitgames::Outcome::WonBy(Player::Second)));
    // Through the dynamic face, by action id and by text, like a library game.
    let mut d: Box<dyn DynGame> = Box::new(Misere::new());
    d.apply_action(4).unwrap();
    assert_eq!(d.position(), ".../.X./...");
    assert!(d.play_text("b2").unwrap_err().to_string().contains("already taken by X"));
}

/// The kit's consistency check, which `play` asserts in debug builds, names
/// what is broken.
#[test]
fn the_kit_checks_its_board() {
    let mut g = Misere::new();
    g.play(g.parse_move("b2").unwrap()).unwrap();
    assert_eq!(g.check_invariants(), Ok(()));
    let mut twice = g;
    twice.board.stones[1] = twice.board.stones[0];
    twice.board.ply = 2;
    assert!(twice.check_invariants().unwrap_err().contains("both players"));
    let mut skipped = g;
    skipped.board.ply = 3;
    assert!(skipped.check_invariants().unwrap_err().contains("ply 3 with 1 stone"));
}

/// The kit's shared validator answers with typed errors: counts no game
/// reaches, counts only the pie rule gives, stones on both sides of a cell, a
/// winner left to move; and a good setup gets its ply from the counts.
#[test]
fn the_kit_validates_setups_with_typed_errors() {
    use bitgames::bits::Bits;
    use bitgames::games::stones::{PlaceMove, StoneSetup, StoneSetupError};
    let grid = Grid::new(GridKind::Hex, 3, 3).unwrap();
    let plain: Stones<PlaceMove, 1, false> = Stones::new(grid, false);
    let pie: Stones<PlaceMove, 1, false> = Stones::new(grid, true);
    let cells = |ix: &[usize]| ix.iter().fold(Bits::<1>::EMPTY, |b, &i| b | Bits::cell(i));
    let [a, b, c, d] =
        [(0, 0), (1, 0), (2, 0), (0, 1)].map(|(col, row)| grid.cell(col, row).unwrap());
    let setup = |x: &[usize], o: &[usize], to_move| StoneSetup {
        stones: [cells(x), cells(o)],
        to_move: Some(to_move),
    };

    // X a, O b, X to move: ply 2, no swap.
    let board = plain.from_setup(setup(&[a], &[b], Player::First)).unwrap();
    assert_eq!((board.ply, board.result), (2, 0));
    // O's one stone with X to move: only a swap gives it (ply 2).
    let e = plain.from_setup(setup(&[], &[a], Player::First)).unwrap_err();
    assert_eq!(e, StoneSetupError::OnlyBySwap { x: 0, o: 1, to_move: Player::First });
    assert_eq!(pie.from_setup(setup(&[], &[a], Player::First)).unwrap().ply, 2);
    // Two X stones to none with X to move.
    let e = pie.from_setup(setup(&[a, b], &[], Player::First)).unwrap_err();
    assert_eq!(e, StoneSetupError::Counts { x: 2, o: 0, to_move: Some(Player::First), swap: true });
    assert!(e.to_string().contains("or after a swap"), "{e}");
    let e = plain.from_setup(setup(&[a], &[a], Player::First)).unwrap_err();
    assert_eq!(e, StoneSetupError::Overlap { cells: 1 });

    // X to move holding the pattern; both holding it; O (who moved last) holding it.
    let board = plain.from_setup(setup(&[a, c], &[b, d], Player::First)).unwrap();
    let e = board.winner([true, false], "a line").unwrap_err();
    assert_eq!(e, StoneSetupError::ToMoveAfterEnd { player: Player::First, what: "a line" });
    let e = board.winner([true, true], "a line").unwrap_err();
    assert_eq!(e, StoneSetupError::BothWon { what: "a line" });
    assert_eq!(board.winner([false, true], "a line"), Ok(Some(Player::Second)));

    // From text: the side to move must be x or o, and the shape is named.
    type Setup1 = StoneSetup<1>;
    let e = Setup1::split_side("x.. q", || "... x".into()).unwrap_err();
    assert_eq!(e, StoneSetupError::SideToMove("q".into()));
    let e = Setup1::split_side("x..", || "... x".into()).unwrap_err();
    assert!(e.to_string().contains("such as ... x"), "{e}");
    assert!(matches!(e.at("hex(size=3)", "x.."), ParseError::Position { .. }));
}
