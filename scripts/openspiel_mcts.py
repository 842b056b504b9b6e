#!/usr/bin/env python3
"""bitgames' MCTS against OpenSpiel's Python MCTSBot (run by hand, outside the
Rust build; needs a Python with `open_spiel` installed and a built `bitgames`).

    python scripts/openspiel_mcts.py [--games 50] [--time 0.2] \
        [--bitgames target/release/bitgames] [--engine "mcts(time=0.2s)"] \
        [--only hex11,breakthrough,clobber]

OpenSpiel's side is `MCTSBot` as its own example (`open_spiel/python/examples/
mcts.py`) builds it: UCT with `uct_c=2`, one random rollout per leaf
(`RandomRolloutEvaluator(1)`), `solve=True`. MCTSBot counts simulations, not
time, so the script gives it equal time a move by calibration: after every
move it sets `max_simulations` to the simulations a second it has shown so far
(all its moves of the game) times the time a move. bitgames runs
`bitgames gtp GAME --engine "mcts(time=…)"` and gets the same time. Colours
alternate: bitgames moves first in the odd games. One line a game, then a
table: bitgames' wins, losses, score with its 95% (Wilson) interval, mean
seconds a move for each side and OpenSpiel's mean simulations a move.

Cell names: OpenSpiel's Hex and Clobber name cells as bitgames does; its
Breakthrough counts rows from the top of its picture (row label L is
bitgames' row `rows + 1 - L`) and marks captures with `*`
(see scripts/openspiel_breakthrough.py). Player 0 moves first in all three:
bitgames' first player, GTP colour `b`.
"""

import argparse
import math
import random
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


def same(move):
    return move


def breakthrough_move(rows):
    def translate(move):
        move = move.rstrip("*")
        f_col, f_row, t_col, t_row = move
        row = lambda label: rows + 1 - (ord(label) - ord("0"))
        return f"{f_col}{row(f_row)}{t_col}{row(t_row)}"

    return translate


GAMES = {
    "hex11": ("hex(board_size=11)", "hex(size=11)", same),
    "breakthrough": ("breakthrough(rows=8,columns=8)", "breakthrough", breakthrough_move(8)),
    "clobber": ("clobber(rows=8,columns=8)", "clobber(width=8,height=8)", same),
}


class Gtp:
    """A `bitgames gtp` process."""

    def __init__(self, exe, spec, engine):
        self.p = subprocess.Popen(
            [exe, "gtp", spec, "--engine", engine],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError(f"bitgames exited on '{command}'")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"bitgames answered '{answer}' to '{command}'")
        return answer[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def play_game(args, name, n, rng):
    os_spec, bg_spec, translate = GAMES[name]
    game = pyspiel.load_game(os_spec)
    bot = mcts.MCTSBot(
        game,
        uct_c=2,
        max_simulations=100,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.randrange(2**31))),
        solve=True,
        random_state=np.random.RandomState(rng.randrange(2**31)),
    )
    gtp = Gtp(args.bitgames, bg_spec, args.engine)
    bitgames_player = 0 if n % 2 == 1 else 1
    state = game.new_initial_state()
    times = {0: [], 1: []}  # 0: bitgames, 1: OpenSpiel
    sims, sim_time = 0, 0.0
    os_sims = []
    try:
        while not state.is_terminal():
            player = state.current_player()
            colour = "b" if player == 0 else "w"
            names = {translate(state.action_to_string(player, a)): a for a in state.legal_actions()}
            t0 = time.perf_counter()
            if player == bitgames_player:
                mv = gtp.send(f"genmove {colour}")
                times[0].append(time.perf_counter() - t0)
                if mv not in names:
                    raise RuntimeError(f"bitgames played {mv!r}, not legal in OpenSpiel: {sorted(names)}")
                state.apply_action(names[mv])
            else:
                if sims > 0 and sim_time > 0:
                    bot.max_simulations = max(10, int(sims / sim_time * args.time))
                action = bot.step(state)
                dt = time.perf_counter() - t0
                times[1].append(dt)
                sims += bot.max_simulations
                sim_time += dt
                os_sims.append(bot.max_simulations)
                mv = translate(state.action_to_string(player, action))
                gtp.send(f"play {colour} {mv}")
                state.apply_action(action)
    finally:
        gtp.close()
    returns = state.returns()
    won = returns[bitgames_player] > 0
    return won, returns[bitgames_player] == 0, times, os_sims, state.move_number()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--time", type=float, default=1.0, help="seconds a move for both sides")
    ap.add_argument("--bitgames", default="target/release/bitgames")
    ap.add_argument("--engine", default=None, help="default: mcts(time=<time>s)")
    ap.add_argument("--only", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.engine is None:
        args.engine = f"mcts(time={int(args.time * 1000)}ms)"
    rng = random.Random(args.seed)
    rows = []
    for name in args.only.split(","):
        wins = draws = losses = 0
        t_bg, t_os, sims_os = [], [], []
        for n in range(1, args.games + 1):
            won, drawn, times, os_sims, plies = play_game(args, name, n, rng)
            wins += won
            draws += drawn
            losses += not won and not drawn
            t_bg += times[0]
            t_os += times[1]
            sims_os += os_sims
            side = "first" if n % 2 == 1 else "second"
            print(
                f"{name} game {n}: bitgames ({side}) {'wins' if won else 'draws' if drawn else 'loses'} "
                f"in {plies} plies",
                flush=True,
            )
        score = wins + 0.5 * draws
        lo, hi = wilson(score, args.games)
        mean = lambda xs: sum(xs) / len(xs) if xs else 0.0
        rows.append(
            f"| {name} | {args.games} | {wins} | {draws} | {losses} | {100 * score / args.games:.1f}% "
            f"[{100 * lo:.1f}, {100 * hi:.1f}] | {mean(t_bg):.3f} | {mean(t_os):.3f} | {mean(sims_os):.0f} |"
        )
    print(f"\nbitgames `{args.engine}` against OpenSpiel MCTSBot (uct_c=2, 1 random rollout, solve), "
          f"{args.time} s a move, colours alternated")
    print("| game | games | wins | draws | losses | score [95% CI] | s/move bitgames | s/move OpenSpiel | OpenSpiel sims/move |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(r)


if __name__ == "__main__":
    sys.exit(main())
