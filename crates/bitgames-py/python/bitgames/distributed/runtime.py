"""Reaching Ray: a local runtime on every core, or a cluster by address, with
the checks that make a bad address or a mixed cluster one clear line."""

import os
import secrets
import socket
import time
from typing import Any, Optional, Tuple

import bitgames

#: Seconds an address has to accept a TCP connection.
CONNECT_TIMEOUT = 5.0

#: Connections tried to a ``ray://`` address whose client server fails to start.
CLIENT_ATTEMPTS = 3


class SetupError(Exception):
    """Ray missing, a cluster that cannot be reached, or one whose nodes run
    another bitgames (the command line prints it and exits with 2)."""


def import_ray() -> Any:
    """Ray, or a :class:`SetupError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise SetupError(
            "Ray is not installed: pip install 'ray>=2.50' (or 'bitgames[distributed]')"
        ) from None
    return ray


def host_port(address: str) -> Optional[Tuple[str, int]]:
    """The host and port of ``HOST:PORT`` or ``ray://HOST:PORT``; ``None`` for
    ``auto``. A :class:`SetupError` for anything else."""
    if address == "auto":
        return None
    rest = address[len("ray://") :] if address.startswith("ray://") else address
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SetupError(
            f"address {address!r}: expected auto, HOST:PORT (6379: the head's GCS) "
            "or ray://HOST:PORT (10001: Ray Client)"
        )
    return host.strip("[]"), int(port)


def probe(address: str) -> None:
    """Checks that ``address`` accepts a TCP connection within
    :data:`CONNECT_TIMEOUT` seconds (Ray itself would wait much longer)."""
    hp = host_port(address)
    if hp is None:
        return
    try:
        with socket.create_connection(hp, timeout=CONNECT_TIMEOUT):
            pass
    except OSError as e:
        why = "no answer in 5 s" if isinstance(e, socket.timeout) else (e.strerror or str(e))
        raise SetupError(f"cannot reach the Ray cluster at {address}: {why}") from None


def start(address: Optional[str], cpus: Optional[int]) -> Any:
    """Starts a local Ray runtime (``address`` None: ``cpus`` CPUs, every core
    by default) or connects to a cluster, and checks that every node runs this
    bitgames. Returns the ``ray`` module."""
    ray = import_ray()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address is None:
        # Ray 2.59 and later turn token authentication on for local runtimes
        # and save a token in ~/.ray: a token in the environment instead (the
        # workers inherit it) leaves nothing behind.
        if not os.environ.get("RAY_AUTH_MODE") and not os.environ.get("RAY_AUTH_TOKEN"):
            os.environ["RAY_AUTH_TOKEN"] = secrets.token_hex(32)
        ray.init(
            num_cpus=cpus or os.cpu_count() or 1,
            include_dashboard=False,
            log_to_driver=False,
            logging_level="WARNING",
        )
    else:
        probe(address)
        # Ray Client's proxy starts a server of its own for each client, and
        # on a loaded machine that start now and then fails at once ("Starting
        # Ray client server failed"); the next connection gets a new one.
        attempts = CLIENT_ATTEMPTS if address.startswith("ray://") else 1
        for attempt in range(1, attempts + 1):
            try:
                ray.init(address=address, log_to_driver=False, logging_level="WARNING")
                break
            except Exception as e:  # Ray's own errors have no common base
                if attempt < attempts and "Starting Ray client server failed" in str(e):
                    try:
                        ray.shutdown()
                    except Exception:
                        pass
                    time.sleep(1.0)
                    continue
                raise SetupError(f"cannot join the Ray cluster at {address}: {e}") from None
    check_versions(ray)
    return ray


def check_versions(ray: Any) -> None:
    """Runs a task on every live node and compares its ``bitgames.__version__``
    with this one's: a node with another version (or none) is a
    :class:`SetupError` naming it."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    def node_version() -> str:
        # Defined here so that Ray sends the function itself, not a reference
        # to this module, which a node with another bitgames may not have.
        try:
            import bitgames as b

            return str(b.__version__)
        except ImportError:
            return "none (bitgames is not installed)"

    version = ray.remote(num_cpus=0, max_retries=0)(node_version)
    nodes = [n for n in ray.nodes() if n.get("Alive")]
    refs = [
        version.options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(n["NodeID"], soft=False)
        ).remote()
        for n in nodes
    ]
    for n, v in zip(nodes, ray.get(refs)):
        if v != bitgames.__version__:
            raise SetupError(
                f"node {n['NodeManagerAddress']} ({n['NodeID'][:8]}) runs bitgames {v}, "
                f"this one {bitgames.__version__}: install the same version on every node"
            )


def cluster_cpus(ray: Any) -> int:
    """The cluster's CPUs (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
