//! The Go Text Protocol, version 2 (Farnebäck, *GTP — Go Text Protocol*, draft
//! 2), for every placement game of the registry:
//!
//! - [`session`]: bitgames as a GTP engine (`bitgames gtp GAME`): a
//!   [`GtpSession`] takes one command line and returns the response, so it is
//!   tested without processes;
//! - [`client`]: an outside GTP program as a bitgames [`Engine`](crate::Engine)
//!   (`gtp(cmd="gnugo --mode gtp")`), so the arena can measure bitgames against
//!   real programs.
//!
//! Vertices are the game's own cell names, read case-insensitively: Go's are
//! GTP's (`a1` bottom-left, no `i` column); Hex and Y use HexGui's (`a1`
//! top-left). Colours: black (`b`) is the first player, white (`w`) the second.

pub mod client;
pub mod session;

pub use client::{GtpClient, GTP};
pub use session::GtpSession;

use crate::player::Player;
use crate::spec::parse_spec;
use crate::DynGame;

/// Reads a GTP colour: `b`, `black`, `w`, `white` (any case); black is the
/// first player.
pub fn parse_colour(text: &str) -> Option<Player> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Player::First),
        "w" | "white" => Some(Player::Second),
        _ => None,
    }
}

/// The GTP colour of a player: `b` for the first, `w` for the second.
pub fn colour_letter(p: Player) -> &'static str {
    match p {
        Player::First => "b",
        Player::Second => "w",
    }
}

/// The value of parameter `name` in a full spec (as [`DynGame::spec`] writes
/// it), if it has one.
pub fn param_value(spec: &str, name: &str) -> Option<String> {
    let parsed = parse_spec(spec).ok()?;
    parsed.params.into_iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v)
}

/// Whether the game accepts `pass` as a move of the side to move now.
pub fn can_pass(game: &dyn DynGame) -> bool {
    game.move_text("pass").is_ok() && game.clone_box().play_text("pass").is_ok()
}
