"""Shared helpers of the Python package's tests."""

from pathlib import Path

#: The library's test data (OpenSpiel traces, Pons' sets), in this repository.
DATA = Path(__file__).resolve().parents[2] / "bitgames" / "tests" / "data"
