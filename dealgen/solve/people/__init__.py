"""Person-like players: how a grade learns what a deal asks of a person.

A person playing a patience does not search. They look at the moves in front of them, one or
two ahead, and take the one that looks best by the things people look for (a card that goes
home, a cell or a column freed, a card built on the right card) and against the things they
avoid (the last cell filled, a low card buried). They misjudge now and then, and when stuck
they take back a few moves at most. ``POPULATION`` is three such players, from a casual one
to an expert; each plays a deal a few times (``TRIES``), each time with its own seeded
judgement noise, so the same deal, rules and population always give the same games.

Budgets are counts: ``MAX_DECISIONS`` moves chosen a game, ``STALL`` moves in a row without a
card going home before a player gives up (where its game's player uses it: Penguin, the FreeCell
family). Every win is replayed through the engine before it is counted (``dealgen.verify``). A
game's players live in ``people/<game>.py`` (a family's in ``people/<family>.py``) and register
with ``register_people``; a game with no choices (Perpetual Motion) has none.

The figures go into the deal's metrics: ``players_lost`` (games the population lost, the
grading metric: more is harder) and ``careful_won`` (games the careful player won).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from ...errors import CheckFailed
from ...solution import Solution
from ...verify import replay

MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Player:
    """One level of skill: how far ahead it looks, how many moves it may take back in a game,
    and how much its judgement of a move wanders (noise, in the units of the game's scores)."""

    name: str
    lookahead: int
    undos: int
    noise: int


POPULATION = (
    Player("casual", lookahead=1, undos=0, noise=60),
    Player("careful", lookahead=2, undos=3, noise=20),
    Player("expert", lookahead=2, undos=8, noise=6),
)
TRIES = 4  # games each player plays a deal, each with its own noise
MAX_DECISIONS = 300  # moves a player chooses in one game at most
STALL = 40  # moves in a row with no card home before a player gives up
GAMES = TRIES * len(POPULATION)


class Rng:
    """splitmix64: small, fast and the same in the compiled core, so both give the same games."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def below(self, n: int) -> int:
        """A number from 0 to n - 1 (n >= 1)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) % n


def seed_for(deal: int | None, rules_code: int, player: int, attempt: int) -> int:
    """One game's seed: from the deal, the rule set, the player and the attempt alone."""
    return ((((deal or 0) * 8 + rules_code) * 16 + player) * 64 + attempt) & MASK


def dig_score(overs: list[bytes], wanted: list[int], room: int, buried: int, reach: int, dig: int) -> int:
    """How the next cards the foundations want look to a player, the same in every game: ``buried``
    points lost per card over each, and ``reach - dig * k`` won for one whose k covering cards fit
    in the ``room`` free places. ``overs``: for each column, how many cards lie over each card
    (255 for a card not in it)."""
    score = 0
    for over in overs:
        for card in wanted:
            k = over[card]
            if k != 255:
                score -= buried * k
                if k <= room:
                    score += reach - dig * k
    return score


Plays = Callable[[Any, Any, Player, int], "tuple[str, ...] | None"]
PEOPLE: dict[str, Plays] = {}


def register_people(name: str) -> Callable[[Plays], Plays]:
    """Decorator: ``@register_people("penguin")`` names the function that plays one game of a
    deal, ``(game, state, player, seed) -> the winning moves or None``."""

    def add(func: Plays) -> Plays:
        PEOPLE[name] = func
        return func

    return add


def plays_for(game: Any) -> Plays | None:
    """The game's players, or None for a game without (no choices, or two players). A family of
    games played by one engine has one module of players, named after the engine's module
    (``people/freecell.py`` plays all four games of ``games/freecell.py``)."""
    if game.name not in PEOPLE:
        family = type(game).__module__.rsplit(".", 1)[-1]
        for module in (f"{__name__}.{game.name.replace('-', '_')}", f"{__name__}.{family}"):
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as err:
                if err.name != module:
                    raise
            if game.name in PEOPLE:
                break
    return PEOPLE.get(game.name)


def replayed(game: Any, state: Any, moves: tuple[str, ...]) -> None:
    """Play a reported win through the engine; CheckFailed when it is not one."""
    if state.deal is not None and state == game.deal(state.deal, state.rules):
        verdict = replay(Solution(game.name, state.deal, state.rules, moves))
        if not verdict.ok:
            raise CheckFailed(f"player bug, please report: {verdict.line()}")
        return
    for index, token in enumerate(moves, 1):
        try:
            state = game.play(state, game.parse_move(token))
        except Exception as err:  # noqa: BLE001 (IllegalMove, or a bad token: both a bug here)
            raise CheckFailed(f"player bug, please report: {game.name}: move {index} '{token}': {err}") from None
    if game.outcome(state).status != "won":
        raise CheckFailed(f"player bug, please report: {game.name}: the player's win does not end won")


def population(game: Any, state: Any, rules_code: int = 0, fresh: bool = False) -> dict[str, int] | None:
    """Every player's games of ``state``: ``{"players_lost": N, "careful_won": M}`` (out of
    ``GAMES`` and ``TRIES``), each win replayed through the engine; None for a game without
    players. ``fresh``: other games than the grade's (other noise), for validating grades
    against play they did not see."""
    plays = plays_for(game)
    if plays is None:
        return None
    won = {p.name: 0 for p in POPULATION}
    for index, player in enumerate(POPULATION):
        for attempt in range(TRIES, 2 * TRIES) if fresh else range(TRIES):
            moves = plays(game, state, player, seed_for(state.deal, rules_code, index, attempt))
            if moves is not None:
                replayed(game, state, moves)
                won[player.name] += 1
    return {"players_lost": GAMES - sum(won.values()), "careful_won": won["careful"]}
