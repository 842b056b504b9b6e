"""bitgames.distributed on a real two-node Ray cluster on this machine
(``ray.cluster_utils.Cluster``, one CPU a node): exact counts against
published ones, a worker killed mid-task, a job stopped and resumed, and the
errors for an unreachable address and a node with another bitgames.

Each job runs as ``python -m bitgames.distributed`` in a subprocess that
joins the cluster by address, as a user's would. Ray is kept out of the
repository and of ``~/.ray``: its session folders go to a temporary folder
and its token comes from the environment."""

import os
import secrets
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

import bitgames  # noqa: E402
from conftest import DATA  # noqa: E402

#: Seconds a job may take before the test gives up on it.
JOB_TIMEOUT = 240


def _ray_env() -> None:
    """Token authentication from the environment (Ray 2.59 and later would
    otherwise save a token in ~/.ray), and no usage reports."""
    os.environ.setdefault("RAY_AUTH_TOKEN", secrets.token_hex(32))
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_cluster(temp: str, second_node_env=None, client_port=None) -> Cluster:
    _ray_env()
    # Ray's Cluster writes the head's address to RAY_TMPDIR/ray/ray_current_cluster
    # (/tmp/ray by default), and Ray 2.60 no longer makes that folder first: keep
    # it in this cluster's own folder.
    os.environ["RAY_TMPDIR"] = temp
    os.makedirs(os.path.join(temp, "ray"), exist_ok=True)
    head = {"num_cpus": 1, "temp_dir": temp, "include_dashboard": False}
    if client_port is not None:
        head["ray_client_server_port"] = client_port
    cluster = Cluster(initialize_head=True, head_node_args=head)
    cluster.add_node(num_cpus=1, env_vars=second_node_env or {})
    cluster.wait_for_nodes()
    return cluster


@pytest.fixture(scope="module")
def cluster():
    # A short path: Ray's Unix sockets live under it (108 bytes at most).
    temp = tempfile.mkdtemp(prefix="bgray-", dir="/tmp")
    port = free_port()
    c = _start_cluster(temp, client_port=port)
    c.client_port = port  # Ray Client's server on the head node
    yield c
    c.shutdown()


def job(cluster_address, *args, env=None, check=True):
    """Runs ``python -m bitgames.distributed`` against the cluster."""
    cmd = [sys.executable, "-m", "bitgames.distributed", *args, "--address", cluster_address]
    r = subprocess.run(
        cmd,
        capture_output=True,
        text=True,
        timeout=JOB_TIMEOUT,
        env={**os.environ, **(env or {})},
    )
    if check and r.returncode != 0:
        raise AssertionError(f"exit {r.returncode}\n{r.stdout}\n{r.stderr}")
    return r


def answer(r) -> int:
    """The count in a perft job's answer line (Ray may print other lines, such
    as a dead worker's, to standard output)."""
    line = next(x for x in r.stdout.splitlines() if x.startswith("perft "))
    return int(line.rsplit(" ", 1)[1])


def test_othello_perft_11_split_at_3_on_two_nodes(cluster, tmp_path):
    r = job(cluster.address, "perft", "othello", "11", "--split", "3", "--out", str(tmp_path))
    assert answer(r) == 212_258_800  # Aart Bik's table
    assert (tmp_path / "result.txt").read_text() == "212258800\n"


def test_tictactoe_perft_9_split_at_6_counts_games_ended_early_apart(cluster, tmp_path):
    # Sequences of exactly 9 plies (the project's perft table, Schaeffer):
    # games that end before ply 6 are units of their own that count 0.
    r = job(cluster.address, "perft", "tictactoe", "9", "--split", "6", "--out", str(tmp_path))
    assert answer(r) == 127_872
    assert answer(r) == bitgames.perft(bitgames.load_game("tictactoe").new_initial_state(), 9)


def test_a_perft_through_ray_client(cluster, tmp_path):
    port = cluster.client_port
    r = job(f"ray://127.0.0.1:{port}", "perft", "connect4", "8", "--split", "2",
            "--out", str(tmp_path))
    assert answer(r) == 5_673_234  # Connect Four 7×6, Tromp / Edelkamp


def test_a_worker_that_dies_mid_task_is_retried_and_the_count_is_exact(cluster, tmp_path):
    flag = tmp_path / "crashed"
    r = job(
        cluster.address,
        "perft",
        "connect4",
        "9",
        "--split",
        "3",
        "--out",
        str(tmp_path / "out"),
        env={"BITGAMES_DISTRIBUTED_CRASH_ONCE": str(flag)},
    )
    assert flag.exists()  # a worker did end itself mid-task
    assert answer(r) == 39_394_572  # Connect Four 7×6, Tromp / Edelkamp


def test_a_job_stopped_by_max_tasks_resumes_where_it_stopped(cluster, tmp_path):
    args = ["perft", "othello", "9", "--split", "3", "--out", str(tmp_path)]
    first = job(cluster.address, *args, "--max-tasks", "3", check=False)
    assert first.returncode == 3, first.stderr
    assert "run the same command again" in first.stderr
    lines = (tmp_path / "tasks.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 3  # the header and three tasks
    # A crash while a line was being written: the torn line is dropped.
    with open(tmp_path / "tasks.jsonl", "a") as f:
        f.write('{"units":["19.18')
    second = job(cluster.address, *args)
    assert answer(second) == 3_005_288  # Aart Bik's table
    # Another job in the same folder is refused.
    other = job(cluster.address, "perft", "othello", "8", "--out", str(tmp_path), check=False)
    assert other.returncode == 2
    assert "holds another job" in other.stderr


def test_a_table_built_across_workers_is_the_table_built_here(cluster, tmp_path):
    spec = "tictactoe(width=4,height=3,k=3)"
    out = tmp_path / "job"
    args = ["table", spec, "--chunk", "20000", "--out", str(out)]
    first = job(cluster.address, *args, "--max-tasks", "2", check=False)
    assert first.returncode == 3, first.stderr
    assert "run the same command again" in first.stderr
    r = job(cluster.address, *args)
    line = next(x for x in r.stdout.splitlines() if x.startswith("table "))
    # 4×3 with three in a row is a first-player win (Wikipedia, "m,n,k-game").
    assert "the start: win in 7" in line, line
    here = bitgames.Tablebase.build(bitgames.load_game(spec), threads=1)
    here.save(tmp_path / "here.bgtable")
    assert (out / "table.bgtable").read_bytes() == (tmp_path / "here.bgtable").read_bytes()
    # A table built in one piece has no stages to share out.
    teeko = job(cluster.address, "table", "teeko", "--out", str(tmp_path / "t"), check=False)
    assert teeko.returncode == 2 and "built in one piece" in teeko.stderr, teeko.stderr


def test_100_pons_positions_solved_across_workers_equal_the_serial_solves(cluster, tmp_path):
    pons = (DATA / "connect4" / "Test_L3_R1").read_text().splitlines()[:100]
    positions = [line.split()[0] for line in pons]
    scores = [int(line.split()[1]) for line in pons]
    # A comment, the positions, and a bad one (the CLI's exit code 2 at the end).
    file = tmp_path / "positions.txt"
    file.write_text("# Pons' Test_L3_R1, first 100\n" + "\n".join(positions) + "\n12345677777777\n")
    r = job(cluster.address, "solve", "connect4", str(file), "--out", str(tmp_path / "o"),
            check=False)
    assert r.returncode == 2, r.stderr
    errors = [x for x in r.stderr.splitlines() if x.startswith("error:")]
    assert errors[0].startswith(f"error: {file}, line 102: bad connect4")
    assert errors[1] == "error: 1 position(s) could not be solved (see above)"
    # Pons' report lines, `position score nodes microseconds`, in input order.
    got = [line.split() for line in r.stdout.splitlines() if line[:1].isdigit()]
    assert [g[0] for g in got] == positions
    assert [int(g[1]) for g in got] == scores  # Pons' own scores
    serial = bitgames.LineSolver("connect4")
    for g, p in zip(got, positions):
        report, error, _ = serial.solve_line(p)
        assert error is None and report.split()[:2] == g[:2]


def test_an_address_that_does_not_answer_is_one_line_and_exit_2(tmp_path):
    with_port = subprocess.run(
        [sys.executable, "-m", "bitgames.distributed", "perft", "othello", "5", "--out",
         str(tmp_path), "--address", "127.0.0.1:1"],
        capture_output=True, text=True, timeout=60,
    )
    assert with_port.returncode == 2
    assert with_port.stderr.strip().splitlines() == [
        "error: cannot reach the Ray cluster at 127.0.0.1:1: Connection refused"
    ]
    bad = subprocess.run(
        [sys.executable, "-m", "bitgames.distributed", "perft", "othello", "5", "--out",
         str(tmp_path), "--address", "nowhere"],
        capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2 and "expected auto, HOST:PORT" in bad.stderr


def test_a_node_with_another_bitgames_version_is_refused(tmp_path):
    # The second node's workers import a bitgames of another version first.
    fake = tmp_path / "fake"
    (fake / "bitgames").mkdir(parents=True)
    (fake / "bitgames" / "__init__.py").write_text('__version__ = "0.0.0-other"\n')
    temp = tempfile.mkdtemp(prefix="bgray-", dir="/tmp")
    c = _start_cluster(temp, {"PYTHONPATH": str(fake)})
    try:
        r = job(c.address, "perft", "othello", "5", "--out", str(tmp_path / "out"), check=False)
    finally:
        c.shutdown()
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "runs bitgames 0.0.0-other" in lines[0], r.stderr
