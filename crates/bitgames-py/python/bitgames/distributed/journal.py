"""The record of a job: ``OUT/tasks.jsonl``, append-only and fsync'd.

The first line is a header with the job's parameters; each later line is one
finished task: the keys of its units and their results. A job started again
in the same folder reads it back and skips the units it names; a header with
other parameters is refused (one job a folder), and a last line cut short by a
crash (no newline, or not JSON) is dropped.
"""

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Tuple

#: The record's file name inside the output folder.
FILE = "tasks.jsonl"


class JournalError(Exception):
    """A folder that holds another job, or a record that cannot be read."""


class Journal:
    """An open record: the results read back, and appends of new ones."""

    def __init__(self, folder: Path, header: Dict[str, Any]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE
        self.done: Dict[str, Any] = {}
        #: Tasks read back from an earlier run.
        self.resumed_tasks = 0
        #: Tasks recorded by this run.
        self.tasks = 0
        if self.path.exists():
            self._read(header)
        else:
            self._file = open(self.path, "ab")
            self._append(header)
            return
        self._file = open(self.path, "ab")

    def _read(self, header: Dict[str, Any]) -> None:
        data = self.path.read_bytes()
        lines: List[Tuple[int, bytes]] = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            if end < 0:
                break  # a torn last line: no newline
            lines.append((start, data[start:end]))
            start = end + 1
        good_end = start
        records: List[Any] = []
        for i, (offset, line) in enumerate(lines):
            try:
                records.append(json.loads(line))
            except ValueError:
                if i == len(lines) - 1:
                    good_end = offset  # a torn last line: not JSON
                    break
                raise JournalError(f"{self.path}: line {i + 1} is not JSON") from None
        if good_end < len(data):
            with open(self.path, "r+b") as f:
                f.truncate(good_end)
                f.flush()
                os.fsync(f.fileno())
        if not records:
            with open(self.path, "ab") as f:
                f.write(_line(header))
                f.flush()
                os.fsync(f.fileno())
            return
        if records[0] != header:
            raise JournalError(
                f"{self.path.parent} holds another job ({_describe(records[0])}), "
                f"not {_describe(header)}: use another --out folder"
            )
        for r in records[1:]:
            for key, value in zip(r["units"], r["results"]):
                self.done[key] = value
            self.resumed_tasks += 1

    def _append(self, record: Dict[str, Any]) -> None:
        self._file.write(_line(record))
        self._file.flush()
        os.fsync(self._file.fileno())

    def record(self, keys: List[str], results: List[Any], seconds: float, cpu: float) -> None:
        """Appends one finished task (its units' keys, their results, the
        worker's wall-clock and CPU seconds) and syncs it to disk."""
        self._append(
            {"units": keys, "results": results, "seconds": round(seconds, 4), "cpu": round(cpu, 4)}
        )
        for k, v in zip(keys, results):
            self.done[k] = v
        self.tasks += 1

    def close(self) -> None:
        """Closes the file."""
        self._file.close()


def _line(record: Dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":")) + "\n").encode()


def _describe(header: Any) -> str:
    if isinstance(header, dict) and "job" in header:
        params = " ".join(f"{k}={v}" for k, v in header.items() if k != "job")
        return f"{header['job']} {params}".strip()
    return "an unknown header"
