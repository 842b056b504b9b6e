"""Running a job's units as Ray tasks: grouped into tasks of about
:data:`TARGET_SECONDS`, a bounded number in flight, each finished task
recorded before the next is handed out, progress on stderr."""

import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple

from .journal import Journal

#: Worker seconds a task should take once the units' cost is known.
TARGET_SECONDS = 2.0

#: Seconds between progress lines off a terminal.
PROGRESS_EVERY = 5.0

#: Times Ray runs a task again whose worker died.
MAX_RETRIES = 3


class Stopped(Exception):
    """``--max-tasks`` ran out before the job was done."""


def group_size(mean_seconds: Optional[float], remaining: int, cpus: int) -> int:
    """Units in the next task: one while their cost is unknown, then enough
    for :data:`TARGET_SECONDS`, but at most a quarter of a CPU's share of what
    is left (so every CPU keeps at least four tasks to the end)."""
    if mean_seconds is None or remaining <= 0:
        return 1
    by_time = int(TARGET_SECONDS / max(mean_seconds, 1e-6))
    by_share = remaining // (4 * cpus)
    return max(1, min(by_time, by_share))


class Progress:
    """Units done of the total, tasks, elapsed time and an ETA: one line
    rewritten in place on a terminal, a line every :data:`PROGRESS_EVERY`
    seconds off one, nothing when quiet."""

    def __init__(self, total: int, done: int, quiet: bool, out: TextIO = sys.stderr) -> None:
        self.total, self.start_done, self.quiet, self.out = total, done, quiet, out
        self.tty = out.isatty()
        self.t0 = time.monotonic()
        self.last = 0.0

    def show(self, done: int, tasks: int, final: bool = False) -> None:
        """Shows the state (off a terminal, only every few seconds or at the
        end)."""
        if self.quiet:
            return
        now = time.monotonic()
        if not self.tty and not final and now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        elapsed = now - self.t0
        new = done - self.start_done
        left = self.total - done
        eta = f"{elapsed / new * left:.0f} s" if new > 0 and left > 0 else "-"
        line = (
            f"{done}/{self.total} units ({100 * done / max(self.total, 1):.1f}%), "
            f"{tasks} tasks, {elapsed:.0f} s, eta {eta}"
        )
        if self.tty:
            end = "\n" if final else ""
            self.out.write(f"\r{line}\x1b[K{end}")
        else:
            self.out.write(line + "\n")
        self.out.flush()


def run(
    ray: Any,
    remote: Any,
    units: Sequence[Tuple[str, Any]],
    journal: Journal,
    cpus: int,
    context: Any,
    max_tasks: Optional[int] = None,
    quiet: bool = False,
    on_result: Optional[Callable[[str, Any], None]] = None,
    keep: Optional[Callable[[str, Any], Any]] = None,
) -> Dict[str, Any]:
    """Runs every unit (``(key, payload)``) not yet in ``journal`` as tasks of
    ``remote`` (a Ray remote function of ``(context, payloads)`` answering
    ``(results, seconds, cpu_seconds)``), recording each finished task; answers every
    unit's result by key. With ``keep``, each result is recorded as what
    ``keep(key, result)`` answers (a table's bytes, written to a file, as the
    file's name and checksum). Raises :class:`Stopped` once ``max_tasks`` tasks of
    this run have finished with units still left."""
    todo = [(k, p) for k, p in units if k not in journal.done]
    finished = len(units) - len(todo)
    progress = Progress(len(units), finished, quiet)
    in_flight: Dict[Any, List[str]] = {}
    limit = 2 * cpus + 2
    next_unit = 0
    submitted = 0
    worker_seconds = 0.0
    measured = 0
    ctx = ray.put(context)
    tasks_done = journal.resumed_tasks
    progress.show(finished, tasks_done)
    while next_unit < len(todo) or in_flight:
        while (
            next_unit < len(todo)
            and len(in_flight) < limit
            and (max_tasks is None or submitted < max_tasks)
        ):
            mean = worker_seconds / measured if measured else None
            n = group_size(mean, len(todo) - next_unit, cpus)
            group = todo[next_unit : next_unit + n]
            next_unit += n
            ref = remote.options(max_retries=MAX_RETRIES).remote(ctx, [p for _, p in group])
            in_flight[ref] = [k for k, _ in group]
            submitted += 1
        if not in_flight:
            break
        ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=1.0)
        for ref in ready:
            keys = in_flight.pop(ref)
            results, seconds, cpu = ray.get(ref)
            if keep is not None:
                results = [keep(k, r) for k, r in zip(keys, results)]
            journal.record(keys, results, seconds, cpu)
            finished += len(keys)
            worker_seconds += seconds
            measured += len(keys)
            tasks_done += 1
            if on_result is not None:
                for k, r in zip(keys, results):
                    on_result(k, r)
        progress.show(finished, tasks_done)
    progress.show(finished, tasks_done, final=True)
    if next_unit < len(todo):
        raise Stopped(
            f"stopped after {submitted} task(s) (--max-tasks); "
            f"{len(todo) - next_unit} unit(s) left: run the same command again to go on"
        )
    return dict(journal.done)
