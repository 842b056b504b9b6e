#!/usr/bin/env python3
"""Reference data from OpenSpiel for bitgames' tests (run by hand, outside the
Rust build; needs a Python with `open_spiel` installed).

    python scripts/openspiel_traces.py traces clobber_8x8 [--games 20] [--seed 1]
    python scripts/openspiel_traces.py perft clobber_5x6 4
    python scripts/openspiel_traces.py perft gomoku_7x7 3 --moves "a1 g7 b1 f7 c1 e7 d1 d7"

`traces` writes crates/bitgames/tests/data/openspiel/<name>.txt: random games,
each ply's sorted legal moves (in bitgames notation) and the move chosen, then
the winner. `perft` prints move-sequence counts by depth from the start, or
after `--moves` (bitgames move text, space-separated; the table row then
shows the position in bitgames' text where the game entry can write it).

To add a game, add an entry to GAMES: the OpenSpiel game string, the bitgames
spec, the names of OpenSpiel's players 0 and 1 in bitgames (`x` moves first
in bitgames), and a function turning OpenSpiel's action string into bitgames
move text.

Trace file format (read by crates/bitgames/tests/openspiel_*.rs):
    # comments
    spec <bitgames spec>
    game <n>
    <sorted legal moves, space-separated> | <move played>     (one line a ply)
    winner <x|o|draw>
"""

import argparse
import os
import random
import sys

import pyspiel


def clobber(width, height):
    # OpenSpiel's first player (player 0) owns a1, the bottom-left corner, as
    # bitgames' `x` does, and names cells the same way: moves need no change.
    # Only the symbols differ: OpenSpiel draws its player 0 as `o`.
    return {
        "openspiel": f"clobber(rows={height},columns={width})",
        "spec": f"clobber(width={width},height={height})",
        "players": ("x", "o"),
        "move": lambda action: action,
        "note": "OpenSpiel's player 0 (drawn 'o' there) owns a1 and moves first: bitgames' x. "
        "Cell names and move text are the same in both.",
    }


def gomoku(size):
    # OpenSpiel's gomoku is free-style (five or more in a row wins; its
    # parameters anti, wrap and dims=2 stay at their defaults) and black, player
    # 0, moves first: bitgames' x. Its action text is "r,c" with row r counted
    # from the top of its picture and column c from the left; bitgames names
    # that cell with column letter c and row number size - r (a1 bottom-left),
    # so both draw the same picture.
    def move(action):
        r, c = (int(v) for v in action.split(","))
        return f"{chr(ord('a') + c)}{size - r}"

    return {
        "openspiel": f"gomoku(size={size})",
        "spec": f"gomoku(size={size})",
        "players": ("x", "o"),
        "move": move,
        "note": "OpenSpiel's black (player 0) moves first: bitgames' x. Its cell 'r,c' "
        f"(row r from the top) is bitgames' column letter c, row {size} - r.",
        # bitgames' position text: rows from the top, '/'-separated, X O and '.';
        # OpenSpiel's picture is a 'B'/'W' line then the rows from the top in b w .
        "position": lambda state: "/".join(
            row.translate(str.maketrans("bw", "XO")) for row in str(state).split()[1:]
        ),
    }


def hex_(size, swap=False):
    # OpenSpiel's hex names a cell as bitgames does: letter = column from the
    # left, number = row from the top (a1 the top-left corner, each lower row
    # shifted half a cell right); its action is row * size + column. Player 0
    # (black, drawn 'x') moves first and joins the top and bottom rows, as
    # bitgames' x does; player 1 (white, 'o') joins the left and right columns.
    # With swap=True the second player's first move may be "swap": OpenSpiel
    # removes the black stone and puts a white one on the mirrored cell
    # (column and row exchanged), then black moves, as bitgames does.
    def choose(rng, state, names):
        # Swap traces take the swap half the time it is offered (a uniform
        # pick would almost never take it), otherwise a uniform move.
        if "swap" in names and rng.random() < 0.5:
            return "swap"
        return rng.choice(names)

    spec = f"hex(size={size},swap=true)" if swap else f"hex(size={size})"
    return {
        "openspiel": f"hex(board_size={size},swap={'True' if swap else 'False'})",
        "spec": spec,
        "players": ("x", "o"),
        "move": lambda action: action,
        "choose": choose if swap else None,
        "note": "OpenSpiel's player 0 (black, 'x') moves first and joins top and bottom: bitgames' x. "
        "Cell names are the same in both (a1 top-left, letter = column, number = row from the top)"
        + ("; 'swap' is taken half the time it is offered." if swap else "."),
    }


def tic_tac_toe():
    # OpenSpiel's tic_tac_toe: player 0 draws 'x' and moves first, as bitgames'
    # x does. Its action text is "x(r,c)" (the mover's symbol, then row r
    # counted from the top of its picture and column c from the left);
    # bitgames names that cell with column letter c and row number 3 - r (a1
    # bottom-left), so both draw the same picture.
    def move(action):
        r, c = (int(v) for v in action[action.index("(") + 1 : -1].split(","))
        return f"{chr(ord('a') + c)}{3 - r}"

    return {
        "openspiel": "tic_tac_toe",
        "spec": "tictactoe",
        "players": ("x", "o"),
        "move": move,
        "note": "OpenSpiel's player 0 ('x') moves first: bitgames' x. Its cell 'x(r,c)' "
        "(row r from the top) is bitgames' column letter c, row 3 - r.",
    }


def connect_four():
    # OpenSpiel's connect_four (7 columns, 6 rows, four in a row): player 0
    # draws 'x' and moves first, as bitgames' x does; a full board is a draw in
    # both. Its action text is the mover's symbol and the 0-based column
    # ("x3"); bitgames writes columns 1-based as Pons' move strings do ("4").
    def move(action):
        return str(int(action[1:]) + 1)

    return {
        "openspiel": "connect_four",
        "spec": "connect4",
        "players": ("x", "o"),
        "move": move,
        "note": "OpenSpiel's player 0 ('x') moves first: bitgames' x. Its column 'x<c>' "
        "(0-based) is bitgames' move c + 1.",
    }


def othello():
    # OpenSpiel's othello: Black (player 0, 'x') moves first, as bitgames' X
    # does, from the same four discs (white d4 e5, black d5 e4), and squares
    # are named the same way (a1 the top-left corner, rows numbered from the
    # top). A side with no move but whose opponent can move has exactly one
    # action, "pass", which bitgames also writes "pass" and counts as a ply;
    # the game ends when neither side can move, more discs winning.
    return {
        "openspiel": "othello",
        "spec": "othello",
        "players": ("x", "o"),
        "move": lambda action: action,
        "note": "OpenSpiel's Black (player 0, 'x') moves first: bitgames' X. Square names "
        "(a1 top-left) and 'pass' are the same in both.",
    }


def y_(size):
    # OpenSpiel's y names a cell by column letter and row number from the top:
    # row 1 holds a … (size), row r holds size + 1 - r cells (a cell (x, y),
    # counted from 0, is on the board when x + y < size); its action is
    # y * size + x. bitgames names the cells the same way. Player 0 (drawn
    # 'O' there) moves first: bitgames' x.
    return {
        "openspiel": f"y(board_size={size})",
        "spec": f"y(size={size})",
        "players": ("x", "o"),
        "move": lambda action: action,
        "note": "OpenSpiel's player 0 moves first: bitgames' x. Cell names are the same in both "
        f"(a1 top-left, letter = column, number = row from the top, row r holding {size} + 1 - r cells).",
    }


def go(size):
    # OpenSpiel's go: black (player 0) moves first, as bitgames' x (Black).
    # Its action text is "B d4" / "W pass"-like: the colour, a space, then the
    # GTP cell (columns a-t without i, row 1 at the bottom) or "PASS"; bitgames
    # writes the same cell in lower case. Its rules: suicide illegal, simple ko
    # (a stone played into an enemy eye that captures exactly one stone
    # forbids the immediate retake), a stone that repeats an earlier board ends
    # the game drawn, two passes end the game, at most 2 * size^2 moves
    # (passes included; 162 on 9x9), Tromp-Taylor area score with komi 7.5.
    # bitgames selects that with ko=repetition_draw and max_moves.
    def move(action):
        return action.split(" ", 1)[1].lower()

    return {
        "openspiel": f"go(board_size={size},komi=7.5)",
        "spec": f"go(size={size},komi=7.5,ko=repetition_draw,max_moves={2 * size * size})",
        "players": ("x", "o"),
        "move": move,
        "note": "OpenSpiel's black (player 0) moves first: bitgames' Black (x). Its action 'B d4' is "
        "bitgames' d4 (GTP letters, no i, a1 bottom-left); 'B PASS' is pass. OpenSpiel's rules: simple ko, "
        "a repeated board ends the game drawn, no suicide, komi 7.5, at most 2 size^2 moves: "
        "bitgames' ko=repetition_draw with max_moves.",
    }


def havannah(size):
    # OpenSpiel's havannah names a cell by the column letter of the rhombus the
    # hexagon is cut from and the row number from the top (row 1 holds a ...
    # (size)), as bitgames does. Player 0 moves first: bitgames' x. Its wins:
    # a ring around any cells (own stones included), a bridge between two
    # corners, a fork joining three edges.
    return {
        "openspiel": f"havannah(board_size={size})",
        "spec": f"havannah(size={size})",
        "players": ("x", "o"),
        "move": lambda action: action,
        "note": "OpenSpiel's player 0 moves first: bitgames' x. Cell names are the same in both "
        "(row number from the top, letter = column of the rhombus).",
    }


GAMES = {
    "havannah_4": havannah(4),
    "havannah_5": havannah(5),
    "havannah_8": havannah(8),
    "go_9": go(9),
    "go_5": go(5),
    "clobber_8x8": clobber(8, 8),
    "clobber_5x6": clobber(6, 5),
    "gomoku": gomoku(15),
    "gomoku_7x7": gomoku(7),
    "hex_3": hex_(3),
    "hex_4": hex_(4),
    "hex_3_swap": hex_(3, swap=True),
    "hex_4_swap": hex_(4, swap=True),
    "hex_7": hex_(7),
    "hex_11": hex_(11),
    "hex_7_swap": hex_(7, swap=True),
    "tic_tac_toe": tic_tac_toe(),
    "connect_four": connect_four(),
    "othello": othello(),
    "y_3": y_(3),
    "y_4": y_(4),
    "y_5": y_(5),
    "y_6": y_(6),
    "y_10": y_(10),
}


def moves_of(state, game):
    p = state.current_player()
    return {game["move"](state.action_to_string(p, a)): a for a in state.legal_actions()}


def winner(state, game):
    r = state.returns()
    if r[0] > r[1]:
        return game["players"][0]
    if r[1] > r[0]:
        return game["players"][1]
    return "draw"


def traces(name, games, seed, out_dir):
    game = GAMES[name]
    os_game = pyspiel.load_game(game["openspiel"])
    rng = random.Random(seed)
    lines = [
        f"# {games} random games of OpenSpiel's {game['openspiel']} "
        f"(open_spiel {getattr(pyspiel, '__version__', '?')}), Python random seed {seed},",
        "# written by scripts/openspiel_traces.py. Each ply: the sorted legal moves | the move played.",
        f"# {game['note']}",
        f"spec {game['spec']}",
    ]
    for n in range(1, games + 1):
        lines.append(f"game {n}")
        state = os_game.new_initial_state()
        while not state.is_terminal():
            moves = moves_of(state, game)
            names = sorted(moves)
            chosen = game["choose"](rng, state, names) if game.get("choose") else rng.choice(names)
            lines.append(f"{' '.join(names)} | {chosen}")
            state.apply_action(moves[chosen])
        lines.append(f"winner {winner(state, game)}")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"{name}.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}")


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.join(here, "..", "crates", "bitgames", "tests", "data", "openspiel")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("traces")
    t.add_argument("game", choices=sorted(GAMES))
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--out", default=default_out)
    p = sub.add_parser("perft")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("depth", type=int)
    p.add_argument("--moves", default="", help="bitgames moves to play first")
    args = ap.parse_args()
    if args.cmd == "traces":
        traces(args.game, args.games, args.seed, os.path.normpath(args.out))
    else:
        game = GAMES[args.game]
        start = pyspiel.load_game(game["openspiel"]).new_initial_state()
        for m in args.moves.split():
            start.apply_action(moves_of(start, game)[m])
        position = game["position"](start) if args.moves and "position" in game else ""
        if args.moves and not position:
            print(f"# after {args.moves}")
        for d in range(1, args.depth + 1):
            print(f"{game['spec']} | {position} | {d} | {perft(start, d)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
