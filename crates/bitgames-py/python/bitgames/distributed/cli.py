"""The command line: ``python -m bitgames.distributed JOB … [--address A]
[--out DIR] [--cpus N] [--max-tasks N] [-q]``; the jobs ``perft``, ``solve``
and ``table``.

Exit codes: 0 done; 1 a failure; 2 bad input, Ray missing, a cluster that
cannot be reached or runs another bitgames, a folder that holds another job;
3 stopped by ``--max-tasks`` (run the same command again to go on).
"""

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any, List, Optional

import bitgames

from . import jobs, runtime, scheduler
from .journal import Journal, JournalError

#: Deepest perft the job takes (the CLI's limit).
MAX_DEPTH = 30

#: Indices a unit of the table job: 4 MiB of bytes back from each.
DEFAULT_CHUNK = 1 << 22

#: The table job's file in its output folder.
TABLE_FILE = "table.bgtable"


class InputError(Exception):
    """Bad input (exit 2)."""


def parser() -> argparse.ArgumentParser:
    """The argument parser."""
    p = argparse.ArgumentParser(
        prog="python -m bitgames.distributed",
        description="bitgames jobs on Ray: exact, restartable, on every core or a cluster.",
    )
    sub = p.add_subparsers(dest="job", required=True)

    def common(s: argparse.ArgumentParser) -> None:
        s.add_argument(
            "--address",
            help="auto (the cluster this machine is in), HOST:6379 or ray://HOST:10001; "
            "default: a local Ray runtime on every core",
        )
        s.add_argument("--out", type=Path, help="output folder (default: a new one in ./)")
        s.add_argument("--cpus", type=int, help="CPUs of the local runtime (default: all)")
        s.add_argument("--max-tasks", type=int, help="stop after N tasks (exit 3)")
        s.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    pf = sub.add_parser("perft", help="count move sequences, split at --split plies")
    pf.add_argument("game", help="game spec (connect4, othello, 'hex(size=5)', …)")
    pf.add_argument("depth", type=int, help="depth in plies")
    pf.add_argument("--split", type=int, default=3, help="plies of each unit (default 3)")
    common(pf)

    sv = sub.add_parser("solve", help="solve a file of positions, reports in input order")
    sv.add_argument("game", help="game spec of a game with a solver (connect4, othello)")
    sv.add_argument("file", help="positions in the solver's format, one a line")
    sv.add_argument("--weak", action="store_true", help="only win, draw or loss")
    sv.add_argument("-a", "--analyze", action="store_true", help="every move's score")
    sv.add_argument("--best", action="store_true", help="every best move and the score")
    sv.add_argument("--table-mib", type=int, default=64, help="table MiB a worker (64)")
    common(sv)

    tb = sub.add_parser(
        "table", help="build a game's retrograde table, each stage shared out a range at a time"
    )
    tb.add_argument(
        "game",
        help="game spec of a game whose table is built in stages "
        "('tictactoe(width=4,height=4,k=4)', 'hex(size=4)', 'y(size=6)')",
    )
    tb.add_argument(
        "--chunk", type=int, default=DEFAULT_CHUNK,
        help=f"indices a unit (default {DEFAULT_CHUNK:,})",
    )
    common(tb)
    return p


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the command line; answers the exit code."""
    args = parser().parse_args(argv)
    try:
        return _run(args)
    except (InputError, runtime.SetupError, JournalError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except scheduler.Stopped as e:
        print(f"stopped: {e}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("interrupted: finished tasks are recorded; run again to go on", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    if args.cpus is not None and args.cpus < 1:
        raise InputError(f"--cpus {args.cpus}: at least 1")
    if args.max_tasks is not None and args.max_tasks < 1:
        raise InputError(f"--max-tasks {args.max_tasks}: at least 1")
    if args.address is not None:
        runtime.host_port(args.address)  # a malformed address fails before any work
    if args.job == "table":
        return _run_table(args)
    header, units = _plan(args)
    runtime.import_ray()  # Ray missing: said before any folder is made
    out = args.out or Path(f"bitgames-{args.job}-{time.strftime('%Y%m%d-%H%M%S')}")
    journal = Journal(out, header)
    try:
        ray = runtime.start(args.address, args.cpus)
        try:
            cpus = runtime.cluster_cpus(ray)
            remote = ray.remote(jobs.run_group)
            context = dict(header)
            crash = os.environ.get("BITGAMES_DISTRIBUTED_CRASH_ONCE")
            if crash:
                context["crash_once"] = crash
            results = scheduler.run(
                ray, remote, units, journal, cpus, context, args.max_tasks, args.quiet
            )
        finally:
            ray.shutdown()
    finally:
        journal.close()
    return _finish(args, header, units, results, out)


def _run_table(args: argparse.Namespace) -> int:
    """The table job: each stage's units run as tasks once the stages it
    reads are done (their bytes handed to every task), each unit's bytes kept
    in a file of the output folder as it comes back; then the table, checked
    and written whole to ``OUT/table.bgtable``."""
    try:
        game = bitgames.load_game(args.game)
        stages = bitgames.Tablebase.stages(game)
    except ValueError as e:
        raise InputError(str(e)) from None
    if args.chunk < 1:
        raise InputError(f"--chunk {args.chunk}: at least 1")
    header = {"job": "table", "game": game.spec, "chunk": args.chunk}
    runtime.import_ray()
    out = args.out or Path(f"bitgames-table-{time.strftime('%Y%m%d-%H%M%S')}")
    journal = Journal(out, header)
    done: List[bytes] = []
    units_in_all = 0
    try:
        ray = runtime.start(args.address, args.cpus)
        try:
            cpus = runtime.cluster_cpus(ray)
            remote = ray.remote(jobs.run_group)
            for k, (name, length, reads) in enumerate(stages):
                units = jobs.table_units(k, length, args.chunk)
                units_in_all += len(units)
                left = [key for key, _ in units if key not in journal.done]
                budget = None if args.max_tasks is None else args.max_tasks - journal.tasks
                if left and budget is not None and budget < 1:
                    raise scheduler.Stopped(
                        f"stopped after {journal.tasks} task(s) (--max-tasks) at {name}: "
                        "run the same command again to go on"
                    )
                if left and not args.quiet:
                    print(f"{name}: {length:,} indices", file=sys.stderr)
                context = {**header, "stage": k, "reads": [done[r] for r in reads]}
                # A stage of one unit is its own progress line (above).
                quiet = args.quiet or len(units) == 1
                results = scheduler.run(
                    ray, remote, units, journal, cpus, context, budget, quiet,
                    keep=lambda key, data: jobs.keep_chunk(out, key, data),
                )
                done.append(jobs.stage_bytes(out, units, results))
        finally:
            ray.shutdown()
    except ValueError as e:
        raise JournalError(str(e)) from None
    finally:
        journal.close()
    table = bitgames.Tablebase.assemble(game, done)
    table.save(out / TABLE_FILE)
    c = table.counts
    start = table.value(game.new_initial_state())
    print(
        f"table {game.spec}: {c.positions} positions, {c.won} won, {c.lost} lost, "
        f"{c.drawn} drawn; the start: {start}; longest win {c.longest_win} plies"
    )
    print(f"({units_in_all} units in {len(stages)} stages; {out / TABLE_FILE}, record in {out})")
    return 0


def _plan(args: argparse.Namespace) -> Any:
    if args.job == "perft":
        try:
            game = bitgames.load_game(args.game)
        except ValueError as e:
            raise InputError(str(e)) from None
        if not 0 <= args.depth <= MAX_DEPTH:
            raise InputError(f"depth {args.depth}: expected 0 to {MAX_DEPTH}")
        if not 0 <= args.split <= args.depth:
            raise InputError(f"--split {args.split}: expected 0 to the depth, {args.depth}")
        header = {"job": "perft", "game": game.spec, "depth": args.depth, "split": args.split}
        return header, jobs.perft_units(game.spec, args.split)
    if args.job == "solve":
        if args.analyze and args.best:
            raise InputError("--analyze and --best: choose one")
        if args.best and args.weak:
            raise InputError("--best and --weak: choose one")
        mode = "analyze" if args.analyze else "best" if args.best else "score"
        try:
            spec = bitgames.LineSolver(
                args.game, mode=mode, weak=args.weak, table_mib=args.table_mib
            ).spec
        except ValueError as e:
            raise InputError(str(e)) from None
        try:
            data = Path(args.file).read_bytes()
        except OSError as e:
            raise InputError(f"cannot read {args.file!r}: {e.strerror or e}") from None
        units, bad = jobs.solve_lines(args.file, data)
        args.bad_lines = bad
        header = {
            "job": "solve",
            "game": spec,
            "file": str(Path(args.file).resolve()),
            "sha256": hashlib.sha256(data).hexdigest(),
            "mode": mode,
            "weak": args.weak,
            "table_mib": args.table_mib,
        }
        return header, units
    raise InputError(f"unknown job {args.job}")


def _finish(args: argparse.Namespace, header: Any, units: Any, results: Any, out: Path) -> int:
    if args.job == "perft":
        total = sum(results[k] for k, _ in units)
        (out / "result.txt").write_text(f"{total}\n")
        print(f"perft {header['game']} depth {header['depth']}: {total}")
        print(f"({len(units)} units split at ply {header['split']}; record in {out})")
        return 0
    if args.job == "solve":
        # As `bitgames solve` prints them: each line's report on stdout, its
        # error on stderr, in input order; exit 1 if any line failed, 2 if any
        # was bad input.
        bad = dict(args.bad_lines)
        order = sorted([int(k) for k, _ in units] + list(bad))
        input_faults = len(bad)
        failed = 0
        for n in order:
            if n in bad:
                sys.stdout.flush()
                print(f"error: {bad[n]}", file=sys.stderr)
                continue
            r = results[str(n)]
            sys.stdout.write(r["report"])
            if r["error"] is not None:
                sys.stdout.flush()
                print(f"error: {args.file}, line {n}: {r['error']}", file=sys.stderr)
                if r["input"]:
                    input_faults += 1
                else:
                    failed += 1
        sys.stdout.flush()
        if failed:
            print(f"error: {failed} position(s) failed (see above)", file=sys.stderr)
            return 1
        if input_faults:
            print(
                f"error: {input_faults} position(s) could not be solved (see above)",
                file=sys.stderr,
            )
            return 2
        return 0
    return 1
