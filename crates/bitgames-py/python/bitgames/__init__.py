"""bitgames: bitboard board games for Python.

OpenSpiel-style states (``load_game``, ``new_initial_state``, ``legal_actions``,
``apply_action``, ``returns``), a batched environment over numpy buffers
(``VectorEnv``), engines (``Engine``) and exact solvers (``solve``), all running
in Rust. ``games()`` lists every game with its parameters.

    >>> import bitgames
    >>> game = bitgames.load_game("connect4")
    >>> state = game.new_initial_state()
    >>> state.apply_action(3)
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5, 6]
"""

from ._core import (
    Analysis,
    AnalysisEvent,
    Engine,
    Game,
    GameInfo,
    LifeRun,
    LightsOutSolution,
    LineSolver,
    PackReport,
    Param,
    Playouts,
    Solution,
    State,
    TableCounts,
    TableProbe,
    Tablebase,
    TableValue,
    VectorEnv,
    __version__,
    analyse,
    games,
    life,
    lightsout,
    load_game,
    pack,
    perft,
    random_playouts,
    restore_state,
    solve,
)

#: ``State.current_player()`` once the game is over (OpenSpiel's terminal id).
TERMINAL_PLAYER = -4

__all__ = [
    "Analysis",
    "AnalysisEvent",
    "Engine",
    "Game",
    "GameInfo",
    "LifeRun",
    "LightsOutSolution",
    "LineSolver",
    "PackReport",
    "Param",
    "Playouts",
    "Solution",
    "State",
    "TERMINAL_PLAYER",
    "TableCounts",
    "TableProbe",
    "Tablebase",
    "TableValue",
    "VectorEnv",
    "__version__",
    "analyse",
    "games",
    "life",
    "lightsout",
    "load_game",
    "pack",
    "perft",
    "random_playouts",
    "restore_state",
    "solve",
]
