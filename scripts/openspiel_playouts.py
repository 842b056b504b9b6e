#!/usr/bin/env python3
"""OpenSpiel's random-playout loop, timed (run by hand, outside the Rust build),
to set beside `bitgames playout` in the same session:

    python scripts/openspiel_playouts.py GAME [SECONDS]

GAME is an OpenSpiel game string (`hex(board_size=11)`, `y(board_size=10)`,
`breakthrough`, `clobber`, `go(board_size=9)`). The loop is what a Python MCTS
rollout does: `legal_actions()`, a uniform choice, `apply_action()` until the
state is terminal. Prints playouts/s and plies/s over at least SECONDS (default 5).
"""
import random
import sys
import time

import pyspiel


def main():
    game = pyspiel.load_game(sys.argv[1])
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    rng = random.Random(1)
    playouts = plies = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        playouts += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print(f"{sys.argv[1]}: {playouts / elapsed:,.0f} playouts/s, "
          f"{plies / elapsed:,.0f} plies/s, {plies / playouts:.1f} plies/playout "
          f"({playouts} playouts in {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
