"""The jobs' units and the work a Ray task does on them."""

import os
import time
import zlib
from pathlib import Path
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
        results: List[Any] = []
        for p in payloads:
            results.append(_perft(context, p))
            _crash_once(context)
    elif job == "solve":
        results = [_solve(context, p) for p in payloads]
    elif job == "table":
        results = [_label(context, p) for p in payloads]
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


#: Each worker process's solvers, by their options: a solver keeps its
#: transposition table from line to line, as the CLI's one solver does.
_SOLVERS: Dict[Tuple[str, str, bool, int], "bitgames.LineSolver"] = {}


def _solve(context: Dict[str, Any], text: str) -> Dict[str, Any]:
    key = (context["game"], context["mode"], context["weak"], context["table_mib"])
    solver = _SOLVERS.get(key)
    if solver is None:
        solver = bitgames.LineSolver(key[0], mode=key[1], weak=key[2], table_mib=key[3])
        _SOLVERS[key] = solver
    report, error, input_fault = solver.solve_line(text)
    return {"report": report, "error": error, "input": input_fault}


def solve_lines(path: str, data: bytes) -> Tuple[List[Tuple[str, str]], List[Tuple[int, str]]]:
    """The position lines of a file as ``bitgames solve`` reads them: blank
    lines and lines starting with ``%`` or ``#`` skipped, each line trimmed;
    answers the units (``(line number, text)``) and ``(line number,
    message)`` for lines that are not UTF-8 text or longer than 64 KiB (the
    CLI's bad lines)."""
    units: List[Tuple[str, str]] = []
    bad: List[Tuple[int, str]] = []
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, raw in enumerate(lines, 1):
        place = f"{path}, line {number}"
        if len(raw) + 1 > MAX_LINE:
            bad.append((number, f"{place}: longer than {MAX_LINE // 1024} KiB, not a position"))
            continue
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            bad.append((number, f"{place}: not UTF-8 text"))
            continue
        if text and not text.startswith(("%", "#")):
            units.append((str(number), text))
    return units, bad


#: The longest line ``bitgames solve`` reads (64 KiB).
MAX_LINE = 64 * 1024


def _perft(context: Dict[str, Any], actions: List[int]) -> int:
    state = bitgames.load_game(context["game"]).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return bitgames.perft(state, context["depth"] - len(actions))


def table_units(stage: int, length: int, chunk: int) -> List[Tuple[str, List[int]]]:
    """The units of one stage of a table: ``chunk`` indices each (the last
    fewer), keyed ``stage:start``, the payload ``[start, end]``."""
    return [
        (f"{stage}:{start}", [start, min(start + chunk, length)])
        for start in range(0, length, chunk)
    ]


def _label(context: Dict[str, Any], span: List[int]) -> bytes:
    game = bitgames.load_game(context["game"])
    start, end = span
    return bitgames.Tablebase.label_stage(game, context["stage"], start, end, context["reads"])


def keep_chunk(out: Path, key: str, data: bytes) -> Dict[str, Any]:
    """Writes one unit's bytes to ``OUT/stage-S/START.bin`` (whole or not at
    all: a file beside it, renamed once written and synced) and answers what
    the record keeps of it: the file, its length and its CRC-32."""
    stage, start = key.split(":")
    folder = out / f"stage-{int(stage):03}"
    folder.mkdir(exist_ok=True)
    name = f"{folder.name}/{int(start):012}.bin"
    part = out / (name + ".part")
    with open(part, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(part, out / name)
    return {"file": name, "bytes": len(data), "crc32": zlib.crc32(data)}


def stage_bytes(out: Path, units: List[Tuple[str, List[int]]], done: Dict[str, Any]) -> bytes:
    """A finished stage's bytes, its units' files read back in order, each
    checked against its length and CRC-32 in the record."""
    parts = []
    for key, (start, end) in units:
        kept = done[key]
        data = (out / kept["file"]).read_bytes()
        if len(data) != end - start or len(data) != kept["bytes"]:
            raise ValueError(f"{out / kept['file']}: {len(data)} bytes, not {end - start}")
        if zlib.crc32(data) != kept["crc32"]:
            raise ValueError(f"{out / kept['file']} is damaged: its CRC-32 is not the record's")
        parts.append(data)
    return b"".join(parts)
