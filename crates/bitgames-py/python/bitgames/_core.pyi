"""Type stubs of the extension module ``bitgames._core`` (re-exported by
``bitgames``).

An attribute written ``name: Final[T]`` is a read-only one (a getter without a
setter) whose value stays as it is for the object's life; one that changes as
the object is used (``Engine.last_info``) is written as a property."""

import os
from types import TracebackType
from typing import Any, Callable, Final, Generic, Iterator, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

class Param:
    """One typed parameter of a game."""

    name: Final[str]
    kind: Final[str]
    default: Final[str]
    range: Final[str]
    doc: Final[str]

class GameInfo:
    """A game the package has: its name, what it is, its parameters."""

    name: Final[str]
    summary: Final[str]
    default_spec: Final[str]
    params: Final[list[Param]]
    engines: Final[list[str]]
    has_solver: Final[bool]

class Game:
    """A game with its parameters, as ``load_game`` builds it."""

    name: Final[str]
    spec: Final[str]
    def num_distinct_actions(self) -> int: ...
    def num_players(self) -> int: ...
    def observation_tensor_shape(self, history: int = 1) -> Tuple[int, int, int]: ...
    def new_initial_state(self) -> State: ...
    def new_state(self, position: str) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A position of a game, with the actions that led to it."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]: ...
    def legal_moves(self) -> list[str]: ...
    def apply_action(self, action: int) -> None: ...
    def play(self, text: str) -> None: ...
    def child(self, action: int) -> State: ...
    def action_to_string(self, action: int, player: Optional[int] = None) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def winner(self) -> Optional[int]: ...
    def score(self) -> Optional[int]: ...
    def move_number(self) -> int: ...
    def history(self) -> list[int]: ...
    def position(self) -> str: ...
    def observation_tensor(
        self, player: Optional[int] = None, history: int = 1
    ) -> npt.NDArray[np.float32]: ...
    def get_game(self) -> Game: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> str: ...

_Obs = TypeVar("_Obs", np.float32, np.uint8)

class VectorEnv(Generic[_Obs]):
    """Many games of one spec, stepped together over numpy buffers;
    observations in float32 (the default) or, with ``obs_dtype="uint8"``,
    in uint8 (the same 0s and 1s in a quarter of the memory)."""

    @overload
    def __init__(
        self: VectorEnv[np.float32], spec: str, num_envs: int, seed: int = 0, threads: int = 1,
        max_steps: Optional[int] = None, min_work_us: float = 50.0,
        obs_dtype: Literal["float32"] = "float32", history: int = 1,
    ) -> None: ...
    @overload
    def __init__(
        self: VectorEnv[np.uint8], spec: str, num_envs: int, seed: int = 0, threads: int = 1,
        max_steps: Optional[int] = None, min_work_us: float = 50.0,
        *, obs_dtype: Literal["uint8"], history: int = 1,
    ) -> None: ...
    num_envs: Final[int]
    num_actions: Final[int]
    observation_shape: Final[Tuple[int, int, int]]
    spec: Final[str]
    history: Final[int]
    def __len__(self) -> int: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[_Obs], npt.NDArray[np.bool_]]: ...
    def step(
        self, actions: Union[npt.NDArray[np.integer[Any]], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[_Obs],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]: ...
    def random_actions(self) -> npt.NDArray[np.int64]: ...
    def current_player(self) -> npt.NDArray[np.int64]: ...
    def state(self, i: int) -> State: ...
    def close(self) -> None: ...
    def __enter__(self) -> VectorEnv[_Obs]: ...
    def __exit__(
        self, t: Optional[type[BaseException]], v: Optional[BaseException], tb: Optional[TracebackType]
    ) -> bool: ...

class Engine:
    """An engine by spec for one game."""

    def __init__(self, spec: str, game: Game) -> None: ...
    spec: Final[str]
    @property
    def last_info(self) -> Optional[str]: ...
    @property
    def last_nodes(self) -> Optional[int]: ...
    def choose(self, state: State) -> Optional[int]: ...

class Solution:
    """What an exact solve found, for the side to move."""

    score: Final[int]
    best: Final[list[int]]
    best_moves: Final[list[str]]
    scores: Final[dict[int, int]]
    nodes: Final[int]
    seconds: Final[float]

class LineSolver:
    """A game's exact solver that takes lines as ``bitgames solve`` does."""

    def __init__(
        self,
        spec: str,
        mode: str = "score",
        weak: bool = False,
        table_mib: int = 64,
        threads: int = 1,
        book: Optional[str] = None,
    ) -> None: ...
    spec: Final[str]
    def solve_line(self, line: str) -> Tuple[str, Optional[str], bool]: ...

class Playouts:
    """What a batch of random playouts came to."""

    games: Final[int]
    plies: Final[int]
    first_wins: Final[int]
    second_wins: Final[int]
    draws: Final[int]

class AnalysisEvent:
    """One analysis event: a move's value, or a progress note."""

    kind: Final[str]
    action: Final[Optional[int]]
    move: Final[Optional[str]]
    score: Final[Optional[float]]
    text: Final[str]
    exact: Final[bool]
    visits: Final[Optional[int]]
    line: Final[Optional[list[str]]]
    unit: Final[str]

class Analysis:
    """A running analysis, iterated for its events; closing it stops it."""

    about: Final[str]
    def __iter__(self) -> Iterator[AnalysisEvent]: ...
    def __next__(self) -> AnalysisEvent: ...
    def close(self) -> None: ...
    def __enter__(self) -> Analysis: ...
    def __exit__(
        self, t: Optional[type[BaseException]], v: Optional[BaseException], tb: Optional[TracebackType]
    ) -> bool: ...

def analyse(state: State, seconds: float = 1.0, deadline: Optional[float] = None) -> Analysis: ...
class LightsOutSolution:
    """A Lights Out solution."""

    presses: Final[npt.NDArray[np.bool_]]
    count: Final[int]
    minimal: Final[bool]

class LifeRun:
    """A Life run's end."""

    generation: Final[int]
    population: Final[int]
    bounding_box: Final[Optional[Tuple[int, int, int, int]]]
    cells: Final[npt.NDArray[np.int64]]

class PackReport:
    """What a packing count found."""

    solutions: Final[int]
    distinct: Final[int]
    symmetries: Final[int]
    nodes: Final[int]
    example: Final[Optional[str]]

def lightsout(board: npt.NDArray[np.bool_]) -> Optional[LightsOutSolution]: ...
def life(rle: str, generations: int, threads: int = 1) -> LifeRun: ...
def pack(puzzle: str, threads: int = 1, pruning: str = "regions") -> PackReport: ...
def games() -> list[GameInfo]: ...
def load_game(spec: str) -> Game: ...
def restore_state(spec: str, position: str, history: Sequence[int]) -> State: ...
class TableValue:
    """A position's value for the side to move: ``outcome`` ``"win"``,
    ``"loss"`` or ``"draw"``, ``plies`` to the end for a win or a loss
    (``None`` for a draw), ``rank`` to sort by (wins first, faster wins and
    slower losses higher). ``str()`` gives ``win in 7``."""

    outcome: Final[Literal["win", "loss", "draw"]]
    plies: Final[Optional[int]]
    rank: Final[int]

class TableProbe:
    """What a table says of a position."""

    value: Final[TableValue]
    limited: Final[TableValue]
    moves: Final[dict[int, TableValue]]
    best: Final[list[int]]

class TableCounts:
    """Positions won, lost and drawn for the side to move."""

    positions: Final[int]
    won: Final[int]
    lost: Final[int]
    drawn: Final[int]
    longest_win: Final[int]

class Tablebase:
    """A game's retrograde table: every position won, lost or drawn for the
    side to move, with its distance to the end."""

    @staticmethod
    def build(
        game: Game,
        threads: int = 0,
        progress: Optional[Callable[[str], object]] = None,
        resume: Union[str, os.PathLike[str], None] = None,
    ) -> Tablebase: ...
    @staticmethod
    def stages(game: Game) -> list[Tuple[str, int, list[int]]]: ...
    @staticmethod
    def label_stage(
        game: Game, stage: int, start: int, end: int, reads: Sequence[bytes], threads: int = 1
    ) -> bytes: ...
    @staticmethod
    def assemble(game: Game, stages: Sequence[bytes]) -> Tablebase: ...
    @staticmethod
    def load(game: Game, path: Union[str, os.PathLike[str]]) -> Tablebase: ...
    def save(self, path: Union[str, os.PathLike[str]]) -> None: ...
    def probe(self, state: State) -> TableProbe: ...
    def value(self, state: State) -> TableValue: ...
    spec: Final[str]
    size: Final[int]
    counts: Final[TableCounts]
    sections: Final[list[Tuple[str, TableCounts]]]

def solve(
    state: State,
    mode: str = "score",
    weak: bool = False,
    table_mib: int = 64,
    threads: int = 1,
) -> Solution: ...
def perft(state: State, depth: int, threads: int = 1) -> int: ...
def random_playouts(state: State, count: int, seed: int = 0) -> Playouts: ...
