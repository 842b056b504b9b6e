//! Strong solutions of Hex on small boards: the placement kit's table
//! ([`crate::games::stone_tables`]) of every position of a board of at most
//! 22 cells (4×4 and smaller), without the pie rule. A player's stones win
//! when they join the player's two edges ([`Hex::connected`]). Hex has no
//! draws (a full board always joins one pair of edges) and the first player
//! wins every board (Nash's strategy-stealing argument): the tables agree.

use super::Hex;

crate::stone_table! {
    Hex<1>,
    board: board,
    wins: |game, player, stones| game.connected(player, stones),
    about: "every position of a board of at most 22 cells (4×4), without the pie rule, one byte \
           each: 3×3 takes 6 kB, 4×4 10 MB",
}
