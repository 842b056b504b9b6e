"""The jobs' units and the work a Ray task does on them."""

import os
import time
from typing import Any, Dict, List, Sequence, Tuple

import bitgames


def perft_units(spec: str, split: int) -> List[Tuple[str, List[int]]]:
    """The units of a perft split at ``split`` plies: every move sequence of
    ``split`` plies from the start, and every shorter one that ends the game
    (counted by :func:`bitgames.perft` in the game's own convention, so the
    sum is exact). Transpositions are counted apart. Each unit is
    ``(key, actions)``, the key the actions joined by ``.`` (``""`` for the
    start position itself)."""
    game = bitgames.load_game(spec)
    units: List[Tuple[str, List[int]]] = []

    def walk(state: bitgames.State, path: List[int]) -> None:
        if len(path) == split or state.is_terminal():
            units.append((".".join(map(str, path)), list(path)))
            return
        for a in state.legal_actions():
            walk(state.child(a), path + [a])

    walk(game.new_initial_state(), [])
    return units


def run_group(
    context: Dict[str, Any], payloads: Sequence[Any]
) -> Tuple[List[Any], float, float]:
    """One Ray task: the results of a group of units of the job named in
    ``context``, and the seconds they took on the worker (wall clock, and the
    worker process's CPU)."""
    t = time.perf_counter()
    cpu = time.process_time()
    job = context["job"]
    if job == "perft":
        results = []
        for p in payloads:
            results.append(_perft(context, p))
            _crash_once(context)
    else:
        raise ValueError(f"unknown job {job!r}")
    return results, time.perf_counter() - t, time.process_time() - cpu


def _crash_once(context: Dict[str, Any]) -> None:
    """The tests' killed worker: with ``crash_once`` in the context (from the
    driver's ``BITGAMES_DISTRIBUTED_CRASH_ONCE``, a path), the first task
    that creates that file ends its worker process mid-task, as a node lost
    or a process killed would, and Ray runs the task again."""
    path = context.get("crash_once")
    if not path:
        return
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    os.close(fd)
    os._exit(1)


def _perft(context: Dict[str, Any], actions: List[int]) -> int:
    state = bitgames.load_game(context["game"]).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return bitgames.perft(state, context["depth"] - len(actions))
