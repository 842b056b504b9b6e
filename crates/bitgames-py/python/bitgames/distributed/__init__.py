"""bitgames' jobs on a Ray cluster: ``python -m bitgames.distributed JOB …``.

A job cuts its work into units, runs groups of them as Ray tasks on every core
of a local Ray runtime (the default) or of a cluster (``--address``), and
records every finished task in ``OUT/tasks.jsonl``, so a job stopped and
started again skips what is done. Jobs:

- ``perft GAME DEPTH [--split K]``: one unit per move sequence of ``K`` plies
  (or fewer, where the game ends), each counted by :func:`bitgames.perft`; the
  sum is the exact perft count.
- ``solve GAME FILE``: one unit per position line, each read, solved and
  reported by :class:`bitgames.LineSolver` (the CLI's own per-line code); the
  reports in input order and the CLI's exit codes.

Ray is an optional dependency (``pip install "bitgames[distributed]"``): this
package imports it only when a job starts. docs/distributed.md has the whole
story.
"""

from .cli import main
from .jobs import perft_units

__all__ = ["main", "perft_units"]
