"""Random play at batch 1,024, observations and legal-action masks included:
bitgames' VectorEnv beside pgx (JAX on the CPU, ``jax.jit(jax.vmap(env.step))``,
compile time excluded) and OpenSpiel's Python API, in one run. Run by hand:

    pip install crates/bitgames-py pgx jax open_spiel
    python crates/bitgames-py/benches/vector_env.py [--steps 200] [--threads 0]

Prints steps a second (one step = one move in one game) for connect_four,
othello, go_9x9 and hex (pgx's names), then the latency of ``State.apply_action``
and of a ``VectorEnv.step`` of 1,024 Connect Four games on one thread.
"""

import argparse
import os

# numpy's OpenBLAS threads spin after import and would be counted as ours.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import platform
import subprocess
import time

import numpy as np

import bitgames

GAMES = {
    # pgx name: (bitgames spec, OpenSpiel spec)
    "connect_four": ("connect4", "connect_four"),
    "othello": ("othello", "othello"),
    "go_9x9": ("go(size=9,komi=7.5)", "go(board_size=9,komi=7.5)"),
    "hex": ("hex(size=11)", "hex(board_size=11)"),
}
BATCH = 1024


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


OBS_DTYPE = "float32"


def bitgames_rate(spec, steps, threads, batch=BATCH):
    env = bitgames.VectorEnv(spec, batch, seed=0, threads=threads, obs_dtype=OBS_DTYPE)
    env.reset()
    for _ in range(10):
        env.step(env.random_actions())
    t = time.perf_counter()
    c = time.process_time()
    for _ in range(steps):
        obs, rewards, terminated, truncated, mask = env.step(env.random_actions())
    wall = time.perf_counter() - t
    cpu = time.process_time() - c
    return batch * steps / wall, cpu / wall


def pgx_rate(name, steps, batch=BATCH):
    try:
        import jax
        import jax.numpy as jnp
        import pgx
    except ImportError:
        return None
    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, batch))

    @jax.jit
    def act(state, key):
        # A uniform legal action in every game (terminated games step anyway,
        # as pgx's own random-play benchmark does).
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    def one(state, key):
        key, k1 = jax.random.split(key)
        state = step(state, act(state, k1))
        # Finished games start again, as the VectorEnv's do.
        done = state.terminated | state.truncated
        if bool(done.any()):
            key, k2 = jax.random.split(key)
            fresh = init(jax.random.split(k2, batch))
            state = jax.tree_util.tree_map(
                lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, fresh
            )
        return state, key

    return pgx_timed(one, state, key, steps, batch)


def pgx_timed(one, state, key, steps, batch):
    """Steps a second of ``one(state, key) -> (state, key)``, a step of
    ``batch`` pgx games, over ``steps`` steps after three untimed ones (JAX's
    compilation and warm-up)."""
    import jax

    for _ in range(3):
        state, key = one(state, key)
    jax.block_until_ready(state.observation)
    t = time.perf_counter()
    for _ in range(steps):
        state, key = one(state, key)
    jax.block_until_ready((state.observation, state.legal_action_mask))
    return batch * steps / (time.perf_counter() - t)


def pgx_fused_rate(name, steps, batch):
    """pgx as its authors run it on an accelerator: action choice and step with
    ``pgx.experimental.auto_reset`` in one jitted function, on JAX's default
    backend (the GPU where there is one). Returns (steps a second, backend)."""
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None, None
    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def one(state, key):
        key, k1, k2 = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k1, logits, axis=-1)
        return step(state, action, jax.random.split(k2, batch)), key

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, batch))
    return pgx_timed(one, state, key, steps, batch), jax.default_backend()


def openspiel_rate(spec, seconds=3.0):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(spec)
    rng = np.random.default_rng(0)
    moves = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            s.observation_tensor(s.current_player())
            legal = s.legal_actions()
            s.apply_action(legal[rng.integers(len(legal))])
            moves += 1
    return moves / (time.perf_counter() - t)


def apply_action_latency():
    game = bitgames.load_game("connect4")
    n = 0
    t = time.perf_counter()
    while n < 200_000:
        s = game.new_initial_state()
        for a in (0, 1, 2, 3, 4, 5, 6, 0, 1, 2):  # no four in a row
            s.apply_action(a)
        n += 10
    return (time.perf_counter() - t) / n


def step_latency():
    env = bitgames.VectorEnv("connect4", BATCH, seed=0, threads=1)
    env.reset()
    # Each step's random actions are drawn just before it; only the step is timed.
    total = 0.0
    for _ in range(500):
        a = env.random_actions()
        t = time.perf_counter()
        env.step(a)
        total += time.perf_counter() - t
    return total / 500


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--threads", type=int, default=0, help="bitgames' all-cores run (0: every core)")
    p.add_argument("--skip-peers", action="store_true")
    p.add_argument("--obs-dtype", choices=["float32", "uint8"], default="float32", help="bitgames' observation dtype")
    p.add_argument(
        "--pgx-batches",
        help="also: at these batch sizes (comma-separated, e.g. 1024,8192), bitgames on all cores "
        "beside pgx with auto-reset fused into one jitted step on JAX's default backend (a GPU if any)",
    )
    args = p.parse_args()
    global OBS_DTYPE
    OBS_DTYPE = args.obs_dtype
    if args.pgx_batches:
        batches = [int(b) for b in args.pgx_batches.split(",")]
        print(f"{cpu_model()}, {os.cpu_count()} cores; {args.steps} steps; steps a second")
        print(f"{'game':<13} {'batch':>6} {'bitgames all cores':>19} {'(CPU/wall)':>10} {'pgx fused':>12} {'on':>5} {'bitgames/pgx':>12}")
        for name, (spec, _) in GAMES.items():
            for batch in batches:
                ours, load = bitgames_rate(spec, args.steps, args.threads, batch)
                theirs, backend = pgx_fused_rate(name, args.steps, batch)
                ratio = f"{ours / theirs:.2f}×" if theirs else "-"
                print(f"{name:<13} {batch:>6} {ours:>19,.0f} {load:>10.1f} {theirs or 0:>12,.0f} {backend or '-':>5} {ratio:>12}", flush=True)
        return
    cores = os.cpu_count()
    print(f"{cpu_model()}, {cores} cores; batch {BATCH}, {args.steps} steps, {OBS_DTYPE} observations; steps a second")
    print(f"{'game':<13} {'bitgames 1 thr':>15} {'all cores':>12} {'(CPU/wall)':>10} {'pgx CPU':>12} {'OpenSpiel':>10} {'vs pgx':>7} {'vs OS':>7}")
    latencies = (apply_action_latency(), step_latency())
    # bitgames first for every game: JAX's threads stay busy after pgx runs.
    ours = {name: (bitgames_rate(spec, args.steps, 1)[0], *bitgames_rate(spec, args.steps, args.threads))
            for name, (spec, _) in GAMES.items()}
    for name, (spec, os_spec) in GAMES.items():
        one, allc, load = ours[name]
        pg = None if args.skip_peers else pgx_rate(name, args.steps)
        osr = None if args.skip_peers else openspiel_rate(os_spec)
        fmt = lambda x: f"{x:,.0f}" if x else "-"
        ratio = lambda a, b: f"{a / b:.0f}×" if b else "-"
        print(f"{name:<13} {one:>15,.0f} {allc:>12,.0f} {load:>10.1f} {fmt(pg):>12} {fmt(osr):>10} {ratio(one, pg):>7} {ratio(one, osr):>7}")
    print(f"State.apply_action: {latencies[0] * 1e6:.2f} µs")
    print(f"VectorEnv.step, 1,024 Connect Four games, one thread: {latencies[1] * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
