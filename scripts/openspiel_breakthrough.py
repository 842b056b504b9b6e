#!/usr/bin/env python3
"""Reference data for bitgames' Breakthrough from OpenSpiel (run by hand, outside
the Rust build): `python scripts/openspiel_breakthrough.py [perft|games]`.

OpenSpiel's player 0 is Black ('b'), which starts on the two top rows of its
picture and moves down; bitgames' first player (also Black, 'b') starts on rows
1-2 and moves up. OpenSpiel names rows from the top of its picture, so its row
label L is bitgames' row `rows + 1 - L` (columns agree); its capture marker `*`
is dropped. Under this mirror the two games are the same.

  perft: move-sequence counts from the start (a finished game adds nothing
         deeper), printed as lines of crates/bitgames/tests/data/perft.txt.
  games: 20 random 8x8 games (seeded), written to
         crates/bitgames/tests/data/openspiel/breakthrough_8x8.txt.
"""
import random
import sys

import pyspiel


def translate(move, rows):
    """OpenSpiel's `b7a6*` on `rows` rows -> bitgames' `b2a3`."""
    move = move.rstrip("*")
    assert len(move) == 4, move
    f_col, f_row, t_col, t_row = move
    row = lambda label: rows + 1 - (ord(label) - ord("0"))
    return f"{f_col}{row(f_row)}{t_col}{row(t_row)}"


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


def spec(rows, cols):
    return f"breakthrough(width={cols},height={rows})"


def main_perft():
    for rows, cols, depth in [(8, 8, 6), (6, 5, 5), (4, 3, 7)]:
        game = pyspiel.load_game(f"breakthrough(rows={rows},columns={cols})")
        for d in range(1, depth + 1):
            n = perft(game.new_initial_state(), d)
            name = "breakthrough" if (rows, cols) == (8, 8) else spec(rows, cols)
            print(f"{name} | | {d} | {n}", flush=True)


def main_games(path="crates/bitgames/tests/data/openspiel/breakthrough_8x8.txt"):
    rows = 8
    game = pyspiel.load_game("breakthrough(rows=8,columns=8)")
    rng = random.Random(20261123)
    out = [
        "# 20 random games of breakthrough(width=8,height=8) played by OpenSpiel",
        "# (scripts/openspiel_breakthrough.py; its rows mirrored to bitgames' rows).",
        "# Per ply: the sorted legal moves, '|', the move played; then the winner (b or w).",
    ]
    for n in range(20):
        state = game.new_initial_state()
        out.append(f"game {n + 1}")
        while not state.is_terminal():
            actions = state.legal_actions()
            moves = sorted(translate(state.action_to_string(a), rows) for a in actions)
            a = rng.choice(actions)
            out.append(" ".join(moves) + " | " + translate(state.action_to_string(a), rows))
            state.apply_action(a)
        returns = state.returns()
        out.append("winner " + ("b" if returns[0] > 0 else "w"))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "games"
    main_perft() if what == "perft" else main_games()
